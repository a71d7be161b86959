import type { AnyGame, Seat, Viewer } from './game.ts';
import { SPECTATOR, actionKey } from './game.ts';
import type { RngState } from './rng.ts';
import { deepFreeze, hashJson, jsonEqual, stableStringify } from './json.ts';
import { newGame, replayActions } from './match.ts';
import { Rng, seedState } from './rng.ts';

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
   * Draws of `resample` per viewer (stopping at the first that differs from the truth) before the
   * kit concludes that it never varies a hidden part the viewer cannot know.
   */
  readonly resampleDraws?: number;
  readonly seed?: string;
}

export interface ConformanceReport {
  readonly ok: boolean;
  readonly failures: readonly string[];
  readonly playouts: number;
  readonly actions: number;
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

/**
 * The battery every game must pass: termination, the actors/outcome invariants, legal actions
 * agreeing with apply both ways, rejection of malformed and out-of-turn input, purity, determinism,
 * JSON round trips, and the information checks (views, events and errors identical across worlds
 * that a viewer cannot tell apart).
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
  const maxActions = opts.maxActions ?? 20_000;
  const leakEvery = opts.leakEvery ?? 1;
  const legalSample = opts.legalSample ?? 6;
  const resampleDraws = opts.resampleDraws ?? 16;
  let totalActions = 0;
  let totalPlayouts = 0;

  for (const players of playerCounts) {
    for (const options of optionSets) {
      for (let p = 0; p < playouts; p++) {
        const seed = `${opts.seed ?? 'kit'}:${players}:${stableStringify(options)}:${p}`;
        const where = `${game.id} players=${players} options=${stableStringify(options)} seed=${seed}`;
        const before = failures.length;
        totalActions += playout(
          game,
          players,
          options,
          seed,
          { maxActions, leakEvery, legalSample, resampleDraws },
          (what) => fail(where, what),
        );
        totalPlayouts++;
        if (failures.length > before)
          return { ok: false, failures, playouts: totalPlayouts, actions: totalActions };
      }
    }
  }
  return { ok: failures.length === 0, failures, playouts: totalPlayouts, actions: totalActions };
}

function playout(
  game: AnyGame,
  players: number,
  options: Record<string, unknown>,
  seed: string,
  limits: { maxActions: number; leakEvery: number; legalSample: number; resampleDraws: number },
  fail: (what: string) => void,
): number {
  const { maxActions, leakEvery, legalSample, resampleDraws } = limits;
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
  const rng = Rng.fromSeed(`choices:${seed}`);
  let state = created.value.state;
  const log: { seat: Seat; action: unknown }[] = [];

  for (let step = 0; ; step++) {
    const at = `step ${step}`;
    if (!checkState(game, state, players, at, fail)) return step;
    const actors = game.actors(state);
    const outcome = game.outcome(state);
    if (actors.length === 0) {
      if (!outcome) fail(`${at}: no actors but no outcome`);
      else checkOutcome(outcome, players, at, fail);
      break;
    }
    if (outcome) {
      fail(`${at}: an outcome exists while seats ${actors.join(',')} may still act`);
      return step;
    }
    if (step >= maxActions) {
      fail(`playout did not end within ${maxActions} actions`);
      return step;
    }
    const frozen = deepFreeze(state);
    for (const seat of seatsOf(players)) {
      if (!actors.includes(seat) && game.legalActions(frozen, seat).length > 0) {
        fail(`${at}: seat ${seat} is not an actor but has legal actions`);
        return step;
      }
    }
    const seat = actors[rng.int(actors.length)]!;
    const legal = game.legalActions(frozen, seat);
    if (legal.length === 0) {
      fail(`${at}: actor ${seat} has no legal action`);
      return step;
    }
    const keys = new Set(legal.map(actionKey));
    if (keys.size !== legal.length) fail(`${at}: legalActions lists an action twice`);
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
      if (result === 'mutated' || !result.ok) return step;
      if (actionKey(action) !== actionKey(chosen))
        alternatives.push({ action, state: result.state, events: result.events });
    }

    // Wrong seat, malformed and mutated actions are refused, never crash, and leave the state alone.
    const stateHash = hashJson(frozen);
    for (const other of seatsOf(players).filter((s) => !actors.includes(s))) {
      const result = game.apply(frozen, other, chosen);
      if (result.ok) fail(`${at}: seat ${other} acted out of turn`);
      else if (result.error.code === 'internal') fail(`${at}: out-of-turn action crashed the engine`);
    }
    const bad = [...JUNK, ...mutations(chosen)].filter((a) => a === undefined || !keys.has(actionKey(a)));
    const world = game.resample(frozen, seat, Rng.fromSeed(`errors:${seed}:${step}`));
    for (const action of bad) {
      let result;
      try {
        result = game.apply(frozen, seat, action);
      } catch (err) {
        fail(`${at}: apply threw on ${stableStringify(action)}: ${errorText(err)}`);
        return step;
      }
      if (result.ok) {
        fail(`${at}: apply accepted ${stableStringify(action)}, which legalActions does not list`);
        return step;
      }
      if (result.error.code === 'internal') fail(`${at}: ${stableStringify(action)} crashed the engine`);
      if (!result.error.rule) fail(`${at}: an error names no rule`);
      const elsewhere = game.apply(world, seat, action);
      if (!elsewhere.ok && !jsonEqual(elsewhere.error, result.error)) {
        fail(
          `${at}: the error for ${stableStringify(action)} differs between worlds seat ${seat} cannot tell apart ` +
            `(it leaks hidden information): ${result.error.message} / ${elsewhere.error.message}`,
        );
        return step;
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
      return step;
    }
    const checked = game.apply(frozen, seat, chosen);
    if (!checked.ok || hashJson(checked.state) !== hashJson(first.state)) {
      fail(`${at}: apply and applyTrusted disagree on ${stableStringify(chosen)}`);
      return step;
    }

    if (step === 0 && !checkViewerValidation(game, frozen, players, first.events, at, fail)) return step;
    if (
      step % leakEvery === 0 &&
      !checkInformation(
        game,
        frozen,
        players,
        { action: chosen, ...first },
        alternatives,
        { seed, step, actor: seat, resampleDraws },
        fail,
      )
    )
      return step;

    state = first.state;
    log.push({ seat, action: chosen });
  }

  // Replay from the log rebuilds the very same final state.
  const replay = replayActions(game, created.value.state, log);
  if (!replay.ok) fail(`replay refused action ${replay.applied}: ${replay.error?.message}`);
  else if (hashJson(replay.state) !== hashJson(state)) fail('replaying the log gave a different final state');
  return log.length;
}

function safeApply(game: AnyGame, state: unknown, seat: Seat, action: unknown) {
  try {
    // applyTrusted first: a frozen-object TypeError here means perform wrote into its input.
    game.applyTrusted(state, seat, action);
  } catch (err) {
    if (
      err instanceof TypeError &&
      /read.only|frozen|not extensible|Cannot (assign|add|delete)/i.test(err.message)
    )
      return 'mutated' as const;
  }
  return game.apply(state, seat, action);
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
 *    whenever what they can see after it is the same.
 * 2. The actor's own secret: another legal action of the actor that its own view tells apart from
 *    the chosen one, but that leaves another viewer's view (and not the whole state) the same, must
 *    give that viewer the same events, text and data; so must the chosen action under another draw
 *    of chance.
 * 3. Such a pair proves the viewer cannot tell two states apart after the action, so `resample` for
 *    the viewer there must vary the hidden part, not hand back the truth.
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
    let world: unknown;
    try {
      world = game.resample(state, viewer, rng);
    } catch (err) {
      fail(`step ${step}: resample for ${viewer} threw: ${errorText(err)}`);
      return false;
    }
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
    if (viewer !== actor && !game.isLegal(world, actor, action)) continue;
    const there = game.applyTrusted(world, actor, action);
    if (key(game.view(there.state, viewer)) !== viewKey(after, chosen.state, viewer)) continue;
    const here = chosen.events.map((e) => game.viewEvent(e, viewer));
    const alt = there.events.map((e) => game.viewEvent(e, viewer));
    if (!jsonEqual(here, alt)) {
      fail(
        `step ${step}: events of ${stableStringify(action)} read differently by ${viewer} in a world it cannot ` +
          `tell apart (an event leaks hidden information): ${stableStringify(here)} / ${stableStringify(alt)}`,
      );
      return false;
    }
  }

  // Pairs of outcomes a viewer cannot tell apart: other actions of the actor, and the chosen action
  // under another draw of chance (the truth with a fresh RNG where resample put its RNG).
  const others: { applied: Applied; chance: boolean }[] = alternatives.map((applied) => ({
    applied,
    chance: false,
  }));
  if (paths.length > 0) {
    const reseeded = replaceAt(state, paths, seedState(`chance:${seed}:${step}`));
    others.push({ applied: { action, ...game.applyTrusted(reseeded, actor, action) }, chance: true });
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

/**
 * After the chosen action, `viewer` cannot tell the true state from the witnesses' states. If one
 * of them differs from the truth beyond the RNG, the viewer's information set has another member,
 * and `resample` drawn for the viewer must sometimes differ from the truth too. The draws stop at
 * the first that differs, so an honest resample costs one or two draws here.
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
  let paths: JsonPath[] | null = null;
  let truthKey = '';
  let witness: Applied | undefined;
  for (let draw = 0; draw < ctx.resampleDraws; draw++) {
    const rng = WitnessRng.seeded(`varies:${ctx.seed}:${ctx.step}:${viewer}:${draw}`);
    let world: unknown;
    try {
      world = game.resample(truth, viewer, rng);
    } catch (err) {
      fail(`step ${ctx.step}: resample for ${viewer} threw: ${errorText(err)}`);
      return false;
    }
    if (paths === null) {
      paths = rngPaths(world, rng.issued);
      truthKey = withoutRng(truth, paths);
      witness = witnesses.find((w) => withoutRng(w.state, paths!) !== truthKey);
      // Every state the viewer cannot tell apart is the truth: nothing hidden to vary.
      if (!witness) return true;
    }
    if (withoutRng(world, paths) !== truthKey) return true;
  }
  fail(
    `step ${ctx.step}: after seat ${ctx.actor}'s ${stableStringify(chosen.action)}, resample for ${describeViewer(viewer)} ` +
      `returned the true hidden state in all ${ctx.resampleDraws} draws (apart from its RNG), although ` +
      `${describeViewer(viewer)} cannot tell it from the state after ${stableStringify(witness!.action)}` +
      `${jsonEqual(witness!.action, chosen.action) ? ' under another draw of chance' : ''} ` +
      `(a resample that cheats: a search bot would see hidden information)`,
  );
  return false;
}
