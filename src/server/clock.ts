/**
 * Clock readings, derived only from stored facts (the match's start time, each action's time and
 * the actors after it, and when bots took seats over or gave them back), so a restarted server
 * reads the same clocks from the log, and arms its timers on the same deadlines.
 *
 * A seat a bot plays (taken over) has a frozen clock: it neither runs nor changes until its player
 * reclaims the seat. A seat frozen because its time ran out reads 0.
 */
import type { ClockReading, ClockSettings } from '../protocol/index.ts';

export interface Clocks {
  /** Remaining time of each seat when its clock last stopped or started. */
  readonly remainingMs: readonly number[];
  /** When each running clock started; null for stopped ones. */
  readonly since: readonly (number | null)[];
}

type Timed = Exclude<ClockSettings, { kind: 'none' }>;

/** No seat frozen. */
const NONE_FROZEN: readonly boolean[] = [];

/** Clocks at the start of a match: the first actors' clocks run. */
export function startClocks(
  settings: ClockSettings,
  players: number,
  at: number,
  actors: readonly number[],
): Clocks | null {
  if (settings.kind === 'none') return null;
  const full = settings.kind === 'realtime' ? settings.baseMs : settings.perMoveMs;
  return {
    remainingMs: Array.from({ length: players }, () => full),
    since: Array.from({ length: players }, (_, s) => (actors.includes(s) ? at : null)),
  };
}

/**
 * After `seat` acted at `at`: its time is charged (and, real time, the increment added); seats
 * that stopped being actors stop their clocks, seats that became actors start theirs. Turn-based
 * clocks give each new move (a seat becoming an actor, or acting and still being one) a full
 * allowance. Frozen seats (played by a bot) are left exactly as they are.
 */
export function advanceClocks(
  settings: ClockSettings,
  clocks: Clocks | null,
  seat: number,
  at: number,
  actorsAfter: readonly number[],
  frozen: readonly boolean[] = NONE_FROZEN,
): Clocks | null {
  if (settings.kind === 'none') return null;
  return walkClocks(clocks, at, actorsAfter, frozen, (s, left, ran, running, acts) => {
    let next = left - ran;
    if (s === seat) next = afterMove(settings, next);
    return acts && (s === seat || !running) ? startMove(settings, next) : next;
  });
}

/**
 * After `seat` took back its last action at `at`. Time spent is never refunded, to anyone: running
 * clocks are charged up to `at` as after an action. The taker goes on from what it had when it made
 * the move it took back (`takerAtMove`), less whatever its clock ran since: the increment or the new
 * turn allowance that move earned is gone with it, so a move and its take-back never add time.
 * Seats that stop acting stop their clocks; seats other than the taker that become actors start a
 * move as after an action. Frozen seats (played by a bot) are left as they are.
 */
export function takeBackClocks(
  settings: ClockSettings,
  clocks: Clocks | null,
  seat: number,
  at: number,
  actorsAfter: readonly number[],
  takerAtMove: number,
  frozen: readonly boolean[] = NONE_FROZEN,
): Clocks | null {
  if (settings.kind === 'none') return null;
  return walkClocks(clocks, at, actorsAfter, frozen, (s, left, ran, running, acts) => {
    if (s === seat) return Math.max(0, takerAtMove - ran);
    return acts && !running ? startMove(settings, left - ran) : left - ran;
  });
}

/**
 * The walk both share: each seat not frozen gets its new time left from `next` (its time left,
 * what its clock ran up to `at`, whether it was running, whether it acts after), and its clock runs
 * from `at` if it acts, else stops.
 */
function walkClocks(
  clocks: Clocks | null,
  at: number,
  actorsAfter: readonly number[],
  frozen: readonly boolean[],
  next: (seat: number, left: number, ran: number, running: boolean, acts: boolean) => number,
): Clocks | null {
  if (clocks === null) return null;
  const remaining = clocks.remainingMs.slice();
  const since = clocks.since.slice();
  for (let s = 0; s < remaining.length; s++) {
    if (frozen[s]) continue;
    const running = since[s] !== null;
    const acts = actorsAfter.includes(s);
    remaining[s] = next(s, remaining[s]!, running ? at - since[s]! : 0, running, acts);
    since[s] = acts ? at : null;
  }
  return { remainingMs: remaining, since };
}

/** What `seat` has left at `at`, its clock charged up to then (before any increment). */
export function remainingAt(clocks: Clocks | null, seat: number, at: number): number {
  if (clocks === null) return 0;
  const since = clocks.since[seat] ?? null;
  return clocks.remainingMs[seat]! - (since === null ? 0 : at - since);
}

function afterMove(settings: Timed, remaining: number): number {
  return settings.kind === 'realtime' ? remaining + settings.incrementMs : remaining;
}

function startMove(settings: Timed, remaining: number): number {
  return settings.kind === 'turn' ? settings.perMoveMs : remaining;
}

/**
 * A bot takes `seat` over at `at`: its clock is charged up to then and stops, never below 0 (a
 * seat that ran out of time reads 0, however late the timer fired).
 */
export function freezeClock(clocks: Clocks | null, seat: number, at: number): Clocks | null {
  if (clocks === null) return null;
  const remaining = clocks.remainingMs.slice();
  const since = clocks.since.slice();
  const started = since[seat] ?? null;
  if (started !== null) remaining[seat] = Math.max(0, remaining[seat]! - (at - started));
  since[seat] = null;
  return { remainingMs: remaining, since };
}

/**
 * What a player who reclaims a real-time seat has at least: a tenth of the starting bank, so a
 * seat taken over because its bank ran dry can still make a move (and is taken over again if it
 * spends that too).
 */
export function reclaimGraceMs(settings: Extract<ClockSettings, { kind: 'realtime' }>): number {
  return Math.ceil(settings.baseMs / 10);
}

/**
 * The player reclaims `seat` at `at`. Real time: the bank it had when the bot took over, at least
 * the grace. Turn-based: if the seat must act, a new move with the full allowance. Its clock runs
 * from `at` if it is an actor.
 */
export function thawClock(
  settings: ClockSettings,
  clocks: Clocks | null,
  seat: number,
  at: number,
  acts: boolean,
): Clocks | null {
  if (settings.kind === 'none' || clocks === null) return null;
  const remaining = clocks.remainingMs.slice();
  const since = clocks.since.slice();
  if (settings.kind === 'realtime') remaining[seat] = Math.max(remaining[seat]!, reclaimGraceMs(settings));
  else if (acts) remaining[seat] = settings.perMoveMs;
  since[seat] = acts ? at : null;
  return { remainingMs: remaining, since };
}

/** When `seat`'s running clock reaches zero; null if it is not running. */
export function expiresAt(clocks: Clocks | null, seat: number): number | null {
  const since = clocks?.since[seat] ?? null;
  return since === null ? null : since + clocks!.remainingMs[seat]!;
}

/** The clocks as a client reads them at `now`. */
export function readClocks(settings: ClockSettings, clocks: Clocks | null, now: number): ClockReading | null {
  if (settings.kind === 'none' || clocks === null) return null;
  const running: number[] = [];
  const remainingMs = clocks.remainingMs.map((r, s) => {
    const since = clocks.since[s] ?? null;
    if (since === null) return Math.round(r);
    running.push(s);
    return Math.round(r - (now - since));
  });
  return { kind: settings.kind, at: now, remainingMs, running };
}
