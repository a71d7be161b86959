import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { playOne } from './play.ts';
import type { GameResult, SimConfig } from './play.ts';

export interface PoolOptions {
  readonly workers: number;
  /** URL of a module exporting `GAMES` (workers load games from it; tests point it at fixtures). */
  readonly registryUrl: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SimRun {
  readonly results: GameResult[];
  readonly seconds: number;
}

/**
 * Plays `config.games` games. Game i depends only on (config, i), and results are returned in
 * index order, so the outcome is identical whatever the number of workers.
 */
export async function simulate(game: AnyGame, config: SimConfig, pool: PoolOptions): Promise<SimRun> {
  const start = performance.now();
  const results: GameResult[] = new Array(config.games);
  if (pool.workers <= 1 || config.games <= 1) {
    for (let i = 0; i < config.games; i++) {
      results[i] = playOne(game, config, i);
      pool.onProgress?.(i + 1, config.games);
      // Let the progress bar and signals breathe between games.
      if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
    }
    return { results, seconds: (performance.now() - start) / 1000 };
  }

  let next = 0;
  let done = 0;
  const workerCount = Math.min(pool.workers, config.games);
  await Promise.all(
    Array.from(
      { length: workerCount },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
            workerData: { config, registryUrl: pool.registryUrl },
          });
          const feed = () => {
            if (next < config.games) worker.postMessage(next++);
            else void worker.terminate().then(() => resolve());
          };
          worker.on('message', (message: { ready?: true; result?: GameResult; error?: string }) => {
            if (message.error) {
              reject(new Error(message.error));
              void worker.terminate();
              return;
            }
            if (message.result) {
              results[message.result.index] = message.result;
              done++;
              pool.onProgress?.(done, config.games);
            }
            feed();
          });
          worker.on('error', reject);
        }),
    ),
  );
  return { results, seconds: (performance.now() - start) / 1000 };
}
