import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { workerCode } from './bundle.ts';
import type { WorkerSource } from './bundle.ts';
import type { Gate } from './gate.ts';
import { playOne } from './play.ts';
import type { GameResult, SimConfig } from './play.ts';
import { BatchReader } from './wire.ts';
import type { ResultBatch } from './wire.ts';
import type { WorkerData, WorkerMessage } from './worker.ts';

export interface PoolOptions {
  /**
   * Worker threads that play games; the calling thread only hands out work and collects results.
   * 0 plays every game on the calling thread (no start-up cost; for small runs and profiling).
   */
  readonly workers: number;
  /** Where the workers' code comes from (a built script, or a registry bundled at run time). */
  readonly worker: WorkerSource;
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Stops handing out games when aborted: the games already being played finish and are returned,
   * so a stopped run's results are games 0 to n−1 for some n (Ctrl-C in `prosper sim`, time-boxed
   * runs in the bench). With 0 workers the calling thread plays, and sees an abort between games:
   * at once from `onProgress`, within about 50 ms from a timer or a signal handler.
   */
  readonly signal?: AbortSignal;
  /**
   * Workers park at this gate before each game while it is closed (the bench's interleaved runs).
   * Stopping the run opens it, so parked workers see the end. Needs at least one worker.
   */
  readonly gate?: Gate;
}

export interface SimRun {
  /** By game index; fewer than `config.games` when the run was stopped. */
  readonly results: GameResult[];
  /** Whether `signal` stopped the run before every game was played. */
  readonly stopped: boolean;
  readonly seconds: number;
  /**
   * Games each worker played (one entry for the calling thread with 0 workers). Workers claim games
   * as they go, so on equal cores the counts are about equal; a lopsided split shows a slower core.
   */
  readonly perWorker: number[];
}

/**
 * The most worker threads `prosper sim` starts per core. Games are CPU-bound, so workers beyond the
 * core count only take turns on the cores; up to twice as many are allowed so that oversubscription
 * can still be measured (and so a 1-core machine runs the 2-worker tests), while a typo such as
 * `--workers 1000` cannot start a thousand isolates (each about 10 MB and 0.1 s of start-up).
 */
export const MAX_WORKERS_PER_CORE = 2;

/** The most games one run may ask for (2^30: the claim counter must not overflow). */
export const MAX_GAMES = 2 ** 30;

/**
 * Plays `config.games` games. Game i depends only on (config, i), and results are stored by index,
 * so the outcome is identical whatever the number of workers. Every worker claims the next game
 * index from a shared atomic counter, so no worker waits for another to hand out work.
 */
export async function simulate(game: AnyGame, config: SimConfig, pool: PoolOptions): Promise<SimRun> {
  // The shared counter is an Int32 that workers keep adding to after the last game.
  if (!(config.games <= MAX_GAMES)) throw new Error(`simulation: at most ${MAX_GAMES} games per run`);
  const start = performance.now();
  // Kept in arrival order and put in index order at the end: a stopped run never knew its length.
  const received: GameResult[] = [];
  const record = (result: GameResult) => {
    received.push(result);
    pool.onProgress?.(received.length, config.games);
  };
  const workers = Math.min(pool.workers, config.games);
  const perWorker = new Array<number>(Math.max(1, workers)).fill(0);
  const signal = pool.signal;
  if (pool.gate && workers < 1) throw new Error('simulation: a gate needs worker threads');
  if (workers < 1) {
    await playInline(game, config, record, signal);
    perWorker[0] = received.length;
  } else {
    const code = await workerCode(pool.worker);
    shareCoresWisely(workers);
    const counter = new SharedArrayBuffer(4);
    const data: WorkerData = { config, counter, gate: pool.gate?.buffer };
    // Workers claim indexes with Atomics.add, so pushing the counter past the end hands out nothing
    // more, and every index claimed before it (a prefix 0 … n−1) is still played and reported.
    const stop = () => {
      Atomics.store(new Int32Array(counter), 0, config.games);
      pool.gate?.open();
    };
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    const reader = new BatchReader(config);
    const receiveFrom = (w: number) => {
      const recordOne = (result: GameResult) => {
        perWorker[w]! += 1;
        record(result);
      };
      return (batch: ResultBatch) => reader.read(batch, recordOne);
    };
    try {
      await Promise.all(Array.from({ length: workers }, (_, w) => runOne(code, data, receiveFrom(w))));
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  return { results: inIndexOrder(received), stopped: received.length < config.games, seconds, perWorker };
}

/** How long the calling thread plays with 0 workers before it lets the event loop run. */
const INLINE_SLICE_MS = 50;

/**
 * Every game on the calling thread, in order. It lets the event loop run every `INLINE_SLICE_MS`:
 * a Ctrl-C, a timer that aborts the signal or a progress bar's redraw all wait for it, and a run
 * that never yielded could not be stopped before its last game (with bots that think for a second
 * a move, hours). One turn of the loop costs microseconds, nothing at that interval.
 */
async function playInline(
  game: AnyGame,
  config: SimConfig,
  record: (result: GameResult) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  let slice = performance.now();
  for (let index = 0; index < config.games && !signal?.aborted; index++) {
    record(playOne(game, config, index));
    if (performance.now() - slice >= INLINE_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
}

/** Results by game index; they must be games 0 … n−1, each once. */
function inIndexOrder(received: readonly GameResult[]): GameResult[] {
  const results = new Array<GameResult>(received.length);
  for (const result of received) {
    if (result.index >= received.length || results[result.index])
      throw new Error(`simulation: game ${result.index} out of place among ${received.length} results`);
    results[result.index] = result;
  }
  return results;
}

/**
 * V8 hands some of its work to background threads: compiling hot functions, and scavenging the young
 * generation in parallel. With a core to spare that is free, but when the workers already fill every
 * core those threads only take turns with them, and doing the work in place measured faster on this
 * 2-core machine (see docs/architecture.md): two workers of heuristic games finished 2–5% sooner
 * compiling in place, and another 5–9% sooner (Prospectus, Pocket Imperium; Prosperitea unchanged)
 * scavenging on their own thread. The flags are process-wide; the compiler flag is read when an
 * isolate is created and the scavenger flag at every collection, so they are set before each run's
 * workers start (two simulations started at the same moment in one process would share whichever was
 * set last; only speed depends on it).
 */
export function shareCoresWisely(workers: number): void {
  for (const flag of workerFlags(workers, availableParallelism())) setFlagsFromString(flag);
}

export function workerFlags(workers: number, cores: number): string[] {
  return workers >= cores
    ? ['--no-concurrent-recompilation', '--no-parallel-scavenge']
    : ['--concurrent-recompilation', '--parallel-scavenge'];
}

function runOne(code: string, workerData: WorkerData, receive: (batch: ResultBatch) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData });
    worker.on('message', (message: WorkerMessage) => {
      if ('batch' in message) receive(message.batch);
      else if ('done' in message) void worker.terminate().then(() => resolve());
      else {
        void worker.terminate();
        reject(new Error(message.error));
      }
    });
    worker.on('error', reject);
  });
}
