import { describe, expect, it } from 'vitest';
import { checkGame } from '../../../src/core/conformance.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { optionsSchema } from '../../../src/games/prospectus/state.ts';
import { PROMO } from './decks.ts';

const PROMO_LOOK = [
  'look',
  'move-card',
  'plus-three',
  'reverse',
  'freeze',
  'block',
  'change',
  'pulsa-pugnum',
  'swap-tokens',
  'hourglass',
];

describe('prospectus conformance', () => {
  for (const players of [3, 4]) {
    it(`passes the kit at ${players} players with the default options (open-trades screens) over many seeds`, () => {
      const report = checkGame(prospectus, {
        players: [players],
        playouts: 6,
        leakEvery: 2,
        seed: 'default',
      });
      expect(report.failures).toEqual([]);
      expect(report.actions).toBeGreaterThan(500);
      // A spell draw ends a turn that also draws public future cards; the kit must still compare
      // what others are told of it in worlds they cannot tell apart (before issue 24: 15 of 111 draws).
      const draws = report.coverage['spell-draw']!;
      expect(draws.shown).toBeGreaterThan(100);
      expect(draws.compared).toBeGreaterThanOrEqual(0.9 * draws.shown);
    });
  }

  for (const [name, options] of [
    ['hidden quantities (the harder variant)', { screens: 'hidden-quantities' }],
    ['promo spells (Pulsa Pugnum, Swap)', { spells: PROMO }],
    [
      'promo spells (Pulsa Pugnum, Swap) and hidden quantities',
      { spells: PROMO, screens: 'hidden-quantities' },
    ],
    ['promo spells (Look, Move) and open screens', { spells: PROMO_LOOK, openScreens: true }],
  ] as const) {
    it(`passes the kit with ${name}`, () => {
      const report = checkGame(prospectus, {
        players: [3, 4],
        optionSets: [options],
        playouts: 3,
        leakEvery: 3,
        seed: 'promo',
      });
      expect(report.failures).toEqual([]);
    });
  }

  it('refuses a spell list that is not 10 distinct known spells', () => {
    expect(optionsSchema.safeParse({ spells: ['freeze'] }).success).toBe(false);
    expect(optionsSchema.safeParse({ spells: [...PROMO.slice(0, 9), 'freeze'] }).success).toBe(false);
    expect(optionsSchema.parse({}).spells).toHaveLength(10);
  });
});
