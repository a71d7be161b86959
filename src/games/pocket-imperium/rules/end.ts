/** End of a round, end of the game, final ranking. */
import { arrayOf } from '../../../core/arrays.ts';
import type { Outcome } from '../../../core/index.ts';
import { PRESETS } from '../data.ts';
import type { PiEvent, PiState } from '../state.ts';
import { shipsOnBoard, totalVp, triPrimeController } from './common.ts';
import type { Result } from './common.ts';
import { beginPlan } from './plan.ts';

function someoneWithoutShips(state: PiState): boolean {
  for (let s = 0; s < state.players; s++) if (shipsOnBoard(state, s) === 0) return true;
  return false;
}

export function endRound(state: PiState, events: PiEvent[]): Result {
  const totals = arrayOf(state.players, (s) => totalVp(state, s));
  const next = Object.assign(state, {
    vpHistory: [...state.vpHistory, totals],
    // Every plan is in by now: a copy of the list is the round's plans.
    pastPlans: [...state.pastPlans, state.plans.slice() as number[][]],
  });
  const fleetGone = PRESETS[state.preset].endsWhenFleetGone && someoneWithoutShips(state);
  if (state.round >= state.rounds || fleetGone) {
    events.push({ type: 'end', scores: totals });
    return { state: Object.assign(next, { phase: 'over' as const }), events };
  }
  return beginPlan(
    Object.assign(next, { round: next.round + 1, start: (next.start + 1) % next.players }),
    events,
  );
}

/**
 * Ranking: most VP; ties broken by Tri-Prime control, then by most ships on the board; still equal
 * seats share the place.
 */
export function tieKey(state: PiState, seat: number): [number, number, number] {
  return [totalVp(state, seat), triPrimeController(state) === seat ? 1 : 0, shipsOnBoard(state, seat)];
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
}

export function outcomeOf(state: PiState): Outcome | null {
  if (state.phase !== 'over') return null;
  const keys = Array.from({ length: state.players }, (_, s) => tieKey(state, s));
  const scores = keys.map((k) => k[0]);
  const ranks = keys.map((k) => 1 + keys.filter((other) => compareKeys(other, k) < 0).length);
  return {
    scores,
    ranks,
    details: {
      tieBreak: keys.map((k) => ({ vp: k[0], triPrime: k[1], ships: k[2] })),
      vp: { sector: state.vp.sector, extra: state.vp.extra, prosperity: state.vp.prosperity },
      triRounds: state.triRounds,
    },
  };
}
