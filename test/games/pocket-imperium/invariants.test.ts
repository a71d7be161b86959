import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/index.ts';
import { PRESETS } from '../../../src/games/pocket-imperium/data.ts';
import { NEUTRAL, NOBODY } from '../../../src/games/pocket-imperium/state.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { game } from './helpers.ts';

function checkInvariants(state: PiState): void {
  const ships = PRESETS[state.preset].ships;
  for (let s = 0; s < state.players; s++) {
    let total = state.supply[s]!;
    state.owner.forEach((o, h) => (o === s ? (total += state.ships[h]!) : 0));
    if (state.phase === 'perform' && state.order[state.turn] === s) {
      total += state.fleet?.ships ?? 0;
      total += state.attack?.ships ?? 0;
    }
    expect(total).toBe(ships);
    expect(state.supply[s]).toBeGreaterThanOrEqual(0);
  }
  state.owner.forEach((o, h) => {
    expect(o === NOBODY).toBe(state.ships[h] === 0);
    expect(o === NOBODY || o === NEUTRAL || (o >= 0 && o < state.players)).toBe(true);
  });
}

describe('random games over many seeds keep the board consistent', () => {
  it(
    'pocket-imperium.control.hex: ships are conserved (supply + board + moving), owners match ships, VP never drop',
    { timeout: 120_000 },
    () => {
      const configs = [
        [2, {}],
        [3, {}],
        [4, {}],
        [3, { prosperity: true }],
        [4, { prosperity: true }],
        [3, { preset: 'classic' }],
        [2, { preset: 'classic', prosperity: true }],
      ] as const;
      let games = 0;
      for (const [players, options] of configs)
        for (let i = 0; i < 15; i++) {
          const rng = Rng.fromSeed(`inv${i}`);
          let state = game.setup(
            players,
            `inv:${players}:${i}:${JSON.stringify(options)}`,
            game.optionsSchema.parse(options),
          );
          let last = 0;
          for (let step = 0; step < 5000 && game.actors(state).length > 0; step++) {
            const actors = game.actors(state);
            const seat = actors[rng.int(actors.length)]!;
            const legal = game.legalActions(state, seat);
            state = game.applyTrusted(state, seat, legal[rng.int(legal.length)]!).state;
            checkInvariants(state);
            const total = state.vp.sector.reduce((a, b) => a + b, 0);
            expect(total).toBeGreaterThanOrEqual(last);
            last = total;
          }
          expect(game.outcome(state)).not.toBeNull();
          games++;
        }
      expect(games).toBe(105);
    },
  );
});
