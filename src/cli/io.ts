import type { AnyGame } from '../core/index.ts';
import type { WorkerSource } from '../sim/bundle.ts';

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
  /** Where simulation workers get their code: the built worker, or the games' registry bundled at run time. */
  readonly worker: WorkerSource;
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

/** Plain decimal digits only: `Number()` would also take `1e1`, `0x10`, ` 5` and `` (as 0). */
const WHOLE = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** A whole number written in decimal digits, or null for anything else (signs, exponents, hex, blanks). */
export function strictWhole(text: string): number | null {
  if (!WHOLE.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** A non-negative decimal number (`0.5`, `12`), or null. */
export function strictDecimal(text: string): number | null {
  return DECIMAL.test(text) ? Number(text) : null;
}

/**
 * A whole-number flag, read strictly (see `strictWhole`) and checked against `min`/`max`; the message
 * names the flag, the value and the range.
 */
export function parseIntArg(
  name: string,
  text: string | undefined,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  if (text === undefined) return fallback;
  const { min = 0, max } = range;
  const wanted = max === undefined ? (min > 0 ? ` of at least ${min}` : '') : ` from ${min} to ${max}`;
  const n = strictWhole(text);
  if (n === null || n < min || (max !== undefined && n > max))
    throw new UsageError(
      `${name} must be a whole number${wanted} in decimal digits, not ${JSON.stringify(text)}`,
    );
  return n;
}

/** A duration in seconds, which may have a fraction (`--seconds 0.5`) but must be above zero. */
export function parseSecondsArg(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = strictDecimal(text);
  if (n === null || !(n > 0))
    throw new UsageError(
      `${name} must be a number of seconds above 0 in decimal digits (like 0.5), not ${JSON.stringify(text)}`,
    );
  return n;
}

/**
 * A JSON literal that `--option` reads as a value rather than as text: true, false, null, a plain
 * decimal number, a quoted string, an array or an object. `1e1` or `0x10` stay text, so a numeric
 * option given them is refused by the game's schema instead of quietly becoming 10 or 16.
 */
const OPTION_JSON = /^(true|false|null|-?[0-9]+(\.[0-9]+)?|".*"|\[.*\]|\{.*\})$/s;

/** `--option key=value` pairs; values are read as JSON when they look like it (see above), else as text. */
export function parseOptions(pairs: readonly string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option takes key=value, not "${pair}"`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    if (OPTION_JSON.test(raw)) {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
    }
    // A plain assignment to "__proto__" would set the object's prototype, not an option.
    Object.defineProperty(options, pair.slice(0, eq), {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return options;
}

export function defaultPlayers(game: AnyGame): number {
  return Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
