import { describe, expect, it } from 'vitest';
import { prosperitea } from '../../../src/games/prosperitea/index.ts';
import { tallyTakeBacks } from '../takeback-tally.ts';

describe('prosperitea: what may be taken back (prosperitea.take-back)', () => {
  const tally = tallyTakeBacks(prosperitea, 3, 'take-back');

  it('never a draw: drafting, sourcing and advertising draw cards', () => {
    for (const type of ['draft', 'source', 'advertise']) {
      expect(tally[type]!.yes, type).toBe(0);
      expect(tally[type]!.no, type).toBeGreaterThan(0);
    }
  });

  it('never a sale or a display, nor an answer to a request (cards change hands in the open)', () => {
    for (const type of ['sell', 'display', 'accept', 'decline']) expect(tally[type]?.yes ?? 0, type).toBe(0);
  });

  it('starting an order and choosing its lines before the requests go out (the secret order)', () => {
    expect(tally.fill!.yes).toBeGreaterThan(0);
    expect(tally.abandon!.yes).toBeGreaterThan(0);
    // The line that completes an order turns the order up: that supply stands.
    expect(tally.supply!.yes).toBeGreaterThan(0);
    expect(tally.supply!.no).toBeGreaterThan(0);
  });
});
