import type { AnyGame, Seat, Viewer } from './game.ts';
import { SPECTATOR, actionKey } from './game.ts';
import { deepFreeze, hashJson, jsonEqual, stableStringify } from './json.ts';
import { newGame, replayActions } from './match.ts';
import { Rng } from './rng.ts';

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
  let totalActions = 0;
  let totalPlayouts = 0;

  for (const players of playerCounts) {
    for (const options of optionSets) {
      for (let p = 0; p < playouts; p++) {
        const seed = `${opts.seed ?? 'kit'}:${players}:${stableStringify(options)}:${p}`;
        const where = `${game.id} players=${players} options=${stableStringify(options)} seed=${seed}`;
        const before = failures.length;
        totalActions += playout(game, players, options, seed, maxActions, leakEvery, legalSample, (what) =>
          fail(where, what),
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
  maxActions: number,
  leakEvery: number,
  legalSample: number,
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
    for (const action of sample) {
      const result = safeApply(game, frozen, seat, action);
      if (result === 'mutated')
        fail(`${at}: apply mutated its input state (action ${stableStringify(action)})`);
      else if (!result.ok)
        fail(
          `${at}: legal action ${stableStringify(action)} was rejected: ${result.error.rule} ${result.error.message}`,
        );
      if (result === 'mutated' || !result.ok) return step;
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

    if (
      step % leakEvery === 0 &&
      !checkInformation(game, frozen, players, seat, chosen, first, seed, step, fail)
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

/**
 * Leak checks at one state. For every viewer, a world resampled for that viewer must look the same
 * to them (views), must look the same to a spectator, and the chosen action must produce the same
 * event texts for them whenever what they can see after it is the same.
 */
function checkInformation(
  game: AnyGame,
  state: unknown,
  players: number,
  actor: Seat,
  action: unknown,
  applied: { state: unknown; events: readonly unknown[] },
  seed: string,
  step: number,
  fail: (w: string) => void,
): boolean {
  const spectatorView = game.view(state, SPECTATOR);
  for (const viewer of viewers(players)) {
    const rng = Rng.fromSeed(`resample:${seed}:${step}:${viewer}`);
    let world: unknown;
    try {
      world = game.resample(state, viewer, rng);
    } catch (err) {
      fail(`step ${step}: resample for ${viewer} threw: ${errorText(err)}`);
      return false;
    }
    if (!jsonEqual(game.view(world, viewer), game.view(state, viewer))) {
      fail(
        `step ${step}: the view for ${viewer} differs in a world resampled for ${viewer} ` +
          `(the view shows something the viewer should not know, or resample changed what it can see)`,
      );
      return false;
    }
    if (!jsonEqual(game.view(world, SPECTATOR), spectatorView)) {
      fail(
        `step ${step}: the spectator view changed in a world resampled for ${viewer} (the spectator sees private data)`,
      );
      return false;
    }
    if (!jsonEqual(game.actors(world), game.actors(state))) {
      fail(`step ${step}: who acts differs in a world resampled for ${viewer}`);
      return false;
    }
    if (viewer !== actor && !game.isLegal(world, actor, action)) continue;
    const there = game.applyTrusted(world, actor, action);
    if (!jsonEqual(game.view(there.state, viewer), game.view(applied.state, viewer))) continue;
    const here = applied.events.map((e) => game.viewEvent(e, viewer));
    const alt = there.events.map((e) => game.viewEvent(e, viewer));
    if (!jsonEqual(here, alt)) {
      fail(
        `step ${step}: events of ${stableStringify(action)} read differently by ${viewer} in a world it cannot ` +
          `tell apart (an event leaks hidden information): ${stableStringify(here)} / ${stableStringify(alt)}`,
      );
      return false;
    }
  }
  return true;
}
