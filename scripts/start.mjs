#!/usr/bin/env node
/**
 * `npm start`: the whole site on one port. Builds the command's bundle and the web client when
 * either is missing or older than its sources (bin/launch.js checks both by stat-ing the files
 * their last build recorded: milliseconds, so a start with nothing changed builds nothing), then
 * runs `prosper serve`, which prints the address to open. Arguments go to `prosper serve`
 * (`npm start -- --port 9000`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { bundleStatus, isDevelopmentCheckout, WEB_DIR, webStatus } from '../bin/launch.js';

const root = new URL('../', import.meta.url);
const say = (text) => process.stdout.write(`${text}\n`);

/** The sources are what builds come from; an installed copy runs what it was shipped with. */
async function buildWhatIsStale() {
  if (!isDevelopmentCheckout(root)) return;
  const cli = bundleStatus(root);
  if (!cli.fresh) {
    say(`Building the command (${cli.reason})…`);
    const { buildAll } = await import('./build.mjs');
    await buildAll();
  }
  const web = webStatus(root);
  if (web.fresh) return;
  const vite = new URL('node_modules/vite/bin/vite.js', root);
  if (!existsSync(vite)) {
    say(`The web client is not up to date (${web.reason}), and Vite is not installed to build it.`);
    return;
  }
  say(`Building the web client (${web.reason})…`);
  execFileSync(
    process.execPath,
    [fileURLToPath(vite), 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'],
    { cwd: fileURLToPath(root), stdio: 'inherit' },
  );
}

await buildWhatIsStale();
if (!existsSync(new URL(`${WEB_DIR}index.html`, root)))
  say('No web client is built: only the API will answer (npm run build:web builds it).');
// bin/prosper.js reads its arguments from process.argv, as if it had been run as `prosper serve …`.
process.argv = [
  process.argv[0],
  fileURLToPath(new URL('bin/prosper.js', root)),
  'serve',
  ...process.argv.slice(2),
];
await import('../bin/prosper.js');
