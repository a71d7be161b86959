import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Worker threads do not inherit the TypeScript loader the server runs under (tsx), so, like the
 * simulator's pool (src/sim/bundle.ts), the bot pool bundles its worker and the game registry once
 * per process into one plain script that every worker evaluates. When the server runs from built
 * JavaScript, the build can emit this bundle as a file and the pool can load it instead.
 */
const bundles = new Map<string, Promise<string>>();

export function botWorkerBundle(registryUrl: string): Promise<string> {
  let bundle = bundles.get(registryUrl);
  if (!bundle) {
    bundle = bundleFor(registryUrl);
    bundles.set(registryUrl, bundle);
    bundle.catch(() => bundles.delete(registryUrl));
  }
  return bundle;
}

async function bundleFor(registryUrl: string): Promise<string> {
  const registry = fileURLToPath(registryUrl);
  const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const entry = [
    `import { GAMES } from ${JSON.stringify(registry)};`,
    `import { runBotWorker } from ${JSON.stringify(worker)};`,
    'runBotWorker(GAMES);',
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
