/**
 * An action reaches nobody before its log row is committed; a failed commit applies nothing; and a
 * server started again on the same database carries every match on from its log (SQLite and
 * PostgreSQL).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTableResponse, JoinResponse, UpdateMessage } from '../../src/protocol/index.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import type { AppendEntry, Storage } from '../../src/server/storage/types.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, connect, freshDb, RandomPlayer, startTestServer } from './harness.ts';
import type { DbKind, TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const TWO_HUMANS = [{ kind: 'human' }, { kind: 'human' }];

/**
 * Wraps a storage so that the test decides when each append commits, and which rows the
 * "disk" refuses (for good: the group committer retries a failed batch row by row).
 */
function gated(inner: Storage) {
  const held: { entries: readonly AppendEntry[]; release: () => void }[] = [];
  const refused = new Set<string>();
  let holding = false;
  const key = (e: AppendEntry) => `${e.match}:${e.seq}`;
  const write = (entries: readonly AppendEntry[]) =>
    entries.some((e) => refused.has(key(e)))
      ? Promise.reject(new Error('disk on fire'))
      : inner.append(entries);
  const storage: Storage = Object.assign(
    Object.create(Object.getPrototypeOf(inner) as object) as Storage,
    inner,
    {
      append: (entries: readonly AppendEntry[]) =>
        holding
          ? new Promise<void>((resolve, reject) =>
              held.push({ entries, release: () => void write(entries).then(resolve, reject) }),
            )
          : write(entries),
    },
  );
  return {
    storage,
    held,
    hold: (on: boolean) => (holding = on),
    refuse: (entries: readonly AppendEntry[]) => entries.forEach((e) => refused.add(key(e))),
    heal: () => refused.clear(),
  };
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

describe('durability', () => {
  it('acknowledges and shows an action to nobody until its log row is committed; a failed commit applies nothing', async () => {
    const db = await freshDb('sqlite');
    const gate = gated(await openStorage(db.location));
    const srv = await startTestServer({
      games: FIXTURES,
      registryUrl: FIXTURE_REGISTRY,
      location: db.location,
      db: gate.storage,
    });
    servers.push(srv);
    const created = (
      await api(srv.url, '/tables', {
        body: { game: 'secret-bid', players: 2, name: 'Ann', seats: TWO_HUMANS, claim: [0, 1] },
      })
    ).body as CreateTableResponse;
    const id = created.table.id;
    const ann = await connect(srv.wsUrl, id, [created.tokens[0]!.token]);
    const bob = await connect(srv.wsUrl, id, [created.tokens[1]!.token]);
    const start = await ann.takeType('update');
    await bob.takeType('update');

    gate.hold(true);
    ann.send({ type: 'act', id: 'held', seat: 0, seq: start.seq, action: start.legal![0] });
    await ann.settle(150);
    expect(gate.held).toHaveLength(1);
    // Nothing yet: no ack, no update to anyone, nothing in the log.
    expect(
      ann.received.filter((m) => m.type === 'ack' || (m.type === 'update' && m.seq > start.seq)),
    ).toEqual([]);
    expect(bob.updates().filter((u) => u.seq > start.seq)).toEqual([]);
    expect((await srv.server.storage.loadMatch(id))!.actions).toEqual([]);
    gate.hold(false);
    gate.held.shift()!.release();
    expect(await ann.reply('held')).toMatchObject({ type: 'ack', seq: start.seq + 1 });
    expect((await bob.takeType('update')).seq).toBe(start.seq + 1);
    expect((await srv.server.storage.loadMatch(id))!.actions).toHaveLength(1);

    // Now a commit that fails: the sender is told, nothing is applied, and the clients resynchronise.
    const bobTurn = (await bob.seen(
      (m): m is UpdateMessage => m.type === 'update' && m.seq === start.seq + 1,
    ))!;
    gate.hold(true);
    bob.send({ type: 'act', id: 'doomed', seat: 1, seq: bobTurn.seq, action: bobTurn.legal![0] });
    await bob.settle(100);
    gate.hold(false);
    for (const h of gate.held.splice(0)) {
      gate.refuse(h.entries);
      h.release();
    }
    expect(await bob.reply('doomed')).toMatchObject({ type: 'error', code: 'storage_failed' });
    gate.heal();
    await expect(bob.takeType('update', 2000)).rejects.toThrow(/closed \(1011\)/);
    expect((await srv.server.storage.loadMatch(id))!.actions).toHaveLength(1);
    const again = await connect(srv.wsUrl, id, [created.tokens[1]!.token], { lastSeq: bobTurn.seq });
    const resumed = await again.takeType('update');
    expect(resumed.seq).toBe(bobTurn.seq);
    expect(resumed.events).toEqual([]);
    again.send({ type: 'act', id: 'retry', seat: 1, seq: resumed.seq, action: resumed.legal![0] });
    expect(await again.reply('retry')).toMatchObject({ type: 'ack', seq: bobTurn.seq + 1 });
    for (const c of [ann, bob, again]) expect(c.invalid).toEqual([]);
    await Promise.all([ann.close(), again.close()]);
    await db.drop();
  });

  describe.each<DbKind>(['sqlite', 'postgres'])('restart on %s', (kind) => {
    it('a server started again on the same database carries the match on to the end', async () => {
      const db = await freshDb(kind);
      const first = await startTestServer({ location: db.location });
      servers.push(first);
      const created = (
        await api(first.url, '/tables', {
          body: {
            game: 'prosperitea',
            players: 3,
            name: 'Ann',
            seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'human' }],
          },
        })
      ).body as CreateTableResponse;
      const id = created.table.id;
      const bob = (await api(first.url, `/tables/${id}/join`, { body: { name: 'Bob' } }))
        .body as JoinResponse;
      const tokens: [number, string][] = [
        [0, created.tokens[0]!.token],
        [2, bob.token],
      ];
      let clients = await Promise.all(tokens.map(([, t]) => connect(first.wsUrl, id, [t])));
      let players = clients.map(
        (c, i) => new RandomPlayer(c, tokens[i]![0], `first:${i}`, (u) => u.seq >= 30),
      );
      players.forEach((p) => p.start());
      await clients[0]!.seen((m): m is UpdateMessage => m.type === 'update' && m.seq >= 30, 20_000);
      await Promise.all(clients.map((c) => c.settle(200)));
      const before = await first.server.tables.open(id);
      const seqBefore = before.seq;
      const lastSeen = clients.map(
        (c, i) =>
          c
            .updates()
            .filter((u) => u.viewer === tokens[i]![0])
            .at(-1)!.seq,
      );
      await first.stop();
      servers.pop();

      const second = await startTestServer({ location: db.location });
      servers.push(second);
      const info = (await api(second.url, `/tables/${id}`)).body as {
        table: { status: string; seq: number };
      };
      expect(info.table).toMatchObject({ status: 'playing', seq: seqBefore });
      clients = await Promise.all(
        tokens.map(([, t], i) => connect(second.wsUrl, id, [t], { lastSeq: lastSeen[i] })),
      );
      const resumed = await Promise.all(clients.map((c) => c.takeType('update')));
      resumed.forEach((u, i) => {
        expect(u.from).toBe(lastSeen[i]);
        expect(u.seq).toBeGreaterThanOrEqual(seqBefore);
      });
      players = clients.map((c, i) => new RandomPlayer(c, tokens[i]![0], `second:${i}`));
      players.forEach((p) => p.start());
      const finals = await Promise.all(players.map((p) => p.done));
      expect(finals[0]!.outcome).not.toBeNull();
      expect(finals[1]!.outcome).toEqual(finals[0]!.outcome);
      const replay = await api(second.url, `/tables/${id}/replay`);
      expect(replay.status).toBe(200);
      expect((replay.body as { actions: unknown[] }).actions).toHaveLength(finals[0]!.seq);
      for (const c of clients) expect(c.invalid).toEqual([]);
      await Promise.all(clients.map((c) => c.close()));
      await second.stop();
      servers.pop();
      await db.drop();
    });
  });

  it('forgets a match nobody follows after the idle time, and reloads it from its log', async () => {
    const srv = await startTestServer({ games: FIXTURES, registryUrl: FIXTURE_REGISTRY, idleMs: 200 });
    servers.push(srv);
    const created = (
      await api(srv.url, '/tables', {
        body: { game: 'secret-bid', players: 2, name: 'Ann', seats: TWO_HUMANS, claim: [0, 1] },
      })
    ).body as CreateTableResponse;
    const ann = await connect(srv.wsUrl, created.table.id, [created.tokens[0]!.token]);
    const start = await ann.takeType('update');
    ann.send({ type: 'act', id: 'one', seat: 0, seq: start.seq, action: start.legal![0] });
    await ann.reply('one');
    await new Promise((r) => setTimeout(r, 400));
    expect(srv.server.tables.liveCount).toBe(1);
    await ann.close();
    for (let waited = 0; srv.server.tables.liveCount > 0 && waited < 5000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(srv.server.tables.liveCount).toBe(0);
    const back = await connect(srv.wsUrl, created.table.id, [created.tokens[0]!.token]);
    const resumed = await back.takeType('update');
    expect(resumed.seq).toBe(start.seq + 1);
    expect(resumed.view).toEqual(ann.updates().at(-1)!.view);
    await back.close();
  });

  it('keeps serving a finished match whose log this engine no longer replays; refuses to continue an unfinished one', async () => {
    const srv = await startTestServer({ games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
    servers.push(srv);
    const storage = srv.server.storage;
    const old = (id: string) => ({
      id,
      game: 'secret-bid',
      rulesVersion: '0',
      players: 2,
      seed: 'old-seed',
      options: { handSize: 3 },
      settings: {
        clock: { kind: 'none' as const },
        spectators: true,
        listed: true,
        takeover: { bot: { bot: 'random' }, absentMs: null },
      },
      creator: 'someone',
      createdAt: 1,
      rematchOf: null,
      seats: [0, 1].map((seat) => ({
        seat,
        kind: 'human' as const,
        bot: null,
        name: null,
        tokenHash: null,
        claimedAt: null,
      })),
    });
    const claims = [0, 1].map((seat) => ({ seat, name: `P${seat}`, tokenHash: 'a'.repeat(64) }));
    for (const id of ['oldfinish2', 'oldplayin2']) {
      await storage.createMatch(old(id));
      await storage.claimSeats(id, claims, 2, true);
    }
    await storage.append([
      {
        match: 'oldfinish2',
        seq: 1,
        seat: 0,
        action: { type: 'retired-move' },
        at: 3,
        finish: { outcome: { scores: [1, 0], ranks: [1, 2] } },
      },
      { match: 'oldplayin2', seq: 1, seat: 0, action: { type: 'retired-move' }, at: 3 },
    ]);
    const info = await api(srv.url, '/tables/oldfinish2');
    expect(info.status).toBe(200);
    expect((info.body as { table: { status: string; seq: number } }).table).toMatchObject({
      status: 'finished',
      seq: 1,
    });
    const replay = await api(srv.url, '/tables/oldfinish2/replay');
    expect(replay.body).toMatchObject({
      rulesVersion: '0',
      actions: [{ seat: 0, action: { type: 'retired-move' } }],
    });
    const stuck = await api(srv.url, '/tables/oldplayin2');
    expect(stuck.status).toBe(500);
    expect(stuck.body).toEqual({
      error: { code: 'internal', message: 'this match cannot be continued on this server' },
    });
  });
});
