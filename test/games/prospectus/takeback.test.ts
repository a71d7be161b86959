import { describe, expect, it } from 'vitest';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { tallyTakeBacks } from '../takeback-tally.ts';

describe('prospectus: what may be taken back (prospectus.take-back)', () => {
  it('never a spell played (its name is out), always a trade in open-trades screens', () => {
    const tally = tallyTakeBacks(prospectus, 3, 'take-back');
    expect(tally.play!.yes).toBe(0);
    expect(tally.play!.no).toBeGreaterThan(0);
    expect(tally.tx!.yes).toBeGreaterThan(0);
    expect(tally.tx!.no).toBe(0);
    expect(tally.draft!.yes).toBeGreaterThan(0);
  });

  it('with hidden quantities, nothing that touches a screen (it would tell what is behind it)', () => {
    const tally = tallyTakeBacks(prospectus, 3, 'take-back', { screens: 'hidden-quantities' });
    for (const type of ['tx', 'qty', 'council', 'draft']) expect(tally[type]!.yes, type).toBe(0);
  });
});
