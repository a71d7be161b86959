/**
 * Fulfilment, decomposed into small steps so that each decision has few options:
 * choose an order (market or Evergreen) → assign each ingredient line (own card, own Favor token,
 * or a request to another player) → (requests answered, see coop.ts) → sell or display.
 */
import { patch, patchShop, patchStats } from './common.ts';
import { Rng, emptyList } from '../../../core/index.ts';
import type { ProsperiteaAction, ProsperiteaState, Pending, Source, Target } from '../state.ts';
import { BACK_OUTS_PER_TURN, EVERGREEN_ORDERS } from '../data.ts';
import {
  EVERGREEN_PLANS,
  EVERGREEN_REQS,
  KINDS,
  KINDS_OF_TYPE,
  ORDER_CARDS,
  compilePlan,
} from '../tables.ts';
import type { Plan, Req } from '../tables.ts';
import type { ProsperiteaEvent } from '../events.ts';
import { completable } from './feasibility.ts';
import { publicRequests } from './secret.ts';
import { discardIngredients, refillSlot, removeIngredients, storeRng, withShop } from './common.ts';
import type { Step } from './common.ts';

export function reqsOf(target: Target): readonly Req[] {
  return target.kind === 'market' ? ORDER_CARDS[target.order]!.reqs : EVERGREEN_REQS[target.recipe]!;
}

export function plansOf(target: Target): readonly Plan[] {
  return target.kind === 'market' ? ORDER_CARDS[target.order]!.plans : EVERGREEN_PLANS[target.recipe]!;
}

/** Cards of `seat` not yet promised to the order being filled. */
export function freeCards(state: ProsperiteaState, seat: number): readonly number[] {
  const held = state.shops[seat]!.ingredients;
  const pending = state.pending;
  if (!pending) return held;
  let free: number[] | null = null;
  const active = state.current;
  for (const s of pending.sources) {
    if (s === null) continue;
    const promised = (s.from === 'own' && seat === active) || (s.from === 'ask' && s.seat === seat);
    if (!promised) continue;
    free ??= held.slice();
    free[s.kind]! -= 1;
  }
  return free ?? held;
}

/** Seats the active player may still ask this turn (rule prosperitea.coop.no-reask). */
export function askable(state: ProsperiteaState, seat: number): boolean {
  return seat !== state.current && !state.declined.includes(seat);
}

/** Free cards of every seat, computed once per decision. */
function allFree(state: ProsperiteaState): (readonly number[])[] {
  const out: (readonly number[])[] = [];
  for (let s = 0; s < state.players; s++) out.push(freeCards(state, s));
  return out;
}

/** Free cards of the active player plus those of everyone who may still be asked. */
function pool(state: ProsperiteaState, frees: readonly (readonly number[])[]): number[] {
  const total = frees[state.current]!.slice();
  for (let s = 0; s < state.players; s++) {
    if (!askable(state, s)) continue;
    const free = frees[s]!;
    for (let k = 0; k < KINDS; k++) total[k] = total[k]! + free[k]!;
  }
  return total;
}

function tokensLeft(state: ProsperiteaState): number {
  let left = state.shops[state.current]!.favors;
  if (state.pending) for (const s of state.pending.sources) if (s !== null && s.from === 'favor') left--;
  return left;
}

function suppliedByActive(pending: Pending): boolean {
  for (const s of pending.sources) if (s !== null && s.from !== 'ask') return true;
  return false;
}

/** The line being assigned: the first open one. */
export function openLine(pending: Pending): number {
  return pending.sources.indexOf(null);
}

/**
 * Plan of the open lines after `step`. Without a decline the open lines are a suffix of the list,
 * whose plan is compiled once; after a decline they may have gaps, and are compiled here (rarely).
 */
function restPlan(pending: Pending, step: number): Plan {
  const sources = pending.sources;
  let gaps = false;
  for (let i = step + 1; i < sources.length; i++) if (sources[i] !== null) gaps = true;
  if (!gaps) return plansOf(pending.target)[step + 1]!;
  const reqs = reqsOf(pending.target);
  const open: Req[] = [];
  for (let i = step + 1; i < sources.length; i++) if (sources[i] === null) open.push(reqs[i]!);
  return compilePlan(open, 0);
}

/** Rule prosperitea.fulfil.back-out-limit: after enough back-outs no new order is started this turn. */
export function mayStartOrders(state: ProsperiteaState): boolean {
  return state.backedOut < BACK_OUTS_PER_TURN.value;
}

/** Rule prosperitea.fulfil.choose: an order may be started only if it can be completed. */
export function fillActions(state: ProsperiteaState): ProsperiteaAction[] {
  const frees = allFree(state);
  const own = frees[state.current]!;
  const all = pool(state, frees);
  const tokens = state.shops[state.current]!.favors;
  const out: ProsperiteaAction[] = [];
  if (!mayStartOrders(state)) {
    out.push({ type: 'end' });
    return out;
  }
  state.market.forEach((order, slot) => {
    if (order !== null && completable(ORDER_CARDS[order]!.plans[0]!, own, all, tokens, true))
      out.push({ type: 'fill', slot });
  });
  EVERGREEN_PLANS.forEach((plans, recipe) => {
    if (completable(plans[0]!, own, all, tokens, true)) out.push({ type: 'evergreen', recipe });
  });
  out.push({ type: 'end' });
  return out;
}

/** What the next ingredient line of the order being filled can draw on. */
export interface AssignContext {
  reqs: readonly Req[];
  /** Plan of the lines after the one being assigned. */
  rest: Plan;
  step: number;
  frees: (readonly number[])[];
  own: readonly number[];
  all: number[];
  tokens: number;
  needOwn: boolean;
}

export function assignContext(state: ProsperiteaState): AssignContext {
  const pending = state.pending!;
  const frees = allFree(state);
  const step = openLine(pending);
  return {
    reqs: reqsOf(pending.target),
    rest: restPlan(pending, step),
    step,
    frees,
    own: frees[state.current]!,
    all: pool(state, frees),
    tokens: tokensLeft(state),
    needOwn: !suppliedByActive(pending),
  };
}

/** Options for the next ingredient line of the order being filled. */
export function assignActions(state: ProsperiteaState): ProsperiteaAction[] {
  const { reqs, rest, step, frees, own, all, tokens, needOwn } = assignContext(state);
  const req = reqs[step]!;
  const kinds = req.kind >= 0 ? [req.kind] : KINDS_OF_TYPE[req.type]!;
  const out: ProsperiteaAction[] = [];
  for (const kind of kinds) {
    if (own[kind]! > 0 && completable(rest, own, all, tokens, false, kind))
      out.push({ type: 'supply', kind });
  }
  if (tokens > 0 && completable(rest, own, all, tokens - 1, false)) out.push({ type: 'favor' });
  for (const kind of kinds) {
    if (!completable(rest, own, all, tokens, needOwn, kind)) continue;
    for (let s = 0; s < state.players; s++) {
      if (askable(state, s) && frees[s]![kind]! > 0) out.push({ type: 'ask', seat: s, kind });
    }
  }
  out.push(ABANDON);
  return out;
}

const ABANDON: ProsperiteaAction = { type: 'abandon' };

/**
 * Rule prosperitea.fulfil.abandon: nothing has moved before the order is filled (promised cards and
 * tokens stay where they are, accepted helpers keep their cards and earn nothing), so backing out
 * only forgets the attempt.
 */
export function abandon(state: ProsperiteaState, seat: number): Step {
  const target = state.pending!.target;
  return {
    state: patch(state, { phase: 'fulfil', pending: null, backedOut: state.backedOut + 1 }),
    events: [{ type: 'abandon', seat, target }],
  };
}

/** Every line open; built by `push` from an empty list of any values, like every later copy. */
function openSources(lines: number): (Source | null)[] {
  const sources = emptyList<Source | null>();
  for (let i = 0; i < lines; i++) sources.push(null);
  return sources;
}

export function startFill(state: ProsperiteaState, seat: number, target: Target): Step {
  return {
    state: patch(state, {
      phase: 'assign',
      pending: { target, sources: openSources(reqsOf(target).length) },
    }),
    events: [{ type: 'choose', seat, target }],
  };
}

export function targetOf(
  state: ProsperiteaState,
  action: { type: 'fill'; slot: number } | { type: 'evergreen'; recipe: number },
): Target {
  return action.type === 'fill'
    ? { kind: 'market', slot: action.slot, order: state.market[action.slot]! }
    : { kind: 'evergreen', recipe: action.recipe };
}

/** Records where one line comes from; once no line is open, ask the helpers or finish the order. */
export function assign(
  state: ProsperiteaState,
  seat: number,
  action: Extract<ProsperiteaAction, { type: 'supply' | 'favor' | 'ask' }>,
): Step {
  const pending = state.pending!;
  const source: Source =
    action.type === 'supply'
      ? { from: 'own', kind: action.kind }
      : action.type === 'favor'
        ? { from: 'favor' }
        : { from: 'ask', seat: action.seat, kind: action.kind, answer: 'none' };
  const event: ProsperiteaEvent =
    action.type === 'supply'
      ? { type: 'supply', seat, kind: action.kind }
      : action.type === 'favor'
        ? { type: 'favor', seat }
        : { type: 'ask', seat, helper: action.seat, kind: action.kind };
  const sources = pending.sources.slice();
  sources[openLine(pending)] = source;
  const next: Pending = { target: pending.target, sources };
  if (sources.includes(null)) return { state: patch(state, { pending: next }), events: [event] };
  const moved = patch(state, { pending: next });
  if (pendingHelpers(moved).length > 0) {
    const asking = patch(moved, { phase: 'request' });
    const asks = publicRequests(asking)
      .filter((r) => r.answer === 'none')
      .map((r) => ({ seat: r.seat, kind: r.kind }));
    return { state: asking, events: [event, { type: 'request', seat, asks }] };
  }
  const resolved = completeFill(moved);
  return { state: resolved.state, events: [event, ...resolved.events] };
}

/** Asked players who still owe an answer, from the active player's left. */
export function pendingHelpers(state: ProsperiteaState): number[] {
  return askedSeats(state, true);
}

/** Helpers of the pending order, in turn order from the active player's left. */
export function helpersOf(state: ProsperiteaState): number[] {
  return askedSeats(state, false);
}

function askedSeats(state: ProsperiteaState, waitingOnly: boolean): number[] {
  const sources = state.pending!.sources;
  const out: number[] = [];
  for (let i = 1; i < state.players; i++) {
    const seat = (state.current + i) % state.players;
    for (const s of sources) {
      if (s !== null && s.from === 'ask' && s.seat === seat && !(waitingOnly && s.answer !== 'none')) {
        out.push(seat);
        break;
      }
    }
  }
  return out;
}

/**
 * Everyone gives up the promised cards (to the discard piles), spent Favor tokens go back to the
 * reserve, each helper takes one Favor token while any remain, and only the active player is paid.
 */
export function completeFill(state: ProsperiteaState): Step {
  const pending = state.pending!;
  const active = state.current;
  const rng = new Rng(state.rng);
  const events: ProsperiteaEvent[] = [];
  const helpers = helpersOf(state);
  let shops = state.shops;
  const used: number[] = [];
  const ownKinds: number[] = [];
  let spent = 0;
  for (const s of pending.sources) {
    if (s === null) continue;
    if (s.from === 'own') ownKinds.push(s.kind);
    else if (s.from === 'favor') spent++;
    if (s.from !== 'favor') used.push(s.kind);
  }
  const paid = removeIngredients(shops[active]!, ownKinds);
  shops = withShop(shops, active, spent ? patchShop(paid, { favors: paid.favors - spent }) : paid);
  let reserve = state.favorReserve + spent;
  const rewarded: number[] = [];
  for (const h of helpers) {
    const given: number[] = [];
    for (const s of pending.sources) if (s !== null && s.from === 'ask' && s.seat === h) given.push(s.kind);
    let shop = removeIngredients(shops[h]!, given);
    if (reserve > 0) {
      reserve--;
      shop = patchShop(shop, { favors: shop.favors + 1 });
      rewarded.push(h);
    }
    shops = withShop(shops, h, shop);
  }
  const piles = discardIngredients(state, used, rng, events);
  const target = pending.target;
  const cards = used.slice().sort((a, b) => a - b);
  events.unshift({ type: 'fill', seat: active, target, cards, favors: spent, helpers, rewarded });
  let next: ProsperiteaState = patch(state, {
    decks: piles.decks,
    discards: piles.discards,
    rng: storeRng(rng),
    shops,
    favorReserve: reserve,
    pending: null,
    stats: helpers.length ? patchStats(state.stats, { coopFills: state.stats.coopFills + 1 }) : state.stats,
  });
  if (target.kind === 'evergreen') {
    const money = EVERGREEN_ORDERS.value[target.recipe]!.money;
    const shop = shops[active]!;
    const evergreens = state.stats.evergreens.slice();
    evergreens[active]! += 1;
    next = patch(next, {
      phase: 'fulfil',
      shops: withShop(shops, active, patchShop(shop, { money: shop.money + money })),
      stats: patchStats(next.stats, { evergreens }),
    });
    events.push({ type: 'earn', seat: active, recipe: target.recipe, amount: money });
    return { state: next, events };
  }
  next = refillSlot(patch(next, { phase: 'payout', claimed: target.order }), target.slot, events);
  return { state: next, events };
}

/** The sold counts with one more for `seat`: a copy by `slice`, which keeps the array packed. */
function soldBy(sold: readonly number[], seat: number): number[] {
  const out = sold.slice();
  out[seat]! += 1;
  return out;
}

/** Rule prosperitea.fulfil.payout: SELL for money (the card is discarded) or DISPLAY for prestige. */
export function payout(state: ProsperiteaState, seat: number, choice: 'sell' | 'display'): Step {
  const order = state.claimed!;
  const def = ORDER_CARDS[order]!.def;
  const shop = state.shops[seat]!;
  const sold = choice === 'sell';
  const stats = sold ? patchStats(state.stats, { sold: soldBy(state.stats.sold, seat) }) : state.stats;
  return {
    state: patch(state, {
      phase: 'fulfil',
      claimed: null,
      shops: withShop(
        state.shops,
        seat,
        sold
          ? patchShop(shop, { money: shop.money + def.money })
          : patchShop(shop, { displayed: [...shop.displayed, order] }),
      ),
      orderDiscard: sold ? [...state.orderDiscard, order] : state.orderDiscard,
      stats,
    }),
    events: [{ type: 'payout', seat, order, choice, amount: sold ? def.money : def.prestige }],
  };
}
