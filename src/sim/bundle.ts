import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Where worker threads (the simulator's, and the server's bot workers) get their code. Worker
 * threads start without the CLI's TypeScript loader: registering tsx in each worker costs about
 * 0.6 s of CPU per worker (a loader thread, an esbuild service and a compile per module), which on a
 * 2-core machine is taken straight from the games being played. So every worker evaluates one plain
 * script holding the worker and a game registry, made either
 * - by the build (`scripts/build.mjs`, `dist/sim-worker.cjs` / `dist/bot-worker.cjs`, with the real
 *   games): `scriptUrl`; or
 * - here, once per process, with esbuild (about 0.2 s, in esbuild's own process), from any module
 *   exporting `GAMES` (tests point it at fixtures; a development checkout without a build): `registryUrl`.
 * Either way a worker is ready in about 0.1 s.
 */
export type WorkerSource = { readonly scriptUrl: string } | { readonly registryUrl: string };

/** The module a worker runs and its export that starts it with the registry's `GAMES`. */
export interface WorkerEntry {
  readonly moduleUrl: URL;
  readonly start: string;
}

const SIM_WORKER: WorkerEntry = { moduleUrl: new URL('./worker.ts', import.meta.url), start: 'runWorker' };

const scripts = new Map<string, Promise<string>>();

/** The simulation worker's script text, read or bundled once per process per source. */
export function workerCode(source: WorkerSource): Promise<string> {
  return workerCodeFor(source, SIM_WORKER);
}

/** A worker's script text, read or bundled once per process per source and entry. */
export function workerCodeFor(source: WorkerSource, entry: WorkerEntry): Promise<string> {
  const key =
    'scriptUrl' in source
      ? `script:${source.scriptUrl}`
      : `registry:${source.registryUrl}:${entry.moduleUrl.href}#${entry.start}`;
  let code = scripts.get(key);
  if (!code) {
    code =
      'scriptUrl' in source
        ? readFile(new URL(source.scriptUrl), 'utf8')
        : bundleFor(source.registryUrl, entry);
    scripts.set(key, code);
    // A failed read or build must not stay cached: the next run retries.
    code.catch(() => scripts.delete(key));
  }
  return code;
}

async function bundleFor(registryUrl: string, entry: WorkerEntry): Promise<string> {
  // Loaded only here: the built CLI never bundles, and should not pay for loading esbuild.
  const { build } = await import('esbuild');
  const registry = fileURLToPath(registryUrl);
  const worker = fileURLToPath(entry.moduleUrl);
  const contents = [
    `import { GAMES } from ${JSON.stringify(registry)};`,
    `import { ${entry.start} } from ${JSON.stringify(worker)};`,
    `${entry.start}(GAMES);`,
  ].join('\n');
  const result = await build({
    stdin: { contents, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    platform: 'node',
    // A worker evaluated from source text runs as a CommonJS script.
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
