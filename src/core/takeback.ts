/**
 * Take-back: a player undoes their last action while it revealed nothing to anyone and nobody has
 * acted since. The log stays append-only: a take-back is an entry of its own, and replaying a log
 * applies it as "undo the last action still standing", which gives exactly the state the log
 * without the undone entry gives (states are pure functions of the log, the RNG included).
 *
 * Which actions may be taken back is the game's word (`Game.revealsNothing`, checked by the
 * conformance kit); who may take back when is decided here, for every game alike:
 * - only the seat that made the last action still standing;
 * - only if every log entry after it is that seat's own (an action it took back since, or a
 *   take-back): another seat acting or taking back in between ends it, for good;
 * - several in a row step back through that seat's own run of actions, each of which must have
 *   revealed nothing;
 * - never the action that ended the game (`Game.revealsNothing` is false for it).
 */
import type { AnyGame, Seat, Viewer, VisibleEvent } from './game.ts';
import type { Names } from './names.ts';
import { namesFor, nameOf } from './names.ts';

/** An action in a match's log. */
export interface ActionEntry {
  readonly seat: Seat;
  readonly action: unknown;
}

/** A take-back in a match's log: `seat` undoes its last action still standing. */
export interface TakeBackEntry {
  readonly seat: Seat;
  readonly takeBack: true;
}

export type LogEntry = ActionEntry | TakeBackEntry;

export function isTakeBack(entry: LogEntry): entry is TakeBackEntry {
  return (entry as Partial<TakeBackEntry>).takeBack === true;
}

/** Why a seat may not take back now. */
export type TakeBackRefusal = 'nothing_to_take_back' | 'revealed_information' | 'someone_acted_since';

/** The refusals in words for the seat that asked (they speak only of what that seat knows). */
export const TAKE_BACK_REFUSALS: Readonly<Record<TakeBackRefusal, string>> = {
  nothing_to_take_back: 'you have no action to take back',
  revealed_information: 'your last action revealed something (a card, a draw, a secret): it stands',
  someone_acted_since: 'another player has acted since your last action',
};

/** The rule id of a refused take-back in a replay (`core.take-back`, docs/architecture.md). */
export const TAKE_BACK_RULE = 'core.take-back';

/**
 * The raw event of a take-back, kept beside the games' raw events. `label` is the undone action in
 * the taker's own words (`render.action` from the taker's view before it): only the taker reads it.
 */
export interface TakeBackEvent {
  readonly type: 'core.take-back';
  readonly seat: Seat;
  readonly label: string;
}

export function isTakeBackEvent(event: unknown): event is TakeBackEvent {
  return (
    typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'core.take-back'
  );
}

/**
 * A take-back as `viewer` reads it: the taker reads which action it was ("You took back: Buy 2
 * Ambrosia."), everyone else only that one was ("Ann (A) took back their last action."): the action
 * itself may have been a secret (a face-down plan), and taking it back tells nobody more.
 */
export function viewTakeBack(event: TakeBackEvent, viewer: Viewer, names?: Names): VisibleEvent {
  if (viewer === event.seat)
    return { type: 'take-back', text: `You took back: ${event.label}.`, data: { seat: event.seat } };
  const readers = names && names.viewer === viewer ? names : namesFor(viewer, names?.seats);
  return {
    type: 'take-back',
    text: `${nameOf(readers, event.seat)} took back their last action.`,
    data: { seat: event.seat },
  };
}

/** One action still standing that its seat may take back: the state before it, and the action. */
interface Frame {
  readonly before: unknown;
  readonly seat: Seat;
  readonly action: unknown;
  /** Its place in the log (0-based, take-backs counted). */
  readonly index: number;
  /** Why the seat could not take back before this action (restored when it is taken back). */
  readonly below: TakeBackRefusal;
}

/**
 * A match's current state through its log of actions and take-backs. It keeps only what a
 * take-back can still reach: the states before the last seat's run of actions that revealed
 * nothing (dropped as soon as another seat acts or an action reveals something).
 */
export class Timeline {
  private current: unknown;
  private frames: Frame[] = [];
  /** Why each seat may not take back when no frame is its own. */
  private readonly reason: TakeBackRefusal[];
  private readonly hasActed: boolean[];
  /** The seat of the last log entry (the run of entries the frames belong to). */
  private runSeat: Seat | null = null;
  /** Log entries so far, take-backs included. */
  private entries = 0;

  constructor(
    private readonly game: AnyGame,
    start: unknown,
    seats: number,
  ) {
    this.current = start;
    this.reason = new Array<TakeBackRefusal>(seats).fill('nothing_to_take_back');
    this.hasActed = new Array<boolean>(seats).fill(false);
  }

  get state(): unknown {
    return this.current;
  }

  /** Records `seat`'s action, already applied (`after` is its result). */
  acted(seat: Seat, action: unknown, after: unknown): void {
    const takeable = this.game.revealsNothing(this.current, seat, action, after);
    for (let s = 0; s < this.reason.length; s++)
      if (s !== seat && this.hasActed[s]) this.reason[s] = 'someone_acted_since';
    if (this.runSeat !== seat) this.frames = [];
    this.hasActed[seat] = true;
    this.runSeat = seat;
    if (takeable) {
      this.frames.push({
        before: this.current,
        seat,
        action,
        index: this.entries,
        below: this.reason[seat]!,
      });
    } else {
      this.frames = [];
      this.reason[seat] = 'revealed_information';
    }
    this.current = after;
    this.entries += 1;
  }

  /** Why `seat` may not take back now, or null if it may. */
  refusal(seat: Seat): TakeBackRefusal | null {
    if (this.runSeat === seat && this.frames.length > 0) return null;
    return this.reason[seat] ?? 'nothing_to_take_back';
  }

  /**
   * `seat` takes back its last action (the caller checked `refusal`): the state goes back to what
   * it was before it. Returns the undone action, the state before it, and its place in the log.
   */
  takeBack(seat: Seat): { readonly action: unknown; readonly state: unknown; readonly index: number } {
    const refused = this.refusal(seat);
    if (refused !== null) throw new Error(`seat ${seat} may not take back: ${refused}`);
    const frame = this.frames.pop()!;
    if (this.frames.length === 0) this.reason[seat] = frame.below;
    this.current = frame.before;
    this.entries += 1;
    return { action: frame.action, state: frame.before, index: frame.index };
  }
}

/** The raw event of `seat` taking back `action` from `before`, labelled in the taker's words. */
export function takeBackEvent(
  game: AnyGame,
  seat: Seat,
  action: unknown,
  before: unknown,
  names?: readonly (string | null)[],
): TakeBackEvent {
  const label = game.render.action(action, game.view(before, seat), namesFor(seat, names));
  return { type: 'core.take-back', seat, label };
}
