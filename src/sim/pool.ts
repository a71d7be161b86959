import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { playOne } from './play.ts';
import type { GameResult, SimConfig } from './play.ts';

export interface PoolOptions {
  /** Threads that play games: the main thread plus `workers − 1` worker threads. */
  readonly workers: number;
  /** URL of a module exporting `GAMES` (workers load games from it; tests point it at fixtures). */
  readonly registryUrl: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SimRun {
  readonly results: GameResult[];
  readonly seconds: number;
}

/** What a worker sends back: one result per game, then `done`, or an error. */
export type WorkerMessage = { result: GameResult } | { done: true } | { error: string };

const yieldToEvents = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Plays `config.games` games. Game i depends only on (config, i), and results are stored by index,
 * so the outcome is identical whatever the number of workers. Every thread claims the next game
 * index from a shared atomic counter, so no thread ever waits for another to hand out work, and the
 * main thread plays games too while the worker threads are still starting.
 */
export async function simulate(game: AnyGame, config: SimConfig, pool: PoolOptions): Promise<SimRun> {
  const start = performance.now();
  const results: GameResult[] = new Array(config.games);
  const counter = new Int32Array(new SharedArrayBuffer(4));
  let done = 0;
  const record = (result: GameResult) => {
    results[result.index] = result;
    pool.onProgress?.(++done, config.games);
  };

  const workerCount = Math.max(0, Math.min(pool.workers, config.games) - 1);
  const workers = Array.from(
    { length: workerCount },
    () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
          workerData: { config, registryUrl: pool.registryUrl, counter: counter.buffer },
        });
        worker.on('message', (message: WorkerMessage) => {
          if ('result' in message) record(message.result);
          else if ('done' in message) void worker.terminate().then(() => resolve());
          else {
            void worker.terminate();
            reject(new Error(message.error));
          }
        });
        worker.on('error', reject);
      }),
  );

  for (let index = Atomics.add(counter, 0, 1); index < config.games; index = Atomics.add(counter, 0, 1)) {
    record(playOne(game, config, index));
    // Let worker results, the progress bar and signals through between games.
    await yieldToEvents();
  }
  await Promise.all(workers);
  return { results, seconds: (performance.now() - start) / 1000 };
}
