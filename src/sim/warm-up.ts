import type { AnyGame } from '../core/index.ts';
import { newGame, Rng } from '../core/index.ts';
import type { SimConfig } from './play.ts';

/** About eight random Prospectus games: 0.07–0.1 s of a worker's time, most of it code the games need anyway. */
const WARM_UP_ACTIONS = 1500;
/** Search resamples at every step; the warm-up does it often enough to reach every sampler branch. */
const RESAMPLE_EVERY = 4;

/**
 * Throwaway random games a worker plays before its first real one, with the run's options. V8
 * optimises a function on the type feedback it has gathered so far, and a branch first taken after
 * that throws the optimised code away ("insufficient type feedback") to be compiled again later.
 * Heuristic games reach a game's rarer rules only now and then, so each worker kept recompiling the
 * rules well into its run; random play, with a resample now and then, reaches most branches of the
 * rules and samplers within a few games. Measured on Prospectus with this budget (docs/architecture.md):
 * deoptimisations 46 → 19, compile time 0.59 → 0.43 s, and 150 heuristic games about 6% sooner
 * including the warm-up; Pocket Imperium and Prosperitea, which deoptimise little, unchanged. Nothing
 * of these games is kept and they draw from their own generator, so results do not change. A game
 * that fails here simply ends the warm-up: the real games report their own errors.
 */
export function warmUp(game: AnyGame, config: SimConfig, budget = WARM_UP_ACTIONS): number {
  const rng = Rng.fromSeed('warm-up');
  let actions = 0;
  try {
    for (let g = 0; actions < budget; g++) {
      const created = newGame(game, config.players, `warm-up:${g}`, config.options);
      if (!created.ok) return actions;
      let state = created.value.state;
      for (
        let actors = game.actors(state);
        actors.length > 0 && actions < budget;
        actors = game.actors(state)
      ) {
        const seat = actors[0]!;
        const legal = game.legalActions(state, seat);
        if (legal.length === 0) return actions;
        if (actions % RESAMPLE_EVERY === 0) game.resample(state, seat, rng);
        state = game.applyTrusted(state, seat, legal[rng.int(legal.length)]).state;
        actions++;
      }
    }
  } catch {
    // The real games will meet the same failure and report it.
  }
  return actions;
}
