/**
 * The entry point the build bundles into `dist/prosper.mjs` (scripts/build.mjs); `bin/prosper.js`
 * runs it when it is up to date. Simulation workers run the worker script the same build puts
 * beside it, so no TypeScript is compiled at run time, on the main thread or in a worker.
 * Run from source (`bin/prosper.js` under tsx), the CLI calls `main` directly instead.
 */
import { main } from './main.ts';

export function run(argv: readonly string[]): Promise<number> {
  return main(argv, { worker: { scriptUrl: new URL('./sim-worker.cjs', import.meta.url).href } });
}
