import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/core/index.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

describe('conformance kit on the good fixture', () => {
  it('passes Secret Bid at every player count', () => {
    const report = checkGame(secretBid, { playouts: 10 });
    expect(report.failures).toEqual([]);
    expect(report.actions).toBeGreaterThan(100);
  });
});
