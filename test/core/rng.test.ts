import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, seedState } from '../../src/core/index.ts';

describe('Rng (sfc32)', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: string) => {
      const rng = Rng.fromSeed(seed);
      return Array.from({ length: 8 }, () => rng.nextU32());
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('resumes exactly from a stored state', () => {
    const rng = Rng.fromSeed(42);
    rng.nextU32();
    const saved = JSON.parse(JSON.stringify(rng.state()));
    const expected = Array.from({ length: 5 }, () => rng.nextU32());
    const resumed = new Rng(saved);
    expect(Array.from({ length: 5 }, () => resumed.nextU32())).toEqual(expected);
  });

  it('matches the reference sfc32 output for a known state', () => {
    // Reference: sfc32 with a=b=c=0, d=1 (the counter) computed by hand from the algorithm's definition:
    // t = a + b + d = 1; output 1 on the first call.
    const rng = new Rng([0, 0, 0, 1]);
    expect(rng.nextU32()).toBe(1);
  });

  it('int(n) stays in range for any n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.string(), (n, seed) => {
        const rng = Rng.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const x = rng.int(n);
          if (!(Number.isInteger(x) && x >= 0 && x < n)) return false;
        }
        return true;
      }),
    );
  });

  it('int(n) is roughly uniform', () => {
    const rng = Rng.fromSeed('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('shuffle returns a permutation and leaves its input alone', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7]);
    const out = Rng.fromSeed('s').shuffle(input);
    expect([...out].sort()).toEqual([...input]);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses nonsense ranges', () => {
    expect(() => Rng.fromSeed(1).int(0)).toThrow(RangeError);
    expect(() => Rng.fromSeed(1).pick([])).toThrow(RangeError);
  });

  it('seeds from strings and numbers alike', () => {
    expect(seedState(5)).toEqual(seedState('5'));
  });
});
