/**
 * The simulation worker with the real games, as the build bundles it (`dist/sim-worker.cjs`, see
 * scripts/build.mjs): the same script `bundle.ts` makes at run time from the registry.
 */
import { GAMES } from '../games/registry.ts';
import { runWorker } from './worker.ts';

runWorker(GAMES);
