/**
 * Bounds on JSON that arrives from outside (a client's message, a request body, a script). Every
 * recursive walk in the engine and its schemas (zod, `stableStringify`, `JSON.stringify`, a game's
 * action check) overflows the stack somewhere between one and a few thousand levels, and a stack
 * overflow is a `RangeError` thrown wherever the walk happens to be. So input is measured first,
 * by a walk that keeps its own stack and never recurses, and refused when it is too deep or too big.
 */

export interface JsonBounds {
  /** Deepest nesting: a scalar at the top is depth 0, `[]` and `{}` are depth 1. */
  readonly maxDepth: number;
  /** Most values in all (containers, keys' values and scalars, the top one included). */
  readonly maxNodes: number;
}

/**
 * Why `value` is not plain JSON within `bounds` (a short sentence for the sender), or null when it
 * is. Plain JSON: null, booleans, finite numbers, strings, arrays, and objects whose prototype is
 * `Object.prototype` or null (what `JSON.parse` makes). Iterative, and it stops at the first problem.
 */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (++nodes > bounds.maxNodes) return `more than ${bounds.maxNodes} values`;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'a number that is not finite';
      continue;
    }
    if (v === undefined) return 'a value is missing';
    if (typeof v !== 'object') return `a ${typeof v}, which JSON cannot hold`;
    if (depth + 1 > bounds.maxDepth) return `nested more than ${bounds.maxDepth} levels deep`;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth: depth + 1 });
      continue;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return 'an object that is not plain data';
    for (const key of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[key];
      // Absent in JSON once written; `JSON.stringify` drops such keys, so they are not values.
      if (child !== undefined) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
