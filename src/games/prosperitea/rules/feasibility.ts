/**
 * Can the rest of an order still be filled? The answer keeps the step-by-step assignment free of
 * dead ends: a choice is offered only if the order can still be completed after it.
 *
 * Specific requirements can only use their own kind, and "any of a type" lines can use whatever is
 * left of that type, so the number of lines that cards cannot cover is exact without search.
 */
import { KINDS, KIND_TYPE, TYPES } from '../tables.ts';
import type { Req } from '../tables.ts';

const specNeed = new Int32Array(KINDS);
const anyNeed = new Int32Array(TYPES);
const excess = new Int32Array(TYPES);

/** Requirements from index `from` on that the pool (minus one card of kind `minus`) cannot cover. */
export function shortfall(reqs: readonly Req[], from: number, pool: ArrayLike<number>, minus = -1): number {
  specNeed.fill(0);
  anyNeed.fill(0);
  excess.fill(0);
  for (let i = from; i < reqs.length; i++) {
    const r = reqs[i]!;
    if (r.kind >= 0) specNeed[r.kind]! += 1;
    else anyNeed[r.type]! += 1;
  }
  let short = 0;
  for (let k = 0; k < KINDS; k++) {
    const d = (pool[k] as number) - (k === minus ? 1 : 0) - specNeed[k]!;
    if (d < 0) short -= d;
    else excess[KIND_TYPE[k]!]! += d;
  }
  for (let t = 0; t < TYPES; t++) if (anyNeed[t]! > excess[t]!) short += anyNeed[t]! - excess[t]!;
  return short;
}

/** Could the active player's own cards cover at least one of the remaining lines? */
function ownCanCover(reqs: readonly Req[], from: number, own: ArrayLike<number>): boolean {
  for (let i = from; i < reqs.length; i++) {
    const r = reqs[i]!;
    if (r.kind >= 0) {
      if ((own[r.kind] as number) > 0) return true;
    } else {
      for (let k = 0; k < KINDS; k++) if (KIND_TYPE[k] === r.type && (own[k] as number) > 0) return true;
    }
  }
  return false;
}

/**
 * Lines `from..` can be completed with cards from the pool (own + willing-to-be-asked players),
 * the active player's Favor tokens as wildcards, and, when `needOwn`, at least one line supplied
 * by the active player (own card or own Favor token: rule prosperitea.coop.own-share).
 *
 * When `needOwn` and no token is left, a full cover that uses one own card exists as soon as any
 * own card fits a remaining line: swapping which copy covers a line never breaks the cover.
 */
export function completable(
  reqs: readonly Req[],
  from: number,
  own: ArrayLike<number>,
  pool: ArrayLike<number>,
  tokens: number,
  needOwn: boolean,
  minus = -1,
): boolean {
  const short = shortfall(reqs, from, pool, minus);
  if (short > tokens) return false;
  if (!needOwn) return true;
  if (from >= reqs.length) return false;
  if (tokens > 0) return true;
  return ownCanCover(reqs, from, own);
}
