import { PROSPERITY_CARD_VP, PROSPERITY_CARDS } from '../data.ts';
import type { Requirement } from '../data.ts';
import { makeVp } from '../state.ts';
import type { PiEvent, PiState } from '../state.ts';
import { isPlayer, triPrimeController } from './common.ts';

/** At each Plan phase but the last round's, the next chain card turns face up as the forecast. */
export function revealForecast(state: PiState, events: PiEvent[]): PiState {
  if (!state.prosperity || state.round >= state.rounds || state.chainRevealed > state.round) return state;
  events.push({ type: 'forecast', card: state.chain[state.round]!, position: state.round });
  return Object.assign(state, { chainRevealed: state.round + 1 });
}

/** The seat holding strictly more than everyone else (and more than zero), or -1. */
function uniqueBest(values: readonly number[]): number {
  let best = -1;
  let top = 0;
  let tied = false;
  values.forEach((v, seat) => {
    if (v > top) {
      top = v;
      best = seat;
      tied = false;
    } else if (v === top && v > 0) tied = true;
  });
  return tied ? -1 : best;
}

function systemsOfLevel(state: PiState, level: number): number[] {
  const out = new Array<number>(state.players).fill(0);
  for (let h = 0; h < state.owner.length; h++)
    if (state.level[h] === level && isPlayer(state.owner[h]!)) out[state.owner[h]!]!++;
  return out;
}

function largestFleets(state: PiState): number[] {
  const out = new Array<number>(state.players).fill(0);
  for (let h = 0; h < state.owner.length; h++) {
    const o = state.owner[h]!;
    if (isPlayer(o) && state.ships[h]! > out[o]!) out[o] = state.ships[h]!;
  }
  return out;
}

const CLAIMANT: Readonly<Record<Requirement, (state: PiState) => number>> = {
  'tri-prime': triPrimeController,
  'level-1': (state) => uniqueBest(systemsOfLevel(state, 1)),
  'level-2': (state) => uniqueBest(systemsOfLevel(state, 2)),
  'largest-fleet': (state) => uniqueBest(largestFleets(state)),
};

/** Who may claim a card now (-1: nobody qualifies or a tie, so it is discarded). */
export function claimant(state: PiState, cardId: number): number {
  return CLAIMANT[PROSPERITY_CARDS[cardId]!.requirement](state);
}

/** After sector scoring, the round's card goes to the one seat meeting its requirement. */
export function claimCard(state: PiState, events: PiEvent[]): PiState {
  if (!state.prosperity) return state;
  const index = state.round - 1;
  const card = state.chain[index]!;
  const seat = claimant(state, card);
  const claims = state.claims.slice();
  claims[index] = seat;
  events.push({ type: 'claim', card, seat: seat < 0 ? null : seat });
  if (seat < 0) return Object.assign(state, { claims });
  const prosperity = state.vp.prosperity.slice();
  prosperity[seat]! += PROSPERITY_CARD_VP;
  return Object.assign(state, { claims, vp: makeVp(state.vp.sector, state.vp.extra, prosperity) });
}
