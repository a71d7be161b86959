/**
 * The bot worker with the real games, as the build bundles it (`dist/bot-worker.cjs`, see
 * scripts/build.mjs): the same script `bundle.ts` makes at run time from a registry.
 */
import { GAMES } from '../../games/registry.ts';
import { runBotWorker } from './worker.ts';

runBotWorker(GAMES);
