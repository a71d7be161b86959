import { describe, expect, it } from 'vitest';
import { FAVOR_TOKENS, SETUP_TABLE } from '../../../src/games/prosperitea/data.ts';
import { KIND_TYPE } from '../../../src/games/prosperitea/tables.ts';
import { act, game, legal, refusedRule } from './helpers.ts';

describe('prosperitea setup', () => {
  it('shuffles four face-up ingredient decks, lays out 6 Standard + 3 Premium orders and 12 Favor tokens (prosperitea.setup.decks, prosperitea.setup.market, prosperitea.setup.favors)', () => {
    const s = game.setup(4, 'seed-a', {});
    expect(s.decks).toHaveLength(4);
    s.decks.forEach((deck, t) => {
      expect(deck).toHaveLength(18);
      for (const k of deck) expect(KIND_TYPE[k]).toBe(t);
    });
    expect(s.market.slice(0, 6).every((o) => o !== null)).toBe(true);
    expect(s.market.slice(6).every((o) => o !== null)).toBe(true);
    expect(s.orderDecks[0]!.length + 6).toBe(30);
    expect(s.orderDecks[1]!.length + 3).toBe(12);
    expect(s.favorReserve).toBe(FAVOR_TOKENS.value);
    const other = game.setup(4, 'seed-b', {});
    expect(other.decks).not.toEqual(s.decks);
  });

  it('picks the first player at random (prosperitea.setup.first-player)', () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 60; i++) firsts.add(game.setup(5, `first-${i}`, {}).first);
    expect(firsts).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('hands out money and starting-card counts by turn position (prosperitea.setup.resources)', () => {
    for (let players = 2; players <= 6; players++) {
      const s = game.setup(players, `res-${players}`, {});
      for (let pos = 0; pos < players; pos++) {
        const seat = (s.first + pos) % players;
        expect(s.shops[seat]!.money).toBe(SETUP_TABLE.value.money[pos]);
        expect(s.draftLeft[seat]).toBe(SETUP_TABLE.value.ingredients[pos]);
      }
    }
  });

  it('lets players choose starting cards one at a time, in turn order, from the top of any deck (prosperitea.setup.starting-ingredients)', () => {
    let s = game.setup(3, 'draft', {});
    const order: number[] = [];
    expect(s.phase).toBe('draft');
    while (s.phase === 'draft') {
      const seat = s.current;
      order.push((seat - s.first + 3) % 3);
      expect(legal(s, seat).map((a) => a.type)).toEqual(['draft', 'draft', 'draft', 'draft']);
      const top = s.decks[2]!.at(-1)!;
      const before = s.shops[seat]!.ingredients[top]!;
      s = act(s, seat, { type: 'draft', deck: 2 }).state;
      expect(s.shops[seat]!.ingredients[top]).toBe(before + 1);
    }
    // positions 0,1,2 need 1,2,2 cards: round robin skips whoever is done
    expect(order).toEqual([0, 1, 2, 1, 2]);
    expect(s.phase).toBe('source');
    expect(s.current).toBe(s.first);
    expect(s.round).toBe(1);
  });

  it('refuses a draft from an empty deck and out-of-turn drafting', () => {
    const s0 = game.setup(3, 'draft2', {});
    const s = { ...s0, decks: [[], s0.decks[1]!, s0.decks[2]!, s0.decks[3]!] };
    expect(refusedRule(s, s.current, { type: 'draft', deck: 0 })).toBe(
      'prosperitea.setup.starting-ingredients',
    );
    expect(refusedRule(s, (s.current + 1) % 3, { type: 'draft', deck: 1 })).toBe('core.turn');
  });
});
