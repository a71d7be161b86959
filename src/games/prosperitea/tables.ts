/**
 * Data compiled once at module load into the integer tables the hot path reads: ingredient kinds
 * and order cards become small integers, requirements become (kind | type) pairs.
 */
import { arrayOf, mapArray } from '../../core/index.ts';
import {
  BUDGETS,
  COPIES_BY_RARITY,
  EVERGREEN_ORDERS,
  INGREDIENT_TYPES,
  INGREDIENTS,
  MARKET,
  PREMIUM_ORDERS,
  STANDARD_ORDERS,
} from './data.ts';
import type { OrderDef, Requirement } from './data.ts';

export const KINDS = INGREDIENTS.value.length;
export const TYPES = INGREDIENT_TYPES.length;
export const KIND_TYPE: readonly number[] = INGREDIENTS.value.map((d) => INGREDIENT_TYPES.indexOf(d.type));
export const KIND_NAME: readonly string[] = INGREDIENTS.value.map((d) => d.name);
export const KIND_COPIES: readonly number[] = INGREDIENTS.value.map((d) => COPIES_BY_RARITY.value[d.rarity]);
/** Built with `filter` rather than `flatMap`, whose arrays are holey (see core/arrays.ts). */
export const KINDS_OF_TYPE: readonly (readonly number[])[] = mapArray(INGREDIENT_TYPES, (_, t) =>
  arrayOf(KINDS, (k) => k).filter((k) => KIND_TYPE[k] === t),
);

/** A compiled requirement: `kind` is -1 when any card of `type` will do. */
export interface Req {
  readonly kind: number;
  readonly type: number;
}

function compileReq(req: Requirement): Req {
  if ('ingredient' in req) {
    const kind = INGREDIENTS.value.findIndex((d) => d.id === req.ingredient);
    if (kind < 0) throw new Error(`unknown ingredient ${req.ingredient}`);
    return { kind, type: KIND_TYPE[kind]! };
  }
  return { kind: -1, type: INGREDIENT_TYPES.indexOf(req.anyOf) };
}

/** Specific ingredients first: assigning them before the "any of a type" lines keeps choices simple. */
function compileNeeds(needs: readonly Requirement[]): readonly Req[] {
  const reqs = needs.map(compileReq);
  return [...reqs.filter((r) => r.kind >= 0), ...reqs.filter((r) => r.kind < 0)];
}

/** plans[i] covers the lines i.. of an ingredient list (plans[length] is empty). */
export function compilePlans(reqs: readonly Req[]): Plan[] {
  return Array.from({ length: reqs.length + 1 }, (_, i) => compilePlan(reqs, i));
}

export interface OrderCard {
  readonly def: OrderDef;
  readonly reqs: readonly Req[];
  readonly plans: readonly Plan[];
  /** 0 = Standard deck, 1 = Premium deck. */
  readonly deck: 0 | 1;
}

function expand(defs: readonly OrderDef[], deck: 0 | 1): OrderCard[] {
  return defs.flatMap((def) =>
    Array.from({ length: def.copies }, () => {
      const reqs = compileNeeds(def.needs);
      return { def, reqs, plans: compilePlans(reqs), deck };
    }),
  );
}

/** Every order card, Standard first; a card's id is its index here. */
export const ORDER_CARDS: readonly OrderCard[] = [
  ...expand(STANDARD_ORDERS.value, 0),
  ...expand(PREMIUM_ORDERS.value, 1),
];
/** Packed, like every order deck shuffled from it (`flatMap` would give holey arrays). */
export const ORDER_IDS_BY_DECK: readonly (readonly number[])[] = arrayOf(2, (d) =>
  arrayOf(ORDER_CARDS.length, (id) => id).filter((id) => ORDER_CARDS[id]!.deck === d),
);

export const EVERGREEN_REQS: readonly (readonly Req[])[] = EVERGREEN_ORDERS.value.map((e) =>
  compileNeeds(e.needs),
);
export const EVERGREEN_PLANS: readonly (readonly Plan[])[] = EVERGREEN_REQS.map(compilePlans);

/** Market slots: the Standard rows first, then the Premium row; each slot's own deck. */
export const STANDARD_SLOTS = MARKET.value.standardRows * MARKET.value.perRow;
export const MARKET_SLOTS = STANDARD_SLOTS + MARKET.value.premium;
export const SLOT_DECK: readonly (0 | 1)[] = Array.from({ length: MARKET_SLOTS }, (_, i) =>
  i < STANDARD_SLOTS ? 0 : 1,
);

export interface AnyLine {
  readonly count: number;
  /** Kinds of the line's type, each with how many specific lines of the same suffix need it. */
  readonly kinds: readonly number[];
  readonly reserved: readonly number[];
}

/** The lines of an ingredient list from some index on, grouped for fast counting. */
export interface Plan {
  readonly lines: number;
  readonly specKinds: readonly number[];
  readonly specCounts: readonly number[];
  readonly anys: readonly AnyLine[];
}

export function compilePlan(reqs: readonly Req[], from: number): Plan {
  const spec = new Map<number, number>();
  const any = new Map<number, number>();
  for (let i = from; i < reqs.length; i++) {
    const r = reqs[i]!;
    if (r.kind >= 0) spec.set(r.kind, (spec.get(r.kind) ?? 0) + 1);
    else any.set(r.type, (any.get(r.type) ?? 0) + 1);
  }
  return {
    lines: reqs.length - from,
    specKinds: [...spec.keys()],
    specCounts: [...spec.values()],
    anys: [...any].map(([type, count]) => ({
      count,
      kinds: KINDS_OF_TYPE[type]!,
      reserved: KINDS_OF_TYPE[type]!.map((k) => spec.get(k) ?? 0),
    })),
  };
}

export const BUDGET_BY_MONEY: ReadonlyMap<number, number> = new Map(
  BUDGETS.value.map((b) => [b.money, b.cards]),
);

/** The full starting contents of ingredient deck t, as kinds: a packed array, like every later deck. */
export function fullIngredientDeck(t: number): number[] {
  const deck: number[] = [];
  for (const k of KINDS_OF_TYPE[t]!) for (let copy = 0; copy < KIND_COPIES[k]!; copy++) deck.push(k);
  return deck;
}
