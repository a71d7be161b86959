/**
 * The smallest and largest of `values` in one pass ([NaN, NaN] when empty). `Math.min(...values)`
 * passes every value as an argument and overflows the stack at about 125,000 values, so no
 * simulation figure goes through a spread.
 */
export function extent(values: readonly number[]): [min: number, max: number] {
  if (values.length === 0) return [Number.NaN, Number.NaN];
  let min = values[0]!;
  let max = min;
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}
