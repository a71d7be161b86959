/**
 * `GET /stats`: what the load test reads from the server process (memory, CPU time, event-loop
 * delay, matches in memory, connections, group-commit batches). Off unless `prosper serve --stats`:
 * it says nothing secret, but an operator should choose to publish process figures.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { GroupCommitter } from './group-commit.ts';
import type { TableService } from './tables.ts';

export interface ServerStats {
  /** Process memory (bytes). */
  readonly rss: number;
  readonly heapUsed: number;
  /** CPU time used by the whole process since it started, user and system (µs). */
  readonly cpuUserMicros: number;
  readonly cpuSystemMicros: number;
  /**
   * Event-loop delay since the last `?reset=1` (ms): how late a 10 ms timer fired. This is the wait
   * every message handled on the main thread saw on top of its own work.
   */
  readonly eventLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Matches held in memory (playing, waiting, and finished ones not yet forgotten). */
  readonly liveMatches: number;
  readonly connections: number;
  /** Group-commit transactions and the rows they wrote, since start. */
  readonly commitBatches: number;
  readonly commitRows: number;
}

const NS_PER_MS = 1e6;
const RESOLUTION_MS = 10;

/** The histogram holds each sampling timer's whole interval: its resolution plus the lateness. */
function lateness(ns: number): number {
  return Math.max(0, ns / NS_PER_MS - RESOLUTION_MS);
}

export function registerStats(app: FastifyInstance, tables: TableService, committer: GroupCommitter): void {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get('/stats', async (req): Promise<ServerStats> => {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      cpuUserMicros: cpu.user,
      cpuSystemMicros: cpu.system,
      eventLoopDelayMs: {
        p50: delay.count > 0 ? lateness(delay.percentile(50)) : 0,
        p99: delay.count > 0 ? lateness(delay.percentile(99)) : 0,
        max: delay.count > 0 ? lateness(delay.max) : 0,
      },
      liveMatches: tables.liveCount,
      connections: app.websocketServer.clients.size,
      commitBatches: committer.batches,
      commitRows: committer.rows,
    };
    if ((req.query as { reset?: string }).reset === '1') delay.reset();
    return stats;
  });
}
