import type { LoadTestResult, MatchPlan } from '../loadtest/run.ts';
import { runLoadTest } from '../loadtest/run.ts';
import type { CliContext } from './io.ts';
import { defaultPlayers, findGameOrThrow, json, parseIntArg, parseSecondsArg, UsageError } from './io.ts';

export interface LoadTestCliOptions {
  db?: string;
  matches?: string;
  duration?: string;
  warmup?: string;
  game?: string;
  players?: string;
  rate?: string;
  validate?: string;
  seed?: string;
  cpuProf?: string;
  json?: boolean;
}

/** Actions per second per live match the issue's goal asks for (3,000 with 1,000 matches). */
const RATE_PER_MATCH = 3;

/** `mix` plays every game in turn; otherwise the one game, each at `--players` or its default. */
function plans(ctx: CliContext, game: string, players: string | undefined): MatchPlan[] {
  const games = game === 'mix' ? ctx.games : [findGameOrThrow(ctx, game)];
  return games.map((g) => {
    const n = parseIntArg('--players', players, defaultPlayers(g), { min: 1, max: 16 });
    if (n < g.minPlayers || n > g.maxPlayers)
      throw new UsageError(`${g.id} takes ${g.minPlayers}–${g.maxPlayers} players, not ${n}`);
    return { game: g.id, players: n };
  });
}

/**
 * `prosper loadtest`: starts `prosper serve` as a child process and N matches of scripted clients
 * that play random legal actions over WebSockets; prints acknowledged actions per second, latency
 * from send to ack, live matches, memory, CPU and the database used.
 */
export async function cmdLoadTest(ctx: CliContext, opts: LoadTestCliOptions): Promise<number> {
  const matches = parseIntArg('--matches', opts.matches, 1000, { min: 1, max: 100_000 });
  const db = opts.db;
  if (db !== undefined && !/^(sqlite:.|postgres(ql)?:\/\/)/.test(db))
    throw new UsageError(`--db takes sqlite:PATH or postgres://…, not "${db}"`);
  const result = await runLoadTest({
    ...(db === undefined ? {} : { db }),
    matches,
    plans: plans(ctx, opts.game ?? 'mix', opts.players),
    durationS: parseSecondsArg('--duration', opts.duration, 30),
    warmupS: opts.warmup === '0' ? 0 : parseSecondsArg('--warmup', opts.warmup, 5),
    rate: parseIntArg('--rate', opts.rate, RATE_PER_MATCH * matches),
    validateUpdatesEvery: parseIntArg('--validate-every', opts.validate, 50, { min: 1 }),
    ...(opts.seed === undefined ? {} : { seed: opts.seed }),
    ...(opts.cpuProf === undefined ? {} : { cpuProfileDir: opts.cpuProf }),
    progress: (line) => ctx.io.err(`loadtest: ${line}`),
  });
  ctx.io.out(opts.json ? json(result) : report(result));
  return result.protocolErrors === 0 ? 0 : 1;
}

export function report(r: LoadTestResult): string {
  const l = r.latencyMs;
  const errors = Object.entries(r.errors)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  return [
    `database           ${r.db} (${r.dbKind}); server runs ${r.serverCode === 'bundle' ? 'the build' : 'the TypeScript sources'}`,
    `matches            ${r.matches} live target: ${r.games.map((g) => `${g.game}×${g.players}`).join(', ')}; ${r.connections} WebSockets (one per seat)`,
    `target rate        ${r.targetRate === 0 ? 'as fast as acks come back' : `${r.targetRate} actions/s`}`,
    `acknowledged       ${r.acks} actions in ${r.durationS} s = ${r.acksPerSecond} acks/s`,
    `latency send→ack   p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms (mean ${l.mean})`,
    `live matches       ${r.liveMatches.end} at the end (fewest ${r.liveMatches.min}); ${r.liveMatches.serverInMemory} in the server's memory; ${r.matchesFinished} finished and replaced`,
    `server             RSS ${r.server.rssMB} MB (heap ${r.server.heapMB} MB), CPU ${r.server.cpuPercent}% of a core, event-loop delay p50 ${r.server.eventLoopDelayMs.p50} / p99 ${r.server.eventLoopDelayMs.p99} / max ${r.server.eventLoopDelayMs.max} ms, ${r.server.commitBatches} commits of ${r.server.rowsPerBatch} rows on average`,
    `machine            load average ${r.loadAverage[0]} → ${r.loadAverage[1]} (1 min) over the window`,
    `load generator     RSS ${r.generator.rssMB} MB, CPU ${r.generator.cpuPercent}% of a core, event-loop delay p99 ${r.generator.eventLoopDelayMs.p99} ms`,
    `answers            ${r.refused} refused, ${r.staleSeq} stale_seq (simultaneous windows), errors: ${errors || 'none'}; protocol errors ${r.protocolErrors} (${r.unanswered} unanswered)`,
  ].join('\n');
}
