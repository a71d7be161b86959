import { parentPort, workerData } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { playOne } from './play.ts';
import type { GameResult, SimConfig } from './play.ts';

/** What a worker sends back: one result per game, then `done`, or an error. */
export type WorkerMessage = { result: GameResult } | { done: true } | { error: string };

export interface WorkerData {
  readonly config: SimConfig;
  /** One Int32 cell: the next game index to play, shared by every worker. */
  readonly counter: SharedArrayBuffer;
}

/** The body of a simulation worker (bundled with the game registry by `bundle.ts`). */
export function runWorker(games: readonly AnyGame[]): void {
  const port = parentPort!;
  const send = (message: WorkerMessage) => port.postMessage(message);
  try {
    const { config, counter } = workerData as WorkerData;
    const game = games.find((g) => g.id === config.game);
    if (!game) throw new Error(`worker: no game "${config.game}" in the registry`);
    const next = new Int32Array(counter);
    for (let index = Atomics.add(next, 0, 1); index < config.games; index = Atomics.add(next, 0, 1)) {
      send({ result: playOne(game, config, index) });
    }
    send({ done: true });
  } catch (err) {
    send({ error: err instanceof Error ? err.message : String(err) });
  }
}
