import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Where bot workers get their code. Worker threads do not inherit the TypeScript loader the server
 * may run under (tsx), so, like the simulator's workers (src/sim/bundle.ts), every bot worker
 * evaluates one plain script holding the worker and a game registry, made either
 * - by the build (`scripts/build.mjs`, `dist/bot-worker.cjs`, with the real games): `scriptUrl`; or
 * - here, once per process, with esbuild, from any module exporting `GAMES` (tests point it at
 *   fixtures; a development checkout runs the sources): `registryUrl`.
 */
export type BotWorkerSource = { readonly scriptUrl: string } | { readonly registryUrl: string };

const scripts = new Map<string, Promise<string>>();

export function botWorkerCode(source: BotWorkerSource): Promise<string> {
  const key = 'scriptUrl' in source ? `script:${source.scriptUrl}` : `registry:${source.registryUrl}`;
  let code = scripts.get(key);
  if (!code) {
    code =
      'scriptUrl' in source ? readFile(new URL(source.scriptUrl), 'utf8') : bundleFor(source.registryUrl);
    scripts.set(key, code);
    // A failed read or build must not stay cached: the next attempt retries.
    code.catch(() => scripts.delete(key));
  }
  return code;
}

async function bundleFor(registryUrl: string): Promise<string> {
  // Loaded only here: a server run from the build never bundles.
  const { build } = await import('esbuild');
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
