import { expect } from 'vitest';
import { prosperitea } from '../../../src/games/prosperitea/index.ts';
import type { ProsperiteaAction, ProsperiteaState, Shop } from '../../../src/games/prosperitea/state.ts';
import { FAVOR_TOKENS, INGREDIENTS } from '../../../src/games/prosperitea/data.ts';
import {
  KIND_COPIES,
  KIND_TYPE,
  KINDS,
  ORDER_CARDS,
  SLOT_DECK,
} from '../../../src/games/prosperitea/tables.ts';
import type { ProsperiteaEvent } from '../../../src/games/prosperitea/events.ts';

export const game = prosperitea;

export function kind(id: string): number {
  const k = INGREDIENTS.value.findIndex((d) => d.id === id);
  if (k < 0) throw new Error(`no ingredient ${id}`);
  return k;
}

export function orderId(name: string): number {
  const id = ORDER_CARDS.findIndex((c) => c.def.name === name);
  if (id < 0) throw new Error(`no order ${name}`);
  return id;
}

export function cards(...ids: string[]): number[] {
  const counts = new Array<number>(KINDS).fill(0);
  for (const id of ids) counts[kind(id)]! += 1;
  return counts;
}

export function shop(partial: Partial<Shop> = {}): Shop {
  return { ingredients: new Array<number>(KINDS).fill(0), money: 0, favors: 0, displayed: [], ...partial };
}

/**
 * A hand-built state made to obey the conservation invariants the state schema checks, without
 * changing what the test set: cards held in shops leave the decks (from the bottom, so the face-up
 * tops stay) or the discard piles, cards missing anywhere join their discard pile (or their deck if
 * it is empty), order cards missing anywhere join the order discard, and Favor tokens nobody holds
 * go to the reserve (or, when the test fixed the reserve, to the last seat).
 */
export function consistent(s: ProsperiteaState, fixedReserve = false): ProsperiteaState {
  const decks = s.decks.map((d) => d.slice());
  const discards = s.discards.map((d) => d.slice());
  // Displayed orders leave the market (refilled from their deck), the order decks and the discard.
  const shown = new Set(s.shops.flatMap((shop) => shop.displayed));
  const orderDecks = s.orderDecks.map((d) => d.filter((o) => !shown.has(o)));
  const market = s.market.map((o, slot) =>
    o !== null && shown.has(o) ? (orderDecks[SLOT_DECK[slot]!]!.pop() ?? null) : o,
  );
  s = { ...s, market, orderDecks, orderDiscard: s.orderDiscard.filter((o) => !shown.has(o)) };
  for (let k = 0; k < KINDS; k++) {
    const t = KIND_TYPE[k]!;
    const count = (pile: number[]) => pile.filter((c) => c === k).length;
    let extra =
      count(decks[t]!) + count(discards[t]!) + s.shops.reduce((n, shop) => n + shop.ingredients[k]!, 0);
    extra -= KIND_COPIES[k]!;
    for (const pile of [decks[t]!, discards[t]!])
      while (extra > 0 && pile.includes(k)) {
        pile.splice(pile.indexOf(k), 1);
        extra--;
      }
    if (extra > 0) throw new Error(`the shops hold more ${k} cards than the game has`);
    for (; extra < 0; extra++) (decks[t]!.length ? discards[t]! : decks[t]!).unshift(k);
  }
  for (let t = 0; t < decks.length; t++)
    if (decks[t]!.length === 0 && discards[t]!.length) decks[t] = discards[t]!.splice(0);
  const placed = new Set([
    ...s.market.filter((o): o is number => o !== null),
    ...s.orderDecks.flat(),
    ...s.orderDiscard,
    ...s.shops.flatMap((shop) => shop.displayed),
    ...(s.claimed === null ? [] : [s.claimed]),
  ]);
  const orderDiscard = [...s.orderDiscard, ...ORDER_CARDS.map((_, id) => id).filter((id) => !placed.has(id))];
  const held = s.shops.reduce((n, shop) => n + shop.favors, 0);
  let shops = s.shops;
  let favorReserve = FAVOR_TOKENS.value - held;
  if (fixedReserve && s.favorReserve !== favorReserve) {
    shops = s.shops.slice();
    const last = shops.length - 1;
    shops[last] = { ...shops[last]!, favors: shops[last]!.favors + favorReserve - s.favorReserve };
    favorReserve = s.favorReserve;
  }
  return { ...s, decks, discards, orderDiscard, shops, favorReserve };
}

/** The ingredient cards missing from decks, discard piles and shops, handed to `seat`. */
export function restHeldBy(s: ProsperiteaState, seat: number): ProsperiteaState {
  const ingredients = s.shops[seat]!.ingredients.slice();
  for (let k = 0; k < KINDS; k++) {
    const t = KIND_TYPE[k]!;
    let n = s.shops.reduce((sum, shop) => sum + shop.ingredients[k]!, 0);
    n += [...s.decks[t]!, ...s.discards[t]!].filter((c) => c === k).length;
    ingredients[k]! += KIND_COPIES[k]! - n;
  }
  const shops = s.shops.slice();
  shops[seat] = { ...shops[seat]!, ingredients };
  return { ...s, shops };
}

/** A game past the draft: seat 0 first and to play, empty shops unless given. */
export function started(
  players: number,
  changes: Partial<ProsperiteaState> = {},
  seed = 'test',
): ProsperiteaState {
  const base = game.setup(players, seed, {});
  return consistent(
    {
      ...base,
      first: 0,
      current: 0,
      phase: 'source',
      round: 1,
      draftLeft: new Array<number>(players).fill(0),
      shops: Array.from({ length: players }, () => shop()),
      ...changes,
    },
    'favorReserve' in changes,
  );
}

/** Applies an action through the checked path and fails the test if it is refused. */
export function act(
  state: ProsperiteaState,
  seat: number,
  action: ProsperiteaAction,
): { state: ProsperiteaState; events: ProsperiteaEvent[] } {
  const result = game.apply(state, seat, action);
  if (!result.ok)
    throw new Error(`refused ${JSON.stringify(action)}: ${result.error.rule} ${result.error.message}`);
  expect(game.stateSchema.safeParse(result.state).success).toBe(true);
  return { state: result.state, events: [...result.events] };
}

export function refusedRule(state: ProsperiteaState, seat: number, action: unknown): string {
  const result = game.apply(state, seat, action);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  return result.error.rule;
}

export function legal(state: ProsperiteaState, seat: number): ProsperiteaAction[] {
  return game.legalActions(state, seat);
}

/** Puts `order` into market slot `slot`; the order that was there takes its place. */
export function withOrder(state: ProsperiteaState, slot: number, order: number): ProsperiteaState {
  const market = state.market.slice();
  const previous = market[slot]!;
  const swap = (list: readonly number[]) => list.map((o) => (o === order ? previous : o));
  const from = market.indexOf(order);
  if (from >= 0) market[from] = previous;
  market[slot] = order;
  return { ...state, market, orderDecks: state.orderDecks.map(swap), orderDiscard: swap(state.orderDiscard) };
}
