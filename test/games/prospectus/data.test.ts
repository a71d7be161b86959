import { describe, expect, it } from 'vitest';
import {
  ABILITIES,
  BLOCKERS,
  COUNCIL_PRICES,
  DECK_TOTALS,
  DEFAULT_SPELL_DECK,
  DIVIDEND_BY_SPACE,
  FUTURE_CARDS,
  LIMIT_BY_SPACE,
  PRICE_BY_SPACE,
  SPELLS,
  START,
  TANKS,
} from '../../../src/games/prospectus/data.ts';
import { FROG, GOBLIN, OWL, space } from './helpers.ts';

const sumBy = (f: (card: (typeof FUTURE_CARDS)[number], p: number) => number) =>
  [0, 1, 2, 3, 4].map((p) => FUTURE_CARDS.reduce((sum, card) => sum + f(card, p), 0));

describe('prospectus data: numbers the rulebook prints', () => {
  it('starts every player with $100 and every price at $20', () => {
    expect(START.value.money).toBe(100);
    expect(START.value.price).toBe(20);
    expect(START.value.handSize).toBe(3);
  });

  it('runs prices from $10 to $40 so a split happens above 40 and a bust below 10', () => {
    expect(PRICE_BY_SPACE[0]).toBe(10);
    expect(PRICE_BY_SPACE[PRICE_BY_SPACE.length - 1]).toBe(40);
    expect([...PRICE_BY_SPACE].sort((a, b) => a - b)).toEqual([...PRICE_BY_SPACE]);
  });

  it('lets a $14 potion be bought 4 at a time (Daxton)', () => {
    expect(LIMIT_BY_SPACE[space(14)]).toBe(4);
  });

  it('has a tank paying a $5 dividend (Goblin Wizz) and dearer tanks allowing fewer cubes', () => {
    expect(TANKS.value.some((t) => t.dividend === 5)).toBe(true);
    for (let i = 1; i < TANKS.value.length; i++) {
      expect(TANKS.value[i]!.buyLimit).toBeLessThan(TANKS.value[i - 1]!.buyLimit);
      expect(TANKS.value[i]!.dividend).toBeGreaterThan(TANKS.value[i - 1]!.dividend);
    }
    expect(DIVIDEND_BY_SPACE.length).toBe(PRICE_BY_SPACE.length);
  });

  it('has steps wider than $1 somewhere, as the nudge ability implies', () => {
    const gaps = PRICE_BY_SPACE.slice(1).map((p, i) => p - PRICE_BY_SPACE[i]!);
    expect(Math.max(...gaps)).toBeGreaterThan(1);
  });

  it('has five council prices, the left-most $16, and a $20 space for Caylyn', () => {
    expect(COUNCIL_PRICES.value).toHaveLength(5);
    expect(COUNCIL_PRICES.value[0]).toBe(16);
    expect(COUNCIL_PRICES.value).toContain(20);
  });

  it('has 40 future cards, each with two different demands and one dividend potion', () => {
    expect(FUTURE_CARDS).toHaveLength(40);
    for (const card of FUTURE_CARDS) {
      expect(card.demands[0]).not.toBe(card.demands[1]);
      expect(card.dividend).toBeGreaterThanOrEqual(0);
      expect(card.arrows.every((a) => a === 1 || a === -1)).toBe(true);
    }
    expect(new Set(FUTURE_CARDS.map((c) => c.id)).size).toBe(40);
  });

  it('gives Owl Spit 40 up and 40 down icons, Frog Juice 24 and 24', () => {
    const up = sumBy((c, p) => (c.arrows[p]! > 0 ? c.icons[p]! : 0));
    const down = sumBy((c, p) => (c.arrows[p]! < 0 ? c.icons[p]! : 0));
    expect([up[OWL], down[OWL]]).toEqual([40, 40]);
    expect([up[FROG], down[FROG]]).toEqual([24, 24]);
  });

  it('matches the research note totals: icons, dividends and demands per potion', () => {
    expect(sumBy((c, p) => (c.arrows[p]! > 0 ? c.icons[p]! : 0))).toEqual([40, 36, 32, 28, 24]);
    expect(sumBy((c, p) => (c.arrows[p]! < 0 ? c.icons[p]! : 0))).toEqual([40, 36, 32, 28, 24]);
    expect(sumBy((c, p) => (c.dividend === p ? 1 : 0))).toEqual([4, 6, 8, 10, 12]);
    expect(sumBy((c, p) => c.demands.filter((d) => d === p).length)).toEqual([16, 16, 16, 16, 16]);
    expect(DECK_TOTALS.value.up).toEqual([40, 36, 32, 28, 24]);
  });

  it("includes the rulebook's example card: 3 Owl, 1 Pixie, 1 Goblin, 1 Troll, 2 Frog (8 cubes)", () => {
    const card = FUTURE_CARDS[0]!;
    expect(card.icons).toEqual([3, 1, 1, 1, 2]);
    expect(card.icons.reduce((a, b) => a + b, 0)).toBe(8);
    expect(card.arrows[OWL]).toBe(-1);
    expect(card.arrows[GOBLIN]).toBe(-1);
    expect(card.arrows[FROG]).toBe(1);
  });

  it('has 10 blockers, 8 abilities and 12 known spells with a default deck of 10 distinct ones', () => {
    expect(BLOCKERS.value).toBe(10);
    expect(ABILITIES.value).toHaveLength(8);
    expect(SPELLS.value).toHaveLength(12);
    expect(new Set(DEFAULT_SPELL_DECK.value).size).toBe(10);
  });

  it('gives every table a provenance', () => {
    for (const table of [START, TANKS, COUNCIL_PRICES, BLOCKERS, ABILITIES, SPELLS, DEFAULT_SPELL_DECK])
      expect(table.provenance).toMatch(/^(rulebook|reconstructed):/);
  });
});
