import { describe, expect, it } from 'vitest';
import { pocketImperium } from '../../../src/games/pocket-imperium/index.ts';
import { tallyTakeBacks } from '../takeback-tally.ts';

describe('pocket imperium: what may be taken back (pocket-imperium.take-back)', () => {
  const tally = tallyTakeBacks(pocketImperium, 3, 'take-back');

  it('a plan while others still plan, but never the last plan (it reveals the first slot)', () => {
    expect(tally.plan!.yes).toBeGreaterThan(0);
    expect(tally.plan!.no).toBeGreaterThan(0);
  });

  it('every Expand, Explore and Exterminate step that turns no card up', () => {
    for (const type of ['expand', 'fleet', 'move', 'target', 'attack'])
      expect(tally[type]!.yes, type).toBeGreaterThan(0);
    expect(tally.fleet!.no).toBe(0);
    expect(tally.target!.no).toBe(0);
  });
});
