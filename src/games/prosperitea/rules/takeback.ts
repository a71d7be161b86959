import { stableStringify } from '../../../core/index.ts';
import type { ProsperiteaState } from '../state.ts';
import { publicRequests } from './secret.ts';

/**
 * Parts of a state whose change shows someone something: a card drawn (the RNG, the decks, the
 * order decks and the market), or the secret order turned up by being filled (an order claimed
 * from the market, or the counts of orders filled, which an Evergreen fill changes at once).
 */
const TELLING_PARTS = ['rng', 'decks', 'orderDecks', 'market', 'claimed', 'stats'] as const;

/**
 * Whether an action revealed nothing (prosperitea.take-back): it drew no ingredient or order card
 * (decks, order decks and market as they were, the RNG untouched), turned up no order being filled
 * (nothing filled), and sent no request (the requests everyone knows of are the same). Starting an
 * order, choosing where its lines come from before the requests go out, and backing out of it are
 * the active player's secret, and may be taken back; so are answers that change no card's place.
 */
export function revealsNothing(before: ProsperiteaState, after: ProsperiteaState): boolean {
  for (const part of TELLING_PARTS)
    if (before[part] !== after[part] && stableStringify(before[part]) !== stableStringify(after[part]))
      return false;
  return stableStringify(publicRequests(before)) === stableStringify(publicRequests(after));
}
