#!/usr/bin/env node
// Runs the bundle `npm run build` made (npm install and npm ci run it): no TypeScript to compile at
// start-up. In a development checkout whose sources changed since the build, runs the sources
// through tsx instead, so an edit never needs a build before a run (bin/launch.js decides).
import process from 'node:process';
import { URL } from 'node:url';
import { chooseLaunch } from './launch.js';

// `prosper … | head` closes the pipe early: that ends the output, it is not an error to report.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const root = new URL('../', import.meta.url);
const argv = process.argv.slice(2);
const launch = chooseLaunch(root);
if (launch.use === 'bundle') {
  const { run } = await import(new URL('dist/prosper.mjs', root).href);
  process.exitCode = await run(argv);
} else if (launch.use === 'source') {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(argv);
} else {
  process.stderr.write(`prosper: ${launch.reason}; run npm run build\n`);
  process.exitCode = 1;
}
