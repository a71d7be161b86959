/**
 * Pacing other players' moves. The server sends an update after every action; bots answer within
 * milliseconds, so three bot moves in a row would replace the board three times in a blink. The
 * `Pacer` sits between the protocol client (the truth, always the latest update) and what the page
 * draws: each update of another player's move is shown for a moment (`PACE_MS`) before the next, in
 * order, so every move is seen, its log lines highlighted. The viewer's own moves are shown at once.
 *
 * What it never does (docs/web.md, "Pacing"): show an update of another viewer (a hot-seat switch
 * empties it at once), or let the viewer act on a board that is not the latest: the page offers the
 * legal actions only once the latest update is shown. So that pacing never costs a player their turn,
 * a backlog is shown faster the longer it is (the whole of it in about `CATCH_UP_STEPS` steps; a
 * flood beyond `MAX_BACKLOG` is jumped over), the page shows it all at once when the player's own
 * clock is low, and "Show now" does it by hand.
 */
import type { UpdateMessage } from '../../protocol/index.ts';

export type Pace = 'off' | 'normal' | 'slow';

/** How long each other player's move stays on screen before the next one is shown. */
export const PACE_MS: Readonly<Record<Pace, number>> = { off: 0, normal: 900, slow: 1800 };

export const PACE_TEXT: Readonly<Record<Pace, string>> = {
  off: 'at once',
  normal: 'one by one',
  slow: 'slowly',
};

/** A backlog of more moves than this is shown in this many steps' time. */
export const CATCH_UP_STEPS = 3;

/**
 * A backlog longer than this (bots playing a seat taken over, a table of bots) is not worth showing
 * move by move: all but the last `CATCH_UP_STEPS` are shown together, their log lines highlighted.
 */
export const MAX_BACKLOG = 12;

export interface Paced {
  /** The update to draw (the latest one when nothing waits). */
  readonly update: UpdateMessage | null;
  /** Updates received but not shown yet. */
  readonly behind: number;
  /** The events after this `seq` (up to `update.seq`) are the move being shown: highlighted. */
  readonly freshFrom: number | null;
}

const EMPTY: Paced = { update: null, behind: 0, freshFrom: null };

export class Pacer {
  private state: Paced = EMPTY;
  private queue: UpdateMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A move is on show until then: the next one waits. */
  private holding = false;
  private readonly listeners = new Set<() => void>();

  constructor(private pace: Pace) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): Paced => this.state;

  private set(state: Paced): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /**
   * The client's latest update changed. `own`: it is the viewer's own move (its `seq` is the one
   * this client's action was acknowledged with), shown at once.
   */
  push(update: UpdateMessage | null, own: boolean): void {
    const shown = this.state.update;
    const latest = this.queue.at(-1) ?? shown;
    if (update === latest) return;
    if (!update || !shown || update.viewer !== shown.viewer || this.pace === 'off') {
      // Another viewer (hot-seat), the first update, or no pacing: nothing of before is kept.
      return this.reset(update);
    }
    if (latest && update.seq <= latest.seq) {
      // The same action's update again (a clock, a seat taken over, a resend): replace it in place.
      if (this.queue.length > 0) this.queue[this.queue.length - 1] = update;
      else this.set({ ...this.state, update });
      return;
    }
    if (own) {
      // The viewer's own move: at once, with whatever was still waiting before it.
      this.queue = [];
      this.show(update, shown.seq, this.paceMs() / 2);
      return;
    }
    if (!this.holding && this.queue.length === 0) {
      this.show(update, shown.seq, this.paceMs());
      return;
    }
    this.queue.push(update);
    if (this.queue.length > MAX_BACKLOG) this.queue = this.queue.slice(-CATCH_UP_STEPS);
    this.set({ ...this.state, behind: this.queue.length });
  }

  /** Shows everything received at once ("Show now", a low clock, pacing turned off). */
  flush(): void {
    const last = this.queue.at(-1);
    if (!last) return;
    const from = this.state.update?.seq ?? null;
    this.queue = [];
    clearTimeout(this.timer);
    this.holding = false;
    this.set({ update: last, behind: 0, freshFrom: from });
  }

  setPace(pace: Pace): void {
    this.pace = pace;
    if (pace === 'off') this.flush();
  }

  /** Stops its timer (the page is left). */
  stop(): void {
    clearTimeout(this.timer);
    this.holding = false;
  }

  private paceMs(): number {
    const ms = PACE_MS[this.pace];
    const waiting = this.queue.length;
    return waiting > CATCH_UP_STEPS ? Math.round((ms * CATCH_UP_STEPS) / waiting) : ms;
  }

  private reset(update: UpdateMessage | null): void {
    clearTimeout(this.timer);
    this.holding = false;
    this.queue = [];
    this.set({ update, behind: 0, freshFrom: null });
  }

  private show(update: UpdateMessage, from: number, holdMs: number): void {
    clearTimeout(this.timer);
    this.set({ update, behind: this.queue.length, freshFrom: from });
    this.holding = holdMs > 0;
    if (this.holding) this.timer = setTimeout(() => this.next(), holdMs);
  }

  private next(): void {
    this.holding = false;
    const update = this.queue.shift();
    if (!update) {
      // The last move has been on show long enough: it is no longer highlighted.
      return this.set({ ...this.state, freshFrom: null });
    }
    this.show(update, this.state.update?.seq ?? update.from, this.paceMs() || PACE_MS.normal);
  }
}

const PACE_KEY = 'prosper.pace';

/** Typed by hand: the server-side typecheck of the tests that import this module has no DOM library. */
interface KeyValues {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): KeyValues | null {
  try {
    return (globalThis as { localStorage?: KeyValues }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** The player's choice, kept in this browser (default: one by one). */
export function loadPace(): Pace {
  const value = storage()?.getItem(PACE_KEY);
  return value === 'off' || value === 'slow' || value === 'normal' ? value : 'normal';
}

export function savePace(pace: Pace): void {
  try {
    storage()?.setItem(PACE_KEY, pace);
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}
