/** Small state helpers shared by every phase. All of them copy what they change and nothing else. */
import type { Rng } from '../../../core/index.ts';
import type { ProsperiteaEvent } from '../events.ts';
import type { ProsperiteaState, Shop } from '../state.ts';
import { KIND_TYPE, SLOT_DECK } from '../tables.ts';

export interface Step {
  state: ProsperiteaState;
  events: ProsperiteaEvent[];
}

export type Rules = ProsperiteaState['rng'];

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
    events.push({ type: 'reshuffle', deck: t, top: piles.decks[t]!.at(-1)! });
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
  const touched = new Set<number>();
  for (const k of kinds) {
    const t = KIND_TYPE[k]!;
    if (!touched.has(t)) {
      piles.discards[t] = piles.discards[t]!.slice();
      touched.add(t);
    }
    piles.discards[t]!.push(k);
  }
  for (const t of touched) settle(piles, t, rng, events);
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
    return { ...state, market };
  }
  const nextDeck = deck.slice(0, -1);
  market[slot] = deck.at(-1)!;
  const orderDecks = state.orderDecks.slice();
  orderDecks[d] = nextDeck;
  events.push({ type: 'refill', slot, order: market[slot]! });
  const emptied = nextDeck.length === 0 && !state.finalRound;
  if (emptied) events.push({ type: 'final-round', deck: d });
  return { ...state, market, orderDecks, finalRound: state.finalRound || nextDeck.length === 0 };
}

export function addIngredients(shop: Shop, kinds: readonly number[]): Shop {
  const ingredients = shop.ingredients.slice();
  for (const k of kinds) ingredients[k]! += 1;
  return { ...shop, ingredients };
}

export function removeIngredients(shop: Shop, kinds: readonly number[]): Shop {
  const ingredients = shop.ingredients.slice();
  for (const k of kinds) ingredients[k]! -= 1;
  return { ...shop, ingredients };
}
