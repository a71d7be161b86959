/**
 * The heuristic bot. It decides from its view only (an asked seat never sees the order): it values each
 * ingredient by how much it helps fill the orders in the market, fills the most valuable orders it
 * can, asks for help when short, and answers requests by weighing the Favor token against what the
 * card is worth to itself and how far the asker is ahead.
 */
import type { BotFactory } from '../../core/index.ts';
import type { ProsperiteaAction, ProsperiteaState, Shop, Target } from './state.ts';
import type { ProsperiteaView } from './view.ts';
import { BUDGETS, EVERGREEN_ORDERS } from './data.ts';
import { EVERGREEN_PLANS, EVERGREEN_REQS, KINDS, KINDS_OF_TYPE, ORDER_CARDS } from './tables.ts';
import type { Req } from './tables.ts';
import { shortfall } from './rules/feasibility.ts';
import { possibleTargets } from './rules/secret.ts';

/**
 * How much each ingredient kind helps `shop` towards the market orders (higher = keep / take it).
 * `stays[slot]`, when given, is the chance that the slot's order is still there later (see answerRequest).
 */
export function desire(market: readonly (number | null)[], shop: Shop, stays?: readonly number[]): number[] {
  const want = new Array<number>(KINDS).fill(0.05);
  for (let slot = 0; slot < market.length; slot++) {
    const order = market[slot]!;
    if (order === null) continue;
    const card = ORDER_CARDS[order]!;
    const count = missingLines(card.reqs, shop.ingredients);
    if (count === 0) continue;
    const worth = ((card.def.prestige + 1) / (count * count)) * (stays ? stays[slot]! : 1);
    for (let i = 0; i < count; i++) {
      const r = MISSING[i]!;
      if (r.kind >= 0) want[r.kind]! += worth;
      else for (const k of KINDS_OF_TYPE[r.type]!) want[k]! += worth / 3;
    }
  }
  return want;
}

// Scratch space for `missingLines`. The bot runs thousands of times per game inside simulations, and
// fresh arrays here were most of its garbage; every caller reads the result before the next call.
const LEFT = new Array<number>(KINDS).fill(0);
const MISSING: Req[] = [];

/**
 * Counts the lines of an order that the cards cannot cover (specific lines first, then any-of-type)
 * and leaves them in `MISSING[0 … count − 1]`.
 */
function missingLines(reqs: readonly Req[], cards: readonly number[]): number {
  for (let k = 0; k < KINDS; k++) LEFT[k] = cards[k]!;
  let count = 0;
  for (const r of reqs) {
    if (r.kind >= 0) {
      if (LEFT[r.kind]! > 0) LEFT[r.kind]! -= 1;
      else MISSING[count++] = r;
      continue;
    }
    let best = -1;
    for (const k of KINDS_OF_TYPE[r.type]!)
      if (LEFT[k]! > 0 && (best < 0 || LEFT[k]! > LEFT[best]!)) best = k;
    if (best >= 0) LEFT[best]! -= 1;
    else MISSING[count++] = r;
  }
  return count;
}

/** What giving away one card of `kind` costs `shop`: orders it could fill now or nearly would slip away. */
export function keepValue(
  market: readonly (number | null)[],
  shop: Shop,
  kind: number,
  stays?: readonly number[],
): number {
  if (shop.ingredients[kind]! <= 0) return 0;
  const without = shop.ingredients.slice();
  without[kind]! -= 1;
  let loss = 0;
  for (let slot = 0; slot < market.length; slot++) {
    const order = market[slot]!;
    if (order === null) continue;
    const card = ORDER_CARDS[order]!;
    const before = missingLines(card.reqs, shop.ingredients);
    if (before > 1) continue;
    if (missingLines(card.reqs, without) > before)
      loss += ((card.def.prestige + 1) / (before + 1)) * (stays ? stays[slot]! : 1);
  }
  return loss;
}

/** Mean desire of a card drawn from `counts` (cards per kind) within one ingredient type. */
function meanWant(want: readonly number[], counts: readonly number[], type: number, skip: number): number {
  let sum = 0;
  let n = 0;
  for (const k of KINDS_OF_TYPE[type]!) {
    const c = k === skip ? counts[k]! - 1 : counts[k]!;
    sum += want[k]! * c;
    n += c;
  }
  return n > 0 ? sum / n : 0;
}

/** Expected usefulness of taking `cards` cards from a deck: the known top, then the unseen rest. */
function deckValue(view: ProsperiteaView, want: readonly number[], deck: number, cards: number): number {
  const top = view.decks[deck]!.top;
  if (top === null) return 0;
  const fromDeck = Math.min(cards - 1, view.decks[deck]!.size - 1);
  const fromDiscard = cards - 1 - fromDeck;
  return (
    want[top]! +
    fromDeck * meanWant(want, view.inDecks, deck, top) +
    fromDiscard * meanWant(want, view.discarded, deck, -1)
  );
}

function bestBy<T>(items: readonly T[], score: (item: T) => number): T {
  let best = items[0] as T;
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) {
      best = item;
      bestScore = s;
    }
  }
  return best;
}

function chooseSourcing(
  view: ProsperiteaView,
  seat: number,
  legal: readonly ProsperiteaAction[],
): ProsperiteaAction {
  const shop = view.shops[seat]!;
  const want = desire(view.market, shop);
  const moneyValue = 0.35;
  return bestBy(legal, (a) => {
    if (a.type === 'source') {
      const cards = BUDGETS.value.find((b) => b.money === a.budget)!.cards;
      return deckValue(view, want, a.deck, cards) - a.budget * moneyValue;
    }
    // Long games mean a clogged market: advertising is what moves the order decks towards the end.
    const pressure = Math.max(0, view.round - 15) * 0.1;
    if (a.type === 'advertise')
      return 2 * moneyValue + pressure + (a.slot === null ? 0 : denyValue(view, seat, a.slot));
    return -Infinity;
  });
}

/** How much discarding the order in `slot` hurts the opponent closest to filling it, minus our own loss. */
function denyValue(view: ProsperiteaView, seat: number, slot: number): number {
  const order = view.market[slot];
  if (order === null || order === undefined) return 0;
  const card = ORDER_CARDS[order]!;
  let value = 0;
  for (let s = 0; s < view.shops.length; s++) {
    const missing = missingLines(card.reqs, view.shops[s]!.ingredients);
    const threat = missing === 0 ? card.def.prestige : missing === 1 ? card.def.prestige / 3 : 0;
    value += s === seat ? -threat : threat / Math.max(1, view.players - 1);
  }
  return value * 0.3;
}

/** Expected value of starting to fill an order, from the bot's point of view. */
function fillValue(
  view: ProsperiteaView,
  seat: number,
  action: ProsperiteaAction,
  wanted: () => readonly number[],
): number {
  const shop = view.shops[seat]!;
  const card = action.type === 'fill' ? ORDER_CARDS[view.market[action.slot]!]! : null;
  const recipe = action.type === 'evergreen' ? action.recipe : 0;
  const reqs = card ? card.reqs : EVERGREEN_REQS[recipe]!;
  const short = shortfall(card ? card.plans[0]! : EVERGREEN_PLANS[recipe]![0]!, shop.ingredients);
  const asks = Math.max(0, short - shop.favors);
  const tokens = Math.min(short, shop.favors);
  const risk = asks * 1.2 + tokens * 1.0 + reqs.length * 0.1;
  if (action.type === 'fill') {
    const def = ORDER_CARDS[view.market[action.slot]!]!.def;
    return Math.max(def.prestige, def.money / 2.5) + 0.5 - risk;
  }
  const money = EVERGREEN_ORDERS.value[(action as { recipe: number }).recipe]!.money;
  const want = wanted();
  let cost = 0;
  for (const r of reqs) {
    // Using up the least wanted card of the line's type is the cheapest way to cover it.
    let cheapest = Infinity;
    for (const k of KINDS_OF_TYPE[r.type]!)
      if (shop.ingredients[k]! > 0) cheapest = Math.min(cheapest, want[k]!);
    cost += cheapest === Infinity ? 1 : cheapest;
  }
  return (shop.money < 5 ? money * 0.45 : money * 0.2) - cost - risk;
}

function chooseAssign(
  view: ProsperiteaView,
  seat: number,
  legal: readonly ProsperiteaAction[],
): ProsperiteaAction {
  const shop = view.shops[seat]!;
  const want = desire(view.market, shop);
  return bestBy(legal, (a) => {
    if (a.type === 'supply') return 10 - want[a.kind]!;
    if (a.type === 'ask') {
      // Ask whoever is furthest behind: their Favor token matters least.
      return 5 - view.scores[a.seat]! * 0.1 + view.shops[a.seat]!.ingredients[a.kind]! * 0.01;
    }
    // Backing out only when nothing else is left (after a decline).
    return a.type === 'favor' ? 4 : 0;
  });
}

/**
 * Rule prosperitea.info.secret-order: the asked seat does not know the order, only the requests. It
 * weighs its cards against the whole market and the asker's gain against the orders the requests
 * leave possible (what a player at the table could work out).
 */
function answerRequest(view: ProsperiteaView, seat: number): ProsperiteaAction {
  const requests = view.pending!.requests;
  const shop = view.shops[seat]!;
  const asker = view.current;
  const targets = possibleTargets(view.market, view.shops[asker]!, requests, true);
  // Each possible order is as likely as the next to be the one leaving the market.
  const stays = view.market.map(() => 1);
  for (const t of targets) if (t.kind === 'market') stays[t.slot]! -= 1 / targets.length;
  const want = desire(view.market, shop, stays);
  let loss = 0;
  for (const r of requests)
    if (r.seat === seat && r.answer === 'none')
      loss += want[r.kind]! + keepValue(view.market, shop, r.kind, stays);
  const gain = expectedGain(targets);
  // Helping someone who would pull well ahead of us is a gift; a modest lead is fine for a token.
  const lead = view.scores[asker]! + gain - view.scores[seat]!;
  const token = view.favorReserve > 0 ? 1 : 0;
  const worth = token - loss * 0.5 - Math.max(0, lead - 3) * 0.25 - (view.finalRound && lead > 0 ? 1 : 0);
  return { type: worth > 0 ? 'accept' : 'decline' };
}

/** Mean prestige of the orders the asker may be filling (an Evergreen order counts as 0.5). */
function expectedGain(targets: readonly Target[]): number {
  if (targets.length === 0) return 0.5;
  let sum = 0;
  for (const t of targets) sum += t.kind === 'market' ? ORDER_CARDS[t.order]!.def.prestige : 0.5;
  return sum / targets.length;
}

function choosePayout(view: ProsperiteaView, seat: number): ProsperiteaAction {
  const shop = view.shops[seat]!;
  const def = ORDER_CARDS[view.claimed!]!.def;
  const late = view.finalRound || view.orderDeckSizes.some((n) => n <= view.players);
  if (late) return { type: 'display' };
  return shop.money < 3 && def.money >= def.prestige + 2 ? { type: 'sell' } : { type: 'display' };
}

export function heuristicChoice(
  view: ProsperiteaView,
  seat: number,
  legal: readonly ProsperiteaAction[],
): ProsperiteaAction {
  switch (view.phase) {
    case 'draft': {
      const want = desire(view.market, view.shops[seat]!);
      return bestBy(legal, (a) => (a.type === 'draft' ? want[view.decks[a.deck]!.top!]! : -1));
    }
    case 'source':
      return chooseSourcing(view, seat, legal);
    case 'fulfil': {
      let want: number[] | null = null;
      const wanted = () => (want ??= desire(view.market, view.shops[seat]!));
      return bestBy(legal, (a) => (a.type === 'end' ? 0 : fillValue(view, seat, a, wanted)));
    }
    case 'assign':
      return chooseAssign(view, seat, legal);
    case 'request':
      return answerRequest(view, seat);
    case 'payout':
      return choosePayout(view, seat);
    default:
      return legal[0]!;
  }
}

/** Deterministic from the view, so it needs no seed of its own. */
export const heuristicBot: BotFactory<ProsperiteaState, ProsperiteaAction, ProsperiteaView> = () => {
  return {
    name: 'heuristic',
    act: ({ seat, view, legal }) => {
      const choice = heuristicChoice(view, seat, legal);
      return (
        legal.find((a) => a === choice) ??
        legal.find((a) => JSON.stringify(a) === JSON.stringify(choice)) ??
        legal[0]!
      );
    },
  };
};
