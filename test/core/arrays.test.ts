import { describe, expect, it } from 'vitest';
import { arrayOf, emptyList, filledArray, mapArray } from '../../src/core/arrays.ts';

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

  it('filledArray gives n copies of a value, at any length, in a fresh array', () => {
    expect(filledArray(3, 0)).toEqual([0, 0, 0]);
    expect(filledArray(2, -1)).toEqual([-1, -1]);
    expect(filledArray(0, 7)).toEqual([]);
    const long = filledArray(200, 5);
    expect(long).toHaveLength(200);
    expect(long.every((x) => x === 5)).toBe(true);
    long[0] = 9;
    expect(filledArray(200, 0).every((x) => x === 0)).toBe(true);
    expect(filledArray(1, 0)).toEqual([0]);
  });

  it('emptyList gives a fresh empty array every call', () => {
    const a = emptyList<{ x: number }>();
    a.push({ x: 1 });
    expect(emptyList()).toEqual([]);
    expect(emptyList()).not.toBe(emptyList());
  });
});
