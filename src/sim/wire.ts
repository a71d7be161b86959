import { seatsFor, specText } from './play.ts';
import type { GameResult, SimConfig } from './play.ts';

/**
 * A batch of results on its way from a worker to the coordinating thread. Posted as objects, results
 * cost both ends dearly when games are short: Pocket Imperium's heuristic games take about half a
 * millisecond, and cloning, decoding and keeping ~4,000 result objects a second (each with its seed,
 * line-up, scores, ranks and a 17-key record) kept the coordinating thread busy for 0.35–0.58 s of a
 * 6–7 s two-worker run, time taken from the workers when they fill every core. So a result travels as
 * numbers in one transferred `Float64Array`; what `(config, index)` already fixes (seed and line-up)
 * is rebuilt on arrival, and the keys of the `final` record are sent once per batch. A result that
 * carries more than numbers (an error, or an insight series for the report) travels whole. Measured
 * in the same runs: 0.22–0.36 s (docs/architecture.md).
 *
 * Layout per result: index, actions, truncated (0/1), seat count n, n scores, rank count m, m ranks,
 * key-list id k, then one value per key of `keys[k]`.
 */
export interface ResultBatch {
  readonly numbers: Float64Array<ArrayBuffer>;
  readonly keys: readonly (readonly string[])[];
  readonly whole: readonly GameResult[];
}

/** Collects results in a worker and packs them into a batch. */
export class BatchWriter {
  private numbers: number[] = [];
  private keys: (readonly string[])[] = [];
  private keyIds = new Map<string, number>();
  private whole: GameResult[] = [];
  private count = 0;
  private lastKeys: readonly string[] | undefined;
  private lastId = -1;

  get size(): number {
    return this.count;
  }

  add(result: GameResult): void {
    this.count++;
    if (result.error !== undefined || result.series.length > 0) {
      this.whole.push(result);
      return;
    }
    const out = this.numbers;
    out.push(result.index, result.actions, result.truncated ? 1 : 0, result.scores.length);
    for (const score of result.scores) out.push(score);
    out.push(result.ranks.length);
    for (const rank of result.ranks) out.push(rank);
    const keys = Object.keys(result.final);
    out.push(this.keyId(keys));
    for (const key of keys) out.push(result.final[key]!);
  }

  /** The batch so far (its buffer is meant to be transferred), and a fresh start. */
  take(): ResultBatch {
    const batch = {
      numbers: Float64Array.from(this.numbers),
      keys: this.keys,
      whole: this.whole,
    };
    this.numbers = [];
    this.keys = [];
    this.keyIds.clear();
    this.lastKeys = undefined;
    this.whole = [];
    this.count = 0;
    return batch;
  }

  private keyId(keys: readonly string[]): number {
    // A game's results nearly always share one key list, so compare with the last one first.
    const last = this.lastKeys;
    if (last && last.length === keys.length && last.every((key, i) => key === keys[i])) return this.lastId;
    const text = JSON.stringify(keys);
    let id = this.keyIds.get(text);
    if (id === undefined) {
      id = this.keys.push(keys) - 1;
      this.keyIds.set(text, id);
    }
    this.lastKeys = keys;
    this.lastId = id;
    return id;
  }
}

/**
 * Unpacks batches on the coordinating thread into the same results `playOne` returned. Line-ups
 * depend only on the rotation, so each distinct one is built once and shared by its results.
 */
export class BatchReader {
  private lineups = new Map<number, readonly string[]>();
  constructor(private readonly config: SimConfig) {}

  read(batch: ResultBatch, emit: (result: GameResult) => void): void {
    batch.whole.forEach(emit);
    const { numbers, keys } = batch;
    let at = 0;
    // Whole numbers come back as small integers, not doubles: V8 boxes a double kept in an object's
    // field, which made each kept result about a third bigger and the thread's scavenges slower.
    const next = () => {
      const value = numbers[at++]!;
      return value === (value | 0) && (value !== 0 || 1 / value > 0) ? value | 0 : value;
    };
    const list = (length: number) => {
      const values: number[] = [];
      for (let i = 0; i < length; i++) values.push(next());
      return values;
    };
    while (at < numbers.length) {
      const index = next();
      const actions = next();
      const truncated = next() === 1;
      const scores = list(next());
      const ranks = list(next());
      const final: Record<string, number> = {};
      for (const key of keys[next()]!) final[key] = next();
      emit({
        index,
        seed: `${this.config.seed}:${index}`,
        bots: this.lineup(index),
        scores,
        ranks,
        actions,
        truncated,
        final,
        series: [],
      });
    }
  }

  private lineup(index: number): readonly string[] {
    const shift = this.config.rotate ? index % this.config.players : 0;
    let bots = this.lineups.get(shift);
    if (!bots) {
      bots = seatsFor(this.config, index).map(specText);
      this.lineups.set(shift, bots);
    }
    return bots;
  }
}
