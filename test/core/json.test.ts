import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, hashJson, jsonEqual, stableStringify } from '../../src/core/index.ts';

describe('stable JSON', () => {
  it('does not depend on key order', () => {
    expect(stableStringify({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(hashJson({ x: 1, y: 2 })).toBe(hashJson({ y: 2, x: 1 }));
  });

  it('round-trips any JSON value through JSON.parse', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonEqual(JSON.parse(stableStringify(v)), v)));
  });

  it('hashes different values differently', () => {
    expect(hashJson({ a: 1 })).not.toBe(hashJson({ a: 2 }));
    expect(hashJson([1, 2])).not.toBe(hashJson([2, 1]));
    expect(hashJson('x')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('deepFreeze freezes nested data', () => {
    const v = deepFreeze({ a: { b: [1, 2] } });
    expect(Object.isFrozen(v.a.b)).toBe(true);
    expect(() => (v.a.b as number[]).push(3)).toThrow(TypeError);
  });
});
