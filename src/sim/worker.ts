import { parentPort, workerData } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { playOne } from './play.ts';
import type { SimConfig } from './play.ts';
import type { WorkerMessage } from './pool.ts';

const { config, registryUrl, counter } = workerData as {
  config: SimConfig;
  registryUrl: string;
  counter: SharedArrayBuffer;
};
const port = parentPort!;
const send = (message: WorkerMessage) => port.postMessage(message);

try {
  const registry = (await import(registryUrl)) as { GAMES: readonly AnyGame[] };
  const game = registry.GAMES.find((g) => g.id === config.game);
  if (!game) throw new Error(`worker: no game "${config.game}" in ${registryUrl}`);
  const next = new Int32Array(counter);
  for (let index = Atomics.add(next, 0, 1); index < config.games; index = Atomics.add(next, 0, 1)) {
    send({ result: playOne(game, config, index) });
  }
  send({ done: true });
} catch (err) {
  send({ error: err instanceof Error ? err.message : String(err) });
}
