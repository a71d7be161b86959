/**
 * Clock readings, derived only from stored facts (the match's start time, each action's time and
 * the actors after it), so a restarted server reads the same clocks from the log. Phase 1 shows
 * the clocks; acting on a clock that reaches zero (bot takeover) comes later and reads these.
 */
import type { ClockReading, ClockSettings } from '../protocol/index.ts';

export interface Clocks {
  /** Remaining time of each seat when its clock last stopped or started. */
  readonly remainingMs: readonly number[];
  /** When each running clock started; null for stopped ones. */
  readonly since: readonly (number | null)[];
}

type Timed = Exclude<ClockSettings, { kind: 'none' }>;

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
 * allowance.
 */
export function advanceClocks(
  settings: ClockSettings,
  clocks: Clocks | null,
  seat: number,
  at: number,
  actorsAfter: readonly number[],
): Clocks | null {
  if (settings.kind === 'none' || clocks === null) return null;
  const remaining = clocks.remainingMs.slice();
  const since = clocks.since.slice();
  for (let s = 0; s < remaining.length; s++) {
    const running = since[s] !== null;
    const acts = actorsAfter.includes(s);
    if (running) remaining[s] = remaining[s]! - (at - since[s]!);
    if (s === seat) remaining[s] = afterMove(settings, remaining[s]!);
    if (acts && (s === seat || !running)) remaining[s] = startMove(settings, remaining[s]!);
    since[s] = acts ? at : null;
  }
  return { remainingMs: remaining, since };
}

function afterMove(settings: Timed, remaining: number): number {
  return settings.kind === 'realtime' ? remaining + settings.incrementMs : remaining;
}

function startMove(settings: Timed, remaining: number): number {
  return settings.kind === 'turn' ? settings.perMoveMs : remaining;
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
