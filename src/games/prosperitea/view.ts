/**
 * What a viewer sees. Prosperitea has no private holdings: shops, money and Favor tokens are public,
 * and so are the market, each ingredient deck's top card, deck sizes and (by elimination) each deck's
 * remaining contents. Only the order of the cards beneath the tops and of the order decks is hidden,
 * so every seat and the spectator get the same view apart from `viewer`.
 */
import type { Viewer } from '../../core/index.ts';
import type { Pending, Phase, ProsperiteaState, Shop } from './state.ts';
import { actors } from './rules/index.ts';
import { scoreOf } from './rules/end.ts';
import { KINDS } from './tables.ts';

export interface DeckView {
  /** Face-up top card (kind), or null when the deck and its discard pile are empty. */
  top: number | null;
  size: number;
  discardSize: number;
}

export interface ProsperiteaView {
  viewer: Viewer;
  players: number;
  first: number;
  current: number;
  phase: Phase;
  round: number;
  finalRound: boolean;
  actors: number[];
  draftLeft: number[];
  decks: DeckView[];
  /** Cards per kind still in the ingredient decks (including the tops). */
  inDecks: number[];
  /** Cards per kind in the discard piles. */
  discarded: number[];
  market: (number | null)[];
  orderDeckSizes: number[];
  shops: Shop[];
  favorReserve: number;
  pending: Pending | null;
  claimed: number | null;
  declined: number[];
  scores: number[];
}

function countKinds(piles: readonly (readonly number[])[]): number[] {
  const counts = new Array<number>(KINDS).fill(0);
  for (const pile of piles) for (const k of pile) counts[k]! += 1;
  return counts;
}

export function view(state: ProsperiteaState, viewer: Viewer): ProsperiteaView {
  return {
    viewer,
    players: state.players,
    first: state.first,
    current: state.current,
    phase: state.phase,
    round: state.round,
    finalRound: state.finalRound,
    actors: actors(state),
    draftLeft: state.draftLeft,
    decks: state.decks.map((deck, t) => ({
      top: deck.length ? deck.at(-1)! : null,
      size: deck.length,
      discardSize: state.discards[t]!.length,
    })),
    inDecks: countKinds(state.decks),
    discarded: countKinds(state.discards),
    market: state.market,
    orderDeckSizes: state.orderDecks.map((d) => d.length),
    shops: state.shops,
    favorReserve: state.favorReserve,
    pending: state.pending,
    claimed: state.claimed,
    declined: state.declined,
    scores: state.shops.map(scoreOf),
  };
}
