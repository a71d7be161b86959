/**
 * One match in memory: its setup, the current state derived from the log, the raw events of every
 * action (to render each viewer's missed events), and the per-seat bookkeeping that decides
 * whether an action is stale. No I/O here: `TableService` stores, broadcasts and schedules bots.
 */
import type { AnyGame, Names, Outcome as CoreOutcome, RuleError, Seat, Viewer } from '../core/index.ts';
import {
  namesFor,
  ruleError,
  stableStringify,
  TAKE_BACK_REFUSALS,
  takeBackEvent,
  Timeline,
} from '../core/index.ts';
import { botNamesFor, botTitle } from '../bots/names.ts';
import type {
  BotChoice,
  Outcome,
  SeatInfo,
  SeatTakeover,
  TableInfo,
  UpdateMessage,
} from '../protocol/index.ts';
import {
  advanceClocks,
  expiresAt,
  freezeClock,
  readClocks,
  remainingAt,
  startClocks,
  takeBackClocks,
  thawClock,
} from './clock.ts';
import type { Clocks } from './clock.ts';
import { ProtocolError, seatWord } from './errors.ts';
import type { ControlChange, LoggedAction, StoredMatch, StoredSeat } from './storage/types.ts';
import { viewerPart, visibleEvents } from './updates.ts';
import type { SeatNames } from './updates.ts';

/**
 * What the texts of a table call each seat: a human seat its player's name (kept while a bot
 * plays it for them), a bot seat its own name ("Basil"), drawn from the table's id so that the
 * bots of one table never share one. Null for a seat nobody has taken yet.
 */
export function seatNames(table: string, seats: readonly StoredSeat[]): SeatNames {
  const bots = botNamesFor(table, seats.length);
  return seats.map((s) => (s.kind === 'bot' ? (bots[s.seat] ?? null) : s.name));
}

/** How the table shows a seat's holder: the player's name, or the bot's with its level. */
function shownName(seat: StoredSeat, names: SeatNames): string | null {
  const name = names[seat.seat] ?? null;
  return seat.kind === 'bot' && name !== null ? botTitle(name, seat.bot?.bot ?? '') : name;
}

/** An action that passed every check, with its result, waiting for its log row to be committed. */
export interface Prepared {
  readonly seq: number;
  readonly seat: Seat;
  readonly action: unknown;
  readonly at: number;
  readonly state: unknown;
  readonly events: readonly unknown[];
  readonly outcome: CoreOutcome | null;
}

/** A seat whose clock or absence limit has run out, and which of the two. */
export interface Deadline {
  readonly seat: Seat;
  readonly at: number;
  readonly reason: SeatTakeover['reason'];
}

/** A take-back that passed every check, waiting for its log row to be committed. */
export interface PreparedTakeBack {
  readonly seq: number;
  readonly seat: Seat;
  readonly at: number;
}

export type Checked =
  { readonly ok: true; readonly prepared: Prepared } | { readonly ok: false; readonly error: RuleError };

/** Runs tasks one after another; one match's actions never interleave. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running. */
  length = 0;

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.length++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.length--,
      () => this.length--,
    );
    return result;
  }
}

/** How many recent request ids per seat are remembered, so a retried request gets its first answer. */
const RECENT_REQUESTS = 32;

export class LiveMatch {
  readonly queue = new SerialQueue();
  private seats: StoredSeat[];
  status: StoredMatch['status'];
  startedAt: number | null;
  finishedAt: number | null;
  outcome: Outcome | null;
  rematch: string | null;
  /** The current state through the log of actions and take-backs; null until the match starts. */
  private timeline: Timeline | null = null;
  seq = 0;
  /** events[i] holds the raw events of action i + 1. */
  private readonly events: (readonly unknown[])[] = [];
  /**
   * atMove[i]: what the seat of log entry i + 1 had on its clock when it made that move (before any
   * increment), for a take-back to go back to (`takeBackClocks`).
   */
  private readonly atMove: number[] = [];
  private actors: Seat[] = [];
  /** Legal actions of each seat now (null for seats that may not act). */
  private legal: (unknown[] | null)[];
  private legalKeys: string[];
  /**
   * For each seat, the first sequence number since which its options have not changed: its legal
   * actions are the same list, and it has not acted itself. An action chosen against an update
   * older than this is stale.
   */
  private since: number[];
  /**
   * Seats whose last action left their options exactly as they were (a revised secret plan, say):
   * in a window where others still act, such a seat has nothing new to decide until they do.
   */
  private parked: boolean[];
  private clocks: Clocks | null = null;
  /** Entries in the match's seat-control history (the next one's number). */
  controlCount = 0;
  /**
   * When each actor's current move began: it became an actor, or acted and still is one. Null for
   * seats that need not act. The absence limit counts from here (or from the player leaving).
   */
  private turnSince: (number | null)[];
  /**
   * When each seat's player was last seen leaving: their last connection closed, or this server
   * loaded the match (a restart disconnected everyone, so nobody's absence counts from before it).
   */
  private leftAt: number[];
  private readonly recent: Map<string, number>[];
  /** Set when this copy may no longer match the database (a failed commit): it must not be used. */
  invalid = false;
  /** `seatNames()`, until a seat changes hands. */
  private names: SeatNames | null = null;
  /**
   * Counts every change a viewer's update can show (an action, a seat changing hands, the start):
   * an update rendered at one revision stays right until the next, whatever the time (its clock
   * reading says when it was taken).
   */
  revision = 0;

  private constructor(
    readonly game: AnyGame,
    readonly setup: StoredMatch,
    loadedAt: number,
  ) {
    // Takeovers as the seats' rows say; a restored match rebuilds them from its history instead.
    this.seats = setup.seats.map((s) => ({ ...s }));
    this.status = setup.status;
    this.startedAt = setup.startedAt;
    this.finishedAt = setup.finishedAt;
    this.outcome = setup.outcome;
    this.rematch = setup.rematch;
    const n = setup.players;
    this.legal = new Array<unknown[] | null>(n).fill(null);
    this.legalKeys = new Array<string>(n).fill('');
    this.since = new Array<number>(n).fill(0);
    this.parked = new Array<boolean>(n).fill(false);
    this.turnSince = new Array<number | null>(n).fill(null);
    this.leftAt = new Array<number>(n).fill(loadedAt);
    this.recent = Array.from({ length: n }, () => new Map<string, number>());
  }

  /**
   * Rebuilds a match from its stored setup, log and seat-control history (each change applied
   * after the actions it followed), at `loadedAt`. Every logged action is applied through the
   * checked path, so a log that does not replay (a rules change, a corrupt row) is caught here.
   */
  static restore(
    game: AnyGame,
    stored: StoredMatch,
    log: readonly LoggedAction[],
    control: readonly ControlChange[] = [],
    loadedAt: number = stored.startedAt ?? 0,
  ): LiveMatch {
    const match = new LiveMatch(game, stored, loadedAt);
    if (stored.status === 'waiting') return match;
    match.seats = match.seats.map((s) => ({ ...s, takeover: null }));
    match.begin(stored.startedAt ?? 0);
    let next = 0;
    const changesUpTo = (seq: number) => {
      for (; next < control.length && control[next]!.seq <= seq; next++) {
        const change = control[next]!;
        if (change.seq !== seq || !match.seats[change.seat] || match.seats[change.seat]!.kind !== 'human')
          throw new Error(`match ${stored.id}: seat-control change ${next} does not fit the log`);
        match.applyControl(change);
      }
    };
    for (const entry of log) {
      changesUpTo(match.seq);
      if (entry.seq !== match.seq + 1)
        throw new Error(`match ${stored.id}: the log skips from ${match.seq} to ${entry.seq}`);
      if (entry.takeBack) {
        const refused = match.timeline!.refusal(entry.seat);
        if (refused !== null)
          throw new Error(`match ${stored.id}: logged take-back ${entry.seq} no longer applies (${refused})`);
        match.recordTakeBack(entry.seat, entry.at, 'replay');
        continue;
      }
      const result = game.apply(match.state, entry.seat, entry.action);
      if (!result.ok)
        throw new Error(
          `match ${stored.id}: logged action ${entry.seq} no longer applies (${result.error.rule}); ` +
            `it was played under rules version ${stored.rulesVersion}, this engine is ${game.rulesVersion}`,
        );
      match.record(entry.seat, entry.action, entry.at, result.state, result.events, 'replay');
    }
    changesUpTo(match.seq);
    if (next < control.length)
      throw new Error(`match ${stored.id}: seat-control change ${next} is ahead of the log`);
    match.refreshOptions(null);
    // After a restart the server cannot vouch for any update sent before it: only the current one counts.
    match.since.fill(match.seq);
    return match;
  }

  static create(game: AnyGame, stored: StoredMatch, at: number = stored.createdAt): LiveMatch {
    return new LiveMatch(game, stored, at);
  }

  /**
   * A finished match whose log this engine can no longer replay (its rules changed since): its
   * table info and replay stay available, but it has no state to show.
   */
  static archived(game: AnyGame, stored: StoredMatch, logLength: number): LiveMatch {
    const match = new LiveMatch(game, stored, 0);
    match.seq = logLength;
    return match;
  }

  get id(): string {
    return this.setup.id;
  }

  seatList(): readonly StoredSeat[] {
    return this.seats;
  }

  tokenHashes(): (string | null)[] {
    return this.seats.map((s) => s.tokenHash);
  }

  isBotSeat(seat: Seat): boolean {
    return this.seats[seat]?.kind === 'bot';
  }

  /** Whether seats can run out of time here: a clock, or an absence limit. */
  get timed(): boolean {
    const { clock, takeover } = this.setup.settings;
    return clock.kind !== 'none' || takeover.absentMs !== null;
  }

  /** Why and since when a bot plays this human seat; null if its player does. */
  takeoverOf(seat: Seat): SeatTakeover | null {
    return this.seats[seat]?.takeover ?? null;
  }

  /** Whether a bot plays this human seat now (its player timed out or was away). */
  takenOver(seat: Seat): boolean {
    return this.takeoverOf(seat) !== null;
  }

  /** Whether the server's bots make this seat's decisions: a bot seat, or a human seat taken over. */
  playedByBot(seat: Seat): boolean {
    return this.isBotSeat(seat) || this.takenOver(seat);
  }

  /** The bot that decides for a seat: its own, or the table's takeover bot. */
  botFor(seat: Seat): BotChoice {
    return this.seats[seat]?.bot ?? this.setup.settings.takeover.bot;
  }

  openHumanSeats(): number[] {
    return this.seats.filter((s) => s.kind === 'human' && s.tokenHash === null).map((s) => s.seat);
  }

  currentActors(): readonly Seat[] {
    return this.actors;
  }

  /**
   * Whether a bot seat should decide now. Alone among the actors, always. In a window shared with
   * others, only if its options changed since it last acted; otherwise it would keep revising (a
   * bot re-planning forever while a person thinks). If every actor is such a waiting bot, they all
   * go again, so a game that does need another action from them cannot stall.
   */
  botShouldAct(seat: Seat): boolean {
    if (!this.actors.includes(seat)) return false;
    if (this.actors.length === 1 || !this.parked[seat]) return true;
    return this.actors.every((s) => this.parked[s] && this.playedByBot(s));
  }

  legalFor(seat: Seat): readonly unknown[] | null {
    return this.legal[seat] ?? null;
  }

  /** The current state; null until the match starts. */
  private get state(): unknown {
    return this.timeline?.state ?? null;
  }

  /** The real state: for bots (inside the server) and for the tests' inspection, never for a client. */
  stateForServer(): unknown {
    return this.state;
  }

  claim(seat: Seat, name: string, tokenHash: string, at: number): void {
    this.seats[seat] = { ...this.seats[seat]!, name, tokenHash, claimedAt: at };
    this.names = null;
    // Every text names the seats: what was rendered before names them as they were.
    this.revision++;
  }

  /** What the texts call each seat now (see `seatNames`). */
  seatNames(): SeatNames {
    return (this.names ??= seatNames(this.id, this.seats));
  }

  /** Starts the match: the initial state from the secret seed. */
  begin(at: number): void {
    const start = this.game.setup(this.setup.players, this.setup.seed, this.setup.options);
    this.timeline = new Timeline(this.game, start, this.setup.players);
    this.status = 'playing';
    this.startedAt = at;
    this.refreshOptions(null);
    this.clocks = startClocks(this.setup.settings.clock, this.setup.players, at, this.actors);
    this.revision++;
    this.turnSince = this.turnSince.map((_, s) => (this.actors.includes(s) ? at : null));
    this.leftAt = this.leftAt.map((t) => Math.max(t, at));
  }

  /**
   * A bot takes a seat over, or its player reclaims it (already stored). The seat's clock stops
   * while the bot plays it and starts again on reclaim (see `thawClock` for what the player gets).
   */
  applyControl(change: ControlChange): void {
    const { seat, at } = change;
    if (change.kind === 'takeover') {
      this.setTakeover(seat, { reason: change.reason ?? 'time', at, seq: change.seq });
      this.clocks = freezeClock(this.clocks, seat, at);
    } else {
      this.setTakeover(seat, null);
      const acts = this.actors.includes(seat);
      this.clocks = thawClock(this.setup.settings.clock, this.clocks, seat, at, acts);
      if (acts) this.turnSince[seat] = at;
    }
    this.controlCount += 1;
    this.revision++;
  }

  private setTakeover(seat: Seat, takeover: SeatTakeover | null): void {
    this.seats[seat] = { ...this.seats[seat]!, takeover };
  }

  /** When each seat's player was last seen leaving (kept while the match is out of memory). */
  presence(): readonly number[] {
    return this.leftAt.slice();
  }

  /** Takes back what `presence` gave when this process last had the match in memory. */
  recallPresence(leftAt: readonly number[]): void {
    if (leftAt.length === this.leftAt.length) this.leftAt = leftAt.slice();
  }

  /** The last connection holding `seat` closed at `at`. */
  left(seat: Seat, at: number): void {
    if (seat < this.leftAt.length) this.leftAt[seat] = at;
  }

  /**
   * The earliest moment a human seat that must act runs out: its clock reaches zero, or its player
   * (not among `connected`) has been away for the table's absence limit while the seat had to act.
   * Null if nothing can run out (no clock, no absence limit, or no such seat).
   */
  nextDeadline(connected: ReadonlySet<Seat>): Deadline | null {
    let first: Deadline | null = null;
    for (const seat of this.actors) {
      const deadline = this.deadlineOf(seat, connected);
      if (deadline && (!first || deadline.at < first.at)) first = deadline;
    }
    return first;
  }

  /** Every seat whose deadline has passed at `now`. */
  overdue(now: number, connected: ReadonlySet<Seat>): Deadline[] {
    const due: Deadline[] = [];
    for (const seat of this.actors) {
      const deadline = this.deadlineOf(seat, connected);
      if (deadline && deadline.at <= now) due.push(deadline);
    }
    return due;
  }

  private deadlineOf(seat: Seat, connected: ReadonlySet<Seat>): Deadline | null {
    if (this.status !== 'playing' || this.playedByBot(seat)) return null;
    let deadline: Deadline | null = null;
    const clock = expiresAt(this.clocks, seat);
    if (clock !== null) deadline = { seat, at: clock, reason: 'time' };
    const absentMs = this.setup.settings.takeover.absentMs;
    if (absentMs !== null && !connected.has(seat)) {
      const away = Math.max(this.leftAt[seat]!, this.turnSince[seat] ?? 0) + absentMs;
      if (!deadline || away < deadline.at) deadline = { seat, at: away, reason: 'absent' };
    }
    return deadline;
  }

  /** The answer this seat got for a request id it already used, if recent. */
  answered(seat: Seat, requestId: string): number | undefined {
    return this.recent[seat]?.get(requestId);
  }

  /**
   * Checks an action against the match without changing anything. Protocol problems throw a
   * `ProtocolError`; the game's refusal comes back as its `RuleError`.
   */
  check(seat: Seat, seq: number, action: unknown, at: number): Checked {
    if (this.status === 'waiting' || this.state === null)
      throw new ProtocolError('not_started', 'the match has not started: seats are still open');
    if (seat >= this.setup.players) throw new ProtocolError('not_your_seat', `there is no ${seatWord(seat)}`);
    if (seq > this.seq)
      throw new ProtocolError('bad_seq', `seq ${seq} is ahead of the match (at ${this.seq})`, this.seq);
    if (seq < this.since[seat]!)
      throw new ProtocolError(
        'stale_seq',
        `the action was chosen at seq ${seq}, but ${seatWord(seat)}'s options changed at seq ${this.since[seat]}; ` +
          `choose again from the latest update`,
        this.seq,
      );
    // A refusal is written for the seat that tried, with the table's names.
    const result = this.game.apply(this.state, seat, action, namesFor(seat, this.seatNames()));
    if (!result.ok) return { ok: false, error: result.error };
    return {
      ok: true,
      prepared: {
        seq: this.seq + 1,
        seat,
        action,
        at,
        state: result.state,
        events: result.events,
        outcome: this.game.outcome(result.state),
      },
    };
  }

  /**
   * Why `seat` may not take `action` now: the refusal `check` would give it (written for that seat,
   * with the table's names), or null when it would be accepted; and the action's words for that
   * seat when the game can word it. The game's `check` runs the same tests as `apply` without
   * performing anything, so nothing here changes.
   */
  explain(seat: Seat, action: unknown): { refusal: RuleError | null; label: string | null } {
    if (this.status === 'waiting')
      throw new ProtocolError('not_started', 'the match has not started: seats are still open');
    // A finished match this engine can no longer replay has no state, and nobody may act in it.
    if (this.state === null)
      return { refusal: ruleError('game_over', 'core.game-over', 'the game is over'), label: null };
    const names = namesFor(seat, this.seatNames());
    return {
      refusal: this.game.check(this.state, seat, action, names),
      label: this.wording(seat, action, names),
    };
  }

  /**
   * An action's words as `render.action` writes them from the seat's own view (so they tell it
   * nothing its view does not), or null for an action of the wrong shape or one the renderer,
   * written for legal actions, cannot word.
   */
  private wording(seat: Seat, action: unknown, names: Names): string | null {
    const parsed = this.game.actionSchema.safeParse(action);
    if (!parsed.success) return null;
    try {
      return this.game.render.action(parsed.data, this.game.view(this.state, seat), names);
    } catch {
      return null;
    }
  }

  /** Applies a checked action once its log row is committed. */
  commit(prepared: Prepared, requestId: string | undefined): void {
    if (prepared.seq !== this.seq + 1) throw new Error(`match ${this.id}: commit out of order`);
    this.record(prepared.seat, prepared.action, prepared.at, prepared.state, prepared.events, 'live');
    this.remember(prepared.seat, requestId, prepared.seq);
  }

  private remember(seat: Seat, requestId: string | undefined, seq: number): void {
    if (requestId === undefined) return;
    const recent = this.recent[seat]!;
    recent.set(requestId, seq);
    if (recent.size > RECENT_REQUESTS) recent.delete(recent.keys().next().value!);
  }

  /**
   * Whether `seat`'s player may take back now: the table allows it, the match is on, the player
   * (not a bot) plays the seat, and the core's rules of take-back let it (`Timeline.refusal`).
   */
  mayTakeBack(seat: Seat): boolean {
    return this.takeBackRefusal(seat) === null;
  }

  private takeBackRefusal(seat: Seat): ProtocolError | null {
    if (this.status !== 'playing' || this.timeline === null)
      return new ProtocolError('not_started', 'the match is not being played');
    if (this.setup.settings.takeBack !== true)
      return new ProtocolError('takeback_disabled', 'this table does not allow taking actions back');
    if (this.playedByBot(seat))
      return new ProtocolError('taken_over', `a bot plays ${seatWord(seat)}; reclaim it first`, this.seq);
    const refused = this.timeline.refusal(seat);
    return refused === null ? null : new ProtocolError(refused, TAKE_BACK_REFUSALS[refused], this.seq);
  }

  /**
   * Checks a take-back by `seat`, asked against update `seq` (which must be the current one: a
   * second click must not take back a second action). Throws the `ProtocolError` that refuses it.
   */
  checkTakeBack(seat: Seat, seq: number, at: number): PreparedTakeBack {
    if (seat >= this.setup.players) throw new ProtocolError('not_your_seat', `there is no ${seatWord(seat)}`);
    if (seq > this.seq)
      throw new ProtocolError('bad_seq', `seq ${seq} is ahead of the match (at ${this.seq})`, this.seq);
    const refused = this.takeBackRefusal(seat);
    if (refused) throw refused;
    if (seq < this.seq)
      throw new ProtocolError(
        'stale_seq',
        `the take-back was asked at seq ${seq}, but the match is at seq ${this.seq}; look again`,
        this.seq,
      );
    return { seq: this.seq + 1, seat, at };
  }

  /** Applies a checked take-back once its log row is committed. */
  commitTakeBack(prepared: PreparedTakeBack, requestId: string | undefined): void {
    if (prepared.seq !== this.seq + 1) throw new Error(`match ${this.id}: commit out of order`);
    this.recordTakeBack(prepared.seat, prepared.at, 'live');
    this.remember(prepared.seat, requestId, prepared.seq);
  }

  /**
   * `seat` takes back its last action: the state goes back to before it, a take-back event joins
   * the log of events, and the clocks go on without refunding anything (see `takeBackClocks`).
   */
  private recordTakeBack(seat: Seat, at: number, mode: 'live' | 'replay'): void {
    const undone = this.timeline!.takeBack(seat);
    const takerAtMove = this.atMove[undone.index] ?? 0;
    this.atMove.push(remainingAt(this.clocks, seat, at));
    this.seq += 1;
    this.events.push([takeBackEvent(this.game, seat, undone.action, undone.state, this.seatNames())]);
    this.revision++;
    const before = this.actors;
    if (mode === 'live') this.refreshOptions(seat);
    else this.actors = [...this.game.actors(this.state)];
    const frozen = this.seats.map((s) => (s.takeover ?? null) !== null);
    this.clocks = takeBackClocks(
      this.setup.settings.clock,
      this.clocks,
      seat,
      at,
      this.actors,
      takerAtMove,
      frozen,
    );
    this.followTurns(seat, at, before);
  }

  private record(
    seat: Seat,
    action: unknown,
    at: number,
    state: unknown,
    events: readonly unknown[],
    mode: 'live' | 'replay',
  ): void {
    this.timeline!.acted(seat, action, state);
    this.atMove.push(remainingAt(this.clocks, seat, at));
    this.seq += 1;
    this.events.push(events);
    this.revision++;
    // Replaying a log needs only who acts (for the clocks); legal actions are computed once at the end.
    const before = this.actors;
    if (mode === 'live') this.refreshOptions(seat);
    else this.actors = [...this.game.actors(state)];
    const frozen = this.seats.map((s) => (s.takeover ?? null) !== null);
    this.clocks = advanceClocks(this.setup.settings.clock, this.clocks, seat, at, this.actors, frozen);
    this.followTurns(seat, at, before);
    const outcome = this.game.outcome(state);
    if (outcome && this.actors.length === 0) {
      this.status = 'finished';
      this.outcome = outcome as Outcome;
      this.finishedAt = at;
    }
  }

  /** When each actor's current move began, after `seat` acted (or took back) at `at`. */
  private followTurns(seat: Seat, at: number, before: readonly Seat[]): void {
    for (let s = 0; s < this.turnSince.length; s++)
      this.turnSince[s] = !this.actors.includes(s)
        ? null
        : s === seat || !before.includes(s)
          ? at
          : this.turnSince[s]!;
  }

  /**
   * Seats that have already chosen in a window where several act: they acted and their options
   * stayed as they were (`parked`), so they wait for the others. Empty when one seat acts alone.
   */
  chosenSeats(): Seat[] {
    return this.actors.length > 1 ? this.actors.filter((s) => this.parked[s]) : [];
  }

  /**
   * Recomputes who acts and their legal actions, and moves a seat's `since` to now when its options
   * changed: its legal actions differ, or it acted itself (so a second submission chosen against
   * the same update is refused, never silently applied again).
   */
  private refreshOptions(acted: Seat | null): void {
    this.actors = [...this.game.actors(this.state)];
    for (let seat = 0; seat < this.setup.players; seat++) {
      const legal = this.actors.includes(seat) ? this.game.legalActions(this.state, seat) : null;
      this.legal[seat] = legal;
      const key = legal === null ? '' : stableStringify(legal);
      if (key !== this.legalKeys[seat] || seat === acted) this.since[seat] = this.seq;
      if (key !== this.legalKeys[seat]) this.parked[seat] = false;
      else if (seat === acted) this.parked[seat] = true;
      this.legalKeys[seat] = key;
    }
  }

  /** What `viewer` is sent now, with the events of actions `from + 1` … `seq`. */
  update(viewer: Viewer, from: number, now: number): UpdateMessage | null {
    if (this.state === null) return null;
    const start = Math.max(0, Math.min(from, this.seq));
    const names = this.seatNames();
    const part = viewerPart(this.game, this.state, viewer, {
      legalOf: (seat) => this.legal[seat] ?? [],
      names,
    });
    // A seat a bot plays has nothing to choose until its player reclaims it.
    const mine = viewer !== 'spectator' && !this.takenOver(viewer);
    const events = [];
    for (let seq = start + 1; seq <= this.seq; seq++)
      events.push(...visibleEvents(this.game, seq, this.events[seq - 1]!, viewer, names));
    return {
      type: 'update',
      table: this.id,
      viewer,
      seq: this.seq,
      status: this.status,
      view: part.view as UpdateMessage['view'],
      actors: part.actors,
      legal: mine ? (part.legal as UpdateMessage['legal']) : null,
      confirm: mine ? part.confirm : null,
      labels: mine ? part.labels : null,
      from: start,
      events,
      clocks: readClocks(this.setup.settings.clock, this.clocks, now),
      outcome: this.outcome,
      takeBack: viewer !== 'spectator' && this.mayTakeBack(viewer),
      chosen: this.chosenSeats(),
    };
  }

  info(connected: ReadonlySet<Seat>): TableInfo {
    const names = this.seatNames();
    const seats: SeatInfo[] = this.seats.map((s) => ({
      seat: s.seat,
      kind: s.kind,
      bot: s.bot,
      name: shownName(s, names),
      taken: s.kind === 'bot' || s.tokenHash !== null,
      connected: s.kind === 'bot' || connected.has(s.seat),
      controlledByBot: (s.takeover ?? null) !== null,
      takeover: s.takeover ?? null,
    }));
    return {
      id: this.id,
      game: this.game.id,
      gameName: this.game.name,
      rulesVersion: this.setup.rulesVersion,
      players: this.setup.players,
      options: this.setup.options as TableInfo['options'],
      settings: this.setup.settings,
      seats,
      status: this.status,
      seq: this.seq,
      createdAt: this.setup.createdAt,
      startedAt: this.startedAt,
      finishedAt: this.finishedAt,
      outcome: this.outcome,
      rematchOf: this.setup.rematchOf,
      rematch: this.rematch,
    };
  }
}
