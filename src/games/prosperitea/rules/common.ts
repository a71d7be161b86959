/** Small state helpers shared by every phase. All of them copy what they change and nothing else. */
import type { Rng } from '../../../core/index.ts';
import type { ProsperiteaEvent } from '../events.ts';
import type { ProsperiteaState, Shop, Stats } from '../state.ts';
import { KIND_TYPE, SLOT_DECK } from '../tables.ts';

export interface Step {
  state: ProsperiteaState;
  events: ProsperiteaEvent[];
}

/**
 * A copy of the state with some fields replaced. The copy is built as one fixed-shape literal
 * because object spread becomes very slow once V8 has seen many state shapes at one call site.
 */
export function patch(state: ProsperiteaState, changes: Partial<ProsperiteaState>): ProsperiteaState {
  const next: ProsperiteaState = {
    rng: state.rng,
    players: state.players,
    first: state.first,
    current: state.current,
    phase: state.phase,
    round: state.round,
    draftLeft: state.draftLeft,
    decks: state.decks,
    discards: state.discards,
    market: state.market,
    orderDecks: state.orderDecks,
    orderDiscard: state.orderDiscard,
    shops: state.shops,
    favorReserve: state.favorReserve,
    pending: state.pending,
    claimed: state.claimed,
    declined: state.declined,
    backedOut: state.backedOut,
    finalRound: state.finalRound,
    stats: state.stats,
  };
  return Object.assign(next, changes);
}

export function patchShop(shop: Shop, changes: Partial<Shop>): Shop {
  const next: Shop = {
    ingredients: shop.ingredients,
    money: shop.money,
    favors: shop.favors,
    displayed: shop.displayed,
  };
  return Object.assign(next, changes);
}

export function patchStats(stats: Stats, changes: Partial<Stats>): Stats {
  const next: Stats = {
    sold: stats.sold,
    evergreens: stats.evergreens,
    coopFills: stats.coopFills,
    advertised: stats.advertised,
    requestsDeclined: stats.requestsDeclined,
  };
  return Object.assign(next, changes);
}

export function storeRng(rng: Rng): ProsperiteaState['rng'] {
  return rng.state() as ProsperiteaState['rng'];
}

export function nextSeat(state: ProsperiteaState, seat: number): number {
  return (seat + 1) % state.players;
}

/** Turn position of a seat: 0 for the first player. */
export function position(state: ProsperiteaState, seat: number): number {
  return (seat - state.first + state.players) % state.players;
}

export function withShop(shops: readonly Shop[], seat: number, shop: Shop): Shop[] {
  const out = shops.slice();
  out[seat] = shop;
  return out;
}

/** Cards that can still come out of an ingredient deck: the deck and its discard pile. */
export function ingredientSupply(state: ProsperiteaState, deck: number): number {
  return state.decks[deck]!.length + state.discards[deck]!.length;
}

export interface Piles {
  decks: number[][];
  discards: number[][];
}

/**
 * Rule prosperitea.sourcing.reshuffle: an empty ingredient deck is rebuilt at once from its
 * shuffled discard pile, so there is always a face-up top card while any card of that type is loose.
 */
function settle(piles: Piles, t: number, rng: Rng, events: ProsperiteaEvent[]): void {
  if (piles.decks[t]!.length === 0 && piles.discards[t]!.length > 0) {
    piles.decks[t] = rng.shuffle(piles.discards[t]!);
    piles.discards[t] = [];
    events.push({ type: 'reshuffle', deck: t });
  }
}

/** Takes n cards from the top of deck t (n must not exceed the deck plus its discard pile). */
export function drawIngredients(
  state: ProsperiteaState,
  t: number,
  n: number,
  rng: Rng,
  events: ProsperiteaEvent[],
): { piles: Piles; cards: number[] } {
  const piles: Piles = { decks: state.decks.slice(), discards: state.discards.slice() };
  piles.decks[t] = piles.decks[t]!.slice();
  const cards: number[] = [];
  const drawEvents: ProsperiteaEvent[] = [];
  for (let i = 0; i < n; i++) {
    settle(piles, t, rng, drawEvents);
    const deck = piles.decks[t]!;
    cards.push(deck.pop()!);
  }
  settle(piles, t, rng, drawEvents);
  events.push(...drawEvents);
  return { piles, cards };
}

/** Puts used ingredient cards on their type's discard pile (and rebuilds any empty deck). */
export function discardIngredients(
  state: ProsperiteaState,
  kinds: readonly number[],
  rng: Rng,
  events: ProsperiteaEvent[],
): Piles {
  const piles: Piles = { decks: state.decks.slice(), discards: state.discards.slice() };
  let touched = 0;
  for (const k of kinds) {
    const t = KIND_TYPE[k]!;
    if (!(touched & (1 << t))) {
      piles.discards[t] = piles.discards[t]!.slice();
      touched |= 1 << t;
    }
    piles.discards[t]!.push(k);
  }
  for (let t = 0; t < piles.decks.length; t++) if (touched & (1 << t)) settle(piles, t, rng, events);
  return piles;
}

/**
 * Rules prosperitea.fulfil.refill and prosperitea.end.trigger: a market slot is refilled at once
 * from its own deck; drawing the last card of a deck starts the final round.
 */
export function refillSlot(
  state: ProsperiteaState,
  slot: number,
  events: ProsperiteaEvent[],
): ProsperiteaState {
  const d = SLOT_DECK[slot]!;
  const deck = state.orderDecks[d]!;
  const market = state.market.slice();
  if (deck.length === 0) {
    market[slot] = null;
    events.push({ type: 'refill', slot, order: null });
    return patch(state, { market });
  }
  const nextDeck = deck.slice(0, -1);
  market[slot] = deck.at(-1)!;
  const orderDecks = state.orderDecks.slice();
  orderDecks[d] = nextDeck;
  events.push({ type: 'refill', slot, order: market[slot]! });
  const emptied = nextDeck.length === 0 && !state.finalRound;
  if (emptied) events.push({ type: 'final-round', deck: d });
  return patch(state, { market, orderDecks, finalRound: state.finalRound || nextDeck.length === 0 });
}

export function addIngredients(shop: Shop, kinds: readonly number[]): Shop {
  const ingredients = shop.ingredients.slice();
  for (const k of kinds) ingredients[k]! += 1;
  return patchShop(shop, { ingredients });
}

export function removeIngredients(shop: Shop, kinds: readonly number[]): Shop {
  const ingredients = shop.ingredients.slice();
  for (const k of kinds) ingredients[k]! -= 1;
  return patchShop(shop, { ingredients });
}
