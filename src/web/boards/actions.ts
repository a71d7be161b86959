/**
 * Matching legal actions to board elements. A board element declares a pattern (some fields of an
 * action, e.g. `{ t: 'tx', potion: 2 }`) and gets every legal action whose fields equal the
 * pattern's. The board never builds an action itself: it can only hand back one it was given.
 */

export interface ActionRef<A = unknown> {
  readonly action: A;
  readonly label: string;
  /** Position in the legal list (what the fallback list and tests refer to). */
  readonly index: number;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** True when every field of `pattern` equals the same field of `action`. */
export function matchesPattern(action: unknown, pattern: Readonly<Record<string, unknown>>): boolean {
  if (!action || typeof action !== 'object') return false;
  const record = action as Record<string, unknown>;
  return Object.keys(pattern).every((k) => sameValue(record[k], pattern[k]));
}

/** A readable stand-in when the host gave no label: `tx kind=buy potion=2`. */
export function describeAction(action: unknown): string {
  if (!action || typeof action !== 'object') return String(action);
  return Object.entries(action as Record<string, unknown>)
    .map(([k, v], i) => (i === 0 && typeof v === 'string' ? v : `${k}=${JSON.stringify(v)}`))
    .join(' ');
}

export class ActionIndex<A = unknown> {
  readonly all: readonly ActionRef<A>[];

  constructor(legal: readonly A[] | null, labels?: readonly string[]) {
    this.all = (legal ?? []).map((action, index) => ({
      action,
      index,
      label: labels?.[index] ?? describeAction(action),
    }));
  }

  /** Whether the viewer may act at all now. */
  get active(): boolean {
    return this.all.length > 0;
  }

  /** Every legal action matching the pattern, in legal order. */
  pick(pattern: Readonly<Record<string, unknown>>): ActionRef<A>[] {
    return this.all.filter((ref) => matchesPattern(ref.action, pattern));
  }

  /** Legal actions matching any of the patterns (each action once). */
  pickAny(patterns: readonly Readonly<Record<string, unknown>>[]): ActionRef<A>[] {
    return this.all.filter((ref) => patterns.some((p) => matchesPattern(ref.action, p)));
  }

  /** Legal actions accepted by a predicate (for actions keyed by several alternative fields). */
  where(test: (action: A) => boolean): ActionRef<A>[] {
    return this.all.filter((ref) => test(ref.action));
  }
}
