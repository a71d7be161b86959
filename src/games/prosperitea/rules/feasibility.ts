/**
 * Can the rest of an order still be filled? The answer keeps the step-by-step assignment free of
 * dead ends: a choice is offered only if the order can still be completed after it.
 *
 * Specific requirements can only use their own kind, and "any of a type" lines can use whatever is
 * left of that type, so the number of lines that cards cannot cover is exact without search.
 * Each suffix of an order's ingredient list is compiled once into a plan, so that the hot path
 * only touches the kinds the order cares about.
 */
import type { Plan } from '../tables.ts';

/** Lines of the plan that the pool (minus one card of kind `minus`) cannot cover. */
export function shortfall(plan: Plan, pool: readonly number[], minus = -1): number {
  let short = 0;
  for (let i = 0; i < plan.specKinds.length; i++) {
    const k = plan.specKinds[i]!;
    const d = pool[k]! - (k === minus ? 1 : 0) - plan.specCounts[i]!;
    if (d < 0) short -= d;
  }
  for (const line of plan.anys) {
    let spare = 0;
    for (let i = 0; i < line.kinds.length; i++) {
      const k = line.kinds[i]!;
      const e = pool[k]! - (k === minus ? 1 : 0) - line.reserved[i]!;
      if (e > 0) spare += e;
    }
    if (line.count > spare) short += line.count - spare;
  }
  return short;
}

/** Could the active player's own cards cover at least one of the remaining lines? */
function ownCanCover(plan: Plan, own: readonly number[]): boolean {
  for (const k of plan.specKinds) if (own[k]! > 0) return true;
  for (const line of plan.anys) for (const k of line.kinds) if (own[k]! > 0) return true;
  return false;
}

/**
 * The lines of a plan can be completed with cards from the pool (own + willing-to-be-asked players),
 * the active player's Favor tokens as wildcards, and, when `needOwn`, at least one line supplied
 * by the active player (own card or own Favor token: rule prosperitea.coop.own-share).
 *
 * When `needOwn` and no token is left, a full cover that uses one own card exists as soon as any
 * own card fits a remaining line: swapping which copy covers a line never breaks the cover.
 */
export function completable(
  plan: Plan,
  own: readonly number[],
  pool: readonly number[],
  tokens: number,
  needOwn: boolean,
  minus = -1,
): boolean {
  if (shortfall(plan, pool, minus) > tokens) return false;
  if (!needOwn) return true;
  if (plan.lines === 0) return false;
  if (tokens > 0) return true;
  return ownCanCover(plan, own);
}
