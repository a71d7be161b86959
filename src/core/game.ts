import type { z } from 'zod';
import type { Json } from './json.ts';
import { stableStringify as stableKey } from './json.ts';
import type { Rng } from './rng.ts';
import type { BotFactory } from './bot.ts';
import { namesFor, who } from './names.ts';
import type { Names } from './names.ts';

/** A seat at the table, 0-based in turn order. */
export type Seat = number;
/** Who looks: a seat, or a spectator who sees only what is public. */
export type Viewer = Seat | 'spectator';
export const SPECTATOR = 'spectator' as const;

/** Why an action was refused. `rule` is a stable id defined in docs (core.* or <game>.*). */
export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly rule: string;
}
export type ErrorCode = 'bad_shape' | 'not_your_turn' | 'game_over' | 'illegal' | 'internal';

export type ApplyResult<S, E> =
  | { readonly ok: true; readonly state: S; readonly events: readonly E[] }
  | { readonly ok: false; readonly error: RuleError };

/** What one viewer is shown of one event. `null` from viewEvent means the viewer is not told at all. */
export interface VisibleEvent {
  readonly type: string;
  readonly text: string;
  /** Structured, JSON-serialisable detail for clients; filtered like the text. */
  readonly data?: unknown;
}

/** Final result. ranks[seat] is 1 for the winner(s); equal ranks mean a shared place. */
export interface Outcome {
  readonly scores: readonly number[];
  readonly ranks: readonly number[];
  /** Game-specific breakdown (tie-break values, score sources), public by definition. */
  readonly details?: Json;
}

/** What the simulator's report samples: a clock that ticks per turn or round, and figures per tick. */
export interface Insights<S> {
  clock(state: S): number;
  /**
   * How a person names a value of the clock ("round 3", "turn 12", "setup"), for replays that jump
   * to a round. Optional: without it the value itself is shown.
   */
  clockLabel?(value: number): string;
  series(state: S): Record<string, number>;
  final(state: S): Record<string, number>;
}

/**
 * What a game author writes. Everything is a pure function of its arguments; randomness only
 * through an Rng whose state is stored inside S. S, A, V and E are plain JSON.
 *
 * Legality is written once: `legalActions` is the source of truth; `perform` is only ever called
 * with an action that is legal, and `explainIllegal` only with one that is not (to name the rule).
 */
export interface GameDefinition<S, A, V, E, O> {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly rulesVersion: string;
  /** Options with defaults: `optionsSchema.parse({})` is the default table. */
  readonly optionsSchema: z.ZodType<O, unknown>;
  /** Shape of any action of this game (legal or not); checked before legality. */
  readonly actionSchema: z.ZodType<A, unknown>;
  /** Shape of a saved state, checked when a state crosses a boundary (replay scripts, storage). */
  readonly stateSchema: z.ZodType<S, unknown>;

  setup(players: number, seed: string, options: O): S;
  /**
   * How many seats this state has. Optional: by default it is the state's integer `players` field
   * (every game here keeps one), or the player count of a game that allows only one; any other game
   * must define it. `defineGame` uses it to refuse viewers and seats out of range.
   */
  seatCount?(state: S): number;
  /** Seats that may act now: several during a simultaneous choice or an interrupt window; none once over. */
  actors(state: S): readonly Seat[];
  legalActions(state: S, seat: Seat): A[];
  /** Fast legality test; must agree with legalActions. Defaults to membership in legalActions. */
  isLegal?(state: S, seat: Seat, action: A): boolean;
  /**
   * Why a well-shaped action from an actor is not legal. Must reveal nothing the seat cannot see.
   * The message is read by that seat: `names` is theirs (see `Names`).
   */
  explainIllegal(state: S, seat: Seat, action: A, names: Names): RuleError;
  perform(state: S, seat: Seat, action: A): { state: S; events: E[] };
  /**
   * Whether `seat`'s legal `action`, which took `before` to `after`, revealed nothing to anyone, so
   * that its player may take it back (see `src/core/takeback.ts`): no viewer, the actor included,
   * learns anything about the hidden part of `before` from `after` (no card drawn, nothing rolled,
   * no hidden thing turned face up, no secret shown). Secret choices may be taken back: the others
   * only saw that a choice was made. Optional: without it no action can be taken back. The
   * conformance kit checks every `true` against worlds the viewers cannot tell apart; the answer
   * must itself be the same in every world the actor cannot tell apart (the actor hears it).
   */
  revealsNothing?(before: S, seat: Seat, action: A, after: S): boolean;

  view(state: S, viewer: Viewer): V;
  /** `names` says how the text calls each seat (`names.viewer` is `viewer`): see `src/core/names.ts`. */
  viewEvent(event: E, viewer: Viewer, names: Names): VisibleEvent | null;
  outcome(state: S): Outcome | null;
  /**
   * A state drawn as chance would draw it from all states the viewer cannot tell from this one.
   * It must also reseed the state's own RNG from `rng`: the future of the RNG is hidden too.
   */
  resample(state: S, viewer: Viewer, rng: Rng): S;

  /**
   * Text for people. Every function gets the reader's table of names (`Names`): each seat is
   * written as `nameOf`/`who`/`whom` write it ("you" for the reader, "Ann (B)" for the others),
   * never as a seat number. For `action` and `confirm` the reader is the seat whose view it is.
   */
  readonly render: {
    view(view: V, viewer: Viewer, names: Names): string;
    action(action: A, view: V, names: Names): string;
    /**
     * A question to put to a person before they take this action (e.g. giving up actions they
     * still have), or null. Only interfaces ask it; bots, replays and the rules never do.
     */
    confirm?(action: A, view: V, names: Names): string | null;
  };
  /** Heuristic value of a state for each seat, in [0, 1]; used by search bots to cut playouts short. */
  evaluate?(state: S): number[];
  /**
   * A fast, state-based move chooser for playouts inside search. It is only ever called on worlds a
   * search bot has sampled (never on the real state), so reading the whole state is fair there.
   */
  playoutPolicy?(state: S, seat: Seat, legal: readonly A[], rng: Rng): A;
  /** Game-specific bots (the heuristic bot at least), by name. */
  readonly bots?: Readonly<Record<string, BotFactory<S, A, V>>>;
  readonly insights?: Insights<S>;
}

/**
 * The contract everything else uses: the definition plus a safe `apply` and a trusted fast path.
 * Every function that writes text for a person takes the reader's `Names` as an optional last
 * argument: without it seats are "Player A", "Player B"… (simulations, the kit, tools). Where the
 * function is given the reader (`viewer`, or the refused `seat`), that reader counts, whatever
 * `names.viewer` says; `render.action` and `render.confirm` take the reader from `names`
 * (default: a spectator, who is nobody's "you").
 */
export interface Game<S = unknown, A = unknown, V = unknown, E = unknown, O = unknown> extends Omit<
  GameDefinition<S, A, V, E, O>,
  'explainIllegal' | 'viewEvent' | 'render'
> {
  /**
   * Validates shape, turn and legality; pure; never throws; never mutates its input. A refusal's
   * message is written for `seat` with its `names`.
   */
  apply(state: S, seat: Seat, action: unknown, names?: Names): ApplyResult<S, E>;
  /**
   * The refusal `apply` would give for this action, or null when `apply` would accept it: the same
   * checks (shape, game over, turn, legality), without performing the action. Pure, never throws.
   */
  check(state: S, seat: Seat, action: unknown, names?: Names): RuleError | null;
  explainIllegal(state: S, seat: Seat, action: A, names?: Names): RuleError;
  viewEvent(event: E, viewer: Viewer, names?: Names): VisibleEvent | null;
  readonly render: {
    view(view: V, viewer: Viewer, names?: Names): string;
    action(action: A, view: V, names?: Names): string;
    confirm?(action: A, view: V, names?: Names): string | null;
  };
  /** Same as apply for an action known to be legal (from legalActions): no checks, for search and sims. */
  applyTrusted(state: S, seat: Seat, action: A): { state: S; events: E[] };
  isLegal(state: S, seat: Seat, action: A): boolean;
  seatCount(state: S): number;
  /**
   * The game's `revealsNothing`, false without one, and false for an action that ended the game
   * (its outcome is out: the end is never taken back).
   */
  revealsNothing(before: S, seat: Seat, action: A, after: S): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any>;

export function ruleError(code: ErrorCode, rule: string, message: string): RuleError {
  return { code, rule, message };
}

function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Thrown when `view`, `viewEvent`, `resample`, `render.view` or `legalActions` is handed something
 * that is not a viewer (or seat) of this table: a programming error at a boundary, never a move, so
 * it is thrown rather than returned. It carries the rule id `core.viewer` (or `core.seat`) and names
 * what it got, which came from the caller and holds no secret.
 */
export class InvalidViewerError extends Error {
  override readonly name = 'InvalidViewerError';
  constructor(
    readonly rule: 'core.viewer' | 'core.seat',
    readonly where: string,
    readonly got: string,
    /** The exclusive upper bound of seats that was applied. */
    readonly seats: number,
  ) {
    super(
      `${where}: ${rule === 'core.viewer' ? "a viewer is 'spectator' or" : 'a seat is'} ` +
        `an integer seat 0–${seats - 1}, not ${got}`,
    );
  }
}

/** Whether `value` is a viewer of a table of `seats` seats: `'spectator'` or an integer seat in range. */
export function isViewer(value: unknown, seats: number): value is Viewer {
  return value === SPECTATOR || isSeat(value, seats);
}

/** Whether `value` is an integer seat of a table of `seats` seats. */
export function isSeat(value: unknown, seats: number): value is Seat {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < seats;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

/** The state's integer `players` field; else the one size of a game that has only one. */
function defaultSeatCount(state: unknown, minPlayers: number, maxPlayers: number): number {
  const players = (state as { players?: unknown } | null)?.players;
  if (typeof players === 'number' && Number.isInteger(players) && players > 0) return players;
  if (minPlayers === maxPlayers) return maxPlayers;
  throw new TypeError('the state has no integer `players` field and the game defines no seatCount');
}

/** The names of a text for nobody in particular: "Player A", "Player B"… and no "you". */
const SPECTATOR_NAMES: Names = namesFor(SPECTATOR);

export function defineGame<S, A, V, E, O>(def: GameDefinition<S, A, V, E, O>): Game<S, A, V, E, O> {
  const seatCount = (state: S): number =>
    def.seatCount ? def.seatCount(state) : defaultSeatCount(state, def.minPlayers, def.maxPlayers);
  // Without a state (an event, a view) the table's size is unknown; the game's maximum bounds it.
  const checkViewer = (where: string, viewer: unknown, seats: number): void => {
    if (!isViewer(viewer, seats))
      throw new InvalidViewerError('core.viewer', where, describeValue(viewer), seats);
  };
  const actionKey = (a: unknown) => stableKey(a);
  const isLegal =
    def.isLegal?.bind(def) ??
    ((state: S, seat: Seat, action: A) => {
      const key = actionKey(action);
      return def.legalActions(state, seat).some((legal) => actionKey(legal) === key);
    });

  // The reader given (a viewer, a refused seat) wins over `names.viewer`: a text is only ever
  // written for whoever it is handed to.
  const namesOf = (reader: Viewer, names: Names | undefined): Names =>
    names && names.viewer === reader ? names : namesFor(reader, names?.seats);
  const explainIllegal = (state: S, seat: Seat, action: A, names?: Names): RuleError =>
    def.explainIllegal(state, seat, action, namesOf(seat, names));

  /** The checks of `apply`, in its order: the parsed action if it may be performed, else the refusal. */
  const validate = (
    state: S,
    seat: Seat,
    action: unknown,
    names: Names | undefined,
  ): { readonly ok: true; readonly action: A } | { readonly ok: false; readonly error: RuleError } => {
    if (!Number.isInteger(seat)) {
      return { ok: false, error: ruleError('bad_shape', 'core.seat', `seat must be an integer`) };
    }
    const parsed = def.actionSchema.safeParse(action);
    if (!parsed.success) {
      return {
        ok: false,
        error: ruleError(
          'bad_shape',
          'core.action-shape',
          `malformed action: ${describeZodError(parsed.error)}`,
        ),
      };
    }
    const actors = def.actors(state);
    if (actors.length === 0) {
      return { ok: false, error: ruleError('game_over', 'core.game-over', 'the game is over') };
    }
    if (!actors.includes(seat)) {
      return {
        ok: false,
        // Read by the seat that tried: "You may not act now".
        error: ruleError('not_your_turn', 'core.turn', `${who(namesOf(seat, names), seat)} may not act now`),
      };
    }
    if (!isLegal(state, seat, parsed.data))
      return { ok: false, error: explainIllegal(state, seat, parsed.data, names) };
    return { ok: true, action: parsed.data };
  };
  // A throw in the engine is a bug; say so without echoing anything from the state.
  const internal = (err: unknown): RuleError =>
    ruleError(
      'internal',
      'core.internal',
      `internal engine error (${err instanceof Error ? err.name : 'error'})`,
    );

  const apply = (state: S, seat: Seat, action: unknown, names?: Names): ApplyResult<S, E> => {
    try {
      const valid = validate(state, seat, action, names);
      if (!valid.ok) return valid;
      const { state: next, events } = def.perform(state, seat, valid.action);
      return { ok: true, state: next, events };
    } catch (err) {
      return { ok: false, error: internal(err) };
    }
  };

  const check = (state: S, seat: Seat, action: unknown, names?: Names): RuleError | null => {
    try {
      const valid = validate(state, seat, action, names);
      return valid.ok ? null : valid.error;
    } catch (err) {
      return internal(err);
    }
  };

  return {
    ...def,
    seatCount,
    isLegal,
    apply,
    check,
    explainIllegal,
    applyTrusted: (state, seat, action) => def.perform(state, seat, action),
    revealsNothing: (before, seat, action, after) =>
      def.revealsNothing !== undefined &&
      def.actors(after).length > 0 &&
      def.revealsNothing(before, seat, action, after),
    legalActions: (state, seat) => {
      const seats = seatCount(state);
      if (!isSeat(seat, seats))
        throw new InvalidViewerError('core.seat', 'legalActions', describeValue(seat), seats);
      return def.legalActions(state, seat);
    },
    view: (state, viewer) => {
      checkViewer('view', viewer, seatCount(state));
      return def.view(state, viewer);
    },
    viewEvent: (event, viewer, names) => {
      checkViewer('viewEvent', viewer, def.maxPlayers);
      return def.viewEvent(event, viewer, namesOf(viewer, names));
    },
    resample: (state, viewer, rng) => {
      checkViewer('resample', viewer, seatCount(state));
      return def.resample(state, viewer, rng);
    },
    render: {
      view: (view, viewer, names) => {
        checkViewer('render.view', viewer, def.maxPlayers);
        return def.render.view(view, viewer, namesOf(viewer, names));
      },
      action: (action, view, names) => def.render.action(action, view, names ?? SPECTATOR_NAMES),
      ...(def.render.confirm
        ? {
            confirm: (action: A, view: V, names?: Names) =>
              def.render.confirm!(action, view, names ?? SPECTATOR_NAMES),
          }
        : {}),
    },
  };
}

/** Canonical identity of an action: equal actions give equal keys whatever their key order. */
export const actionKey = stableKey;
