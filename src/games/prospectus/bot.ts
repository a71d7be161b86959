/** Placeholder while the engine settles; replaced below. */
import type { BotFactory } from '../../core/bot.ts';
import type { Rng } from '../../core/rng.ts';
import type { ProspectusAction, ProspectusState } from './state.ts';
import type { ProspectusView } from './view.ts';

export function evaluateState(s: ProspectusState): number[] {
  return s.money.map(() => 1 / s.players);
}
export function playoutPolicy(
  _s: ProspectusState,
  _seat: number,
  legal: readonly ProspectusAction[],
  rng: Rng,
) {
  return legal[rng.int(legal.length)]!;
}
export const heuristicBot: BotFactory<ProspectusState, ProspectusAction, ProspectusView> = () => ({
  name: 'heuristic',
  act: (ctx) => ctx.legal[0]!,
});
