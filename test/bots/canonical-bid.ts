/**
 * Secret Bid with a resampler whose draw depends only on the viewer's view and the RNG: the unseen
 * cards are pooled and sorted before the fixture's own resampler shuffles them. With it, two real
 * states that a seat cannot tell apart give that seat exactly the same sampled worlds, so an
 * honest bot (one that looks at nothing but its context) must choose exactly the same move.
 */
import { defineGame } from '../../src/core/index.ts';
import type { Viewer } from '../../src/core/index.ts';
import { secretBidDefinition } from '../fixtures/secret-bid.ts';
import type { BidState } from '../fixtures/secret-bid.ts';

/** The same information state with the unseen cards laid out in sorted order. */
export function canonicalFor(state: BidState, viewer: Viewer): BidState {
  const own = (s: number) => s === viewer;
  const pool = state.deck.slice();
  state.hands.forEach((h, s) => (own(s) ? null : pool.push(...h)));
  state.bids.forEach((b, s) => (b !== null && !own(s) ? pool.push(b) : null));
  pool.sort((a, b) => a - b);
  const hands = state.hands.map((h, s) => (own(s) ? h : pool.splice(0, h.length)));
  const bids = state.bids.map((b, s) => (b === null || own(s) ? b : pool.shift()!));
  return { ...state, hands, bids, deck: pool };
}

export const canonicalBid = defineGame({
  ...secretBidDefinition,
  resample: (state, viewer, rng) => secretBidDefinition.resample(canonicalFor(state, viewer), viewer, rng),
});
