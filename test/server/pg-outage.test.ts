/**
 * PostgreSQL going away under a running server, which must survive it: the built `prosper serve`
 * as a child process, players on real WebSockets who reconnect as the web client does.
 *
 * - On the shared PostgreSQL (a fresh schema), every connection of the server is terminated
 *   mid-play (`pg_terminate_backend`, found by the server's `application_name`, which this test
 *   makes unique through the URL so that it touches no other process's connections).
 * - A throwaway cluster of the test's own (`pg-cluster.ts`) is stopped for a few seconds mid-play
 *   and started again.
 *
 * Either way the process lives on, no acknowledged action is lost, actions are refused with
 * `storage_failed` while the database is unreachable (never acknowledged), `/healthz` says so, and
 * play resumes by itself once the database answers again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, HealthResponse, SeatSpec } from '../../src/protocol/index.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import type { DbLocation } from '../../src/server/storage/open.ts';
import { api, Client, freshDb, http, installedCopy, PG_URL, startChildServer } from './harness.ts';
import type { ChildServer } from './harness.ts';
import { startPgCluster } from './pg-cluster.ts';
import { ReconnectingSeat } from './reconnecting-seat.ts';

let dir: string;
let bin: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'prosper-pg-outage-'));
  bin = installedCopy(join(dir, 'installed'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HUMAN: SeatSpec = { kind: 'human' };
/** Long matches (hundreds of actions), one with a bot seat, which must play on by itself. */
const LINEUPS: { game: string; seats: SeatSpec[] }[] = [
  { game: 'prosperitea', seats: [HUMAN, { kind: 'bot', bot: 'heuristic' }, HUMAN] },
  { game: 'pocket-imperium', seats: [HUMAN, HUMAN] },
  { game: 'prospectus', seats: [HUMAN, HUMAN, HUMAN] },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dbArg(location: Extract<DbLocation, { kind: 'postgres' }>, extra = ''): string {
  return `${location.url}${location.url.includes('?') ? '&' : '?'}schema=${location.schema}${extra}`;
}

interface Play {
  readonly server: ChildServer;
  readonly tables: string[];
  readonly seats: ReconnectingSeat[];
  acked(): number;
}

/** Creates the lineups over HTTP and seats a reconnecting random player in every human seat. */
async function play(server: ChildServer): Promise<Play> {
  const tables: string[] = [];
  const seats: ReconnectingSeat[] = [];
  for (const [m, { game, seats: specs }] of LINEUPS.entries()) {
    const humans = specs.flatMap((s, seat) => (s.kind === 'human' ? [seat] : []));
    const created = await api(server.url, '/tables', {
      body: { game, players: specs.length, name: 'Ann', seats: specs, claim: humans, listed: false },
    });
    expect(created.status).toBe(201);
    const { table, tokens } = created.body as CreateTableResponse;
    tables.push(table.id);
    for (const { seat, token } of tokens)
      seats.push(new ReconnectingSeat(server.wsUrl, table.id, seat, token, `m${m}s${seat}`));
  }
  return { server, tables, seats, acked: () => seats.reduce((n, s) => n + s.ackTimes.length, 0) };
}

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  server: ChildServer,
  ms = 60_000,
) {
  for (const deadline = Date.now() + ms; !(await check());) {
    const exited = server.process.exitCode ?? server.process.signalCode;
    if (exited !== null)
      throw new Error(
        `the server exited (${exited}) waiting until ${what}:\n${server.output().slice(-3000)}`,
      );
    if (Date.now() > deadline)
      throw new Error(`timed out waiting until ${what}:\n${server.output().slice(-3000)}`);
    await sleep(25);
  }
}

const health = (server: ChildServer) => http<HealthResponse>(server.url, '/healthz');

describe('PostgreSQL outages', () => {
  it('survives every connection of its pool being terminated mid-play, and plays on', async () => {
    const db = await freshDb('postgres');
    const location = db.location as Extract<DbLocation, { kind: 'postgres' }>;
    const appName = `prosper_test_${randomBytes(4).toString('hex')}`;
    const server = await startChildServer(bin, [
      '--db',
      dbArg(location, `&application_name=${appName}`),
      '--log-level',
      'warn',
      '--bot-workers',
      '1',
    ]);
    const admin = new pg.Client({ connectionString: PG_URL });
    admin.on('error', () => undefined);
    await admin.connect();
    let game: Play | undefined;
    try {
      game = await play(server);
      const g = game;
      await until('40 actions are acknowledged', () => g.acked() >= 40, server);

      // Only this server's backends: the application name is unique to this test. Found first,
      // then each terminated by its pid (never a terminate in a WHERE clause: the planner may run it
      // on rows the other conditions would have filtered out).
      await terminate(admin, appName);
      const before = g.acked();
      await until('40 more actions are acknowledged', () => g.acked() >= before + 40, server);
      // A second time, now that the pool has opened new connections.
      await terminate(admin, appName);
      const again = g.acked();
      await until('40 more actions are acknowledged', () => g.acked() >= again + 40, server);

      expect(server.process.exitCode).toBeNull();
      expect(server.output()).toContain('a PostgreSQL connection failed or was closed');
      await until(
        'the storage reports ok',
        async () => (await health(server)).status === 200,
        server,
        10_000,
      );
      await Promise.all(g.seats.map((s) => s.stop()));
      for (const s of g.seats) expect(s.problems).toEqual([]);
      await expectStored(location, g);
    } finally {
      await Promise.all(game?.seats.map((s) => s.stop()) ?? []);
      server.process.kill('SIGTERM');
      const code = await server.exited;
      await admin.end();
      await db.drop();
      expect(code).toBe(0);
    }
  });

  it('refuses actions while its database is stopped, loses nothing acknowledged, and resumes when it is back', async () => {
    const cluster = await startPgCluster();
    const location: Extract<DbLocation, { kind: 'postgres' }> = {
      kind: 'postgres',
      url: cluster.url,
      schema: 'outage',
    };
    const server = await startChildServer(bin, [
      '--db',
      dbArg(location),
      '--log-level',
      'warn',
      '--bot-workers',
      '1',
    ]);
    let game: Play | undefined;
    try {
      game = await play(server);
      const g = game;
      await until('40 actions are acknowledged', () => g.acked() >= 40, server);

      await cluster.stop();
      const down = Date.now();
      // While it is down: the process lives, /healthz says the storage is failing, a table not in
      // memory cannot be opened, and players' actions are refused with storage_failed.
      await until(
        'the health check reports the storage failing',
        async () => {
          const h = await health(server);
          return h.status === 503 && h.body.storage.status === 'failing' && h.body.ok === false;
        },
        server,
        15_000,
      );
      const unknown = await api(server.url, '/tables/aaaaaaaaaa');
      expect(unknown).toMatchObject({ status: 503, body: { error: { code: 'storage_failed' } } });
      // A hello that cannot load its match is refused and its connection closed (1011), so the
      // client reconnects with its backoff instead of waiting on an open, dead connection.
      const lost = await Client.connect(server.wsUrl);
      lost.send({ type: 'hello', v: 1, table: 'aaaaaaaaaa', tokens: [] });
      expect(await lost.takeType('error')).toMatchObject({ code: 'storage_failed' });
      await until('the refused hello is closed', () => lost.closedWith === 1011, server, 5_000);
      await sleep(4000);
      const refusedWhileDown = g.seats
        .flatMap((s) => s.errors)
        .filter((e) => e.at > down && e.code === 'storage_failed');
      expect(refusedWhileDown.length).toBeGreaterThan(0);
      // Nothing is acknowledged while there is no database (acks of commits made before the stop
      // may still be on their way for a moment: 1.5 s, on a busy machine).
      const restart = Date.now();
      const ackedWhileDown = g.seats.flatMap((s) => s.ackTimes).filter((t) => t > down + 1500 && t < restart);
      expect(ackedWhileDown).toEqual([]);
      expect(server.process.exitCode).toBeNull();

      await cluster.start();
      const back = g.acked();
      await until('40 more actions are acknowledged', () => g.acked() >= back + 40, server);
      await until(
        'the storage reports ok',
        async () => (await health(server)).status === 200,
        server,
        10_000,
      );
      // The server's connections carry its name by default.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      const names = await admin.query<{ name: string }>(
        "SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(names.rows.map((r) => r.name)).toEqual(['prosper']);

      await Promise.all(g.seats.map((s) => s.stop()));
      for (const s of g.seats) expect(s.problems).toEqual([]);
      await expectStored(location, g);
    } catch (err) {
      throw new Error(
        `${err instanceof Error ? err.message : String(err)}\n--- postgres log ---\n${cluster.log().slice(-3000)}`,
        {
          cause: err,
        },
      );
    } finally {
      await Promise.all(game?.seats.map((s) => s.stop()) ?? []);
      server.process.kill('SIGTERM');
      const code = await server.exited;
      await cluster.destroy();
      expect(code).toBe(0);
    }
  });
});

/** Terminates the backends named `appName` (and no other), after checking there are some. */
async function terminate(admin: pg.Client, appName: string): Promise<void> {
  const mine = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
    [appName],
  );
  expect(mine.rows.length).toBeGreaterThan(0);
  // In the select list, which is computed only for the rows the WHERE clause keeps.
  for (const { pid } of mine.rows)
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND application_name = $2',
      [pid, appName],
    );
}

/** Every action acknowledged to any seat is in its match's log, at its seq, as it was sent. */
async function expectStored(location: DbLocation, game: Play): Promise<void> {
  const storage = await openStorage(location);
  try {
    let checked = 0;
    for (const id of game.tables) {
      const { actions } = (await storage.loadMatch(id))!;
      expect(actions.map((a) => a.seq)).toEqual(actions.map((_, k) => k + 1));
      for (const seat of game.seats.filter((s) => s.table === id))
        for (const ack of seat.acks) {
          expect(actions[ack.seq - 1]).toMatchObject({ seat: ack.seat, action: ack.action });
          checked++;
        }
    }
    expect(checked).toBe(game.acked());
    expect(checked).toBeGreaterThanOrEqual(80);
  } finally {
    await storage.close();
  }
}
