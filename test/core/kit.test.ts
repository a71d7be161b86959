import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/core/index.ts';
import { secretBid } from '../fixtures/secret-bid.ts';
import { shuffleOrSkip } from '../fixtures/shuffle-or-skip.ts';

describe('conformance kit on the good fixtures', () => {
  it('passes Secret Bid at every player count', () => {
    const report = checkGame(secretBid, { playouts: 10 });
    expect(report.failures).toEqual([]);
    expect(report.actions).toBeGreaterThan(100);
  });

  it('lets events name a public choice that no view keeps, even when it leaves a different hidden deck', () => {
    const report = checkGame(shuffleOrSkip, { playouts: 10 });
    expect(report.failures).toEqual([]);
    expect(report.actions).toBe(2 * 10 * 12);
  });
});
