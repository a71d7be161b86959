import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Worker threads start without the CLI's TypeScript loader. Registering tsx in each worker costs
 * about 0.6 s of CPU per worker (a loader thread, an esbuild service and a compile per module),
 * which on a 2-core machine is taken straight from the games being played. Instead the pool bundles
 * the worker and the game registry once per process into one plain script (about 0.2 s, in esbuild's
 * own process), and every worker evaluates that script, ready in about 0.1 s.
 */
const bundles = new Map<string, Promise<string>>();

export function workerBundle(registryUrl: string): Promise<string> {
  let bundle = bundles.get(registryUrl);
  if (!bundle) {
    bundle = bundleFor(registryUrl);
    bundles.set(registryUrl, bundle);
    // A failed build must not stay cached: the next run retries.
    bundle.catch(() => bundles.delete(registryUrl));
  }
  return bundle;
}

async function bundleFor(registryUrl: string): Promise<string> {
  const registry = fileURLToPath(registryUrl);
  const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const entry = [
    `import { GAMES } from ${JSON.stringify(registry)};`,
    `import { runWorker } from ${JSON.stringify(worker)};`,
    'runWorker(GAMES);',
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
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
