import type { Insights } from '../../core/index.ts';
import type { PiState } from './state.ts';
import { totalVp } from './rules/common.ts';

/** Designer figures: VP per seat each round; VP by source and rounds holding Tri-Prime at the end. */
export const insights: Insights<PiState> = {
  clock: (state) => state.round,
  series: (state) => {
    const out: Record<string, number> = {};
    for (let s = 0; s < state.players; s++) out[`vp.${s}`] = totalVp(state, s);
    return out;
  },
  final: (state) => {
    const out: Record<string, number> = { rounds: state.round };
    for (let s = 0; s < state.players; s++) {
      out[`vp.sector.${s}`] = state.vp.sector[s]!;
      out[`vp.triPrimeChoice.${s}`] = state.vp.extra[s]!;
      out[`vp.prosperity.${s}`] = state.vp.prosperity[s]!;
      out[`triPrimeRounds.${s}`] = state.triRounds[s]!;
    }
    return out;
  },
};
