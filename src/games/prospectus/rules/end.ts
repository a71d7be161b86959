/** The end of the game: the council bonus, the final sell-off, the ranking. */
import type { Outcome } from '../../../core/game.ts';
import * as arraysModule from '../../../core/arrays.ts';
import * as dataModule from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusState } from '../state.ts';
import type { Work } from './work.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { mapArray } = arraysModule;
const { FUTURE_CARDS, PRICE_BY_SPACE, START } = dataModule;
const { FILLED } = stateModule;

/**
 * prospectus.end.trigger: the rounds a game lasts. Each turn draws one spell, so the round after which
 * the spell decks can no longer refill a hand is the deck size less a hand, plus one (8 with three
 * players, 6 with four).
 */
export function totalRounds(s: ProspectusState): number {
  return s.deck.length - s.removed.length - START.value.handSize + 1;
}

/** prospectus.end.chamber: public chamber cubes, cubes still on track cards, and every secret addition. */
export function finalChamber(s: ProspectusState): number[] {
  const chamber = s.chamber.slice();
  for (let space = 0; space < s.track.length; space++) {
    const card = s.track[space]!;
    if (card < 0) continue;
    for (let j = 0; j < 2; j++)
      if (s.dem[2 * space + j] === FILLED) chamber[FUTURE_CARDS[card]!.demands[j]!]! += 1;
  }
  for (const row of s.secret) for (let p = 0; p < 5; p++) chamber[p]! += row[p]!;
  return chamber;
}

/** prospectus.end.bonus and .selloff: $1 per chamber cube per owned cube, then every cube sold. */
export function finishGame(w: Work): void {
  const s = w.s;
  const chamber = finalChamber(s);
  const bonus = mapArray(s.cubes, (row) => row.reduce((sum, n, p) => sum + n * chamber[p]!, 0));
  const selloff = mapArray(s.cubes, (row) =>
    row.reduce((sum, n, p) => sum + n * PRICE_BY_SPACE[s.prices[p]!]!, 0),
  );
  s.money = mapArray(s.money, (m, seat) => m + bonus[seat]! + selloff[seat]!);
  s.cubes = mapArray(s.cubes, () => [0, 0, 0, 0, 0]);
  s.final = { chamber, bonus, selloff };
  s.phase = 'over';
  s.tx = null;
  s.played = null;
  w.emit({ type: 'game-end', chamber, bonus, selloff, money: s.money });
}

/** prospectus.end.winner: most money wins; equal money shares the place (the rulebook gives no tie-break). */
export function outcomeOf(s: ProspectusState): Outcome | null {
  if (s.phase !== 'over' || !s.final) return null;
  const scores = s.money;
  const ranks = scores.map((m) => 1 + scores.filter((o) => o > m).length);
  return {
    scores,
    ranks,
    details: { chamber: s.final.chamber, bonus: s.final.bonus, selloff: s.final.selloff },
  };
}
