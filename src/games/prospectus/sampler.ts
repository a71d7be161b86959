/**
 * Drawing what stands behind other seats' screens (prospectus.hidden.resample). A seat's cubes and money
 * follow from the public record (rules/record.ts) once the hidden quantity of each of its transactions
 * is fixed. The sampler replays the record for one seat:
 *
 * 1. Backwards, per potion, it computes the interval of holdings from which every later public fact
 *    can still be met (council sales and exchanges need a cube, a sale needs a cube, a split or bust
 *    needs the revealed count), ignoring money. Each interval is exact because every step maps an
 *    interval onto an interval.
 * 2. Forwards, it picks each hidden quantity uniformly among the values that respect the buy limit in
 *    force, the money available, the cubes owned, and that keep the holdings inside the next interval.
 *    Only money can then make a later step impossible (a purchase that must happen but cannot be
 *    afforded); such a draw is rejected and retried a bounded number of times, the second half of
 *    the tries leaning to the lower half of each purchase range and the upper half of each sale
 *    range (keeping more money for later forced purchases).
 * 3. If every try fails, a deterministic completion is used: the smallest feasible purchase and the
 *    largest feasible sale each time (keeping as much money as possible), clamped to what is
 *    affordable, and holdings set to the revealed counts at splits and busts. It never looks at the
 *    true hidden values.
 *
 * With 'open-trades' screens (the default) every quantity is in the record (a QTY entry after its
 * BUY or SELL) and so is every seat's dividend, so the replay has nothing left to draw: it lands on the
 * one consistent history, which is the true one. With 'hidden-quantities' the quantities are drawn.
 *
 * Approximation: quantities are uniform per step, not weighted by how a player would choose them.
 */
import type { Rng } from '../../core/rng.ts';
import * as dataModule from './data.ts';
import * as recordModule from './rules/record.ts';
import * as stateModule from './state.ts';
import type { ProspectusState, RecordNode } from './state.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { START } = dataModule;
const { pendingTx } = stateModule;
const {
  REC_BOUNTY,
  REC_BUST,
  REC_BUY,
  REC_COUNCIL,
  REC_DIVIDEND,
  REC_DRAFT,
  REC_EXCHANGE,
  REC_QTY,
  REC_SELL,
  REC_SPLIT,
  recordEntries,
} = recordModule;

const INF = 1 << 28;
const TRIES = 24;

export interface SeatDraw {
  money: number;
  cubes: number[];
  /** The quantity limit of the seat's pending transaction (phase 'qty'), or 0. */
  pendingMax: number;
  /** Whether the draw needed the deterministic completion. */
  fallback: boolean;
}

/**
 * The public quantity of each BUY or SELL entry (from the QTY entry that follows it, 'open-trades'
 * screens), or -1 where it is hidden.
 */
function knownQuantities(entries: readonly number[][]): number[] {
  const known = new Array<number>(entries.length).fill(-1);
  for (let k = 0; k + 1 < entries.length; k++) {
    const kind = entries[k]![0];
    const next = entries[k + 1]!;
    if ((kind === REC_BUY || kind === REC_SELL) && next[0] === REC_QTY && next[1] === entries[k]![1])
      known[k] = next[3]!;
  }
  return known;
}

/** The seat's holding of the potion at a dividend whose payments are public, or -1. */
function dividendCount(e: readonly number[], seat: number): number {
  return e.length > 4 && e[3]! > 0 ? e[4 + seat]! / e[3]! : -1;
}

/** Intervals of holdings before each entry: lo/hi[k * 5 + potion], k = entries.length is the end. */
function feasibleIntervals(
  entries: readonly number[][],
  known: readonly number[],
  seat: number,
): { lo: number[]; hi: number[] } {
  const m = entries.length;
  const lo = new Array<number>((m + 1) * 5).fill(0);
  const hi = new Array<number>((m + 1) * 5).fill(INF);
  for (let k = m - 1; k >= 0; k--) {
    const base = k * 5;
    for (let p = 0; p < 5; p++) {
      lo[base + p] = lo[base + 5 + p]!;
      hi[base + p] = hi[base + 5 + p]!;
    }
    const e = entries[k]!;
    const p = e[2]!;
    const a = lo[base + p]!;
    const b = hi[base + p]!;
    switch (e[0]) {
      case REC_DRAFT:
        lo[base + p] = Math.max(0, a - 1);
        hi[base + p] = b - 1;
        break;
      case REC_COUNCIL:
        lo[base + p] = Math.max(1, a + 1);
        hi[base + p] = Math.min(INF, b + 1);
        break;
      case REC_EXCHANGE: {
        lo[base + p] = Math.max(1, a + 1);
        hi[base + p] = Math.min(INF, b + 1);
        const to = e[3]!;
        lo[base + to] = Math.max(0, lo[base + to]! - 1);
        hi[base + to] = hi[base + to]! - 1;
        break;
      }
      case REC_BUY: {
        const n = known[k]!;
        lo[base + p] = Math.max(0, a - (n >= 0 ? n : e[4]!));
        hi[base + p] = b - (n >= 0 ? n : 1);
        break;
      }
      case REC_SELL: {
        const n = known[k]!;
        lo[base + p] = Math.max(1, a + (n >= 0 ? n : 1));
        hi[base + p] = n >= 0 ? Math.min(INF, b + n) : INF;
        break;
      }
      case REC_DIVIDEND: {
        const count = dividendCount(e, seat);
        if (count >= 0) {
          lo[base + p] = count;
          hi[base + p] = count;
        }
        break;
      }
      case REC_SPLIT:
      case REC_BUST:
        lo[base + p] = e[3 + seat]!;
        hi[base + p] = e[3 + seat]!;
        break;
      default:
        break;
    }
  }
  return { lo, hi };
}

/**
 * One forward replay. `rng` null means the deterministic completion, which never fails. Returns null
 * when a random draw reaches an impossible step.
 */
function replay(
  entries: readonly number[][],
  known: readonly number[],
  seat: number,
  lo: readonly number[],
  hi: readonly number[],
  pending: boolean,
  rng: Rng | null,
  lean: boolean,
): SeatDraw | null {
  const h = [0, 0, 0, 0, 0];
  let money: number = START.value.money;
  let pendingMax = 0;
  const last = entries.length - 1;
  for (let k = 0; k <= last; k++) {
    const e = entries[k]!;
    const p = e[2]!;
    const after = (k + 1) * 5 + p;
    switch (e[0]) {
      case REC_DRAFT:
        h[p]! += 1;
        break;
      case REC_COUNCIL:
        if (h[p]! > 0) h[p]! -= 1;
        else if (rng) return null;
        money += e[3]!;
        break;
      case REC_BOUNTY:
        money += e[2]!;
        break;
      case REC_EXCHANGE:
        if (h[p]! > 0) {
          h[p]! -= 1;
          h[e[3]!]! += 1;
        } else if (rng) return null;
        break;
      case REC_BUY: {
        const price = e[3]!;
        const cap = Math.min(e[4]!, Math.floor(money / price));
        if (pending && k === last) {
          if (cap < 1 && rng) return null;
          if (cap < 1) money = price;
          pendingMax = Math.max(1, cap);
          break;
        }
        const bot = Math.max(1, lo[after]! - h[p]!);
        const top = Math.min(cap, hi[after]! - h[p]!);
        let n: number;
        if (known[k]! >= 0) n = known[k]!;
        else if (bot <= top) n = rng ? bot + rng.int((lean ? (top - bot) >> 1 : top - bot) + 1) : bot;
        else if (rng) return null;
        else n = Math.max(0, Math.min(bot, cap));
        h[p]! += n;
        money -= n * price;
        break;
      }
      case REC_SELL: {
        if (pending && k === last) {
          if (h[p]! < 1 && rng) return null;
          if (h[p]! < 1) h[p] = 1;
          pendingMax = h[p]!;
          break;
        }
        const bot = Math.max(1, h[p]! - hi[after]!);
        const top = Math.min(h[p]!, h[p]! - lo[after]!);
        let n: number;
        if (known[k]! >= 0) n = Math.min(known[k]!, h[p]!);
        else if (bot <= top) n = rng ? top - rng.int((lean ? (top - bot) >> 1 : top - bot) + 1) : top;
        else if (rng) return null;
        else n = Math.max(0, Math.min(top, h[p]!));
        h[p]! -= n;
        money += n * e[3]!;
        break;
      }
      case REC_DIVIDEND: {
        const count = dividendCount(e, seat);
        if (count >= 0 && h[p] !== count) {
          if (rng) return null;
          h[p] = count;
        }
        money += h[p]! * e[3]!;
        break;
      }
      case REC_SPLIT:
        if (h[p] !== e[3 + seat]! && rng) return null;
        h[p] = 2 * e[3 + seat]!;
        break;
      case REC_BUST:
        if (h[p] !== e[3 + seat]! && rng) return null;
        h[p] = 0;
        break;
      default:
        break;
    }
  }
  return { money, cubes: h, pendingMax, fallback: rng === null };
}

/** The record entries that concern `seat`: its own moves and the table-wide ones. */
export function entriesFor(all: readonly number[][], seat: number): number[][] {
  return all.filter((e) => e[1] === seat || e[1] === -1);
}

interface SeatPrep {
  entries: number[][];
  known: number[];
  lo: number[];
  hi: number[];
}

function prepare(all: readonly number[][], seat: number): SeatPrep {
  const entries = entriesFor(all, seat);
  const known = knownQuantities(entries);
  return { entries, known, ...feasibleIntervals(entries, known, seat) };
}

function drawPrepared(prep: SeatPrep, seat: number, pending: boolean, rng: Rng): SeatDraw {
  for (let t = 0; t < TRIES; t++) {
    const draw = replay(prep.entries, prep.known, seat, prep.lo, prep.hi, pending, rng, t >= TRIES / 2);
    if (draw) return draw;
  }
  return replay(prep.entries, prep.known, seat, prep.lo, prep.hi, pending, null, false)!;
}

/** A draw of `seat`'s cubes and money consistent with the public record. */
export function drawSeat(all: readonly number[][], seat: number, pending: boolean, rng: Rng): SeatDraw {
  return drawPrepared(prepare(all, seat), seat, pending, rng);
}

/**
 * Search resamples the same state many times; the record is immutable, so its per-seat preparation is
 * memoised on the record node (a pure cache: same node, same result).
 */
const PREPARED = new WeakMap<RecordNode, SeatPrep[]>();

function prepared(record: RecordNode | null, seat: number): SeatPrep {
  if (!record) return prepare([], seat);
  let cached = PREPARED.get(record);
  if (!cached) {
    cached = [];
    PREPARED.set(record, cached);
  }
  let prep = cached[seat];
  if (!prep) {
    const all = recordEntries(record);
    prep = cached[seat] = prepare(all, seat);
  }
  return prep;
}

/**
 * Redraws the cubes and money of every seat except `keep` (the viewer; -1 for a spectator), and the
 * limit of a pending transaction of a redrawn seat, in `s`: a copy the caller owns (`cloneState`).
 * Open screens and a finished game hide nothing.
 */
export function redrawScreens(s: ProspectusState, keep: number, rng: Rng): void {
  if (s.openScreens || s.phase === 'over') return;
  const money = s.money.slice();
  const cubes = s.cubes.slice();
  let tx = s.tx;
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === keep) continue;
    const pending = s.phase === 'qty' && s.tx !== null && s.tx.seat === seat;
    const draw = drawPrepared(prepared(s.record, seat), seat, pending, rng);
    money[seat] = draw.money;
    cubes[seat] = draw.cubes;
    if (pending) tx = pendingTx(seat, tx!.kind, tx!.potion, draw.pendingMax, tx!.then);
  }
  s.money = money;
  s.cubes = cubes;
  s.tx = tx;
}
