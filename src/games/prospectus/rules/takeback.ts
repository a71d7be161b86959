import type { ProspectusState } from '../state.ts';

/**
 * Parts of a state whose change shows someone something: chance (the RNG, the future deck and what
 * each seat has seen of its top), the spells (hands, draw piles, discards: a spell cast or drawn),
 * the spell being played, what a split or bust revealed, and the council's secret additions.
 */
const TELLING_PARTS = [
  'rng',
  'future',
  'knownTop',
  'hands',
  'draws',
  'discards',
  'played',
  'lastReveal',
  'secret',
] as const;

/**
 * With closed screens and hidden quantities, what is behind a screen is a secret, and a trade
 * begun or made tells the table something of it (that the seat could afford it, or held the cubes).
 */
const SCREENED_PARTS = ['money', 'cubes', 'tx'] as const;

/**
 * Whether an action revealed nothing (prospectus.take-back): none of the telling parts changed, so
 * it drew, cast, peeked at and revealed nothing; with hidden quantities, it also touched nothing
 * behind a screen. The steps that only choose in the open (a lair, an order, a trade in the
 * default open-trades screens) may be taken back.
 */
export function revealsNothing(before: ProspectusState, after: ProspectusState): boolean {
  const screened = !before.openScreens && before.screens === 'hidden-quantities';
  const unchanged = (part: keyof ProspectusState) =>
    before[part] === after[part] || same(before[part], after[part]);
  return (
    TELLING_PARTS.every(unchanged) &&
    (!screened || (SCREENED_PARTS.every(unchanged) && !dividendPaid(before, after)))
  );
}

/**
 * A dividend pays on everyone's holdings. Behind hidden quantities, that it changed no money says
 * that nobody held the potion, which the acting seat could not know: so a payout always tells.
 */
function dividendPaid(before: ProspectusState, after: ProspectusState): boolean {
  return after.dividends.some((level, potion) => level < before.dividends[potion]!);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
