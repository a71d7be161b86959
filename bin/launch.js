// Which code `prosper` runs: the bundle in dist/ (scripts/build.mjs) when it is current, else the
// TypeScript sources through tsx, which only a development checkout has.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { URL } from 'node:url';

/** The entries of dist/manifest.json the command runs: the CLI and its worker threads. */
export const CLI_ENTRIES = ['prosper', 'sim-worker', 'bot-worker', 'sqlite-worker'];

/**
 * `{ fresh: true }` when dist/ holds every entry in `entries`, built after the last change to any
 * project file that went into it, or `{ fresh: false, reason }`. It reads the manifest and stats
 * the files it lists (about a hundred: a fraction of a millisecond), rather than walking src/.
 */
export function bundleStatus(root, entries = CLI_ENTRIES) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('dist/manifest.json', root), 'utf8'));
  } catch {
    return { fresh: false, reason: 'dist/ has not been built' };
  }
  const inputs = new Set();
  for (const name of entries) {
    const entry = manifest.entries?.[name];
    if (!entry) return { fresh: false, reason: `dist/ has no ${name} entry` };
    if (!existsSync(new URL(`dist/${entry.file}`, root)))
      return { fresh: false, reason: `dist/${entry.file} is missing` };
    for (const input of entry.inputs) inputs.add(input);
  }
  return inputsStatus(root, inputs, manifest.startedAt);
}

/** Whether every input still exists and none changed since `startedAt`. */
function inputsStatus(root, inputs, startedAt) {
  for (const input of inputs) {
    let changed;
    try {
      changed = statSync(new URL(input, root)).mtimeMs;
    } catch {
      return { fresh: false, reason: `${input} is gone since the build` };
    }
    // The build's start, not its end: a file saved while it ran may not be in the bundle.
    if (changed >= startedAt) return { fresh: false, reason: `${input} changed since the build` };
  }
  return { fresh: true };
}

/** Where `npm run build:web` puts the client, and the record of its inputs (vite.web.config.ts). */
export const WEB_DIR = 'dist/web/';
export const WEB_RECORD = '.build.json';

/**
 * `{ fresh: true }` when dist/web holds a client built after the last change to any file that went
 * into it, else `{ fresh: false, reason }`; as cheap as `bundleStatus` (one read, ~60 stats).
 */
export function webStatus(root) {
  let record;
  try {
    record = JSON.parse(readFileSync(new URL(WEB_DIR + WEB_RECORD, root), 'utf8'));
  } catch {
    return { fresh: false, reason: 'the web client has not been built' };
  }
  if (!existsSync(new URL(WEB_DIR + 'index.html', root)))
    return { fresh: false, reason: `${WEB_DIR}index.html is missing` };
  return inputsStatus(root, record.inputs ?? [], record.startedAt);
}

/** A development checkout has the sources (and tsx to run them); an installed copy may not. */
export function isDevelopmentCheckout(root) {
  return existsSync(new URL('src/cli/main.ts', root));
}

/** `{ use: 'bundle' }`, `{ use: 'source', reason }` or `{ use: 'none', reason }`. */
export function chooseLaunch(root) {
  const status = bundleStatus(root);
  if (status.fresh) return { use: 'bundle' };
  if (isDevelopmentCheckout(root)) return { use: 'source', reason: status.reason };
  // Without sources an out-of-date manifest still describes the only code there is.
  if (existsSync(new URL('dist/prosper.mjs', root))) return { use: 'bundle' };
  return { use: 'none', reason: status.reason };
}
