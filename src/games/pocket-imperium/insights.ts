import type { Insights } from '../../core/index.ts';
import type { PiState } from './state.ts';
import { totalVp } from './rules/common.ts';
import { outcomeOf } from './rules/end.ts';

/** The seat that started round 1: the start player passes one seat clockwise each round. */
function firstStart(state: PiState): number {
  const n = state.players;
  return (((state.start - Math.max(state.round, 1) + 1) % n) + n) % n;
}

/**
 * Designer figures: VP per seat each round; VP by source and rounds holding Tri-Prime at the end;
 * and, since the start player is drawn at random, wins and VP by place in the first round's order
 * (`startOrder.0` is the first start player). Seat numbers alone would hide that bias.
 */
export const insights: Insights<PiState> = {
  clock: (state) => state.round,
  clockLabel: (round) => (round === 0 ? 'setup' : `round ${round}`),
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
    const ranks = outcomeOf(state)?.ranks;
    const first = firstStart(state);
    const winners = ranks ? ranks.filter((r) => r === 1).length : 0;
    for (let k = 0; k < state.players; k++) {
      const seat = (first + k) % state.players;
      out[`startOrder.${k}.vp`] = totalVp(state, seat);
      // A shared first place splits the win, as the simulator's win shares do.
      if (ranks) out[`startOrder.${k}.winPct`] = ranks[seat] === 1 ? 100 / winners : 0;
    }
    return out;
  },
};
