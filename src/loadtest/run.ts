/**
 * `prosper loadtest`: a server in a child process, N matches of scripted clients on loopback, and
 * what they measured. See docs/server.md, "Load test", for what each figure means.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Rng } from '../core/rng.ts';
import { API_PREFIX } from '../protocol/index.ts';
import type { ServerStats } from '../server/stats.ts';
import { openMatch, Pacer, Tally } from './clients.ts';
import type { ClientSettings, MatchClient } from './clients.ts';
import { startServerProcess } from './server.ts';
import type { ServerProcess } from './server.ts';

export interface MatchPlan {
  readonly game: string;
  readonly players: number;
}

export interface LoadTestOptions {
  /** `sqlite:PATH` or `postgres://…`; undefined: a temporary SQLite file, removed afterwards. */
  readonly db?: string;
  /** Matches kept live; each new one takes the next plan, round robin. */
  readonly matches: number;
  readonly plans: readonly MatchPlan[];
  /** Length of the measured window, after every match is live and `warmupS` more. */
  readonly durationS: number;
  readonly warmupS: number;
  /** Total actions per second the clients aim for (0: each as soon as it may). */
  readonly rate: number;
  /** 1 checks every update against the protocol schema; n checks one in n. */
  readonly validateUpdatesEvery: number;
  readonly seed?: string;
  /** Progress lines (to stderr). */
  readonly progress?: (line: string) => void;
  /** The `bin/prosper.js` to run (default: the one of this checkout). */
  readonly bin?: string;
  /** Where the server writes a V8 CPU profile when it stops (default: none). */
  readonly cpuProfileDir?: string;
}

export interface Percentiles {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

export interface LoadTestResult {
  readonly db: string;
  readonly dbKind: 'sqlite' | 'postgres';
  readonly serverCode: 'bundle' | 'source';
  readonly games: readonly MatchPlan[];
  readonly matches: number;
  readonly connections: number;
  readonly targetRate: number;
  readonly durationS: number;
  /** The machine's 1-minute load average at the start and the end of the window (2 cores here). */
  readonly loadAverage: readonly [number, number];
  readonly acks: number;
  readonly acksPerSecond: number;
  /** Send → ack, in ms, over the acks of the measured window. */
  readonly latencyMs: Percentiles;
  /** Matches every client of which is connected and which have not ended: at the end, and the fewest seen. */
  readonly liveMatches: { readonly end: number; readonly min: number; readonly serverInMemory: number };
  readonly matchesFinished: number;
  readonly matchesStarted: number;
  readonly refused: number;
  readonly staleSeq: number;
  readonly errors: Readonly<Record<string, number>>;
  /** Messages off the protocol's schemas, unexpected closes, acts never answered, failed table creations. */
  readonly protocolErrors: number;
  readonly unanswered: number;
  readonly server: {
    readonly rssMB: number;
    readonly heapMB: number;
    /** CPU over the window, % of one core. */
    readonly cpuPercent: number;
    readonly eventLoopDelayMs: ServerStats['eventLoopDelayMs'];
    readonly commitBatches: number;
    readonly rowsPerBatch: number;
  };
  readonly generator: {
    readonly rssMB: number;
    readonly cpuPercent: number;
    readonly eventLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  };
}

const OPEN_CONCURRENCY = 16;
const DRAIN_MS = 10_000;
const MB = 1024 * 1024;
const LOOP_RESOLUTION_MS = 10;

/** As the server's stats: a sampling timer's interval less its resolution is how late it fired. */
function lateness(ns: number): number {
  return Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
}

export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestResult> {
  const tempDir = options.db === undefined ? mkdtempSync(join(tmpdir(), 'prosper-loadtest-')) : undefined;
  const db = options.db ?? `sqlite:${join(tempDir!, 'load.db')}`;
  const say = options.progress ?? (() => undefined);
  let server: ServerProcess | undefined;
  try {
    say(`starting prosper serve on ${db}…`);
    server = await startServerProcess(db, options.bin, options.cpuProfileDir);
    say(
      `server at ${server.url} (pid ${server.pid}, ${server.code === 'bundle' ? 'built code' : 'TypeScript sources: run npm run build for figures'})`,
    );
    return await drive(server, db, options, say);
  } finally {
    await server?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

async function drive(
  server: ServerProcess,
  db: string,
  options: LoadTestOptions,
  say: (line: string) => void,
): Promise<LoadTestResult> {
  const tally = new Tally();
  const rng = Rng.fromSeed(options.seed ?? randomBytes(16).toString('hex'));
  const settings: ClientSettings = {
    wsUrl: `${server.url.replace(/^http/, 'ws')}${API_PREFIX}/ws`,
    tally,
    rng,
    validateUpdatesEvery: options.validateUpdatesEvery,
    gate: { open: false },
  };
  const intervalMs = options.rate === 0 ? 0 : (1000 * options.matches) / options.rate;
  const live = new Set<MatchClient>();
  let started = 0;
  let finished = 0;
  let failedOpens = 0;
  let running = true;

  const openNext = async (): Promise<void> => {
    const plan = options.plans[started++ % options.plans.length]!;
    try {
      const match = await openMatch(
        settings,
        server.url,
        plan,
        new Pacer(intervalMs, rng.fork()),
        onFinished,
      );
      if (running) live.add(match);
      else match.close();
    } catch (err) {
      failedOpens++;
      if (running) say(`a match could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  // A finished match is replaced at once, so that N stay live.
  function onFinished(match: MatchClient): void {
    if (!live.delete(match)) return;
    finished++;
    if (running) void openNext();
  }

  say(`opening ${options.matches} matches…`);
  const queue = Array.from({ length: options.matches }, (_, i) => i);
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (queue.shift() !== undefined) await openNext();
    }),
  );
  settings.gate.open = true;
  for (const match of live) for (const seat of match.seats) seat.consider();
  say(`${live.size} matches live; warming up ${options.warmupS} s…`);
  await sleep(options.warmupS * 1000);

  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const before = await server.stats(true);
  const cpuBefore = process.cpuUsage();
  loopDelay.enable();
  let minLive = live.size;
  const sampler = setInterval(() => (minLive = Math.min(minLive, live.size)), 250);
  tally.measuring = true;
  const loadStart = loadavg()[0]!;
  const t0 = performance.now();
  say(`measuring for ${options.durationS} s…`);
  await sleep(options.durationS * 1000);
  tally.measuring = false;
  const elapsedS = (performance.now() - t0) / 1000;
  const cpuGen = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  clearInterval(sampler);
  const after = await server.stats();
  const liveEnd = live.size;

  running = false;
  for (const match of live) match.stop();
  const unanswered = await drain(live);
  for (const match of live) match.close();
  const errors = Object.fromEntries(tally.errors);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const sorted = Float64Array.from(tally.latencies).sort();
  const batches = after.commitBatches - before.commitBatches;
  return {
    db: describe(db),
    dbKind: db.startsWith('sqlite:') ? 'sqlite' : 'postgres',
    serverCode: server.code,
    games: options.plans,
    matches: options.matches,
    connections: [...live].reduce((n, m) => n + m.seats.length, 0),
    targetRate: options.rate,
    durationS: round(elapsedS, 2),
    loadAverage: [round(loadStart, 2), round(loadavg()[0]!, 2)],
    acks: tally.acks,
    acksPerSecond: round(tally.acks / elapsedS, 1),
    latencyMs: percentiles(sorted),
    liveMatches: { end: liveEnd, min: minLive, serverInMemory: after.liveMatches },
    matchesFinished: finished,
    matchesStarted: started,
    refused: tally.refused,
    staleSeq: tally.stale,
    errors,
    protocolErrors: errorCount + tally.invalidMessages + tally.droppedConnections + unanswered + failedOpens,
    unanswered,
    server: {
      rssMB: round(after.rss / MB, 1),
      heapMB: round(after.heapUsed / MB, 1),
      cpuPercent: round(
        (100 *
          (after.cpuUserMicros + after.cpuSystemMicros - before.cpuUserMicros - before.cpuSystemMicros)) /
          (elapsedS * 1e6),
        1,
      ),
      eventLoopDelayMs: roundAll(after.eventLoopDelayMs),
      commitBatches: batches,
      rowsPerBatch: batches > 0 ? round((after.commitRows - before.commitRows) / batches, 2) : 0,
    },
    generator: {
      rssMB: round(process.memoryUsage().rss / MB, 1),
      cpuPercent: round((100 * (cpuGen.user + cpuGen.system)) / (elapsedS * 1e6), 1),
      eventLoopDelayMs: roundAll({
        p50: lateness(loopDelay.percentile(50)),
        p99: lateness(loopDelay.percentile(99)),
        max: lateness(loopDelay.max),
      }),
    },
  };
}

/** Waits for the acts still in flight (every one must be answered); returns how many never were. */
async function drain(live: ReadonlySet<MatchClient>): Promise<number> {
  const deadline = performance.now() + DRAIN_MS;
  const waiting = () => [...live].reduce((n, m) => n + m.waiting, 0);
  while (waiting() > 0 && performance.now() < deadline) await sleep(20);
  return waiting();
}

function percentiles(sorted: Float64Array): Percentiles {
  if (sorted.length === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return roundAll({ p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1]!, mean });
}

function describe(db: string): string {
  return db.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function roundAll<T extends Record<string, number>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, round(v, 2)])) as T;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
