import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { LoadTestResult } from '../../src/loadtest/run.ts';
import type { ServerStats } from '../../src/server/stats.ts';
import { startTestServer } from './harness.ts';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, {
    io: { out: (t) => out.push(t), err: (t) => err.push(t), input: process.stdin, interactive: false },
  });
  return { code, out, err };
}

describe('prosper loadtest', () => {
  it('plays a tiny load on a temporary SQLite file over real WebSockets and reports every figure', async () => {
    const { code, out, err } = run([
      'loadtest',
      '--matches',
      '4',
      '--duration',
      '2',
      '--warmup',
      '0.5',
      '--validate-every',
      '1',
      '--json',
    ]);
    expect(await code, err.join('\n')).toBe(0);
    const result = JSON.parse(out.join('\n')) as LoadTestResult;
    expect(result.dbKind).toBe('sqlite');
    expect(result.db).toMatch(/^sqlite:.*load\.db$/);
    // The temporary database is removed with its directory.
    expect(existsSync(dirname(result.db.slice('sqlite:'.length)))).toBe(false);
    expect(result.matches).toBe(4);
    expect(result.games.map((g) => g.game).sort()).toEqual(['pocket-imperium', 'prospectus', 'prosperitea']);
    // One WebSocket per seat: 3 players each, in the mix.
    expect(result.connections).toBe(12);
    expect(result.liveMatches.end).toBe(4);
    expect(result.acks).toBeGreaterThan(0);
    expect(result.acksPerSecond).toBeGreaterThan(0);
    expect(result.protocolErrors).toBe(0);
    expect(result.errors).toEqual({});
    expect(result.refused).toBe(0);
    expect(result.unanswered).toBe(0);
    const l = result.latencyMs;
    expect(l.p50).toBeGreaterThan(0);
    expect(l.p50).toBeLessThanOrEqual(l.p90);
    expect(l.p90).toBeLessThanOrEqual(l.p99);
    expect(l.p99).toBeLessThanOrEqual(l.max);
    // Every acknowledged action is a committed row: the server wrote at least as many in the window.
    expect(result.server.commitBatches).toBeGreaterThan(0);
    expect(result.server.commitBatches * result.server.rowsPerBatch).toBeGreaterThanOrEqual(
      result.acks - 0.5,
    );
    expect(result.server.rssMB).toBeGreaterThan(0);
    expect(result.server.cpuPercent).toBeGreaterThan(0);
    expect(result.generator.rssMB).toBeGreaterThan(0);
  }, 120_000);

  it('refuses bad options as usage errors', async () => {
    const bad = run(['loadtest', '--db', 'mysql://x']);
    expect(await bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/sqlite:PATH or postgres/);
    const players = run(['loadtest', '--game', 'prospectus', '--players', '2']);
    expect(await players.code).toBe(2);
    expect(players.err.join('\n')).toMatch(/prospectus takes 3–4 players/);
  });
});

describe('GET /stats', () => {
  it('is not served unless asked for', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/stats`)).status).toBe(404);
    } finally {
      await server.drop();
    }
  });

  it('gives memory, CPU time, event-loop delay, matches and commits when enabled', async () => {
    const server = await startTestServer({ stats: true });
    try {
      const stats = (await (await fetch(`${server.url}/stats`)).json()) as ServerStats;
      expect(stats.rss).toBeGreaterThan(stats.heapUsed);
      expect(stats.cpuUserMicros).toBeGreaterThan(0);
      expect(Object.keys(stats.eventLoopDelayMs).sort()).toEqual(['max', 'p50', 'p99']);
      expect(stats.liveMatches).toBe(0);
      expect(stats.connections).toBe(0);
      expect(stats.commitBatches).toBe(0);
      expect(stats.commitRows).toBe(0);
    } finally {
      await server.drop();
    }
  });
});
