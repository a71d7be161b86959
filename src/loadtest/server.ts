/**
 * The server under test: `prosper serve` in a child process on an ephemeral port, so that its CPU
 * and memory are its own and not mixed with the load generator's.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerStats } from '../server/stats.ts';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** What `bin/prosper.js` runs: the built bundle, or the TypeScript sources (slower: no build). */
  readonly code: 'bundle' | 'source';
  stats(reset?: boolean): Promise<ServerStats>;
  /** Its last lines of output, to explain a failure. */
  output(): string;
  /** SIGTERM, then waits for a clean stop (every acknowledged action is committed before). */
  stop(): Promise<number | NodeJS.Signals | null>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const OUTPUT_KEPT = 16 * 1024;
/**
 * Every player comes from loopback: 3,000 WebSockets and every table at 1,000 three-player matches,
 * far over the per-address limits meant for strangers, which the load test's own server lifts.
 */
export const LOADTEST_LIMITS: readonly string[] = [
  'connectionsPerAddress=1000000',
  'tablesPerWindow=1000000',
  'openTablesPerClient=1000000',
];

/** The checkout or installed copy this module belongs to: the nearest directory with bin/prosper.js. */
export function findProsperBin(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const bin = join(dir, 'bin', 'prosper.js');
    if (existsSync(bin)) return bin;
    if (dirname(dir) === dir) throw new Error('cannot find bin/prosper.js above ' + from);
  }
}

/** Which code bin/prosper.js will run (bin/launch.js decides; it is plain JavaScript beside it). */
async function launchKind(bin: string): Promise<'bundle' | 'source'> {
  const launch = (await import(pathToFileURL(join(dirname(bin), 'launch.js')).href)) as {
    chooseLaunch(root: URL): { use: string };
  };
  return launch.chooseLaunch(pathToFileURL(join(dirname(bin), '..') + '/')).use === 'bundle'
    ? 'bundle'
    : 'source';
}

/** `cpuProfileDir`: the server writes a V8 CPU profile there when it stops (node --cpu-prof). */
export async function startServerProcess(
  db: string,
  bin: string = findProsperBin(),
  cpuProfileDir?: string,
): Promise<ServerProcess> {
  const code = await launchKind(bin);
  const profile = cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      bin,
      'serve',
      '--port',
      '0',
      '--db',
      db,
      '--log-level',
      'warn',
      '--stats',
      // Every player comes from loopback: one address holds every socket and creates every table.
      ...LOADTEST_LIMITS.flatMap((limit) => ['--limit', limit]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (data: unknown) => (output = (output + String(data)).slice(-OUTPUT_KEPT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? signal)),
  );
  const url = await waitForUrl(child, exited, () => output);
  return {
    url,
    pid: child.pid!,
    code,
    output: () => output,
    stats: async (reset = false) => {
      const response = await fetch(`${url}/stats${reset ? '?reset=1' : ''}`);
      if (!response.ok) throw new Error(`GET /stats answered ${response.status}`);
      return (await response.json()) as ServerStats;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const status = await exited;
      clearTimeout(timer);
      return status;
    },
  };
}

async function waitForUrl(
  child: ChildProcess,
  exited: Promise<unknown>,
  output: () => string,
): Promise<string> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const url = /serving on (http:\/\/\S+:\d+)/.exec(output())?.[1];
    if (url) return url;
    if (stopped || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`prosper serve did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
