/**
 * Array builders for arrays that end up in a game state.
 *
 * V8 stores a plain array as "packed" or "holey", and the two have different hidden classes. A state
 * field whose arrays are sometimes packed and sometimes holey makes every rule that reads it see two
 * classes: its optimised code is thrown away the first time the other one arrives, and is slower once
 * it handles both. Literals, `slice`, `concat`, `filter` and `push` give packed arrays. Two common
 * builders do not:
 * - `Array.prototype.map` gives a packed array in the interpreter but a holey one once TurboFan has
 *   optimised the function that calls it, so the same line changes its output part-way through a run;
 * - `new Array(n)` and `flatMap` always give holey arrays.
 * These helpers always give packed arrays (test/sim/shapes.test.ts checks every state array).
 *
 * They start from a copy of an empty array rather than from a literal `[]`: V8 remembers, per literal
 * in the source, the most general kind of element ever stored in the arrays it made, and makes later
 * arrays of that literal general from the start. A literal shared by every caller would thus turn a
 * number array into an array of any values (another hidden class) as soon as some caller stored rows
 * or booleans. A copy carries no such memory, so each result's kind follows only its own elements.
 */

/** Never written to: the template the helpers copy. */
const NONE: never[] = [];

/** `xs.map(f)`, packed whatever tier runs it. */
export function mapArray<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = NONE.slice();
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}

/** `[f(0), f(1), …, f(n - 1)]`, packed. */
export function arrayOf<U>(n: number, f: (i: number) => U): U[] {
  const out: U[] = NONE.slice();
  for (let i = 0; i < n; i++) out.push(f(i));
  return out;
}

/** Zeros to copy from: only ever replaced by a longer copy, never written into. */
let zeros: number[] = arrayOf(64, () => 0);

/**
 * `n` copies of the integer `value`, packed. Built by one exact-size copy: `arrayOf` grows its array
 * push by push, which for board-sized arrays made on every turn was a measurable share of a game.
 */
export function filledArray(n: number, value: number): number[] {
  while (zeros.length < n) zeros = zeros.concat(zeros);
  const out = zeros.slice(0, n);
  return value === 0 ? out : out.fill(value);
}

/** Never written to: an empty array already in the general element kind (a copy of `[null]`, emptied). */
const GENERAL: never[] = ([null] as never[]).slice(1);

/**
 * An empty array for a field that will hold records, rows or null. It starts in the element kind
 * those need; a literal `[]` starts as an array of small integers and changes hidden class when its
 * first record arrives, so the field would hold arrays of two classes.
 */
export function emptyList<T>(): T[] {
  return GENERAL.slice();
}
