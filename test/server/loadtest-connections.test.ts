/**
 * The load test opens one WebSocket per seat, all from loopback: past the server's cap of
 * connections per client address (64 by default). Its child server lifts the cap, so a load over
 * the default plays with every seat connected.
 */
import { expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { LoadTestResult } from '../../src/loadtest/run.ts';
import { DEFAULT_LIMITS } from '../../src/server/app.ts';

it('plays 24 three-player matches (72 WebSockets from one address) with no refusal', async () => {
  const matches = 24;
  expect(matches * 3).toBeGreaterThan(DEFAULT_LIMITS.connectionsPerAddress);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    ['loadtest', '--matches', String(matches), '--duration', '1', '--warmup', '0.5', '--json'],
    { io: { out: (t) => out.push(t), err: (t) => err.push(t), input: process.stdin, interactive: false } },
  );
  expect(code, err.join('\n')).toBe(0);
  const result = JSON.parse(out.join('\n')) as LoadTestResult;
  expect(result.connections).toBe(matches * 3);
  expect(result.liveMatches.end).toBe(matches);
  expect(result.protocolErrors).toBe(0);
  expect(result.errors).toEqual({});
  expect(result.acks).toBeGreaterThan(0);
}, 120_000);
