/**
 * Display tables for Prosperitea, derived from the game's static data module only. Order card ids
 * index the Standard orders then the Premium ones, each repeated by its number of copies, and an
 * order's lines are listed specific ingredients first (the order in which they are assigned);
 * test/web checks both against the engine's compiled tables.
 */
import {
  BUDGETS,
  EVERGREEN_ORDERS,
  INGREDIENT_TYPES,
  INGREDIENTS,
  PREMIUM_ORDERS,
  SCORING,
  STANDARD_ORDERS,
  TYPE_LABEL,
} from '../../../games/prosperitea/data.ts';
import type { OrderDef, Rarity, Requirement } from '../../../games/prosperitea/data.ts';

export { BUDGETS, SCORING };

export interface Line {
  /** Ingredient kind, or -1 for "any card of the type". */
  readonly kind: number;
  readonly type: number;
}

export interface OrderCardInfo {
  readonly def: OrderDef;
  readonly lines: readonly Line[];
}

export const KINDS = INGREDIENTS.value.length;
export const TYPES = INGREDIENT_TYPES.length;
export const kindType = (k: number): number => INGREDIENT_TYPES.indexOf(INGREDIENTS.value[k]!.type);
export const kindName = (k: number): string => INGREDIENTS.value[k]?.name ?? `card ${k}`;
export const kindFact = (k: number): string => INGREDIENTS.value[k]?.fact ?? '';
export const kindRarity = (k: number): Rarity => INGREDIENTS.value[k]?.rarity ?? 'common';
export const typeName = (t: number): string => TYPE_LABEL[INGREDIENT_TYPES[t]!];

function lineOf(req: Requirement): Line {
  if ('ingredient' in req) {
    const kind = INGREDIENTS.value.findIndex((d) => d.id === req.ingredient);
    return { kind, type: kindType(kind) };
  }
  return { kind: -1, type: INGREDIENT_TYPES.indexOf(req.anyOf) };
}

/** Specific ingredients first, as the engine assigns them. */
export function linesOf(needs: readonly Requirement[]): Line[] {
  const lines = needs.map(lineOf);
  return [...lines.filter((l) => l.kind >= 0), ...lines.filter((l) => l.kind < 0)];
}

export const ORDER_CARDS: readonly OrderCardInfo[] = [
  ...STANDARD_ORDERS.value,
  ...PREMIUM_ORDERS.value,
].flatMap((def) => Array.from({ length: def.copies }, () => ({ def, lines: linesOf(def.needs) })));

export const EVERGREENS = EVERGREEN_ORDERS.value.map((def) => ({ def, lines: linesOf(def.needs) }));

/** Okabe–Ito hues, a letter and a glyph per ingredient type (never colour alone); inks read at 4.5:1. */
export const TYPE_STYLES: readonly { fill: string; ink: string; glyph: string; letter: string }[] = [
  { fill: '#3d2a1e', ink: '#ffffff', glyph: '■', letter: 'B' },
  { fill: '#009E73', ink: '#1b1b1b', glyph: '▲', letter: 'G' },
  { fill: '#CC79A7', ink: '#1b1b1b', glyph: '✿', letter: 'T' },
  { fill: '#E69F00', ink: '#1b1b1b', glyph: '✦', letter: 'F' },
];

export const RARITY_PIPS: Readonly<Record<Rarity, string>> = { common: '●', uncommon: '●●', rare: '●●●' };

export const PHASE_TEXT: Readonly<Record<string, string>> = {
  draft: 'choose a starting ingredient from the top of a deck',
  source: 'source ingredients with a budget, or advertise',
  fulfil: 'fill orders, or end the turn',
  assign: 'say where each ingredient of the order comes from',
  request: 'answer a co-op request',
  payout: 'sell the filled order or put it on display',
};

/** Prestige on display: the printed display value of each displayed order. */
export const displayedPrestige = (displayed: readonly number[]): number =>
  displayed.reduce((sum, id) => sum + (ORDER_CARDS[id]?.def.prestige ?? 0), 0);
