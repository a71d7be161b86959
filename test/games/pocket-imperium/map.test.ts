import { describe, expect, it } from 'vitest';
import { GEOMETRY, buildBoard, sectorSpaces } from '../../../src/games/pocket-imperium/map.ts';
import * as data from '../../../src/games/pocket-imperium/data.ts';
import { FIXED_CARDS, TRI, at, game } from './helpers.ts';

const full = GEOMETRY['classic-3x3'];
const small = GEOMETRY['variant-3x2'];

describe('pocket-imperium.map.grid — the classic 3×3 map', () => {
  it('has 47 playable spaces, 16 level-I and 8 level-II systems and one Tri-Prime, whatever the deal', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const state = game.setup(3, seed, game.optionsSchema.parse({}));
      expect(state.level.length).toBe(47);
      expect(state.level.filter((l) => l === 1).length).toBe(16);
      expect(state.level.filter((l) => l === 2).length).toBe(8);
      expect(state.level.filter((l) => l === 3).length).toBe(1);
    }
  });

  it('pocket-imperium.map.tri-prime: Tri-Prime covers four cells and has the 10 published neighbours', () => {
    expect(at(3, 2)).toBe(TRI);
    expect(at(4, 2)).toBe(TRI);
    expect(at(4, 3)).toBe(TRI);
    expect(at(5, 2)).toBe(TRI);
    const published = [
      [2, 2],
      [2, 3],
      [3, 1],
      [3, 3],
      [4, 1],
      [4, 4],
      [5, 1],
      [5, 3],
      [6, 2],
      [6, 3],
    ].map(([r, c]) => at(r!, c!));
    expect([...full.neighbours[TRI]!].sort((a, b) => a - b)).toEqual(published.sort((a, b) => a - b));
  });

  it('uses offset adjacency: even rows touch c−1 and c above and below, odd rows c and c+1', () => {
    expect([...full.neighbours[at(0, 0)]!].sort((a, b) => a - b)).toEqual(
      [at(0, 1), at(1, 0)].sort((a, b) => a - b),
    );
    expect(new Set(full.neighbours[at(1, 0)])).toEqual(
      new Set([at(1, 1), at(0, 0), at(0, 1), at(2, 0), at(2, 1)]),
    );
    expect(new Set(full.neighbours[at(2, 3)])).toEqual(
      new Set([at(2, 2), at(2, 4), at(1, 2), at(1, 3), at(3, 2), at(3, 3)]),
    );
    full.neighbours.forEach((list, a) => list.forEach((b) => expect(full.neighbours[b]).toContain(a)));
  });

  it('pocket-imperium.map.sectors: 8 sectors of 3 systems (two level I, one level II); 8 hexes between cards', () => {
    const state = game.setup(3, 'sectors', game.optionsSchema.parse({}));
    const sectors = sectorSpaces(state.sector, 8);
    sectors.forEach((spaces, s) => {
      const levels = spaces
        .map((h) => state.level[h]!)
        .filter((l) => l > 0)
        .sort();
      expect(levels).toEqual([1, 1, 2]);
      expect(spaces.length).toBe(s === 3 || s === 4 ? 4 : 5);
    });
    const between = [1, 3, 5, 7].flatMap((r) => [at(r, 1), at(r, 3)]);
    for (const h of between) {
      expect(state.sector[h]).toBe(-1);
      expect(state.level[h]).toBe(0);
    }
    expect(state.sector.filter((s) => s < 0).length).toBe(9); // the 8 between-hexes and Tri-Prime
  });

  it('places card systems as the research table says, bottom cards turned 180°', () => {
    const { level } = buildBoard('classic-3x3', FIXED_CARDS);
    // T1 top-left: II at (0,0), I at (1,0) and (2,1).
    expect([level[at(0, 0)], level[at(1, 0)], level[at(2, 1)]]).toEqual([2, 1, 1]);
    // T4 bottom-left (turned): II at card (1,0) → (7,0); I at card (2,0) → (6,1) and (2,1) → (6,0).
    expect([level[at(7, 0)], level[at(6, 1)], level[at(6, 0)]]).toEqual([2, 1, 1]);
    // S1 left: II at (3,0), I at (4,0) and (5,0).
    expect([level[at(3, 0)], level[at(4, 0)], level[at(5, 0)]]).toEqual([2, 1, 1]);
  });

  it('pocket-imperium.map.shuffle: cards are dealt at random, edge cards to edge places, side cards to sides', () => {
    const deals = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const state = game.setup(3, `deal${i}`, game.optionsSchema.parse({}));
      deals.add(state.cards.join(','));
      expect(state.cards.slice(3, 5).sort()).toEqual(['S1', 'S2']);
      expect([...state.cards.slice(0, 3), ...state.cards.slice(5)].sort()).toEqual([
        'T1',
        'T2',
        'T3',
        'T4',
        'T5',
        'T6',
      ]);
    }
    expect(deals.size).toBeGreaterThan(10);
  });
});

describe('pocket-imperium.map.two-player — the 3×2 variant', () => {
  it('drops the bottom row of cards: 30 spaces, 5 sectors, 10 level-I and 5 level-II systems', () => {
    const state = game.setup(2, 'two', game.optionsSchema.parse({}));
    expect(state.layout).toBe('variant-3x2');
    expect(state.level.length).toBe(30);
    expect(state.level.filter((l) => l === 1).length).toBe(10);
    expect(state.level.filter((l) => l === 2).length).toBe(5);
    expect(state.cards.length).toBe(5);
    expect(small.neighbours[small.triPrime]!.length).toBe(8);
  });
});

describe('data provenance', () => {
  it('every table states where its values come from', () => {
    for (const text of [
      data.COMMAND_PROVENANCE,
      data.LEVEL_VP_PROVENANCE,
      data.SUSTAIN_PROVENANCE,
      data.STRENGTH_PROVENANCE,
      data.PROSPERITY_VP_PROVENANCE,
      data.SECTOR_CARDS_PROVENANCE,
      data.NEUTRAL_PROVENANCE,
      data.PROSPERITY_PROVENANCE,
      data.MAP_LAYOUTS['classic-3x3'].provenance,
      data.MAP_LAYOUTS['variant-3x2'].provenance,
      data.PRESETS.boxed.provenance,
      data.PRESETS.classic.provenance,
    ])
      expect(text).toMatch(/^(rulebook|research|reconstructed):/);
  });

  it('pocket-imperium.prosperity.cards: 12 cards, 3 per requirement, each command 4 times in every slot', () => {
    expect(data.PROSPERITY_CARDS.length).toBe(12);
    for (const req of ['tri-prime', 'level-1', 'level-2', 'largest-fleet'])
      expect(data.PROSPERITY_CARDS.filter((c) => c.requirement === req).length).toBe(3);
    for (let slot = 0; slot < 3; slot++)
      for (let cmd = 0; cmd < 3; cmd++)
        expect(data.PROSPERITY_CARDS.filter((c) => c.slots[slot] === cmd).length).toBe(4);
  });
});
