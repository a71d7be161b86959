/**
 * Which actions of a game may be taken back, tallied by action type over seeded random playouts:
 * for each type, how many played actions `revealsNothing` let stand for a take-back, and how many not.
 */
import { newGame, Rng } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';

export type Tally = Record<string, { readonly yes: number; readonly no: number }>;

function typeOf(action: unknown): string {
  const a = action as { type?: string; t?: string };
  return a.type ?? a.t ?? '?';
}

export function tallyTakeBacks(
  game: AnyGame,
  players: number,
  seed: string,
  options: Record<string, unknown> = {},
  playouts = 3,
): Tally {
  const counts: Record<string, { yes: number; no: number }> = {};
  for (let p = 0; p < playouts; p++) {
    const created = newGame(game, players, `${seed}:${p}`, options);
    if (!created.ok) throw new Error(created.error);
    let state = created.value.state;
    const rng = Rng.fromSeed(`choices:${seed}:${p}`);
    for (let step = 0; step < 5000; step++) {
      const actors = game.actors(state);
      if (actors.length === 0) break;
      const seat = actors[rng.int(actors.length)]!;
      const legal = game.legalActions(state, seat);
      const action = legal[rng.int(legal.length)];
      const after = game.applyTrusted(state, seat, action).state;
      const entry = (counts[typeOf(action)] ??= { yes: 0, no: 0 });
      if (game.revealsNothing(state, seat, action, after)) entry.yes++;
      else entry.no++;
      state = after;
    }
  }
  return counts;
}
