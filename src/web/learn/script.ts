/**
 * A guided first game ("Learn to play") as data: each game's script is a list of steps, each tied
 * to a situation of the learner's own view and legal actions, with the words to show and the part
 * of the board to point at. The script never decides what is legal: it only reads the view and the
 * legal actions the server sent, and points at board elements that already carry them.
 *
 * Bots at a tutorial table play from fixed seeds, but the learner may do something else than the
 * panel says, so a step never assumes a fixed sequence of moves: it waits for its situation, and a
 * step about doing something ends when the learner has done something there (or when its own test
 * says the situation is over).
 */

/** What a step may look at: the learner's view as shown, and the actions offered on it now. */
export interface LearnState<V, A> {
  readonly view: V;
  /** The learner's legal actions on the board now; empty while others play or moves are shown. */
  readonly legal: readonly A[];
  readonly seat: number;
}

/**
 * Where the panel points. `look`: selectors of a part of the board, the first one on the page wins.
 * `click`: the board element offering a legal action that passes the test (the open choice menu's
 * item for it first, then the board, then the plain list of legal actions), else `look`.
 */
export type Pointer<A> =
  | {
      readonly look: string | readonly string[];
      /** The element is to be pressed (a control of the board's own, such as the planner's cards). */
      readonly press?: boolean;
    }
  | {
      readonly click: (action: A) => boolean;
      /** Where on the board to look for that element first, when several offer the action. */
      readonly prefer?: string;
      readonly look?: string | readonly string[];
    };

type Dynamic<T, V, A> = T | ((s: LearnState<V, A>) => T);

export interface Step<V, A> {
  /** Stable: the learner's progress is saved by it. */
  readonly id: string;
  readonly title: string;
  readonly text: Dynamic<string, V, A>;
  /**
   * `read`: an explanation; the learner moves on with Next. `do`: something to do on the board;
   * it moves on by itself once done.
   */
  readonly kind: 'read' | 'do';
  /** The situation the step is about; until it holds, the panel says what it waits for. Default: always. */
  readonly when?: (s: LearnState<V, A>) => boolean;
  /**
   * For `do` steps: the step is over once this holds, tested from the moment its situation was first
   * seen. Default: once the learner has made any move since then.
   */
  readonly until?: (s: LearnState<V, A>) => boolean;
  /**
   * For `do` steps: the situation will not come this time (the learner went another way), so the
   * step is passed over; tested only until the situation is first seen.
   */
  readonly skip?: (s: LearnState<V, A>) => boolean;
  /** What the panel says while `when` does not hold yet. */
  readonly waiting?: string;
  readonly point?: Dynamic<Pointer<A> | null, V, A>;
}

/**
 * A situation that may or may not come up (another player asks the learner for a card, an
 * interrupt): shown once, the first time it does, above the current step.
 */
export interface Tip<V, A> {
  readonly id: string;
  readonly title: string;
  readonly text: Dynamic<string, V, A>;
  readonly when: (s: LearnState<V, A>) => boolean;
  readonly point?: Dynamic<Pointer<A> | null, V, A>;
}

export interface TutorialScript<V = unknown, A = unknown> {
  readonly steps: readonly Step<V, A>[];
  readonly tips: readonly Tip<V, A>[];
  /** The last page: how the game ends and is scored. */
  readonly finale: { readonly title: string; readonly text: string; readonly point?: Pointer<A> };
}

/** Where a learner is in a script; kept in the browser per table, so a reload carries on. */
export interface Progress {
  /** Index of the current step; `steps.length` once the script is done (the finale). */
  readonly step: number;
  /** The sequence number at which the current `do` step's situation was first seen; null before. */
  readonly seenAt: number | null;
  /** The tip on screen, if any. */
  readonly tip: string | null;
  /** Tips already shown. */
  readonly tipsDone: readonly string[];
}

export const START: Progress = { step: 0, seenAt: null, tip: null, tipsDone: [] };

/** Where the table is for the learner: the sequence number shown, and of their own last move. */
export interface Moment {
  readonly seq: number;
  /** The sequence number of the update that acknowledged the learner's last move (null: none yet). */
  readonly acked: number | null;
  /**
   * Whether what is shown is the table as it is: every move drawn and no move of the learner's
   * waiting for its answer. Until then the legal actions are held back, and nothing moves on.
   */
  readonly settled: boolean;
}

export function resolve<T, V, A>(value: Dynamic<T, V, A>, s: LearnState<V, A>): T {
  return typeof value === 'function' ? (value as (s: LearnState<V, A>) => T)(s) : value;
}

/**
 * Moves the progress on as far as the table allows: `do` steps whose situation came and went, and
 * a tip that appears or is no longer relevant. `read` steps wait for `next`.
 */
export function advance<V, A>(
  script: TutorialScript<V, A>,
  progress: Progress,
  s: LearnState<V, A>,
  at: Moment,
): Progress {
  // A move of the learner's acknowledged before the update that shows it: the board is behind.
  if (!at.settled || (at.acked !== null && at.acked > at.seq)) return progress;
  let { step, seenAt } = progress;
  for (;;) {
    const current = script.steps[step];
    if (!current || current.kind === 'read') break;
    if (seenAt === null) {
      if (current.skip?.(s)) {
        step += 1;
        continue;
      }
      if (!(current.when?.(s) ?? true)) break;
      seenAt = at.seq;
    }
    const done = current.until ? current.until(s) : at.acked !== null && at.acked > seenAt;
    if (!done) break;
    step += 1;
    seenAt = null;
  }
  let { tip, tipsDone } = progress;
  const shown = tip === null ? undefined : script.tips.find((t) => t.id === tip);
  if (tip !== null && !shown?.when(s)) {
    tipsDone = [...tipsDone, tip];
    tip = null;
  }
  if (tip === null) tip = script.tips.find((t) => !tipsDone.includes(t.id) && t.when(s))?.id ?? null;
  const same =
    step === progress.step &&
    seenAt === progress.seenAt &&
    tip === progress.tip &&
    tipsDone === progress.tipsDone;
  return same ? progress : { step, seenAt, tip, tipsDone };
}

/** The learner pressed Next on a `read` step (or chose to skip a `do` step). */
export function next(progress: Progress): Progress {
  return { ...progress, step: progress.step + 1, seenAt: null };
}

/** The learner dismissed the tip on screen. */
export function dismissTip(progress: Progress): Progress {
  return progress.tip === null
    ? progress
    : { ...progress, tip: null, tipsDone: [...progress.tipsDone, progress.tip] };
}

/** Whether the current step's situation holds now (a `do` step once seen stays so). */
export function stepReady<V, A>(step: Step<V, A>, progress: Progress, s: LearnState<V, A>): boolean {
  if (step.kind === 'do' && progress.seenAt !== null) return true;
  return step.when?.(s) ?? true;
}

/** Progress read back from storage: anything malformed starts again from the top. */
export function parseProgress(text: string | null, steps: number): Progress {
  if (!text) return START;
  try {
    const p = JSON.parse(text) as Partial<Progress>;
    const ok =
      Number.isInteger(p.step) &&
      p.step! >= 0 &&
      p.step! <= steps &&
      (p.seenAt === null || Number.isInteger(p.seenAt)) &&
      (p.tip === null || typeof p.tip === 'string') &&
      Array.isArray(p.tipsDone) &&
      p.tipsDone.every((t) => typeof t === 'string');
    return ok ? (p as Progress) : START;
  } catch {
    return START;
  }
}
