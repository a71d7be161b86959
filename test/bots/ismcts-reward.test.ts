import { describe, expect, it } from 'vitest';
import { outcomeReward, standingReward } from '../../src/bots/ismcts-search.ts';

describe('ismcts rewards', () => {
  it('gives a sole winner the win and everyone the normalised score margin', () => {
    const r = outcomeReward({ scores: [10, 30, 20], ranks: [3, 1, 2] }, 0.1, []);
    expect(r[0]).toBeCloseTo(0);
    expect(r[1]).toBeCloseTo(0.9 + 0.1);
    expect(r[2]).toBeCloseTo(0.05);
  });

  it('splits a shared first place and gives equal scores the middle margin', () => {
    const r = outcomeReward({ scores: [5, 5, 5, 5], ranks: [1, 1, 1, 1] }, 0.2, []);
    for (const v of r) expect(v).toBeCloseTo(0.8 / 4 + 0.2 * 0.5);
    const two = outcomeReward({ scores: [7, 7, 1], ranks: [1, 1, 3] }, 0, []);
    expect(two).toEqual([0.5, 0.5, 0]);
  });

  it('scores a cut-off by the standing the evaluation gives', () => {
    const r = standingReward([0.8, 1, 0.9, 0.6], 0.1, []);
    expect(r[1]).toBeCloseTo(1);
    expect(r[3]).toBeCloseTo(0);
    expect(r[0]).toBeCloseTo(0.1 * 0.5);
    expect(r[2]! > r[0]!).toBe(true);
  });

  it('reuses the output buffer without keeping stale seats', () => {
    const out = [9, 9, 9, 9, 9];
    expect(outcomeReward({ scores: [1, 2], ranks: [2, 1] }, 0, out)).toEqual([0, 1]);
  });
});
