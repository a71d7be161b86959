#!/usr/bin/env node
/**
 * Bundles each entry point of ENTRIES into dist/, so that commands start without compiling
 * TypeScript (`npm run build`; `prepare` runs it on `npm install` and `npm ci`).
 *
 * To add an entry point (a server, its bot workers), add a line to ENTRIES:
 *   { name: 'server', entry: 'src/server/dist-entry.ts' }              → dist/server.mjs
 *   { name: 'bot-worker', entry: 'src/server/bot-worker.ts', format: 'cjs' } → dist/bot-worker.cjs
 * An entry finds the files built beside it with `new URL('./bot-worker.cjs', import.meta.url)`.
 *
 * Beside the bundles, dist/manifest.json lists, per entry, the project files that went into it and
 * when the build started; bin/prosper.js compares those files' times with it to know whether a
 * development checkout has changed since (bin/launch.js).
 *
 * Usage: node scripts/build.mjs [--outdir DIR]
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

/**
 * format 'esm' (default) gives NAME.mjs; 'cjs' gives NAME.cjs, which a worker can also evaluate
 * from its text (`new Worker(code, { eval: true })`).
 */
export const ENTRIES = [
  { name: 'prosper', entry: 'src/cli/dist-entry.ts' },
  { name: 'sim-worker', entry: 'src/sim/worker-main.ts', format: 'cjs' },
  { name: 'bot-worker', entry: 'src/server/bots/worker-main.ts', format: 'cjs' },
  { name: 'sqlite-worker', entry: 'src/server/storage/sqlite-worker-main.ts', format: 'cjs' },
];

/**
 * Left out of the bundles and loaded from node_modules when (if ever) used: the charting libraries
 * are large and loaded only for `sim --report`; esbuild bundles a registry given at run time; tsx
 * runs sources; better-sqlite3 finds its native addon relative to its own package. Everything
 * else (zod, commander, cli-progress, fastify, kysely, pg) is bundled: one file loads faster.
 */
export const EXTERNAL = ['vega', 'vega-lite', 'esbuild', 'tsx', 'better-sqlite3'];

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What other builds put in dist/ (the web client, the gallery's fixtures): a CLI build leaves them be. */
const NOT_OURS = new Set(['web', 'gallery']);

/** Empties `outdir` of an earlier CLI build (entries since removed included), creating it if need be. */
function clean(outdir) {
  mkdirSync(outdir, { recursive: true });
  for (const name of readdirSync(outdir))
    if (!NOT_OURS.has(name)) rmSync(resolve(outdir, name), { recursive: true, force: true });
}

/** Builds every entry into `outdir` and writes its manifest; returns the manifest. */
export async function buildAll(outdir = resolve(ROOT, 'dist'), entries = ENTRIES) {
  const startedAt = Date.now();
  clean(outdir);
  const manifest = { startedAt, entries: {} };
  for (const { name, entry, format = 'esm' } of entries) {
    const file = `${name}.${format === 'cjs' ? 'cjs' : 'mjs'}`;
    const result = await build({
      entryPoints: [resolve(ROOT, entry)],
      outfile: resolve(outdir, file),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format,
      external: EXTERNAL,
      // Bundled CommonJS packages call require(); an ES module has none unless it is given one.
      banner:
        format === 'esm'
          ? {
              js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
            }
          : {},
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(result.metafile.inputs)
      .map((input) => relative(ROOT, resolve(process.cwd(), input)))
      .filter((input) => !input.startsWith('node_modules') && !input.startsWith('..'))
      .sort();
    manifest.entries[name] = { file, inputs };
  }
  writeFileSync(resolve(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? resolve(process.argv[at + 1]) : undefined;
  await buildAll(outdir);
}
