/**
 * What a viewer sees. Prosperitea has no private holdings: shops, money and Favor tokens are public,
 * and so are the market, each ingredient deck's top card, deck sizes and (by elimination) each deck's
 * remaining contents. Hidden are the order of the cards beneath the tops and of the order decks, and,
 * from everyone but the active player, which order is being filled and how its lines are covered
 * until it is filled (only the requests are public).
 */
import type { Viewer } from '../../core/index.ts';
import type { Phase, ProsperiteaState, Shop, Source, Target } from './state.ts';
import { actors } from './rules/index.ts';
import { publicRequests } from './rules/secret.ts';
import type { PublicRequest } from './rules/secret.ts';
import { scoreOf } from './rules/end.ts';
import { KINDS } from './tables.ts';

export interface DeckView {
  /** Face-up top card (kind), or null when the deck and its discard pile are empty. */
  top: number | null;
  size: number;
  discardSize: number;
}

export interface PendingView {
  /** The order being filled: the active player's secret (null for everyone else) until it is filled. */
  target: Target | null;
  /** Where each line comes from, null while open: shown to the active player only (else null). */
  sources: (Source | null)[] | null;
  /** What everyone heard asked (see rules/secret.ts), by seat and ingredient. */
  requests: PublicRequest[];
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
  pending: PendingView | null;
  claimed: number | null;
  declined: number[];
  backedOut: number;
  scores: number[];
}

function countKinds(piles: readonly (readonly number[])[]): number[] {
  const counts = new Array<number>(KINDS).fill(0);
  for (const pile of piles) for (const k of pile) counts[k]! += 1;
  return counts;
}

function pendingView(state: ProsperiteaState, viewer: Viewer): PendingView | null {
  const pending = state.pending;
  if (!pending) return null;
  const mine = viewer === state.current;
  return {
    target: mine ? pending.target : null,
    sources: mine ? pending.sources : null,
    requests: publicRequests(state),
  };
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
    pending: pendingView(state, viewer),
    claimed: state.claimed,
    declined: state.declined,
    backedOut: state.backedOut,
    scores: state.shops.map(scoreOf),
  };
}
