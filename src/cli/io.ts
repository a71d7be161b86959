import type { AnyGame } from '../core/index.ts';

/** Where the CLI reads and writes; tests pass their own to drive commands in-process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly input: NodeJS.ReadableStream;
  /** True when stderr is a terminal (progress bars, colour). */
  readonly interactive: boolean;
}

export interface CliContext {
  readonly games: readonly AnyGame[];
  /** Module URL exporting `GAMES`, loaded by simulation workers. */
  readonly registryUrl: string;
  readonly io: CliIo;
  /**
   * Calls `handler` on the next interrupt (Ctrl-C) instead of ending the process; returns a function
   * that stops listening. Only the first interrupt is caught, so a second one quits as usual.
   */
  readonly onInterrupt: (handler: () => void) => () => void;
}

/** A failure the user caused (bad arguments, bad script): printed plainly, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly json?: unknown,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export function findGameOrThrow(ctx: CliContext, id: string | undefined): AnyGame {
  if (ctx.games.length === 0) throw new UsageError('no games are registered yet');
  if (id === undefined) return ctx.games[0]!;
  const game = ctx.games.find((g) => g.id === id);
  if (!game) throw new UsageError(`unknown game "${id}"; known: ${ctx.games.map((g) => g.id).join(', ')}`);
  return game;
}

export function parseIntArg(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new UsageError(`${name} must be a whole number, not "${text}"`);
  return n;
}

/** A duration in seconds, which may have a fraction (`--seconds 0.5`) but must be above zero. */
export function parseSecondsArg(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!(Number.isFinite(n) && n > 0))
    throw new UsageError(`${name} must be a number of seconds above 0, not "${text}"`);
  return n;
}

/** `--option key=value` pairs; values are read as JSON when they parse (numbers, booleans), else as text. */
export function parseOptions(pairs: readonly string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option takes key=value, not "${pair}"`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    options[pair.slice(0, eq)] = value;
  }
  return options;
}

export function defaultPlayers(game: AnyGame): number {
  return Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
