/** End of turn, end of game, final score and tie-breaks. */
import { patch } from './common.ts';
import type { Outcome } from '../../../core/index.ts';
import { SCORING } from '../data.ts';
import type { ProsperiteaState, Shop } from '../state.ts';
import { ORDER_CARDS } from '../tables.ts';
import { nextSeat } from './common.ts';
import type { Step } from './common.ts';

/**
 * Rules prosperitea.turn.pass-left and prosperitea.end.finish-round: the turn passes left; once an
 * order deck has run out, the game ends when play would return to the first player, so everyone
 * has had the same number of turns.
 */
export function endTurn(state: ProsperiteaState): Step {
  const next = nextSeat(state, state.current);
  const newRound = next === state.first;
  if (newRound && state.finalRound) {
    const over: ProsperiteaState = patch(state, { phase: 'over', declined: [], backedOut: 0 });
    return { state: over, events: [{ type: 'game-end', scores: scores(over) }] };
  }
  const round = newRound ? state.round + 1 : state.round;
  return {
    state: patch(state, { current: next, phase: 'source', declined: [], backedOut: 0, round }),
    events: [{ type: 'turn', seat: next, round }],
  };
}

export function rawPrestige(shop: Shop): number {
  let total = 0;
  for (const order of shop.displayed) total += ORDER_CARDS[order]!.def.prestige;
  return total;
}

/** Rule prosperitea.end.score: displayed prestige + 1 per Favor token + 1 per full 5 money. */
export function scoreOf(shop: Shop): number {
  return (
    rawPrestige(shop) +
    shop.favors * SCORING.value.perFavor +
    Math.floor(shop.money / SCORING.value.moneyPerPrestige)
  );
}

export function scores(state: ProsperiteaState): number[] {
  return state.shops.map(scoreOf);
}

/** Rule prosperitea.end.ties: score, then raw prestige, then Favor tokens; still equal = shared. */
export function rankKey(shop: Shop): [number, number, number] {
  return [scoreOf(shop), rawPrestige(shop), shop.favors];
}

function beats(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

export function outcome(state: ProsperiteaState): Outcome | null {
  if (state.phase !== 'over') return null;
  const keys = state.shops.map(rankKey);
  const ranks = keys.map((k) => 1 + keys.filter((other) => beats(other, k)).length);
  return {
    scores: keys.map((k) => k[0]),
    ranks,
    details: {
      prestige: keys.map((k) => k[1]),
      favors: keys.map((k) => k[2]),
      money: state.shops.map((s) => s.money),
      rounds: state.round,
    },
  };
}
