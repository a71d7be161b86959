import { describe, expect, it } from 'vitest';
import * as data from '../../../src/games/prosperitea/data.ts';
import {
  ADVERTISE_MONEY,
  BUDGETS,
  COPIES_BY_RARITY,
  EVERGREEN_ORDERS,
  FAVOR_TOKENS,
  INGREDIENTS,
  MARKET,
  PAYOUT_RULE,
  PREMIUM_ORDERS,
  RARITY_COST,
  SCORING,
  SETUP_TABLE,
  STANDARD_ORDERS,
} from '../../../src/games/prosperitea/data.ts';
import type { OrderDef } from '../../../src/games/prosperitea/data.ts';

describe('prosperitea data: rulebook numbers', () => {
  it('pins the setup table by turn position (prosperitea.setup.resources)', () => {
    expect(SETUP_TABLE.value.money).toEqual([3, 2, 2, 1, 1, 0]);
    expect(SETUP_TABLE.value.ingredients).toEqual([1, 2, 2, 3, 3, 4]);
  });
  it('pins the budgets (prosperitea.sourcing.budget)', () => {
    expect(BUDGETS.value).toEqual([
      { money: 0, cards: 1 },
      { money: 3, cards: 3 },
      { money: 5, cards: 4 },
    ]);
  });
  it('pins advertising, Favor tokens, the market layout and scoring', () => {
    expect(ADVERTISE_MONEY.value).toBe(2);
    expect(FAVOR_TOKENS.value).toBe(12);
    expect(MARKET.value).toEqual({ standardRows: 2, perRow: 3, premium: 3 });
    expect(SCORING.value).toEqual({ perFavor: 1, moneyPerPrestige: 5 });
  });
  it('gives every exported table a provenance', () => {
    for (const [name, value] of Object.entries(data)) {
      if (value && typeof value === 'object' && 'value' in value) {
        const provenance = (value as { provenance?: unknown }).provenance;
        expect(typeof provenance, name).toBe('string');
        expect(provenance as string, name).toMatch(/^(rulebook|reconstructed): /);
      }
    }
  });
});

describe('prosperitea data: reconstructed cards', () => {
  const ids = new Set(INGREDIENTS.value.map((i) => i.id));
  const cost = (o: { needs: OrderDef['needs'] }) =>
    o.needs.reduce(
      (sum, r) =>
        sum +
        ('ingredient' in r
          ? RARITY_COST.value[INGREDIENTS.value.find((i) => i.id === r.ingredient)!.rarity]
          : RARITY_COST.value.any),
      0,
    );

  it('has five named ingredients per type, unique, with rarer ones having fewer copies', () => {
    expect(ids.size).toBe(INGREDIENTS.value.length);
    for (const type of data.INGREDIENT_TYPES) {
      expect(INGREDIENTS.value.filter((i) => i.type === type)).toHaveLength(5);
    }
    expect(COPIES_BY_RARITY.value.common).toBeGreaterThan(COPIES_BY_RARITY.value.uncommon);
    expect(COPIES_BY_RARITY.value.uncommon).toBeGreaterThan(COPIES_BY_RARITY.value.rare);
  });

  it('only asks for ingredients that exist', () => {
    for (const o of [...STANDARD_ORDERS.value, ...PREMIUM_ORDERS.value, ...EVERGREEN_ORDERS.value]) {
      for (const r of o.needs) if ('ingredient' in r) expect(ids.has(r.ingredient), o.name).toBe(true);
    }
  });

  it('prices every order by the documented payout rule', () => {
    for (const o of [...STANDARD_ORDERS.value, ...PREMIUM_ORDERS.value]) {
      const rule = PAYOUT_RULE.value[o.tier];
      expect(o.money, o.name).toBe(cost(o) + rule.moneyPlus);
      expect(o.prestige, o.name).toBe(cost(o) + rule.prestigePlus);
    }
  });

  it('makes Premium orders bigger and better paid than Standard ones', () => {
    const avg = (list: readonly OrderDef[], f: (o: OrderDef) => number) =>
      list.reduce((s, o) => s + f(o), 0) / list.length;
    expect(avg(PREMIUM_ORDERS.value, (o) => o.needs.length)).toBeGreaterThan(
      avg(STANDARD_ORDERS.value, (o) => o.needs.length),
    );
    expect(avg(PREMIUM_ORDERS.value, (o) => o.prestige)).toBeGreaterThan(
      avg(STANDARD_ORDERS.value, (o) => o.prestige) * 2,
    );
    expect(new Set(STANDARD_ORDERS.value.map((o) => o.name)).size).toBe(STANDARD_ORDERS.value.length);
  });

  it('keeps Evergreen orders money-only and small', () => {
    for (const e of EVERGREEN_ORDERS.value) {
      expect(e).not.toHaveProperty('prestige');
      expect(e.money).toBeLessThanOrEqual(3);
    }
  });
});
