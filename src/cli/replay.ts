import { z } from 'zod';
import type { AnyGame, ReplayResult, Seat, Viewer } from '../core/index.ts';
import { hashJson, newGame, replayActions, SPECTATOR, stateHash } from '../core/index.ts';
import {
  describeIssues,
  parseJsonLimited,
  readFileLimited,
  readStreamLimited,
  RefusedInput,
} from './boundary.ts';
import type { CliContext } from './io.ts';
import { findGameOrThrow, json, strictWhole, UsageError } from './io.ts';

/** An action, or a take-back (`{seat, takeBack: true}`: that seat undoes its last action still standing). */
const Step = z.union([
  z.strictObject({ seat: z.number().int().min(0), action: z.unknown() }),
  z.strictObject({ seat: z.number().int().min(0), takeBack: z.literal(true) }),
]);

/**
 * One shape for both kinds of script, so that an error names a field rather than "Invalid input"
 * (what a union of the two said when neither matched), and so that the output of `prosper new`
 * (which carries its seed, options and hash beside the state) plus an `actions` list is a script.
 * With a `state` the game starts from it and `seed` and `options` are only a record of where it came
 * from; without one it is set up from `players`, `seed` and `options`.
 */
export const ReplayScript = z.strictObject({
  game: z.string(),
  rulesVersion: z.string().optional(),
  /** Required to set up a game; with a saved state, lets `--view` check the seat number. */
  players: z.number().int().optional(),
  seed: z
    .union([z.string(), z.number()], { error: 'expected text or a number' })
    .transform(String)
    .optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  /** The state's hash as `prosper new` prints it: checked, so an edited state is not taken for the saved one. */
  hash: z.string().optional(),
  state: z.unknown().optional(),
  actions: z.array(Step).default([]),
});
export type ReplayScript = z.infer<typeof ReplayScript>;

function parseViewer(text: string | undefined, players: number): Viewer | undefined {
  if (text === undefined) return undefined;
  if (text === SPECTATOR) return SPECTATOR;
  const seat = strictWhole(text);
  if (seat === null || seat >= players)
    throw new UsageError(`--view takes a seat from 0 to ${players - 1} or "spectator", not "${text}"`);
  return seat;
}

/** The script as checked data: size and depth first (boundary.ts), then its shape. */
async function readScript(ctx: CliContext, path: string): Promise<ReplayScript> {
  const name = path === '-' ? 'standard input' : path;
  const raw = parseJsonLimited(
    path === '-' ? await readStreamLimited(ctx.io.input, name) : readFileLimited(path),
    name,
  );
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new RefusedInput(
      `a replay script is a JSON object ({"game", "players", "seed", "actions"} or {"game", "state", "actions"}), not ${Array.isArray(raw) ? 'an array' : typeof raw}`,
    );
  const parsed = ReplayScript.safeParse(raw);
  if (!parsed.success) throw new RefusedInput(`malformed replay script: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

interface Start {
  readonly state: unknown;
  readonly players: number;
  /** The state came from outside: a failure of the engine on it is the state's fault, not a bug. */
  readonly saved: boolean;
}

function savedState(game: AnyGame, script: ReplayScript): Start {
  let parsed;
  try {
    parsed = game.stateSchema.safeParse(script.state);
  } catch (err) {
    throw new RefusedInput(
      `the saved state could not be checked as a ${game.id} state (${errorName(err)} in its schema)`,
    );
  }
  if (!parsed.success)
    throw new RefusedInput(
      `the saved state is not a valid ${game.id} state: ${describeIssues(parsed.error, ['state'])}`,
    );
  return { state: parsed.data, players: script.players ?? game.maxPlayers, saved: true };
}

function startState(game: AnyGame, script: ReplayScript): Start {
  if (script.rulesVersion !== undefined && script.rulesVersion !== game.rulesVersion) {
    throw new RefusedInput(
      `the script was written for ${game.id} rules version ${script.rulesVersion}; this engine is ${game.rulesVersion}`,
    );
  }
  let start: Start;
  if (script.state !== undefined) start = savedState(game, script);
  else {
    if (script.players === undefined || script.seed === undefined)
      throw new RefusedInput(
        'a replay script needs "players" and "seed" (to set up a new game) or "state" (to start from a saved one)',
      );
    const created = newGame(game, script.players, script.seed, script.options ?? {});
    if (!created.ok) throw new RefusedInput(created.error);
    start = { state: created.value.state, players: script.players, saved: false };
  }
  if (script.hash !== undefined) {
    const actual = stateHash(start.state);
    if (actual !== script.hash)
      throw new RefusedInput(
        `"hash" ${script.hash} does not match the state (its hash is ${actual}): was the state changed after it was saved? Remove "hash" to start from an edited state`,
      );
  }
  return start;
}

/**
 * A refusal is written for the seat that acted and may speak of what only that seat knows (its hand,
 * its money): other viewers learn only which step was refused and whose it was.
 */
function refusalFor(error: NonNullable<ReplayResult['error']>, viewer: Viewer | undefined) {
  return viewer === undefined || viewer === error.seat ? error : { index: error.index, seat: error.seat };
}

/** The viewer's view and its hash: a hash of the state would name a state the viewer cannot see. */
function viewOf(game: AnyGame, state: unknown, viewer: Viewer) {
  const view = game.view(state, viewer);
  return { hash: hashJson(view), view };
}

/** Replays the script and returns what to print and the exit code. */
function run(game: AnyGame, start: Start, script: ReplayScript, viewer: Viewer | undefined) {
  const result = replayActions(game, start.state, script.actions);
  if (!result.ok)
    return {
      code: 2,
      output: { ok: false, applied: result.applied, error: refusalFor(result.error!, viewer) },
    };
  const state = result.state;
  const actors = game.actors(state) as Seat[];
  const visibleSeats = viewer === undefined ? actors : actors.filter((s) => s === viewer);
  const legal = Object.fromEntries(visibleSeats.map((s) => [s, game.legalActions(state, s)]));
  return {
    code: 0,
    output: {
      ok: true,
      applied: result.applied,
      actors,
      legal,
      outcome: game.outcome(state),
      ...(viewer === undefined ? { hash: stateHash(state), state } : viewOf(game, state, viewer)),
    },
  };
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

export async function cmdReplay(ctx: CliContext, path: string, opts: { view?: string }): Promise<number> {
  try {
    const script = await readScript(ctx, path);
    const game = findGameOrThrow(ctx, script.game);
    const start = startState(game, script);
    const viewer = parseViewer(opts.view, start.players);
    let result;
    try {
      result = run(game, start, script, viewer);
    } catch (err) {
      // A state the game made itself that the engine then fails on is an engine bug (exit 1, with
      // its stack); a state from outside that passed its schema but not the engine is the state's
      // fault. Only the error's kind is told: its message may describe the hidden part of the state.
      if (!start.saved) throw err;
      throw new RefusedInput(
        `the engine failed on the saved state (${errorName(err)}): it passed the ${game.id} state schema but is not a state the game can reach`,
      );
    }
    ctx.io.out(json(result.output));
    return result.code;
  } catch (err) {
    if (err instanceof RefusedInput) throw new UsageError(err.message);
    throw err;
  }
}
