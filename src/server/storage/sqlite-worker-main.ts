/**
 * The SQLite worker's entry: the build bundles it into `dist/sqlite-worker.cjs` (scripts/build.mjs),
 * and `sqlite-driver.ts` bundles the same file at run time when it runs from the sources.
 */
import { runSqliteWorker } from './sqlite-worker.ts';

runSqliteWorker();
