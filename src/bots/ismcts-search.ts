/**
 * Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over the `Game`
 * contract. Each iteration draws one world consistent with the searching seat's view, descends the
 * tree choosing among the actions legal *in that world* by UCB with availability counts, expands
 * one action, plays out (or cuts off and evaluates) and backs up one reward per seat; every node
 * picks by the reward of the seat acting there (max^n).
 */
import { actionKey } from '../core/game.ts';
import type { Game, Outcome, Seat } from '../core/game.ts';
import type { Rng } from '../core/rng.ts';
import type { IsmctsConfig } from './ismcts-params.ts';
import { Node, WindowTracker } from './ismcts-tree.ts';
import type { Edge } from './ismcts-tree.ts';

/** What the search needs of a game: the trusted fast path and the optional search helpers. */
export type SearchGame<S, A> = Pick<
  Game<S, A, unknown, unknown, unknown>,
  'actors' | 'legalActions' | 'applyTrusted' | 'outcome' | 'evaluate' | 'playoutPolicy'
>;

/** The searching seat's side of the table: never the state, only what a bot is given. */
export interface SearchInput<S, A> {
  readonly seat: Seat;
  readonly legal: readonly A[];
  sampleWorld(rng: Rng): S;
}

export interface RootStat {
  readonly key: string;
  readonly visits: number;
  readonly available: number;
  readonly mean: number;
}

export interface SearchResult<A> {
  readonly action: A;
  readonly iterations: number;
  readonly elapsedMs: number;
  /** Root actions by visits, most visited first (for tests, tuning and a future "explain" view). */
  readonly root: readonly RootStat[];
}

/** A clock for time budgets; injected so that iteration-budgeted searches never read it. */
export type Clock = () => number;

/**
 * Canonical action keys, cached by the action's plain JSON text: JSON.stringify is native and fast,
 * while the canonical (key-sorted) form is computed once per distinct text.
 */
export class KeyCache {
  private readonly byText = new Map<string, string>();

  key(action: unknown): string {
    if (typeof action !== 'object' || action === null) return actionKey(action);
    const text = JSON.stringify(action);
    let key = this.byText.get(text);
    if (key === undefined) {
      key = actionKey(action);
      this.byText.set(text, key);
    }
    return key;
  }
}

/** Win share (shared wins split) blended with a normalised score margin. */
export function outcomeReward(outcome: Outcome, margin: number, out: number[]): number[] {
  const { ranks, scores } = outcome;
  let winners = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = 0; s < ranks.length; s++) {
    if (ranks[s] === 1) winners++;
    const score = scores[s] ?? 0;
    if (score < lo) lo = score;
    if (score > hi) hi = score;
  }
  const spread = hi - lo;
  for (let s = 0; s < ranks.length; s++) {
    const win = ranks[s] === 1 ? 1 / winners : 0;
    const norm = spread > 0 ? ((scores[s] ?? 0) - lo) / spread : 0.5;
    out[s] = (1 - margin) * win + margin * norm;
  }
  out.length = ranks.length;
  return out;
}

/** The reward of a seat the playout could not score. */
const NEUTRAL = 0.5;

/**
 * A cut-off scored as if the game ended with the evaluations as final scores: the leader(s) take
 * the win share and everyone the normalised margin. Sharper than raw evaluations whose spread
 * between seats is small (ratios to the leader, shares of a total).
 */
export function standingReward(values: readonly number[], margin: number, out: number[]): number[] {
  let best = -Infinity;
  for (const v of values) if (v > best) best = v;
  const ranks = values.map((v) => (v === best ? 1 : 2));
  return outcomeReward({ scores: values, ranks }, margin, out);
}

interface Step {
  readonly edge: Edge;
}

export class Searcher<S, A> {
  private readonly keys = new KeyCache();
  private readonly root = new Node();
  private readonly windows = new WindowTracker();
  private readonly path: Step[] = [];
  private readonly rootKeys: string[];
  private readonly reward: number[] = [];
  private readonly untried: number[] = [];
  private readonly legalKeys: string[] = [];
  /** Range of every reward backed up so far, to put UCB's exploitation term on a 0–1 scale. */
  private low = Infinity;
  private high = -Infinity;

  constructor(
    private readonly game: SearchGame<S, A>,
    private readonly input: SearchInput<S, A>,
    private readonly config: IsmctsConfig,
    private readonly rng: Rng,
  ) {
    this.rootKeys = input.legal.map((a) => this.keys.key(a));
  }

  run(clock?: Clock): SearchResult<A> {
    const { iterations, ms } = this.config;
    const start = clock ? clock() : 0;
    const deadline = start + ms;
    let done = 0;
    while (done < iterations) {
      if (ms > 0 && clock && done > 0 && clock() >= deadline) break;
      this.iterate();
      done++;
    }
    return this.result(done, clock ? clock() - start : 0);
  }

  /** One iteration: sample, select/expand, play out, back up. */
  iterate(): void {
    const { game, input } = this;
    let world = input.sampleWorld(this.rng);
    this.path.length = 0;
    this.windows.reset();
    let node = this.root;
    let actors = game.actors(world);
    this.windows.maybeOpen(node, actors);
    // The root decision is always the searching seat's, whoever comes first in `actors`.
    let seat = input.seat;
    let legal = input.legal;
    let keys: readonly string[] = this.rootKeys;
    const modelOthers = this.config.opponents === 'policy';
    for (;;) {
      const { edge, expanded } =
        modelOthers && seat !== input.seat
          ? { edge: this.modelled(node, seat, world, legal, keys), expanded: false }
          : this.choose(node, seat, world, legal, keys);
      world = game.applyTrusted(world, seat, legal[this.chosen]!).state;
      this.path.push({ edge });
      actors = game.actors(world);
      if (expanded || actors.length === 0) break;
      node = this.windows.advance(node, edge, actors);
      seat = actors[0]!;
      legal = game.legalActions(world, seat);
      keys = this.keysOf(legal);
    }
    this.backup(this.playout(world, actors));
  }

  private chosen = 0;

  /** Another seat's move when the others are modelled by the policy: no statistics, no expansion. */
  private modelled(node: Node, seat: Seat, world: S, legal: readonly A[], keys: readonly string[]): Edge {
    const index = legal.length === 1 ? 0 : this.policyIndex(world, seat, legal);
    this.chosen = index;
    const key = keys[index]!;
    return node.edges(seat).get(key) ?? node.addEdge(seat, key);
  }

  /** The playout policy's choice (ε-greedy), or a uniform one when the game has no policy. */
  private policyIndex(world: S, seat: Seat, legal: readonly A[]): number {
    const policy = this.game.playoutPolicy;
    if (policy === undefined || this.rng.chance(this.config.epsilon)) return this.rng.int(legal.length);
    const action = policy.call(this.game, world, seat, legal, this.rng);
    const index = legal.indexOf(action);
    return index >= 0 ? index : this.rng.int(legal.length);
  }

  /** Marks available edges, then expands an untried action or selects by UCB; sets `chosen`. */
  private choose(
    node: Node,
    seat: Seat,
    world: S,
    legal: readonly A[],
    keys: readonly string[],
  ): { edge: Edge; expanded: boolean } {
    const edges = node.edges(seat);
    const untried = this.untried;
    untried.length = 0;
    let best: Edge | null = null;
    let bestIndex = -1;
    let bestScore = -Infinity;
    const c = this.config.c;
    // Evaluations of different games live on different scales (shares of a total, ratios to the
    // leader, sigmoids); rescaling the means by the range seen keeps one c meaningful for all.
    const spread = this.config.normalize && this.high > this.low ? this.high - this.low : 1;
    const low = spread === 1 ? 0 : this.low;
    // First pass: availability and the untried list; UCB needs the updated availability.
    for (let i = 0; i < keys.length; i++) {
      const edge = edges.get(keys[i]!);
      if (edge) edge.available++;
      else untried.push(i);
    }
    if (untried.length > 0) {
      const index = this.expansionIndex(world, seat, legal, untried);
      const edge = edges.get(keys[index]!) ?? node.addEdge(seat, keys[index]!);
      edge.available++;
      this.chosen = index;
      return { edge, expanded: true };
    }
    for (let i = 0; i < keys.length; i++) {
      const edge = edges.get(keys[i]!)!;
      const mean = (edge.reward / edge.visits - low) / spread;
      const score = mean + c * Math.sqrt(Math.log(edge.available) / edge.visits);
      if (score > bestScore) {
        bestScore = score;
        best = edge;
        bestIndex = i;
      }
    }
    this.chosen = bestIndex;
    return { edge: best!, expanded: false };
  }

  /**
   * Which untried action to add: uniform, or (expand=policy) the policy's choice first when it is
   * untried, so that a small budget starts from the heuristic move instead of a random one.
   */
  private expansionIndex(world: S, seat: Seat, legal: readonly A[], untried: readonly number[]): number {
    if (untried.length === 1) return untried[0]!;
    if (this.config.expand === 'policy' && this.game.playoutPolicy) {
      const wanted = legal.indexOf(this.game.playoutPolicy(world, seat, legal, this.rng));
      if (untried.includes(wanted)) return wanted;
    }
    return untried[this.rng.int(untried.length)]!;
  }

  private keysOf(legal: readonly A[]): string[] {
    const out = this.legalKeys;
    out.length = legal.length;
    for (let i = 0; i < legal.length; i++) out[i] = this.keys.key(legal[i]);
    return out;
  }

  /** Plays on from `world` and returns the reward vector (shared buffer). */
  private playout(start: S, startActors: readonly Seat[]): number[] {
    const { game, config, rng } = this;
    const policy = game.playoutPolicy;
    const usePolicy = config.playout !== 'random' && policy !== undefined;
    const cutoff = config.playout === 'cutoff' && game.evaluate !== undefined ? config.depth : Infinity;
    let world = start;
    let actors = startActors;
    for (let step = 0; actors.length > 0; step++) {
      if (step >= cutoff || step >= config.maxPlayout) return this.evaluated(world);
      const seat = actors[0]!;
      const legal = game.legalActions(world, seat);
      let action: A;
      if (legal.length === 1) action = legal[0]!;
      else if (usePolicy && !rng.chance(config.epsilon)) action = policy.call(game, world, seat, legal, rng);
      else action = legal[rng.int(legal.length)]!;
      world = game.applyTrusted(world, seat, action).state;
      actors = game.actors(world);
    }
    const outcome = game.outcome(world);
    if (!outcome) throw new Error('ismcts: a game with no actors left must have an outcome');
    return outcomeReward(outcome, config.margin, this.reward);
  }

  /** Scores an unfinished world: the game's evaluation, or (empty) an even 0.5 for all when it has none. */
  private evaluated(world: S): number[] {
    const out = this.reward;
    const values = this.game.evaluate ? this.game.evaluate(world) : [];
    if (this.config.cutoffReward === 'standing' && values.length > 0)
      return standingReward(values, this.config.margin, out);
    out.length = values.length;
    for (let s = 0; s < values.length; s++) out[s] = values[s]!;
    return out;
  }

  private backup(reward: readonly number[]): void {
    for (const r of reward) {
      if (r < this.low) this.low = r;
      if (r > this.high) this.high = r;
    }
    for (const { edge } of this.path) {
      edge.visits++;
      edge.reward += reward[edge.seat] ?? NEUTRAL;
    }
  }

  private result(iterations: number, elapsedMs: number): SearchResult<A> {
    const edges = this.root.edges(this.input.seat);
    const root: RootStat[] = [];
    let bestIndex = 0;
    let bestVisits = -1;
    let bestMean = -Infinity;
    this.rootKeys.forEach((key, i) => {
      const edge = edges.get(key);
      const visits = edge?.visits ?? 0;
      const mean = edge && edge.visits > 0 ? edge.reward / edge.visits : 0;
      root.push({ key, visits, available: edge?.available ?? 0, mean });
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        bestIndex = i;
        bestVisits = visits;
        bestMean = mean;
      }
    });
    root.sort((a, b) => b.visits - a.visits || b.mean - a.mean);
    return { action: this.input.legal[bestIndex]!, iterations, elapsedMs, root };
  }
}
