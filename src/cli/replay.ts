import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AnyGame, Seat, Viewer } from '../core/index.ts';
import type { ReplayResult } from '../core/index.ts';
import { hashJson, newGame, replayActions, SPECTATOR, stateHash } from '../core/index.ts';
import type { CliContext } from './io.ts';
import { findGameOrThrow, json, strictWhole, UsageError } from './io.ts';

const Step = z.strictObject({ seat: z.number().int().min(0), action: z.unknown() });
const FromSetup = z.strictObject({
  game: z.string(),
  rulesVersion: z.string().optional(),
  players: z.number().int(),
  seed: z.union([z.string(), z.number()]).transform(String),
  options: z.record(z.string(), z.unknown()).default({}),
  actions: z.array(Step).default([]),
});
const FromState = z.strictObject({
  game: z.string(),
  rulesVersion: z.string().optional(),
  state: z.unknown(),
  /** Optional: lets `--view` check the seat number. */
  players: z.number().int().optional(),
  actions: z.array(Step).default([]),
});
export const ReplayScript = z.union([FromSetup, FromState]);
export type ReplayScript = z.infer<typeof ReplayScript>;

function parseViewer(text: string | undefined, players: number): Viewer | undefined {
  if (text === undefined) return undefined;
  if (text === SPECTATOR) return SPECTATOR;
  const seat = strictWhole(text);
  if (seat === null || seat >= players)
    throw new UsageError(`--view takes a seat from 0 to ${players - 1} or "spectator", not "${text}"`);
  return seat;
}

function readScript(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function startState(game: AnyGame, script: ReplayScript): { state: unknown; players: number } {
  if (script.rulesVersion !== undefined && script.rulesVersion !== game.rulesVersion) {
    throw new UsageError(
      `the script was written for ${game.id} rules version ${script.rulesVersion}; this engine is ${game.rulesVersion}`,
    );
  }
  if ('state' in script) {
    const parsed = game.stateSchema.safeParse(script.state);
    if (!parsed.success)
      throw new UsageError(
        `the saved state is not a valid ${game.id} state: ${z.prettifyError(parsed.error)}`,
      );
    return { state: parsed.data, players: script.players ?? game.maxPlayers };
  }
  const created = newGame(game, script.players, script.seed, script.options);
  if (!created.ok) throw new UsageError(created.error);
  return { state: created.value.state, players: script.players };
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

export function cmdReplay(ctx: CliContext, path: string, opts: { view?: string }): number {
  const raw = readScript(path);
  const parsed = ReplayScript.safeParse(raw);
  if (!parsed.success) throw new UsageError(`malformed replay script: ${z.prettifyError(parsed.error)}`);
  const script = parsed.data;
  const game = findGameOrThrow(ctx, script.game);
  const { state: start, players } = startState(game, script);
  const viewer = parseViewer(opts.view, players);
  const result = replayActions(game, start, script.actions);
  if (!result.ok) {
    ctx.io.out(json({ ok: false, applied: result.applied, error: refusalFor(result.error!, viewer) }));
    return 2;
  }
  const state = result.state;
  const actors = game.actors(state) as Seat[];
  const visibleSeats = viewer === undefined ? actors : actors.filter((s) => s === viewer);
  const legal = Object.fromEntries(visibleSeats.map((s) => [s, game.legalActions(state, s)]));
  ctx.io.out(
    json({
      ok: true,
      applied: result.applied,
      actors,
      legal,
      outcome: game.outcome(state),
      ...(viewer === undefined ? { hash: stateHash(state), state } : viewOf(game, state, viewer)),
    }),
  );
  return 0;
}
