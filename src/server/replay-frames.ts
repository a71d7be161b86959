/**
 * `GET /api/v1/tables/:id/frames`: a finished match step by step for the replay viewer, so the
 * browser shows any step from any seat's view without running rules code.
 *
 * A finished match never changes, so each one is replayed once and kept in a small cache: who acted
 * at each step, the action's label, the clock, who may act, the raw events, and every
 * `checkpointEvery`-th state. A page of frames is rebuilt from the checkpoint before it (at most
 * `checkpointEvery - 1` extra actions), so memory stays a fraction of every state of every match.
 * The cache is bounded by an estimate of its size (the JSON length of what it holds) and by a
 * number of matches; the least recently used match goes first.
 *
 * The answers themselves (the JSON of one query) are cached too, bounded by their total length:
 * the replay viewer and its watchers ask the same pages again and again, and an answer costs a
 * rebuild of up to `checkpointEvery - 1` actions and 100 views. The route is rate-limited per client
 * address (`@fastify/rate-limit`), so that one client cannot take the event loop from the players.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { isTakeBack, namesFor, TAKE_BACK_REFUSALS, takeBackEvent, Timeline } from '../core/index.ts';
import type { AnyGame, Seat, Viewer } from '../core/index.ts';
import { API_PREFIX, FRAME_LIMITS, FramesQuery, TableParams } from '../protocol/index.ts';
import type {
  Outcome,
  ReplayFrame,
  ReplayFramesResponse,
  ReplayMarker,
  ReplayScript,
} from '../protocol/index.ts';
import { parseOr, ProtocolError } from './errors.ts';
import { visibleEvents } from './updates.ts';
import type { SeatNames } from './updates.ts';

export interface ReplayCacheLimits {
  /** Estimated size (JSON characters) of everything cached, all matches together. */
  readonly maxBytes: number;
  /** Matches cached at once. */
  readonly maxMatches: number;
  /** A state is kept every this many steps. */
  readonly checkpointEvery: number;
  /** Total length (JSON characters) of the answers cached; 0 caches none. */
  readonly maxAnswerBytes: number;
}

export const DEFAULT_REPLAY_CACHE: ReplayCacheLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxMatches: 64,
  checkpointEvery: 16,
  maxAnswerBytes: 16 * 1024 * 1024,
};

/** Requests per client address to the frames route: at most `requests` in each window of `windowMs`. */
export interface FramesRateLimit {
  readonly requests: number;
  readonly windowMs: number;
}

export const DEFAULT_FRAMES_RATE: FramesRateLimit = { requests: 120, windowMs: 60_000 };

/** Markers of a game without a clock: about this many, evenly spaced steps. */
const STEP_MARKERS = 20;

/** A finished match replayed once: everything a frame needs except the states between checkpoints. */
interface Replayed {
  readonly game: AnyGame;
  readonly id: string;
  readonly players: number;
  readonly outcome: Outcome;
  /** What the texts call each seat: the match's players and bots. */
  readonly names: SeatNames;
  /** Per step (index = step; step 0 is the setup): who acted, the label, the clock, who may act. */
  readonly seats: readonly (Seat | null)[];
  readonly labels: readonly (string | null)[];
  readonly clocks: readonly (number | null)[];
  readonly actors: readonly (readonly Seat[])[];
  /** The raw events of each step (step 0 has none). */
  readonly events: readonly (readonly unknown[])[];
  /** actions[k - 1] led to step k (null where step k is a take-back). */
  readonly actions: readonly unknown[];
  /**
   * The step whose state is the state at each step: the step itself after an action, and after a
   * take-back the step the taken-back action started from (which was itself an action's, or 0).
   */
  readonly stateSteps: readonly number[];
  /** For a step reached by an action, the step its state was built from (-1 for step 0). */
  readonly parents: readonly number[];
  /** The state at every `checkpointEvery`-th step, by its state step. */
  readonly checkpoints: ReadonlyMap<number, unknown>;
  readonly markers: readonly ReplayMarker[];
  readonly bytes: number;
}

/** Where the clock changes value: the steps a viewer jumps to. Without a clock, evenly spaced steps. */
export function markersOf(game: AnyGame, clocks: readonly (number | null)[]): ReplayMarker[] {
  const insights = game.insights;
  if (!insights) {
    const every = Math.max(1, Math.ceil((clocks.length - 1) / STEP_MARKERS));
    const out: ReplayMarker[] = [];
    for (let step = 0; step < clocks.length; step += every)
      out.push({ step, clock: null, label: `step ${step}` });
    return out;
  }
  const out: ReplayMarker[] = [];
  clocks.forEach((clock, step) => {
    if (clock === null || (step > 0 && clock === clocks[step - 1])) return;
    out.push({ step, clock, label: insights.clockLabel?.(clock) ?? String(clock) });
  });
  return out;
}

/**
 * Replays a finished match's script through the checked path, recording what frames need. Texts
 * name the seats by `names` (default: "Player A"…).
 */
export function replayScript(
  game: AnyGame,
  id: string,
  script: ReplayScript,
  checkpointEvery: number,
  names: SeatNames = [],
): Replayed {
  const start = game.setup(script.players, script.seed, script.options);
  const timeline = new Timeline(game, start, script.players);
  const clockOf = (s: unknown): number | null => (game.insights ? game.insights.clock(s) : null);
  const seats: (Seat | null)[] = [null];
  const labels: (string | null)[] = [null];
  const clocks: (number | null)[] = [clockOf(start)];
  const actors: (readonly Seat[])[] = [[...game.actors(start)]];
  const events: (readonly unknown[])[] = [[]];
  const actions: unknown[] = [];
  const stateSteps: number[] = [0];
  const parents: number[] = [-1];
  // The state step of each action still standing, so a take-back finds the step it goes back to.
  const standing: number[] = [0];
  const checkpoints = new Map<number, unknown>([[0, start]]);
  script.actions.forEach((entry, index) => {
    const step = index + 1;
    const seat = entry.seat;
    const state = timeline.state;
    if (isTakeBack(entry)) {
      const refused = timeline.refusal(seat);
      if (refused !== null)
        throw new ProtocolError(
          'internal',
          `take-back ${step} of this match no longer applies (${TAKE_BACK_REFUSALS[refused]})`,
        );
      const undone = timeline.takeBack(seat);
      const event = takeBackEvent(game, seat, undone.action, undone.state, names);
      standing.pop();
      stateSteps.push(standing.at(-1)!);
      parents.push(-1);
      labels.push(`Take back: ${event.label}`);
      events.push([event]);
      actions.push(null);
    } else {
      const result = game.apply(state, seat, entry.action);
      if (!result.ok)
        throw new ProtocolError(
          'internal',
          `action ${step} of this match no longer applies on this server's rules (${result.error.rule})`,
        );
      timeline.acted(seat, entry.action, result.state);
      // Labelled as its actor saw it offered: from the actor's view just before, in the actor's words.
      labels.push(game.render.action(entry.action, game.view(state, seat), namesFor(seat, names)));
      parents.push(stateSteps.at(-1)!);
      stateSteps.push(step);
      standing.push(step);
      events.push(result.events);
      actions.push(entry.action);
    }
    seats.push(seat);
    clocks.push(clockOf(timeline.state));
    actors.push([...game.actors(timeline.state)]);
    if (step % checkpointEvery === 0) checkpoints.set(stateSteps.at(-1)!, timeline.state);
  });
  const outcome = game.outcome(timeline.state) as Outcome | null;
  if (!outcome) throw new ProtocolError('internal', 'the stored match does not end on this engine');
  const bytes = JSON.stringify([[...checkpoints.values()], events, actions, labels]).length;
  return {
    game,
    id,
    players: script.players,
    outcome,
    names,
    seats,
    labels,
    clocks,
    actors,
    events,
    actions,
    stateSteps,
    parents,
    checkpoints,
    markers: markersOf(game, clocks),
    bytes,
  };
}

/**
 * The state at `step`: from the nearest state known (built in this request, or a checkpoint), the
 * actions that led from it, following each action's parent step (a take-back jumps back).
 */
function stateAt(match: Replayed, step: number, built: Map<number, unknown>): unknown {
  const chain: number[] = [];
  let at = match.stateSteps[step]!;
  while (!built.has(at) && !match.checkpoints.has(at)) {
    chain.push(at);
    at = match.parents[at]!;
  }
  let state = built.get(at) ?? match.checkpoints.get(at);
  // Actions known to apply (the whole log was replayed through the checked path already).
  for (let i = chain.length - 1; i >= 0; i--) {
    const k = chain[i]!;
    state = match.game.applyTrusted(state, match.seats[k]!, match.actions[k - 1]).state;
    built.set(k, state);
  }
  return state;
}

/** The frames of steps `from` … `to` for `viewer`, with views when asked. */
function framesOf(match: Replayed, viewer: Viewer, from: number, to: number, views: boolean): ReplayFrame[] {
  const { game } = match;
  const built = new Map<number, unknown>();
  const out: ReplayFrame[] = [];
  for (let step = from; step <= to; step++) {
    const frame: ReplayFrame = {
      step,
      seat: match.seats[step]!,
      label: match.labels[step]!,
      clock: match.clocks[step]!,
      actors: [...match.actors[step]!],
      events: visibleEvents(game, step, match.events[step]!, viewer, match.names),
    };
    if (views) frame.view = game.view(stateAt(match, step, built), viewer) as ReplayFrame['view'];
    out.push(frame);
  }
  return out;
}

/**
 * Answers (JSON text) by key, the least recently used dropped first, bounded by their total length.
 * An answer longer than the whole bound is not kept.
 */
export class AnswerCache {
  /** Insertion order is recency: the first key is the least recently used. */
  private readonly answers = new Map<string, string>();
  private size = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.size;
  }

  get entries(): number {
    return this.answers.size;
  }

  get(key: string): string | undefined {
    const answer = this.answers.get(key);
    if (answer === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  set(key: string, answer: string): void {
    if (answer.length > this.maxBytes) return;
    const old = this.answers.get(key);
    if (old !== undefined) {
      this.answers.delete(key);
      this.size -= old.length;
    }
    this.answers.set(key, answer);
    this.size += answer.length;
    for (const [oldest, text] of this.answers) {
      if (this.size <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.size -= text.length;
    }
  }
}

/** A finished match's script, and what its texts call each seat. */
export interface NamedReplay {
  readonly script: ReplayScript;
  readonly names: SeatNames;
}

export interface ReplaySource {
  /** The finished match and its seats' names; throws `not_found` or `not_finished` otherwise. */
  namedReplay(id: string): Promise<NamedReplay>;
}

export class ReplayFrames {
  /** Insertion order is recency: the first key is the least recently used. */
  private readonly cache = new Map<string, Promise<Replayed>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly limits: ReplayCacheLimits;
  /** The JSON of each answer given, by query. */
  readonly answers: AnswerCache;
  /** Answers built from the match (not taken from `answers`), for tests and health. */
  built = 0;

  constructor(
    private readonly source: ReplaySource,
    private readonly games: readonly AnyGame[],
    limits: Partial<ReplayCacheLimits> = {},
  ) {
    this.limits = { ...DEFAULT_REPLAY_CACHE, ...limits };
    this.answers = new AnswerCache(this.limits.maxAnswerBytes);
  }

  /** Matches and estimated bytes held now (for tests and health). */
  get cached(): { matches: number; bytes: number } {
    return { matches: this.sizes.size, bytes: this.bytes };
  }

  async frames(id: string, query: FramesQuery): Promise<ReplayFramesResponse> {
    return this.build(id, checkedQuery(query));
  }

  /**
   * The answer as JSON, from the answer cache when the same query was answered before: a finished
   * match never changes, and a refusal is never cached (the match may finish later).
   */
  async json(id: string, query: FramesQuery): Promise<string> {
    const q = checkedQuery(query);
    const key = `${id}/${q.viewer}/${q.from}/${q.count}/${q.views}`;
    const cached = this.answers.get(key);
    if (cached !== undefined) return cached;
    const answer = JSON.stringify(await this.build(id, q));
    this.built++;
    this.answers.set(key, answer);
    return answer;
  }

  private async build(id: string, q: CheckedQuery): Promise<ReplayFramesResponse> {
    const match = await this.load(id);
    if (q.viewer !== 'spectator' && q.viewer >= match.players)
      throw new ProtocolError('bad_request', `viewer: this table has seats 0–${match.players - 1}`);
    const steps = match.actions.length;
    if (q.from > steps)
      throw new ProtocolError('bad_seq', `step ${q.from} is past the end of the match (step ${steps})`);
    const to = Math.min(steps, q.from + q.count - 1);
    return {
      table: id,
      game: match.game.id,
      players: match.players,
      viewer: q.viewer,
      steps,
      markers: [...match.markers],
      outcome: match.outcome,
      from: q.from,
      frames: framesOf(match, q.viewer, q.from, to, q.views),
    };
  }

  private load(id: string): Promise<Replayed> {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const loading = this.source.namedReplay(id).then(({ script, names }) => {
      const game = this.games.find((g) => g.id === script.game);
      if (!game)
        throw new ProtocolError('unknown_game', `table ${id} is of a game this server does not have`);
      return replayScript(game, id, script, this.limits.checkpointEvery, names);
    });
    this.cache.set(id, loading);
    loading.then(
      (match) => {
        if (this.cache.get(id) !== loading) return;
        this.sizes.set(id, match.bytes);
        this.bytes += match.bytes;
        this.evict(id);
      },
      // A refusal (not finished yet, not found) is not remembered: the match may finish later.
      () => {
        if (this.cache.get(id) === loading) this.cache.delete(id);
      },
    );
    return loading;
  }

  /** Drops the least recently used matches until the cache fits its limits, keeping `keep`. */
  private evict(keep: string): void {
    for (const id of this.cache.keys()) {
      if (this.bytes <= this.limits.maxBytes && this.sizes.size <= this.limits.maxMatches) return;
      const size = this.sizes.get(id);
      // Still loading (its size is unknown yet), or the one just asked for.
      if (size === undefined || id === keep) continue;
      this.cache.delete(id);
      this.sizes.delete(id);
      this.bytes -= size;
    }
  }
}

interface CheckedQuery {
  readonly viewer: Viewer;
  readonly from: number;
  readonly count: number;
  readonly views: boolean;
}

/** The query checked, with the default count filled in. */
function checkedQuery(query: unknown): CheckedQuery {
  const q = parseOr(FramesQuery, query, 'frames query');
  const limits = q.views ? FRAME_LIMITS.withViews : FRAME_LIMITS.withoutViews;
  const count = q.count ?? limits.default;
  if (count > limits.max)
    throw new ProtocolError(
      'bad_request',
      `count: at most ${limits.max} frames per request ${q.views ? 'with views' : 'without views'}`,
    );
  return { ...q, count };
}

export interface ReplayFramesOptions {
  readonly cache?: Partial<ReplayCacheLimits>;
  readonly rate?: Partial<FramesRateLimit>;
}

/**
 * Registers the frames route; `app.ts` calls it beside the other HTTP routes. The rate limit is
 * registered in a scope of its own, so it counts and limits this route alone; it is checked as
 * the request arrives, before any work. Its key is `@fastify/rate-limit`'s default, the client's
 * address as `clientAddress` (edge.ts) gives it.
 */
export function registerReplayFrames(
  app: FastifyInstance,
  source: ReplaySource,
  games: readonly AnyGame[],
  options: ReplayFramesOptions = {},
): ReplayFrames {
  const frames = new ReplayFrames(source, games, options.cache);
  const rate = { ...DEFAULT_FRAMES_RATE, ...options.rate };
  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: rate.requests,
      timeWindow: rate.windowMs,
      errorResponseBuilder: (_req, context) =>
        new ProtocolError(
          'rate_limited',
          `replay frames: at most ${context.max} requests per ${rate.windowMs / 1000} s from one address; retry in ${context.after}`,
        ),
    });
    scope.get(`${API_PREFIX}/tables/:id/frames`, async (req, reply): Promise<string> => {
      const params = TableParams.safeParse(req.params);
      if (!params.success) throw new ProtocolError('not_found', 'no such table');
      const json = await frames.json(params.data.id, req.query as FramesQuery);
      // A finished match's frames never change (until the server's rules do).
      void reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return json;
    });
  });
  return frames;
}
