/** Sourcing: commit a budget and take cards from one ingredient deck, or Advertise instead. */
import { patch, patchShop, patchStats } from './common.ts';
import { Rng } from '../../../core/index.ts';
import { ADVERTISE_MONEY, BUDGETS } from '../data.ts';
import type { ProsperiteaAction, ProsperiteaState } from '../state.ts';
import { BUDGET_BY_MONEY, MARKET_SLOTS } from '../tables.ts';
import type { ProsperiteaEvent } from '../events.ts';
import {
  addIngredients,
  drawIngredients,
  ingredientSupply,
  refillSlot,
  storeRng,
  withShop,
} from './common.ts';
import type { Step } from './common.ts';

export const DECKS = 4;

/**
 * Rules prosperitea.sourcing.budget / one-deck / deck-size: a budget the player can pay, from one
 * deck that can still supply that many cards (counting its discard pile, which is reshuffled in).
 */
export function canSource(state: ProsperiteaState, seat: number, deck: number, budget: number): boolean {
  const cards = BUDGET_BY_MONEY.get(budget);
  return (
    cards !== undefined &&
    Number.isInteger(deck) &&
    deck >= 0 &&
    deck < DECKS &&
    state.shops[seat]!.money >= budget &&
    ingredientSupply(state, deck) >= cards
  );
}

/** Rule prosperitea.sourcing.advertise: discard any market order; with an empty market, nothing. */
export function canAdvertise(state: ProsperiteaState, slot: number | null): boolean {
  if (slot === null) return state.market.every((o) => o === null);
  return Number.isInteger(slot) && slot >= 0 && slot < MARKET_SLOTS && state.market[slot] !== null;
}

export function sourcingActions(state: ProsperiteaState, seat: number): ProsperiteaAction[] {
  const out: ProsperiteaAction[] = [];
  for (let deck = 0; deck < DECKS; deck++) {
    for (const b of BUDGETS.value) {
      if (canSource(state, seat, deck, b.money)) out.push({ type: 'source', deck, budget: b.money });
    }
  }
  let any = false;
  state.market.forEach((order, slot) => {
    if (order !== null) {
      any = true;
      out.push({ type: 'advertise', slot });
    }
  });
  if (!any) out.push({ type: 'advertise', slot: null });
  return out;
}

export function source(state: ProsperiteaState, seat: number, deck: number, budget: number): Step {
  const rng = new Rng(state.rng);
  const events: ProsperiteaEvent[] = [];
  const { piles, cards } = drawIngredients(state, deck, BUDGET_BY_MONEY.get(budget)!, rng, events);
  const shop = addIngredients(state.shops[seat]!, cards);
  return {
    state: patch(state, {
      decks: piles.decks,
      discards: piles.discards,
      rng: storeRng(rng),
      phase: 'fulfil',
      shops: withShop(state.shops, seat, patchShop(shop, { money: shop.money - budget })),
    }),
    // The cards land in an unordered shop, so the event lists them sorted: draw order would hint at the deck.
    events: [{ type: 'source', seat, deck, budget, kinds: cards.slice().sort((a, b) => a - b) }, ...events],
  };
}

export function advertise(state: ProsperiteaState, seat: number, slot: number | null): Step {
  const shop = state.shops[seat]!;
  const order = slot === null ? null : state.market[slot]!;
  const events: ProsperiteaEvent[] = [{ type: 'advertise', seat, slot, order }];
  let next: ProsperiteaState = patch(state, {
    phase: 'fulfil',
    shops: withShop(state.shops, seat, patchShop(shop, { money: shop.money + ADVERTISE_MONEY.value })),
    stats: patchStats(state.stats, { advertised: state.stats.advertised + 1 }),
  });
  if (slot !== null && order !== null) {
    next = refillSlot(patch(next, { orderDiscard: [...state.orderDiscard, order] }), slot, events);
  }
  return { state: next, events };
}
