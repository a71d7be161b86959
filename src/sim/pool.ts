import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { workerBundle } from './bundle.ts';
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
  /** URL of a module exporting `GAMES`, bundled into the workers (tests point it at fixtures). */
  readonly registryUrl: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SimRun {
  readonly results: GameResult[];
  readonly seconds: number;
  /**
   * Games each worker played (one entry for the calling thread with 0 workers). Workers claim games
   * as they go, so on equal cores the counts are about equal; a lopsided split shows a slower core.
   */
  readonly perWorker: number[];
}

/**
 * Plays `config.games` games. Game i depends only on (config, i), and results are stored by index,
 * so the outcome is identical whatever the number of workers. Every worker claims the next game
 * index from a shared atomic counter, so no worker waits for another to hand out work.
 */
export async function simulate(game: AnyGame, config: SimConfig, pool: PoolOptions): Promise<SimRun> {
  const start = performance.now();
  const results: GameResult[] = new Array(config.games);
  let done = 0;
  const record = (result: GameResult) => {
    results[result.index] = result;
    pool.onProgress?.(++done, config.games);
  };
  const workers = Math.min(pool.workers, config.games);
  const perWorker = new Array<number>(Math.max(1, workers)).fill(0);
  if (workers < 1) {
    for (let index = 0; index < config.games; index++) record(playOne(game, config, index));
    perWorker[0] = config.games;
  } else {
    const code = await workerBundle(pool.registryUrl);
    shareCoresWisely(workers);
    const data: WorkerData = { config, counter: new SharedArrayBuffer(4) };
    const reader = new BatchReader(config);
    const receiveFrom = (w: number) => {
      const recordOne = (result: GameResult) => {
        perWorker[w]! += 1;
        record(result);
      };
      return (batch: ResultBatch) => reader.read(batch, recordOne);
    };
    await Promise.all(Array.from({ length: workers }, (_, w) => runOne(code, data, receiveFrom(w))));
  }
  return { results, seconds: (performance.now() - start) / 1000, perWorker };
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
function shareCoresWisely(workers: number): void {
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
