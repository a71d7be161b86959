/**
 * Where bot workers get their code: like the simulator's workers (src/sim/bundle.ts), one plain
 * script holding the worker and a game registry, from the build (`dist/bot-worker.cjs`,
 * `scriptUrl`) or bundled once per process from any module exporting `GAMES` (`registryUrl`).
 */
import { workerCodeFor } from '../../sim/bundle.ts';
import type { WorkerSource } from '../../sim/bundle.ts';

export type BotWorkerSource = WorkerSource;

const BOT_WORKER = { moduleUrl: new URL('./worker.ts', import.meta.url), start: 'runBotWorker' };

export function botWorkerCode(source: BotWorkerSource): Promise<string> {
  return workerCodeFor(source, BOT_WORKER);
}
