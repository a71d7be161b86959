import { describe, expect, it } from 'vitest';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { BLOCKED, OPEN } from '../../../src/games/prospectus/state.ts';
import { ABILITY_INDEX, PRICE_BY_SPACE } from '../../../src/games/prospectus/data.ts';
import { afterDraft, fresh, legal, act } from './helpers.ts';

describe('prospectus.setup', () => {
  it('prospectus.setup.money and prospectus.setup.prices: $100 each, every potion at $20', () => {
    const s = fresh(3);
    expect(s.money).toEqual([100, 100, 100]);
    expect(s.prices.map((p) => PRICE_BY_SPACE[p])).toEqual([20, 20, 20, 20, 20]);
  });

  it('prospectus.setup.spells: 3 players keep all 10 spells, hands of 3', () => {
    const s = fresh(3);
    expect(s.removed).toEqual([]);
    for (let seat = 0; seat < 3; seat++) {
      expect(s.hands[seat]).toHaveLength(3);
      expect(s.hands[seat]!.length + s.draws[seat]!.length).toBe(10);
    }
  });

  it('prospectus.setup.spells: 4 players remove the same two random spells from every deck', () => {
    const removedSets = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const s = fresh(4, seed);
      expect(s.removed).toHaveLength(2);
      removedSets.add(JSON.stringify([...s.removed].sort()));
      for (let seat = 0; seat < 4; seat++) {
        const cards = [...s.hands[seat]!, ...s.draws[seat]!];
        expect(cards).toHaveLength(8);
        for (const r of s.removed) expect(cards).not.toContain(r);
      }
    }
    expect(removedSets.size).toBeGreaterThan(1);
  });

  it('prospectus.setup.spells: at 4 players the two removed spells start in every player’s own discard pile, where Recall can reach them', () => {
    const s = fresh(4, 'removed');
    for (let seat = 0; seat < 4; seat++) {
      expect([...s.discards[seat]!].sort()).toEqual([...s.removed].sort());
      const all = [...s.hands[seat]!, ...s.draws[seat]!, ...s.discards[seat]!].sort((a, b) => a - b);
      expect(all).toEqual([...s.deck].sort((a, b) => a - b));
    }
    expect(fresh(3).discards).toEqual([[], [], []]);
    // The first Recall of the game can already take a removed spell back.
    const t = afterDraft(4, 'removed');
    const recall = { ...t, phase: 'ability' as const, active: 0, ability: ABILITY_INDEX.recall };
    const options = legal(recall, 0).filter((a) => a.t === 'recall');
    expect(new Set(options.map((a) => (a.t === 'recall' ? a.take : -1)))).toEqual(new Set(t.removed));
  });

  it('prospectus.setup.track and prospectus.setup.blockers: 4 players fill five spaces, all but the left-most card blocked', () => {
    const s = fresh(4);
    expect(s.track.every((c) => c >= 0)).toBe(true);
    expect(s.dem.slice(0, 2)).toEqual([OPEN, OPEN]);
    expect(s.dem.slice(2).every((d) => d === BLOCKED)).toBe(true);
  });

  it('prospectus.setup.track and prospectus.setup.blockers: 3 players leave the $16 space empty and open the $18 card', () => {
    const s = fresh(3);
    expect(s.track[0]).toBe(-1);
    expect(s.track.slice(1).every((c) => c >= 0)).toBe(true);
    expect(s.dem.slice(2, 4)).toEqual([OPEN, OPEN]);
    expect(s.dem.slice(4).every((d) => d === BLOCKED)).toBe(true);
    expect(s.future).toHaveLength(36);
  });

  it('prospectus.setup.abilities: five distinct tokens on the potions, three aside', () => {
    const s = fresh(4);
    expect(new Set([...s.abilities, ...s.aside]).size).toBe(8);
    expect(s.abilities).toHaveLength(5);
  });

  it('prospectus.setup.draft: 25 cubes dropped, players take emerged cubes in turn until each has 3', () => {
    const s = fresh(3, 'draft');
    const total = s.ball.reduce((a, b) => a + b, 0) + s.draftPool.reduce((a, b) => a + b, 0);
    expect(total).toBe(25);
    expect(s.draftPool.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(9);
    const order: number[] = [];
    let t = s;
    while (t.phase === 'draft') {
      const seat = prospectus.actors(t)[0]!;
      order.push(seat);
      t = act(t, legal(t, seat)[0]!, seat).state;
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(t.cubes.map((row) => row.reduce((a, b) => a + b, 0))).toEqual([3, 3, 3]);
    expect(t.draftPool).toEqual([0, 0, 0, 0, 0]);
  });

  it('prospectus.setup.draft: only colours that emerged can be drafted', () => {
    const s = fresh(4, 'draft-colours');
    const offered = legal(s, 0).map((a) => (a.t === 'draft' ? a.potion : -1));
    expect(offered).toEqual([0, 1, 2, 3, 4].filter((p) => s.draftPool[p]! > 0));
  });

  it('the game begins with the start player (seat 0) after the draft', () => {
    const s = afterDraft(4);
    expect(s.active).toBe(0);
    expect(prospectus.actors(s)).toEqual([0]);
  });
});
