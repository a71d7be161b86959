import { parentPort, workerData } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { GateKeeper } from './gate.ts';
import { playOne } from './play.ts';
import type { SimConfig } from './play.ts';
import { warmUp } from './warm-up.ts';
import { BatchWriter } from './wire.ts';
import type { ResultBatch } from './wire.ts';

/** What a worker sends back: batches of results, then `done`, or an error. */
export type WorkerMessage = { batch: ResultBatch } | { done: true } | { error: string };

export interface WorkerData {
  readonly config: SimConfig;
  /** One Int32 cell: the next game index to play, shared by every worker. */
  readonly counter: SharedArrayBuffer;
  /** A `Gate`'s buffer: the worker parks at it before each game while it is closed. */
  readonly gate?: SharedArrayBuffer;
}

/**
 * Results travel in batches, at most one message per `FLUSH_MS`: a message per game (hundreds per
 * second with fast bots) kept the coordinating thread busy for about a tenth of a core, which on a
 * 2-core machine running two workers is taken from the games.
 */
const FLUSH_MS = 100;

/** The body of a simulation worker (bundled with the game registry by `bundle.ts`). */
export function runWorker(games: readonly AnyGame[]): void {
  const port = parentPort!;
  const send = (message: WorkerMessage) => port.postMessage(message);
  const batch = new BatchWriter();
  const flush = () => {
    if (batch.size === 0) return;
    const taken = batch.take();
    port.postMessage({ batch: taken } satisfies WorkerMessage, [taken.numbers.buffer]);
  };
  try {
    const { config, counter, gate } = workerData as WorkerData;
    const game = games.find((g) => g.id === config.game);
    if (!game) throw new Error(`worker: no game "${config.game}" in the registry`);
    warmUp(game, config);
    const next = new Int32Array(counter);
    const keeper = gate && new GateKeeper(gate);
    let flushed = performance.now();
    for (;;) {
      keeper?.pass(flush);
      const index = Atomics.add(next, 0, 1);
      if (index >= config.games) break;
      batch.add(playOne(game, config, index));
      keeper?.finishedOne();
      const now = performance.now();
      if (now - flushed >= FLUSH_MS) {
        flush();
        flushed = now;
      }
    }
    flush();
    send({ done: true });
  } catch (err) {
    flush();
    send({ error: err instanceof Error ? err.message : String(err) });
  }
}
