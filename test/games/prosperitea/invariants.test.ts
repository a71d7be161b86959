import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/index.ts';
import { FAVOR_TOKENS } from '../../../src/games/prosperitea/data.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { ORDER_CARDS, fullIngredientDeck } from '../../../src/games/prosperitea/tables.ts';
import { game } from './helpers.ts';

const INGREDIENT_CARDS = [0, 1, 2, 3].reduce((n, t) => n + fullIngredientDeck(t).length, 0);

function check(s: ProsperiteaState) {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const tokens = s.favorReserve + sum(s.shops.map((shop) => shop.favors));
  expect(tokens).toBe(FAVOR_TOKENS.value);
  const cards =
    sum(s.decks.map((d) => d.length)) +
    sum(s.discards.map((d) => d.length)) +
    sum(s.shops.map((shop) => sum(shop.ingredients)));
  expect(cards).toBe(INGREDIENT_CARDS);
  for (const shop of s.shops) for (const n of shop.ingredients) expect(n).toBeGreaterThanOrEqual(0);
  const orders = [
    ...s.market.filter((o): o is number => o !== null),
    ...s.orderDecks.flat(),
    ...s.orderDiscard,
    ...s.shops.flatMap((shop) => shop.displayed),
    ...(s.claimed === null ? [] : [s.claimed]),
  ];
  expect(orders.slice().sort((a, b) => a - b)).toEqual(ORDER_CARDS.map((_, id) => id));
  // A deck is only ever empty when its discard pile is empty too.
  s.decks.forEach((d, t) => {
    if (d.length === 0) expect(s.discards[t]).toEqual([]);
  });
}

describe('prosperitea invariants over random games', () => {
  it('conserves Favor tokens, ingredient cards and order cards at every step', () => {
    for (let g = 0; g < 12; g++) {
      const players = 2 + (g % 5);
      const rng = Rng.fromSeed(`inv-${g}`);
      let s = game.setup(players, `inv-${g}`, {});
      let steps = 0;
      while (game.actors(s).length > 0) {
        check(s);
        const actors = game.actors(s);
        const seat = actors[rng.int(actors.length)]!;
        const legal = game.legalActions(s, seat);
        s = game.applyTrusted(s, seat, legal[rng.int(legal.length)]!).state;
        steps++;
      }
      check(s);
      expect(steps).toBeGreaterThan(50);
      expect(s.orderDecks.some((d) => d.length === 0)).toBe(true);
      expect(game.outcome(s)).not.toBeNull();
    }
  });
});
