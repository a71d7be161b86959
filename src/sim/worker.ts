import { parentPort, workerData } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { playOne } from './play.ts';
import type { SimConfig } from './play.ts';

const { config, registryUrl } = workerData as { config: SimConfig; registryUrl: string };
const port = parentPort!;

try {
  const registry = (await import(registryUrl)) as { GAMES: readonly AnyGame[] };
  const game = registry.GAMES.find((g) => g.id === config.game);
  if (!game) throw new Error(`worker: no game "${config.game}" in ${registryUrl}`);
  port.on('message', (index: number) => port.postMessage({ result: playOne(game, config, index) }));
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
