import { describe, expect, it } from 'vitest';
import { act, game, refusedRule, restHeldBy, shop, started } from './helpers.ts';

const total = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

describe('prosperitea sourcing', () => {
  it.each([
    [0, 1],
    [3, 3],
    [5, 4],
  ])(
    'a budget of %i money buys %i cards from the top of one deck (prosperitea.sourcing.budget)',
    (budget, n) => {
      const s = started(3, { shops: [shop({ money: 6 }), shop(), shop()] });
      const top = s.decks[1]!.slice(-n);
      const after = act(s, 0, { type: 'source', deck: 1, budget }).state;
      expect(after.shops[0]!.money).toBe(6 - budget);
      expect(total(after.shops[0]!.ingredients)).toBe(n);
      for (const k of top) expect(after.shops[0]!.ingredients[k]).toBeGreaterThan(0);
      expect(after.decks[1]).toEqual(s.decks[1]!.slice(0, -n));
      expect(after.phase).toBe('fulfil');
    },
  );

  it('refuses a budget the player cannot pay and any amount off the table', () => {
    const s = started(3, { shops: [shop({ money: 4 }), shop(), shop()] });
    expect(refusedRule(s, 0, { type: 'source', deck: 0, budget: 5 })).toBe('prosperitea.sourcing.budget');
    expect(refusedRule(s, 0, { type: 'source', deck: 0, budget: 4 })).toBe('prosperitea.sourcing.budget');
    expect(refusedRule(s, 0, { type: 'source', deck: 7, budget: 0 })).toBe('prosperitea.sourcing.one-deck');
  });

  it('rebuilds an emptied deck from its shuffled discard pile, mid-draw if needed (prosperitea.sourcing.reshuffle)', () => {
    const base = started(3, { shops: [shop({ money: 5 }), shop(), shop()] });
    // The other Black cards are in seat 2's shop.
    const s = restHeldBy(
      {
        ...base,
        decks: [[0, 1], base.decks[1]!, base.decks[2]!, base.decks[3]!],
        discards: [[2, 2, 3, 4], [], [], []],
      },
      2,
    );
    const { state, events } = act(s, 0, { type: 'source', deck: 0, budget: 5 });
    expect(total(state.shops[0]!.ingredients)).toBe(4);
    expect(state.shops[0]!.ingredients[0]).toBe(1);
    expect(state.shops[0]!.ingredients[1]).toBe(1);
    expect(state.decks[0]).toHaveLength(2);
    expect(state.discards[0]).toEqual([]);
    expect(events.some((e) => e.type === 'reshuffle')).toBe(true);
  });

  it('refuses a budget the deck and its discard pile cannot supply (prosperitea.sourcing.deck-size)', () => {
    const base = started(3, { shops: [shop({ money: 5 }), shop(), shop()] });
    const s = {
      ...base,
      decks: [[0, 1], base.decks[1]!, base.decks[2]!, base.decks[3]!],
      discards: [[2], [], [], []],
    };
    expect(refusedRule(s, 0, { type: 'source', deck: 0, budget: 5 })).toBe('prosperitea.sourcing.deck-size');
    expect(game.isLegal(s, 0, { type: 'source', deck: 0, budget: 3 })).toBe(true);
  });

  it('advertising gives 2 money and discards one market order, refilled from its own deck (prosperitea.sourcing.advertise)', () => {
    const s = started(3, { shops: [shop({ money: 1 }), shop(), shop()] });
    const gone = s.market[7]!;
    const next = s.orderDecks[1]!.at(-1)!;
    const after = act(s, 0, { type: 'advertise', slot: 7 }).state;
    expect(after.shops[0]!.money).toBe(3);
    expect(after.market[7]).toBe(next);
    expect(after.orderDiscard).toEqual([gone]);
    expect(after.orderDecks[1]).toHaveLength(s.orderDecks[1]!.length - 1);
    expect(after.orderDecks[0]).toEqual(s.orderDecks[0]);
    expect(after.phase).toBe('fulfil');
    expect(after.shops[0]!.ingredients.every((n) => n === 0)).toBe(true);
  });

  it('refuses advertising an empty slot, and fulfilment actions during sourcing', () => {
    const base = started(3);
    const market = base.market.slice();
    market[2] = null;
    const s = { ...base, market };
    expect(refusedRule(s, 0, { type: 'advertise', slot: 2 })).toBe('prosperitea.sourcing.advertise');
    expect(refusedRule(s, 0, { type: 'advertise', slot: null })).toBe('prosperitea.sourcing.advertise');
    expect(refusedRule(s, 0, { type: 'end' })).toBe('prosperitea.turn.phase');
  });
});
