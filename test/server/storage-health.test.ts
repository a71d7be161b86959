/**
 * The SQLite storage under trouble, on a real server over real sockets:
 *
 * - A commit that cannot finish (another process holds the database's write lock, so SQLite waits
 *   in its busy handler, as it would on a disk that stalls) leaves the server answering: `/healthz`
 *   answers at once and says `stalled`, other requests are served, and the action is acknowledged
 *   only once its commit completes. Held past SQLite's busy timeout, the commit fails: the action
 *   is refused with `storage_failed`, health says `failing`, and it recovers by itself (the prober
 *   commits) once the lock is gone.
 * - The database directory removed, or another file moved over the database, while serving: the
 *   next action is refused with `storage_failed`, never acknowledged, and health says `lost`.
 *
 * The stall is a real one: SQLite's own waiting, in the thread that runs SQLite. (Freezing a
 * loop-mounted filesystem with fsfreeze stalls the fsync itself, the same way for the server, but
 * needs privileges a CI machine may not give.)
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTableResponse, HealthResponse, UpdateMessage } from '../../src/protocol/index.ts';
import type { ServerOptions } from '../../src/server/app.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import type { OpenOptions } from '../../src/server/storage/open.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, connect, http, startTestServer } from './harness.ts';
import type { Client, TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const TWO_HUMANS = [{ kind: 'human' }, { kind: 'human' }];

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A short stall limit (SQLite's busy timeout is 5 s: the stall must show well before), a quick prober. */
const STALL_FAST: OpenOptions = { stallMs: 300, probeMs: 100 };
/**
 * For tests of failures: while the lock is held the prober's own commit waits too, and a stall
 * (which `stalled` reports before `failing`) must not hide the failure.
 */
const FAIL_ONLY: OpenOptions = { stallMs: 60_000, probeMs: 100 };

/** A server on a SQLite file of its own, with a quick prober. */
async function serve(
  options: Partial<ServerOptions> = { games: FIXTURES, registryUrl: FIXTURE_REGISTRY },
  health: OpenOptions = STALL_FAST,
): Promise<{ srv: TestServer; path: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'prosper-health-'));
  dirs.push(dir);
  const path = join(dir, 'data', 'prosper.db');
  const storage = await openStorage({ kind: 'sqlite', path }, health);
  const srv = await startTestServer({ ...options, location: { kind: 'sqlite', path }, db: storage });
  servers.push(srv);
  return { srv, path, dir };
}

interface Match {
  readonly id: string;
  readonly tokens: string[];
  /** One connection per seat, each focused on its seat. */
  readonly clients: Client[];
}

/** A two-seat match, both seats taken, with a connection for each at its first update. */
async function twoSeats(srv: TestServer): Promise<Match> {
  const created = (
    await api(srv.url, '/tables', {
      body: { game: 'secret-bid', players: 2, name: 'Ann', seats: TWO_HUMANS, claim: [0, 1] },
    })
  ).body as CreateTableResponse;
  const tokens = created.tokens.map((t) => t.token);
  const clients = await Promise.all(tokens.map((token) => connect(srv.wsUrl, created.table.id, [token])));
  await Promise.all(clients.map((c) => c.takeType('update')));
  return { id: created.table.id, tokens, clients };
}

/** Sends a legal action of a seat that may act now (by the latest updates); returns its client. */
function actNow(clients: readonly Client[], id: string): Client {
  for (const client of clients) {
    const update = client.updates().at(-1);
    if (!update?.legal?.length) continue;
    client.send({ type: 'act', id, seat: update.viewer as number, seq: update.seq, action: update.legal[0] });
    return client;
  }
  throw new Error('no seat may act');
}

/** Waits until every client has been shown the match at `seq`. */
async function shown(clients: readonly Client[], seq: number): Promise<void> {
  await Promise.all(
    clients.map((c) => c.seen((m): m is UpdateMessage => m.type === 'update' && m.seq === seq)),
  );
}

const health = (srv: TestServer) => http<HealthResponse>(srv.url, '/healthz');

async function waitForHealth(srv: TestServer, status: string, ms = 10_000): Promise<HealthResponse> {
  for (const deadline = Date.now() + ms; ;) {
    const reply = await health(srv);
    if (reply.body.storage?.status === status) return reply.body;
    if (Date.now() > deadline) throw new Error(`health never said ${status}: ${JSON.stringify(reply.body)}`);
    await sleep(25);
  }
}

/** The code the server closed the connection with (waiting for it). */
async function closeCode(client: Client, ms = 5_000): Promise<number | undefined> {
  for (const deadline = Date.now() + ms; client.closedWith === undefined && Date.now() < deadline;)
    await sleep(20);
  return client.closedWith;
}

const replies = (client: Client, id: string) =>
  client.received.filter((m) => (m as { id?: string }).id === id);

describe('a stalled SQLite commit', () => {
  it('leaves /healthz and the rest of the server answering, reports the stall, and acknowledges once the commit completes', async () => {
    const { srv, path } = await serve();
    const match = await twoSeats(srv);
    const other = await twoSeats(srv);

    // Another process takes the write lock: the server's next commit waits for it.
    const blocker = new Database(path);
    blocker.exec('BEGIN IMMEDIATE');
    let actor: Client;
    try {
      actor = actNow(match.clients, 'stalled');
      const stalled = await waitForHealth(srv, 'stalled');
      expect(stalled.ok).toBe(false);
      expect(stalled.storage.pendingMs).toBeGreaterThan(300);
      expect((await health(srv)).status).toBe(503);
      // The event loop is free: other requests are answered meanwhile.
      expect((await api(srv.url, `/tables/${other.id}`)).status).toBe(200);
      other.clients[0]!.send({ type: 'ping', id: 'alive' });
      expect(await other.clients[0]!.takeType('pong')).toEqual({ type: 'pong', id: 'alive' });
      // …and nothing is acknowledged before its commit.
      expect(replies(actor, 'stalled')).toEqual([]);
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    expect(await actor.reply('stalled')).toMatchObject({ type: 'ack', seq: 1 });
    const after = await waitForHealth(srv, 'ok');
    expect(after.ok).toBe(true);
    expect((await health(srv)).status).toBe(200);
    await Promise.all([...match.clients, ...other.clients].map((c) => c.close()));
  });

  it('past the busy timeout refuses the action with storage_failed, reports failing, and recovers by itself', async () => {
    const { srv, path } = await serve(undefined, FAIL_ONLY);
    const match = await twoSeats(srv);
    const blocker = new Database(path);
    blocker.exec('BEGIN IMMEDIATE');
    let failing: HealthResponse;
    let actor: Client;
    try {
      actor = actNow(match.clients, 'too-late');
      // SQLite gives up after its busy timeout (5 s): the commit fails, nothing is applied.
      expect(await actor.reply('too-late', 15_000)).toMatchObject({ type: 'error', code: 'storage_failed' });
      failing = await waitForHealth(srv, 'failing');
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    expect(failing.ok).toBe(false);
    expect(failing.storage.lastFailureAt).not.toBeNull();
    // Nobody acts now: the prober's own commit tells that the storage works again.
    const ok = await waitForHealth(srv, 'ok');
    expect(ok.storage.lastCommitAt).toBeGreaterThanOrEqual(failing.storage.lastFailureAt!);
    // The connections were closed to resynchronise; the players reconnect and play on.
    expect(await closeCode(actor)).toBe(1011);
    const again = await Promise.all(match.tokens.map((t) => connect(srv.wsUrl, match.id, [t])));
    await Promise.all(again.map((c) => c.takeType('update')));
    expect(again[0]!.updates().at(-1)!.seq).toBe(0);
    expect(await actNow(again, 'retry').reply('retry')).toMatchObject({ type: 'ack', seq: 1 });
    await Promise.all(again.map((c) => c.close()));
  });
});

describe('a match of bots', () => {
  it('carries on by itself once the database takes commits again, with nobody connected', async () => {
    // The real games: a match of random bots lasts hundreds of actions, slowed down to follow.
    const { srv, path } = await serve({ botDelayMs: 20 }, FAIL_ONLY);
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'pocket-imperium',
        players: 2,
        name: 'Ann',
        seats: [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'random' },
        ],
        listed: false,
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as CreateTableResponse).table.id;
    // Read from the database, not through the server (a request would load the match itself).
    const reader = await openStorage({ kind: 'sqlite', path });
    const logged = async () => (await reader.loadMatch(id))!.actions.length;
    try {
      for (const deadline = Date.now() + 20_000; (await logged()) < 5;) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(50);
      }
      // Past the busy timeout: the bots' commit fails, and the server forgets its copy of the match.
      const blocker = new Database(path);
      blocker.exec('BEGIN IMMEDIATE');
      try {
        await waitForHealth(srv, 'failing', 15_000);
      } finally {
        blocker.exec('ROLLBACK');
        blocker.close();
      }
      const before = await logged();
      for (const deadline = Date.now() + 20_000; (await logged()) < before + 10;) {
        if (Date.now() > deadline) throw new Error(`the bots stopped at ${await logged()} actions`);
        await sleep(100);
      }
      await waitForHealth(srv, 'ok');
    } finally {
      await reader.close();
    }
  });
});

describe('the database file gone while serving', () => {
  const cases: [string, (path: string, dir: string) => void][] = [
    ['its directory removed', (_path, dir) => rmSync(dir, { recursive: true, force: true })],
    [
      'another file moved over it',
      (path) => {
        copyFileSync(path, `${path}.copy`);
        renameSync(`${path}.copy`, path);
      },
    ],
  ];
  it.each(cases)(
    '%s: the next action is refused with storage_failed, and health says lost',
    async (_, remove) => {
      const { srv, path, dir } = await serve();
      const match = await twoSeats(srv);
      expect(await actNow(match.clients, 'before').reply('before')).toMatchObject({ type: 'ack', seq: 1 });
      await shown(match.clients, 1);

      remove(path, join(dir, 'data'));
      const actor = actNow(match.clients, 'after');
      expect(await actor.reply('after')).toMatchObject({ type: 'error', code: 'storage_failed' });
      const lost = await waitForHealth(srv, 'lost');
      expect(lost.ok).toBe(false);
      expect((await health(srv)).status).toBe(503);
      // Nothing is read from it either: the table cannot be opened again, the lobby not listed.
      expect(await closeCode(actor)).toBe(1011);
      await expect(connect(srv.wsUrl, match.id, [match.tokens[0]!])).rejects.toThrow(/storage_failed/);
      expect(await api(srv.url, '/tables')).toMatchObject({
        status: 503,
        body: { error: { code: 'storage_failed' } },
      });
      for (const c of match.clients)
        expect(c.received.some((m) => m.type === 'ack' && m.id === 'after')).toBe(false);
    },
  );
});
