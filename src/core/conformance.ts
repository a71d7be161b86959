import type { AnyGame, Seat, Viewer } from './game.ts';
import { SPECTATOR, actionKey } from './game.ts';
import type { RngState } from './rng.ts';
import { deepFreeze, hashJson, jsonEqual, stableStringify } from './json.ts';
import { newGame, replayActions } from './match.ts';
import { Rng, seedState } from './rng.ts';
import { namesFor } from './names.ts';
import type { Names } from './names.ts';

export interface ConformanceOptions {
  /** Player counts to try; defaults to every count the game allows. */
  readonly players?: readonly number[];
  /** Option tables to try; defaults to the game's defaults only. */
  readonly optionSets?: readonly Record<string, unknown>[];
  /** Seeded random playouts per (player count, option set). */
  readonly playouts?: number;
  /** A playout longer than this fails the kit. */
  readonly maxActions?: number;
  /** Run the (costly) resampling and leak checks on every n-th step. */
  readonly leakEvery?: number;
  /** How many legal actions per step are applied through the checked path. */
  readonly legalSample?: number;
  /**
   * Draws of `resample` per viewer (stopping once every hidden part in question has changed) before
   * the kit concludes that it keeps a hidden part the viewer cannot know; as many again from the
   * other state to tell copying the part from a deterministic draw of it.
   */
  readonly resampleDraws?: number;
  readonly seed?: string;
}

export interface ConformanceReport {
  readonly ok: boolean;
  readonly failures: readonly string[];
  readonly playouts: number;
  readonly actions: number;
  /**
   * By the `type` of the events viewers were shown: how often the leak check could compare them with
   * the same action's events in another world the viewer cannot tell apart (see EventCoverage).
   */
  readonly coverage: Readonly<Record<string, EventCoverage>>;
}

/**
 * Counts over the steps where the leak checks ran, one per (step, viewer) that was shown an event
 * of a type: a measure of how much of a game the event-leak check actually sees.
 */
export interface EventCoverage {
  shown: number;
  /** Of those, how many were compared with the same action applied in a world the viewer cannot tell apart. */
  compared: number;
}

const JUNK: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  'x',
  true,
  [],
  {},
  [null],
  { type: '__not_an_action__' },
  { kind: '__not_an_action__' },
];

/** Small, type-aware edits of a legal action: the kind of thing a buggy or hostile client sends. */
export function mutations(action: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (value: unknown, rebuild: (v: unknown) => unknown) => {
    if (typeof value === 'number') {
      for (const v of [value + 1, value - 1, -1, 1e9, 0.5, Number.NaN, String(value), null])
        out.push(rebuild(v));
    } else if (typeof value === 'string') {
      for (const v of ['', '__nope__', 7, null]) out.push(rebuild(v));
    } else if (typeof value === 'boolean') {
      out.push(rebuild(!value), rebuild('yes'));
    } else if (Array.isArray(value)) {
      out.push(rebuild([]), rebuild([...value, ...value]), rebuild('not-a-list'));
      if (value.length > 0) out.push(rebuild(value.slice(1)));
      value.forEach((item, i) =>
        visit(item, (v) => {
          const copy = value.slice();
          copy[i] = v;
          return rebuild(copy);
        }),
      );
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      out.push(rebuild({ ...record, __extra__: 1 }));
      for (const key of Object.keys(record)) {
        const { [key]: _dropped, ...rest } = record;
        out.push(rebuild(rest));
        visit(record[key], (v) => rebuild({ ...record, [key]: v }));
      }
    }
  };
  visit(action, (v) => v);
  return out;
}

function viewers(players: number): Viewer[] {
  const list: Viewer[] = [SPECTATOR];
  for (let s = 0; s < players; s++) list.push(s);
  return list;
}

function seatsOf(players: number): Seat[] {
  return Array.from({ length: players }, (_, i) => i);
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** A write into a deep-frozen value: the message V8 (and other engines) give such a TypeError. */
const FROZEN_WRITE = /read.only|frozen|not extensible|Cannot (assign|add|delete|define)/i;

/**
 * What a game function did wrong while the kit called it: it threw, or it wrote into a (frozen)
 * state it was given. Thrown by the guarded game and caught per playout, so that a bad `view`
 * becomes a finding that names the game and the step instead of a TypeError that ends the kit.
 */
class KitFinding extends Error {
  override readonly name = 'KitFinding';
  constructor(
    message: string,
    readonly wroteInput: boolean,
  ) {
    super(message);
  }
}

type Describe = (args: readonly unknown[]) => string;
const plain: Describe = () => '';
const forViewer: Describe = (args) => ` for ${describeViewer(args[1] as Viewer)}`;
const forSeat: Describe = (args) => ` of seat ${String(args[1])}`;

/**
 * Players' names the kit hands every function that writes text, so the information checks read
 * texts as people get them (names are public, and the same in every world the kit compares).
 */
const KIT_NAMES = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana'];
const kitNames = (reader: Viewer, names?: Names): Names => names ?? namesFor(reader, KIT_NAMES);

/**
 * The game as the kit calls it: every function that reads a state (or a view or an event) turns a
 * throw into a KitFinding. Texts are written with the kit's names (`KIT_NAMES`). States the kit passes are deep-frozen, so a write into one throws, and
 * is reported as such. InvalidViewerError passes through: the viewer check expects it.
 */
function guard(game: AnyGame): AnyGame {
  const wrap = <F extends (...args: never[]) => unknown>(name: string, describe: Describe, fn: F): F =>
    ((...args: Parameters<F>) => {
      try {
        return fn(...args);
      } catch (err) {
        if (err instanceof KitFinding || (err instanceof Error && err.name === 'InvalidViewerError'))
          throw err;
        const wrote = err instanceof TypeError && FROZEN_WRITE.test(err.message);
        throw new KitFinding(
          wrote
            ? `${name}${describe(args)} wrote into the state it was given (${errorText(err)}); ` +
                `game functions must not change their inputs`
            : `${name}${describe(args)} threw ${errorText(err)}`,
          wrote,
        );
      }
    }) as F;
  return {
    ...game,
    actors: wrap('actors', plain, game.actors.bind(game)),
    outcome: wrap('outcome', plain, game.outcome.bind(game)),
    seatCount: wrap('seatCount', plain, game.seatCount.bind(game)),
    legalActions: wrap('legalActions', forSeat, game.legalActions.bind(game)),
    isLegal: wrap('isLegal', forSeat, game.isLegal.bind(game)),
    applyTrusted: wrap('perform', forSeat, game.applyTrusted.bind(game)),
    apply: (state, seat, action, names) => game.apply(state, seat, action, kitNames(seat, names)),
    view: wrap('view', forViewer, game.view.bind(game)),
    viewEvent: wrap('viewEvent', forViewer, (event: unknown, viewer: Viewer, names?: Names) =>
      game.viewEvent(event, viewer, kitNames(viewer, names)),
    ),
    resample: wrap('resample', forViewer, game.resample.bind(game)),
    render: {
      ...game.render,
      view: wrap('render.view', forViewer, (view: unknown, viewer: Viewer, names?: Names) =>
        game.render.view(view, viewer, kitNames(viewer, names)),
      ),
      action: wrap('render.action', plain, game.render.action.bind(game.render)),
    },
  };
}

/**
 * The battery every game must pass: termination, the actors/outcome invariants, legal actions
 * agreeing with apply and isLegal both ways, rejection of malformed and out-of-turn input, purity,
 * determinism, JSON round trips, and the information checks (views, events and errors identical
 * across worlds that a viewer cannot tell apart).
 */
export function checkGame(game: AnyGame, opts: ConformanceOptions = {}): ConformanceReport {
  const failures: string[] = [];
  const fail = (where: string, what: string) => {
    if (failures.length < 50) failures.push(`${where}: ${what}`);
  };
  const playerCounts =
    opts.players ??
    Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
  const optionSets = opts.optionSets ?? [{}];
  const playouts = opts.playouts ?? 5;
  const limits: Limits = {
    maxActions: opts.maxActions ?? 20_000,
    leakEvery: opts.leakEvery ?? 1,
    legalSample: opts.legalSample ?? 6,
    resampleDraws: opts.resampleDraws ?? 16,
  };
  const coverage: Record<string, EventCoverage> = {};
  const guarded = guard(game);
  let totalActions = 0;
  let totalPlayouts = 0;

  for (const players of playerCounts) {
    for (const options of optionSets) {
      for (let p = 0; p < playouts; p++) {
        const seed = `${opts.seed ?? 'kit'}:${players}:${stableStringify(options)}:${p}`;
        const where = `${game.id} players=${players} options=${stableStringify(options)} seed=${seed}`;
        const before = failures.length;
        totalActions += playout(guarded, players, options, seed, limits, coverage, (what) =>
          fail(where, what),
        );
        totalPlayouts++;
        if (failures.length > before)
          return { ok: false, failures, playouts: totalPlayouts, actions: totalActions, coverage };
      }
    }
  }
  return { ok: failures.length === 0, failures, playouts: totalPlayouts, actions: totalActions, coverage };
}

interface Limits {
  readonly maxActions: number;
  readonly leakEvery: number;
  readonly legalSample: number;
  readonly resampleDraws: number;
}

/** How many steps' worth of legal actions the isLegal check keeps trying on later states. */
const RECENT_STEPS = 8;

function playout(
  game: AnyGame,
  players: number,
  options: Record<string, unknown>,
  seed: string,
  limits: Limits,
  coverage: Record<string, EventCoverage>,
  fail: (what: string) => void,
): number {
  const created = newGame(game, players, seed, options);
  if (!created.ok) {
    fail(`setup refused: ${created.error}`);
    return 0;
  }
  const again = newGame(game, players, seed, options);
  if (!again.ok || hashJson(again.value.state) !== hashJson(created.value.state)) {
    fail('setup is not deterministic for a given seed');
    return 0;
  }
  const start = deepFreeze(created.value.state);
  const log: { seat: Seat; action: unknown }[] = [];
  try {
    const state = play(game, players, start, seed, limits, coverage, log, fail);
    if (state === null) return log.length;
    // Replay from the log rebuilds the very same final state.
    const replay = replayActions(game, start, log);
    if (!replay.ok) fail(`replay refused action ${replay.applied}: ${replay.error?.message}`);
    else if (hashJson(replay.state) !== hashJson(state))
      fail('replaying the log gave a different final state');
  } catch (err) {
    // A game function threw or wrote into its input: a finding at the step being checked.
    if (!(err instanceof KitFinding)) throw err;
    fail(`step ${log.length}: ${err.message}`);
  }
  return log.length;
}

/** Plays one seeded random playout from `start`; the final state, or null after a failure. */
function play(
  game: AnyGame,
  players: number,
  start: unknown,
  seed: string,
  limits: Limits,
  coverage: Record<string, EventCoverage>,
  log: { seat: Seat; action: unknown }[],
  fail: (what: string) => void,
): unknown {
  const { maxActions, leakEvery, legalSample, resampleDraws } = limits;
  const rng = Rng.fromSeed(`choices:${seed}`);
  const recent: unknown[][] = [];
  // Every state the kit hands the game is deep-frozen first: a write into it throws at once.
  let state = deepFreeze(start);

  for (let step = 0; ; step++) {
    const at = `step ${step}`;
    if (!checkState(game, state, players, at, fail)) return null;
    const actors = game.actors(state);
    const outcome = game.outcome(state);
    if (actors.length === 0) {
      if (!outcome) fail(`${at}: no actors but no outcome`);
      else checkOutcome(outcome, players, at, fail);
      return state;
    }
    if (outcome) {
      fail(`${at}: an outcome exists while seats ${actors.join(',')} may still act`);
      return null;
    }
    if (step >= maxActions) {
      fail(`playout did not end within ${maxActions} actions`);
      return null;
    }
    const frozen = state;
    const legalBySeat = seatsOf(players).map((s) => game.legalActions(frozen, s));
    for (const seat of seatsOf(players)) {
      if (!actors.includes(seat) && legalBySeat[seat]!.length > 0) {
        fail(`${at}: seat ${seat} is not an actor but has legal actions`);
        return null;
      }
    }
    const seat = actors[rng.int(actors.length)]!;
    const legal = legalBySeat[seat]!;
    if (legal.length === 0) {
      fail(`${at}: actor ${seat} has no legal action`);
      return null;
    }
    const keys = new Set(legal.map(actionKey));
    if (keys.size !== legal.length) fail(`${at}: legalActions lists an action twice`);
    if (!checkIsLegal(game, frozen, players, legalBySeat, recent, `${seed}:${step}`, at, fail)) return null;
    recent.push(actors.flatMap((s) => legalBySeat[s]!));
    if (recent.length > RECENT_STEPS) recent.shift();
    const chosen = legal[rng.int(legal.length)];

    // Every legal action (a sample of them) must apply through the checked path.
    const sample =
      legal.length <= legalSample ? legal : [chosen, ...rng.shuffle(legal).slice(0, legalSample - 1)];
    const alternatives: Applied[] = [];
    for (const action of sample) {
      const result = safeApply(game, frozen, seat, action);
      if (result === 'mutated')
        fail(`${at}: apply mutated its input state (action ${stableStringify(action)})`);
      else if (!result.ok)
        fail(
          `${at}: legal action ${stableStringify(action)} was rejected: ${result.error.rule} ${result.error.message}`,
        );
      if (result === 'mutated' || !result.ok) return null;
      if (actionKey(action) !== actionKey(chosen))
        alternatives.push({ action, state: deepFreeze(result.state), events: result.events });
    }

    // Wrong seat, malformed and mutated actions are refused, never crash, and leave the state alone.
    const stateHash = hashJson(frozen);
    for (const other of seatsOf(players).filter((s) => !actors.includes(s))) {
      const result = game.apply(frozen, other, chosen);
      if (result.ok) fail(`${at}: seat ${other} acted out of turn`);
      else if (result.error.code === 'internal') fail(`${at}: out-of-turn action crashed the engine`);
    }
    const bad = [...JUNK, ...mutations(chosen)].filter((a) => a === undefined || !keys.has(actionKey(a)));
    const world = deepFreeze(game.resample(frozen, seat, Rng.fromSeed(`errors:${seed}:${step}`)));
    for (const action of bad) {
      let result;
      try {
        result = game.apply(frozen, seat, action);
      } catch (err) {
        fail(`${at}: apply threw on ${stableStringify(action)}: ${errorText(err)}`);
        return null;
      }
      if (result.ok) {
        fail(`${at}: apply accepted ${stableStringify(action)}, which legalActions does not list`);
        return null;
      }
      if (result.error.code === 'internal') fail(`${at}: ${stableStringify(action)} crashed the engine`);
      if (!result.error.rule) fail(`${at}: an error names no rule`);
      const elsewhere = game.apply(world, seat, action);
      if (!elsewhere.ok && !jsonEqual(elsewhere.error, result.error)) {
        fail(
          `${at}: the error for ${stableStringify(action)} differs between worlds seat ${seat} cannot tell apart ` +
            `(it leaks hidden information): ${result.error.message} / ${elsewhere.error.message}`,
        );
        return null;
      }
    }
    if (hashJson(frozen) !== stateHash) fail(`${at}: a rejected action changed the state`);

    // Determinism: the same action on the same state gives the same state.
    const first = game.applyTrusted(frozen, seat, chosen);
    const second = game.applyTrusted(frozen, seat, chosen);
    if (hashJson(first.state) !== hashJson(second.state) || !jsonEqual(first.events, second.events)) {
      fail(
        `${at}: applying ${stableStringify(chosen)} twice gave different results (nondeterministic apply)`,
      );
      return null;
    }
    const checked = game.apply(frozen, seat, chosen);
    if (!checked.ok || hashJson(checked.state) !== hashJson(first.state)) {
      fail(`${at}: apply and applyTrusted disagree on ${stableStringify(chosen)}`);
      return null;
    }
    const next = deepFreeze(first.state);

    if (step === 0 && !checkViewerValidation(game, frozen, players, first.events, at, fail)) return null;
    if (
      step % leakEvery === 0 &&
      !checkInformation(
        game,
        frozen,
        players,
        { action: chosen, state: next, events: first.events },
        alternatives,
        { seed, step, actor: seat, resampleDraws, coverage },
        fail,
      )
    )
      return null;
    if (step % leakEvery === 0) {
      const applied = [{ action: chosen, state: next, events: first.events }, ...alternatives];
      for (const one of applied) {
        if (!game.revealsNothing(frozen, seat, one.action, one.state)) continue;
        if (!checkTakeBack(game, frozen, players, one, { seed, step, actor: seat }, fail)) return null;
      }
    }

    state = next;
    log.push({ seat, action: chosen });
  }
}

function safeApply(game: AnyGame, state: unknown, seat: Seat, action: unknown) {
  try {
    // applyTrusted first: on a frozen state, a write makes it throw, which means perform wrote into its input.
    game.applyTrusted(state, seat, action);
  } catch (err) {
    if (err instanceof KitFinding && err.wroteInput) return 'mutated' as const;
  }
  return game.apply(state, seat, action);
}

/** Most candidate actions the isLegal check tries at one state. */
const IS_LEGAL_CANDIDATES = 400;

/**
 * `isLegal` must agree with `legalActions` for every seat. Edits of one chosen action find an
 * `isLegal` that is too lax only where the edit happens to land; a game that writes `isLegal`
 * separately is more likely to go wrong on whole other actions: one of another phase, another seat's,
 * or one that would be legal had the hidden part been different. So the candidates are the legal
 * actions of every seat here, of every actor in a world resampled for each viewer, and of the actors
 * of the last few steps (well-shaped actions that were legal nearby).
 */
function checkIsLegal(
  game: AnyGame,
  state: unknown,
  players: number,
  legalBySeat: readonly (readonly unknown[])[],
  recent: readonly (readonly unknown[])[],
  seed: string,
  at: string,
  fail: (w: string) => void,
): boolean {
  const candidates = new Map<string, unknown>();
  const add = (actions: readonly unknown[]) => {
    for (const action of actions) candidates.set(actionKey(action), action);
  };
  legalBySeat.forEach(add);
  recent.forEach(add);
  for (const viewer of viewers(players)) {
    const world = deepFreeze(game.resample(state, viewer, Rng.fromSeed(`is-legal:${seed}:${viewer}`)));
    for (const seat of game.actors(world)) add(game.legalActions(world, seat));
  }
  let list = [...candidates.values()];
  if (list.length > IS_LEGAL_CANDIDATES)
    list = Rng.fromSeed(`is-legal:${seed}`).shuffle(list).slice(0, IS_LEGAL_CANDIDATES);
  const legalKeys = legalBySeat.map((legal) => new Set(legal.map(actionKey)));
  for (const candidate of list) {
    const parsed = game.actionSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const key = actionKey(parsed.data);
    for (const seat of seatsOf(players)) {
      const listed = legalKeys[seat]!.has(key);
      if (game.isLegal(state, seat, parsed.data) === listed) continue;
      fail(
        listed
          ? `${at}: isLegal refuses ${key} for seat ${seat}, which legalActions lists (isLegal must agree with legalActions)`
          : `${at}: isLegal accepts ${key} for seat ${seat}, which legalActions does not list ` +
              `(isLegal must agree with legalActions; apply would hand it to perform)`,
      );
      return false;
    }
  }
  return true;
}

function checkState(
  game: AnyGame,
  state: unknown,
  players: number,
  at: string,
  fail: (w: string) => void,
): boolean {
  const text = JSON.stringify(state);
  const back = JSON.parse(text) as unknown;
  if (!jsonEqual(back, state)) {
    fail(`${at}: the state does not survive a JSON round trip`);
    return false;
  }
  const parsed = game.stateSchema.safeParse(back);
  if (!parsed.success) {
    fail(`${at}: the state does not match the game's stateSchema: ${parsed.error.issues[0]?.message}`);
    return false;
  }
  if (!jsonEqual(game.actors(back), game.actors(state))) {
    fail(`${at}: actors differ after a JSON round trip`);
    return false;
  }
  for (const viewer of viewers(players)) {
    const view = game.view(state, viewer);
    if (!jsonEqual(JSON.parse(JSON.stringify(view)), view)) {
      fail(`${at}: the view for ${viewer} is not plain JSON`);
      return false;
    }
  }
  return true;
}

function checkOutcome(
  outcome: { scores: readonly number[]; ranks: readonly number[] },
  players: number,
  at: string,
  fail: (w: string) => void,
) {
  if (outcome.scores.length !== players || outcome.ranks.length !== players)
    fail(`${at}: the outcome has ${outcome.scores.length} scores and ${outcome.ranks.length} ranks`);
  if (!outcome.ranks.includes(1)) fail(`${at}: nobody is ranked first`);
  if (outcome.ranks.some((r) => !Number.isInteger(r) || r < 1 || r > players))
    fail(`${at}: a rank is out of range`);
}

/** One legal action of the acting seat and what it led to. */
interface Applied {
  readonly action: unknown;
  readonly state: unknown;
  readonly events: readonly unknown[];
}

interface StepContext {
  readonly seed: string;
  readonly step: number;
  readonly actor: Seat;
  readonly resampleDraws: number;
  readonly coverage: Record<string, EventCoverage>;
}

function describeViewer(viewer: Viewer): string {
  return viewer === SPECTATOR ? 'the spectator' : `seat ${viewer}`;
}

/**
 * An Rng that remembers every state it (or a generator forked from it) hands out. A world built by
 * `resample` stores one of them as its RNG, which tells the kit where a state keeps its RNG without
 * knowing the game, so that "the same hidden part" can be judged apart from the RNG.
 */
class WitnessRng extends Rng {
  constructor(
    state: RngState,
    readonly issued: Set<string>,
  ) {
    super(state);
  }

  static seeded(seed: string): WitnessRng {
    return new WitnessRng(seedState(seed), new Set());
  }

  override state(): RngState {
    const state = super.state();
    this.issued.add(stableStringify(state));
    return state;
  }

  override fork(): Rng {
    const child = super.fork();
    return new WitnessRng(child.state(), this.issued);
  }
}

type JsonPath = readonly (string | number)[];

/** Where in `value` an RNG state issued by `rng` sits. */
function rngPaths(value: unknown, issued: ReadonlySet<string>): JsonPath[] {
  const found: JsonPath[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      if (node.length === 4 && issued.has(stableStringify(node))) {
        found.push(path.slice());
        return;
      }
      node.forEach((child, i) => walk(child, [...path, i]));
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  return found;
}

/** `value` with what sits at each path replaced (a copy along the paths; the rest is shared). */
function replaceAt(value: unknown, paths: readonly JsonPath[], replacement: unknown): unknown {
  const put = (node: unknown, path: JsonPath, i: number): unknown => {
    if (i === path.length) return replacement;
    if (node === null || typeof node !== 'object') return node;
    const key = path[i]!;
    if (!(key in node)) return node;
    const copy = (Array.isArray(node) ? node.slice() : { ...node }) as Record<string | number, unknown>;
    copy[key] = put(copy[key], path, i + 1);
    return copy;
  };
  return paths.reduce((acc, path) => put(acc, path, 0), value);
}

/** A key of everything in a state except its RNG: equal keys mean the same hidden part. */
function withoutRng(state: unknown, paths: readonly JsonPath[]): string {
  return stableStringify(replaceAt(state, paths, '(rng)'));
}

/**
 * `view`, `viewEvent`, `resample`, `render.view` and `legalActions` must refuse anything that is
 * not a viewer (or seat) of this table with an InvalidViewerError: a string "1" that indexes seat
 * 1's hand, -1 that `at()` turns into the last seat, a seat beyond the table.
 */
function checkViewerValidation(
  game: AnyGame,
  state: unknown,
  players: number,
  events: readonly unknown[],
  at: string,
  fail: (w: string) => void,
): boolean {
  if (game.seatCount(state) !== players) {
    fail(`${at}: seatCount says ${game.seatCount(state)} seats at a table of ${players}`);
    return false;
  }
  const malformed: unknown[] = ['0', '1', `${players - 1}`, 'Spectator', '', -1, 0.5, NaN, Infinity];
  malformed.push(null, undefined, true, [0], { seat: 0 });
  const view = game.view(state, SPECTATOR);
  const calls: [string, unknown[], (bad: unknown) => unknown][] = [
    ['view', [...malformed, players], (bad) => game.view(state, bad as Viewer)],
    ['resample', [...malformed, players], (bad) => game.resample(state, bad as Viewer, Rng.fromSeed('v'))],
    ['legalActions', [...malformed, players, SPECTATOR], (bad) => game.legalActions(state, bad as Seat)],
    ['render.view', [...malformed, game.maxPlayers], (bad) => game.render.view(view, bad as Viewer)],
  ];
  if (events.length > 0)
    calls.push([
      'viewEvent',
      [...malformed, game.maxPlayers],
      (bad) => game.viewEvent(events[0], bad as Viewer),
    ]);
  for (const [name, bads, call] of calls) {
    for (const bad of bads) {
      let thrown: unknown = null;
      try {
        call(bad);
      } catch (err) {
        thrown = err;
      }
      if (!(thrown instanceof Error && thrown.name === 'InvalidViewerError')) {
        const shown = typeof bad === 'string' ? JSON.stringify(bad) : String(bad);
        fail(
          `${at}: ${name} took ${shown} as a viewer at a table of ${players} ` +
            `(viewers are validated: it must throw InvalidViewerError)` +
            (thrown ? `; it threw ${errorText(thrown)}` : ''),
        );
        return false;
      }
    }
  }
  return true;
}

/**
 * Leak checks at one state.
 *
 * 1. For every viewer, a world resampled for that viewer must look the same to them (views), must
 *    look the same to a spectator, and the chosen action must produce the same event texts for them
 *    whenever what they can see after it is the same. When it is not the same (the action makes a
 *    public draw, which came out otherwise in the resampled world), worlds between the two are
 *    tried: the resampled world with one top-level part of the state put back as it truly is, and
 *    the true state with one part taken from the resampled world. Such a world counts when the game
 *    calls it valid (stateSchema), the viewer's view of it is the true one and the action is legal in
 *    it; when its view after the action is the true one too, the viewer's events must be the same.
 * 2. The actor's own secret: another legal action of the actor that its own view tells apart from
 *    the chosen one, but that leaves another viewer's view (and not the whole state) the same, must
 *    give that viewer the same events, text and data; so must the chosen action under another draw
 *    of chance.
 * 3. Such a pair proves the viewer cannot tell two states apart after the action, so `resample` for
 *    the viewer there must vary each hidden part in which they differ, not hand back the truth.
 */
function checkInformation(
  game: AnyGame,
  state: unknown,
  players: number,
  chosen: Applied,
  alternatives: readonly Applied[],
  ctx: StepContext,
  fail: (w: string) => void,
): boolean {
  const { seed, step, actor } = ctx;
  const action = chosen.action;
  // Views are compared as canonical text; each view of the true states is written out once.
  const key = stableStringify;
  const before = new Map<Viewer, string>();
  const after = new Map<Viewer, string>();
  const viewKey = (cache: Map<Viewer, string>, of: unknown, viewer: Viewer): string => {
    let text = cache.get(viewer);
    if (text === undefined) cache.set(viewer, (text = key(game.view(of, viewer))));
    return text;
  };
  const actorsKey = key(game.actors(state));
  const truthKey = key(state);
  let paths: JsonPath[] = [];
  for (const viewer of viewers(players)) {
    const rng = WitnessRng.seeded(`resample:${seed}:${step}:${viewer}`);
    const world = deepFreeze(game.resample(state, viewer, rng));
    if (paths.length === 0) paths = rngPaths(world, rng.issued);
    if (key(world) === truthKey) {
      fail(
        `step ${step}: resample for ${describeViewer(viewer)} returned the true state unchanged, its RNG included ` +
          `(a resample that cheats: a search bot would see every hidden card and every future draw)`,
      );
      return false;
    }
    if (key(game.view(world, viewer)) !== viewKey(before, state, viewer)) {
      fail(
        `step ${step}: the view for ${viewer} differs in a world resampled for ${viewer} ` +
          `(the view shows something the viewer should not know, or resample changed what it can see)`,
      );
      return false;
    }
    if (viewer !== SPECTATOR && key(game.view(world, SPECTATOR)) !== viewKey(before, state, SPECTATOR)) {
      fail(
        `step ${step}: the spectator view changed in a world resampled for ${viewer} (the spectator sees private data)`,
      );
      return false;
    }
    if (key(game.actors(world)) !== actorsKey) {
      fail(`step ${step}: who acts differs in a world resampled for ${viewer}`);
      return false;
    }
    const here = chosen.events.map((e) => game.viewEvent(e, viewer));
    const same = {
      before: viewKey(before, state, viewer),
      after: viewKey(after, chosen.state, viewer),
      actorsKey,
    };
    const compared = compareEventsAcrossWorlds(game, state, world, viewer, here, same, ctx, action, fail);
    if (compared === 'leak') return false;
    countCoverage(ctx.coverage, here, compared === 'same');
  }

  // Pairs of outcomes a viewer cannot tell apart: other actions of the actor, and the chosen action
  // under another draw of chance (the truth with a fresh RNG where resample put its RNG).
  const others: { applied: Applied; chance: boolean }[] = alternatives.map((applied) => ({
    applied,
    chance: false,
  }));
  if (paths.length > 0) {
    const reseeded = deepFreeze(replaceAt(state, paths, seedState(`chance:${seed}:${step}`)));
    const drawn = game.applyTrusted(reseeded, actor, action);
    others.push({ applied: { action, state: deepFreeze(drawn.state), events: drawn.events }, chance: true });
  }
  const witnesses = new Map<Viewer, Applied[]>();
  let chosenKey: string | null = null;
  for (const { applied, chance } of others) {
    // The actor's secret is what the actor's own view tells apart. Two public actions that no view
    // keeps (which sector was scored, a re-drop instead of a skip) may be named by their events,
    // even when they leave different hidden parts behind (a deck shuffled with other draws).
    const secret = chance || key(game.view(applied.state, actor)) !== viewKey(after, chosen.state, actor);
    let differs: boolean | null = null;
    for (const viewer of viewers(players)) {
      if (viewer === actor && !chance) continue;
      if (key(game.view(applied.state, viewer)) !== viewKey(after, chosen.state, viewer)) continue;
      // A pair that ends in the same state (apart from the RNG) hides nothing from anyone.
      chosenKey ??= withoutRng(chosen.state, paths);
      differs ??= withoutRng(applied.state, paths) !== chosenKey;
      if (!differs) break;
      witnesses.set(viewer, [...(witnesses.get(viewer) ?? []), applied]);
      if (!secret) continue;
      const here = chosen.events.map((e) => game.viewEvent(e, viewer));
      const alt = applied.events.map((e) => game.viewEvent(e, viewer));
      if (!jsonEqual(here, alt)) {
        fail(
          chance
            ? `step ${step}: events of ${stableStringify(action)} read differently by ${viewer} under another ` +
                `draw of chance that leaves its view the same (an event leaks a hidden draw): ` +
                `${stableStringify(here)} / ${stableStringify(alt)}`
            : `step ${step}: seat ${actor}'s actions ${stableStringify(action)} and ${stableStringify(applied.action)} ` +
                `leave ${describeViewer(viewer)}'s view the same (seat ${actor}'s own view tells them apart), ` +
                `but their events read differently to it (an event leaks the actor's own secret): ` +
                `${stableStringify(here)} / ${stableStringify(alt)}`,
        );
        return false;
      }
    }
  }
  for (const [viewer, list] of witnesses)
    if (!checkResampleVaries(game, chosen, viewer, list, ctx, fail)) return false;
  return true;
}

/** Most actions of the actor the take-back check tries in one world for another viewer. */
const TAKE_BACK_CANDIDATES = 64;
/** Worlds per viewer the take-back check draws. */
const TAKE_BACK_WORLDS = 2;

/**
 * An action the game says revealed nothing (`revealsNothing`: it may be taken back) must have told
 * nobody anything about the hidden part of the state before it, or a take-back would let a player
 * act again knowing more, or leave another viewer knowing what the state has hidden again.
 * 1. The actor: in a world it cannot tell apart (resampled for it, its RNG too), the same action
 *    leaves it the same view and the same event texts (it drew nothing, rolled nothing, peeked at
 *    nothing), and the game says the same of it there (the actor hears that answer).
 * 2. Every other viewer (other seats, the spectator) that was shown something (its view changed,
 *    or it was told an event): in a world resampled for it, some legal action of the actor (the
 *    same one first) leaves it the same view and the same event texts. If none does, what it saw
 *    after the action tells the true state from that world: the action turned something up, or
 *    showed something the actor held hidden.
 */
function checkTakeBack(
  game: AnyGame,
  state: unknown,
  players: number,
  applied: Applied,
  ctx: { readonly seed: string; readonly step: number; readonly actor: Seat },
  fail: (w: string) => void,
): boolean {
  const { seed, step, actor } = ctx;
  const key = stableStringify;
  const seen = (of: Applied, viewer: Viewer) =>
    key([
      game.view(of.state, viewer),
      of.events.map((e) => game.viewEvent(e, viewer)).filter((e) => e !== null),
    ]);
  const claim =
    `step ${step}: seat ${actor}'s ${key(applied.action)} is declared take-backable ` +
    `(revealsNothing), but`;
  // The actor first: what it learns itself is the plainer finding.
  const order = [actor, ...viewers(players).filter((v) => v !== actor)];
  for (const viewer of order) {
    const truth = seen(applied, viewer);
    for (let draw = 0; draw < TAKE_BACK_WORLDS; draw++) {
      const world = deepFreeze(
        game.resample(state, viewer, Rng.fromSeed(`take-back:${seed}:${step}:${viewer}:${draw}`)),
      );
      if (viewer === actor) {
        const there = game.applyTrusted(world, actor, applied.action);
        const after = deepFreeze(there.state);
        if (seen({ ...there, action: applied.action, state: after }, viewer) !== truth) {
          fail(
            `${claim} it shows seat ${actor} something new: in a world it cannot tell apart the same ` +
              `action leaves it another view or other events (a draw, a roll, a peek)`,
          );
          return false;
        }
        if (!game.revealsNothing(world, actor, applied.action, after)) {
          fail(
            `${claim} in a world seat ${actor} cannot tell apart the game says it reveals something ` +
              `(the answer depends on what seat ${actor} cannot see)`,
          );
          return false;
        }
        continue;
      }
      // Shown nothing at all (the same view, no event): it learns nothing but that the actor
      // could do something it cannot see, which its own action would have told it anyway.
      if (truth === key([game.view(state, viewer), []])) break;
      const legal = game.legalActions(world, actor);
      const first = legal.findIndex((a) => actionKey(a) === actionKey(applied.action));
      const candidates = first >= 0 ? [legal[first], ...legal.filter((_, i) => i !== first)] : legal;
      let matched = false;
      for (const action of candidates.slice(0, TAKE_BACK_CANDIDATES)) {
        const there = game.applyTrusted(world, actor, action);
        if (seen({ action, state: deepFreeze(there.state), events: there.events }, viewer) === truth) {
          matched = true;
          break;
        }
      }
      // Past the bound, an unmatched world proves nothing: the match may be among the untried.
      if (!matched && candidates.length <= TAKE_BACK_CANDIDATES) {
        fail(
          `${claim} it tells ${describeViewer(viewer)} something hidden: in a world ` +
            `${describeViewer(viewer)} cannot tell apart, no action of seat ${actor} leaves it the same ` +
            `view and events (the action turned something up, or showed a secret)`,
        );
        return false;
      }
    }
  }
  return true;
}

/** What the viewer sees of the true state before and after the chosen action, as canonical text. */
interface SameAs {
  readonly before: string;
  readonly after: string;
  readonly actorsKey: string;
}

/**
 * The chosen action applied in `world` (resampled for `viewer`) and, when that ends in another view,
 * in the worlds between it and the truth (checkInformation, 1). 'leak' after a failure; 'same' when
 * at least one world was compared and agreed; 'none' when no world could be compared.
 */
function compareEventsAcrossWorlds(
  game: AnyGame,
  state: unknown,
  world: unknown,
  viewer: Viewer,
  here: readonly unknown[],
  same: SameAs,
  ctx: StepContext,
  action: unknown,
  fail: (w: string) => void,
): 'leak' | 'same' | 'none' {
  const { actor, step } = ctx;
  const key = stableStringify;
  /** The events the viewer is told in `w`, or null when `w` ends in another view. */
  const eventsIn = (w: unknown): unknown[] | null => {
    if (viewer !== actor && !game.isLegal(w, actor, action)) return null;
    const there = game.applyTrusted(w, actor, action);
    if (key(game.view(deepFreeze(there.state), viewer)) !== same.after) return null;
    return there.events.map((e) => game.viewEvent(e, viewer));
  };
  const leak = (alt: readonly unknown[], how: string) =>
    fail(
      `step ${step}: events of ${key(action)} read differently by ${viewer} in a world it cannot ` +
        `tell apart${how} (an event leaks hidden information): ${key(here)} / ${key(alt)}`,
    );
  const direct = eventsIn(world);
  if (direct !== null) {
    if (jsonEqual(here, direct)) return 'same';
    leak(direct, '');
    return 'leak';
  }
  let compared = false;
  for (const { mixed, how } of betweenWorlds(state, world)) {
    // A world put together by the kit may be one the game never reaches: it counts only when the
    // game calls it valid and the viewer sees it as the truth, and anything it throws only skips it.
    let alt: unknown[] | null;
    try {
      if (!game.stateSchema.safeParse(mixed).success) continue;
      if (key(game.view(mixed, viewer)) !== same.before || key(game.actors(mixed)) !== same.actorsKey)
        continue;
      alt = eventsIn(mixed);
    } catch {
      continue;
    }
    if (alt === null) continue;
    if (!jsonEqual(here, alt)) {
      leak(alt, ` (${how})`);
      return 'leak';
    }
    compared = true;
  }
  return compared ? 'same' : 'none';
}

/**
 * Worlds between the truth and a world resampled from it: for each top-level part of the state in
 * which they differ, the resampled world with that part as it truly is, and the truth with that
 * part as it was resampled. The kit does not know a game's parts; a state's top-level fields are
 * what a game author groups together (a deck, the hands, the plans, the RNG).
 */
function betweenWorlds(truth: unknown, world: unknown): { mixed: unknown; how: string }[] {
  if (!isRecord(truth) || !isRecord(world)) return [];
  const parts = Object.keys(world).filter(
    (k) => world[k] !== truth[k] && stableStringify(world[k]) !== stableStringify(truth[k]),
  );
  return [
    ...parts.map((k) => ({
      mixed: deepFreeze({ ...world, [k]: truth[k] }),
      how: `the world resampled for it with \`${k}\` as in the true state`,
    })),
    ...parts.map((k) => ({
      mixed: deepFreeze({ ...truth, [k]: world[k] }),
      how: `the true state with \`${k}\` as resampled for it`,
    })),
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function countCoverage(
  coverage: Record<string, EventCoverage>,
  shown: readonly unknown[],
  compared: boolean,
) {
  const types = new Set<string>();
  for (const event of shown) {
    const type = (event as { type?: unknown } | null)?.type;
    if (typeof type === 'string') types.add(type);
  }
  for (const type of types) {
    const entry = (coverage[type] ??= { shown: 0, compared: 0 });
    entry.shown++;
    if (compared) entry.compared++;
  }
}

/**
 * After the chosen action, `viewer` cannot tell the true state from the witnesses' states. Each
 * hidden part in which a witness differs from the truth (beyond the RNG) is a part the viewer cannot
 * know, so `resample` for the viewer must not copy it from the state it is given: varying another
 * part is not enough (a resample that keeps a deck's true order while it redraws the hands hands a
 * search bot the deck). A part counts as copied when every draw from the truth keeps the truth's
 * value there and every draw from the witness keeps the witness's. A resample that draws the part
 * from what the viewer knows passes either way: at random, a draw differs; deterministically (an
 * approximation some games make), draws from the two states agree, so they cannot keep both values.
 * Draws stop as soon as every part is settled, so an honest resample costs one or two draws here.
 */
function checkResampleVaries(
  game: AnyGame,
  chosen: Applied,
  viewer: Viewer,
  witnesses: readonly Applied[],
  ctx: StepContext,
  fail: (w: string) => void,
): boolean {
  const truth = chosen.state;
  let masked: JsonPath[] = [];
  let parts: Map<string, { path: JsonPath; witness: Applied }> | null = null;
  // Whether some draw from the truth differed from it anywhere beyond the RNG (to word the failure).
  let variedAny = false;
  for (let draw = 0; draw < ctx.resampleDraws; draw++) {
    const rng = WitnessRng.seeded(`varies:${ctx.seed}:${ctx.step}:${viewer}:${draw}`);
    const world = game.resample(truth, viewer, rng);
    if (parts === null) {
      masked = rngPaths(world, rng.issued);
      parts = new Map();
      for (const witness of witnesses)
        for (const path of differingParts(truth, witness.state, masked))
          if (!parts.has(pathName(path))) parts.set(pathName(path), { path, witness });
      // Every state the viewer cannot tell apart is the truth: nothing hidden to vary.
      if (parts.size === 0) return true;
    }
    for (const [name, { path }] of parts) if (!sameAt(world, truth, path)) parts.delete(name);
    if (parts.size === 0) return true;
    variedAny ||= withoutRng(world, masked) !== withoutRng(truth, masked);
  }
  // The parts every draw kept as they truly are: does resample copy them from the state it is given?
  const kept = parts!;
  for (const [name, { path, witness }] of kept) {
    for (let draw = 0; draw < ctx.resampleDraws; draw++) {
      const rng = Rng.fromSeed(`varies-witness:${ctx.seed}:${ctx.step}:${viewer}:${draw}`);
      if (!sameAt(game.resample(witness.state, viewer, rng), witness.state, path)) {
        kept.delete(name);
        break;
      }
    }
  }
  if (kept.size === 0) return true;
  const [name, { witness }] = [...kept][0]!;
  const other =
    `${describeViewer(viewer)} cannot tell it from the state after ${stableStringify(witness.action)}` +
    `${jsonEqual(witness.action, chosen.action) ? ' under another draw of chance' : ''}`;
  fail(
    variedAny
      ? `step ${ctx.step}: after seat ${ctx.actor}'s ${stableStringify(chosen.action)}, resample for ` +
          `${describeViewer(viewer)} kept \`${name}\` as it truly is in all ${ctx.resampleDraws} draws, although ` +
          `${other}, which differs there, and from that state it kept that state's \`${name}\` ` +
          `(a resample that copies part of the truth: a search bot would see that hidden part)`
      : `step ${ctx.step}: after seat ${ctx.actor}'s ${stableStringify(chosen.action)}, resample for ` +
          `${describeViewer(viewer)} returned the true hidden state in all ${ctx.resampleDraws} draws (apart from ` +
          `its RNG), although ${other}, and from that state it kept that state's \`${name}\` ` +
          `(a resample that cheats: a search bot would see hidden information)`,
  );
  return false;
}

function sameAt(a: unknown, b: unknown, path: JsonPath): boolean {
  return stableStringify(valueAt(a, path)) === stableStringify(valueAt(b, path));
}

/**
 * The hidden parts in which two states differ, as paths: the innermost list that holds a differing
 * value (a deck, a hand, a row of counts; a list of records, such as the lines of an order, is one
 * part), or the differing field itself outside lists. Paths under `masked` (the RNG) are left out.
 */
function differingParts(a: unknown, b: unknown, masked: readonly JsonPath[]): JsonPath[] {
  const out: JsonPath[] = [];
  const maskedNames = new Set(masked.map(pathName));
  const walk = (x: unknown, y: unknown, path: (string | number)[]) => {
    if (maskedNames.has(pathName(path)) || x === y) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return void out.push(path.slice());
      for (let i = 0; i < x.length; i++) {
        const [u, v] = [x[i], y[i]];
        if (u === v || stableStringify(u) === stableStringify(v)) continue;
        if (!Array.isArray(u) || !Array.isArray(v)) return void out.push(path.slice());
        walk(u, v, [...path, i]);
      }
      return;
    }
    if (isRecord(x) && isRecord(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk(x[k], y[k], [...path, k]);
      return;
    }
    if (stableStringify(x) !== stableStringify(y)) out.push(path.slice());
  };
  walk(a, b, []);
  return out;
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let node = value;
  for (const k of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[k];
  }
  return node;
}

/** A path as people read it: `hands.2`, `future`, `(the whole state)`. */
function pathName(path: JsonPath): string {
  return path.length === 0 ? '(the whole state)' : path.join('.');
}
