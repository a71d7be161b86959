import { describe, expect, it } from 'vitest';
import { arrayOf, mapArray } from '../../src/core/arrays.ts';

// Whether the arrays are packed is V8's business: test/sim/shapes.test.ts asks V8 about every state.
describe('array builders', () => {
  it('mapArray maps like Array.prototype.map, passing the index', () => {
    expect(mapArray([3, 1, 2], (x, i) => x * 10 + i)).toEqual([30, 11, 22]);
    expect(mapArray([], (x: number) => x)).toEqual([]);
  });

  it('arrayOf builds f(0) … f(n - 1)', () => {
    expect(arrayOf(4, (i) => i * i)).toEqual([0, 1, 4, 9]);
    expect(arrayOf(0, () => 1)).toEqual([]);
  });

  it('gives a new array every call, so a caller may write into it', () => {
    const a = arrayOf(2, () => 0);
    const b = arrayOf(2, () => 0);
    a[0] = 5;
    expect(b).toEqual([0, 0]);
    expect(mapArray(a, (x) => x)).not.toBe(a);
  });
});
