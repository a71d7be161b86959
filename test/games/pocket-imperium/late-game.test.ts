import { describe, expect, it } from 'vitest';
import { Rng, hashJson, jsonEqual } from '../../../src/core/index.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { game } from './helpers.ts';

/**
 * Random playouts often end early (a seat loses its last ship). Games driven by the playout policy
 * run the full length, so these checks reach the last rounds, the final scoring and late claims.
 */
describe('full-length games driven by the heuristic policy', () => {
  const configs = [
    [3, { prosperity: true }],
    [3, { preset: 'classic' }],
    [4, { prosperity: true }],
    [2, {}],
  ] as const;
  for (const [players, options] of configs)
    it(
      `${players} players ${JSON.stringify(options)}: views survive resampling, apply agrees`,
      { timeout: 120_000 },
      () => {
        const rng = Rng.fromSeed(`late:${players}`);
        let state: PiState = game.setup(players, `late:${players}`, game.optionsSchema.parse(options));
        const viewers = ['spectator', ...Array.from({ length: players }, (_, s) => s)] as const;
        let steps = 0;
        while (game.actors(state).length > 0) {
          const seat = game.actors(state)[0]!;
          const legal = game.legalActions(state, seat);
          const action = game.playoutPolicy!(state, seat, legal, rng);
          if (steps % 3 === 0)
            for (const viewer of viewers) {
              const world = game.resample(state, viewer as never, Rng.fromSeed(`w${steps}`));
              expect(jsonEqual(game.view(world, viewer as never), game.view(state, viewer as never))).toBe(
                true,
              );
              expect(jsonEqual(game.view(world, 'spectator'), game.view(state, 'spectator'))).toBe(true);
            }
          const checked = game.apply(state, seat, action);
          expect(checked.ok).toBe(true);
          const trusted = game.applyTrusted(state, seat, action);
          if (checked.ok) expect(hashJson(checked.state)).toBe(hashJson(trusted.state));
          state = trusted.state;
          steps++;
        }
        expect(state.round).toBe(state.rounds);
        const outcome = game.outcome(state)!;
        expect(outcome.scores.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        if (options && 'prosperity' in options) expect(state.claims.every((c) => c !== -2)).toBe(true);
      },
    );
});
