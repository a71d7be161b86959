/**
 * The public record of everything that crossed a screen in sight of the table (prospectus.hidden.screens).
 * With screens closed, the totals behind a seat's screen are not shown, but the table sees which colour
 * went in or out, at what price and under which buy limit, and the split/bust counts; with the default
 * 'open-trades' screens it also sees each trade's quantity and amount and each seat's dividend. The
 * resampler replays this record to draw opponents' holdings consistent with it. Entries are appended to
 * a persistent linked list (newest first) so perform() shares the whole history with the previous
 * state and pays O(1). With open screens nothing is hidden and nothing is recorded.
 */
import type { RecordNode } from '../state.ts';
import type { Work } from './work.ts';

/** [DRAFT, seat, potion]: a cube drafted from the crystal ball. */
export const REC_DRAFT = 0;
/** [COUNCIL, seat, potion, price]: a cube sold to the council (any kind of council sale). */
export const REC_COUNCIL = 1;
/** [BOUNTY, seat, dollars]: a fixed sum from the bank. */
export const REC_BOUNTY = 2;
/** [EXCHANGE, seat, from, to]: one cube swapped with the supply. */
export const REC_EXCHANGE = 3;
/** [BUY, seat, potion, price, limit]: a purchase of a hidden quantity 1..limit (money permitting). */
export const REC_BUY = 4;
/** [SELL, seat, potion, price]: a sale of a hidden quantity, at least one cube. */
export const REC_SELL = 5;
/**
 * [DIVIDEND, -1, potion, perCube]: every owner paid per cube; with 'open-trades' screens followed by
 * what each seat was paid ([DIVIDEND, -1, potion, perCube, paid to seat 0, paid to seat 1, …]).
 */
export const REC_DIVIDEND = 6;
/** [SPLIT, -1, potion, count of seat 0, count of seat 1, …]: counts revealed, holdings double. */
export const REC_SPLIT = 7;
/** [BUST, -1, potion, counts…]: counts revealed, holdings lost. */
export const REC_BUST = 8;
/**
 * [QTY, seat, potion, n, amount]: with 'open-trades' screens, the quantity and amount of the seat's
 * transaction recorded just before (a BUY or SELL entry of the same seat).
 */
export const REC_QTY = 9;

export const REC_NAMES = [
  'draft',
  'council',
  'bounty',
  'exchange',
  'buy',
  'sell',
  'dividend',
  'split',
  'bust',
  'quantity',
] as const;

/** Appends one public entry (only when screens hide holdings). */
export function note(w: Work, entry: number[]): void {
  if (w.s.openScreens) return;
  w.s.record = { e: entry, up: w.s.record };
}

/** The record oldest first. */
export function recordEntries(node: RecordNode | null): number[][] {
  const out: number[][] = [];
  for (let at = node; at; at = at.up) out.push(at.e);
  return out.reverse();
}
