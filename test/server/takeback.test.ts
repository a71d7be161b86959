/**
 * Take-back over real sockets: refusals with their codes, the state going back for everyone, the
 * log kept append-only in storage (SQLite and PostgreSQL, across a restart), replays that agree with
 * `prosper replay`, and the wire-leak check over whole matches where players take actions back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { isTakeBack, newGame, replayActions, stateHash } from '../../src/core/index.ts';
import type { LogEntry } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { ReplayScript } from '../../src/protocol/index.ts';
import type {
  CreateTableResponse,
  JoinResponse,
  ReplayFramesResponse,
  SeatSpec,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, connect, gameById, RandomPlayer, startTestServer } from './harness.ts';
import type { Client, DbKind, TestServer } from './harness.ts';
import { checkWire, rebuild } from './wire-check.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;

/** Runs `prosper replay` in-process on a script and returns its JSON output. */
async function offlineReplay(
  dir: string,
  script: unknown,
): Promise<{ ok: boolean; hash: string; applied: number }> {
  const file = join(dir, `replay-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(script));
  const out: string[] = [];
  const code = await main(['replay', file], {
    io: { out: (t) => out.push(t), err: (t) => out.push(t), input: process.stdin, interactive: false },
  });
  expect(code).toBe(0);
  return JSON.parse(out.join('\n')) as { ok: boolean; hash: string; applied: number };
}

/** The log without its take-backs and the actions they undid: what a take-back means. */
function withoutTakenBack(entries: readonly LogEntry[]): LogEntry[] {
  const standing: LogEntry[] = [];
  for (const entry of entries) {
    if (isTakeBack(entry)) standing.pop();
    else standing.push(entry);
  }
  return standing;
}

const lastUpdate = (client: Client, viewer: number | 'spectator') =>
  client
    .updates()
    .filter((u) => u.viewer === viewer)
    .at(-1)!;

async function updateAt(client: Client, seq: number): Promise<UpdateMessage> {
  return client.take(
    (m): m is UpdateMessage => m.type === 'update' && m.seq === seq,
    10_000,
    `update ${seq}`,
  );
}

describe.each<DbKind>(['sqlite', 'postgres'])('take-back on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ kind, games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
  });
  afterAll(async () => {
    await srv.drop();
  });

  /** A hot-seat table of Secret Bid for three (take-back on by default), and one connection for all. */
  async function hotSeat(body: Record<string, unknown> = {}) {
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'secret-bid',
        players: 3,
        name: 'Ann',
        names: ['Ann', 'Ben', 'Cleo'],
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
        claim: [0, 1, 2],
        ...body,
      },
    });
    expect(created.status).toBe(201);
    const { table, tokens } = created.body as CreateTableResponse;
    const client = await connect(
      srv.wsUrl,
      table.id,
      tokens.map((t) => t.token),
    );
    const watcher = await connect(srv.wsUrl, table.id, []);
    return { table, client, watcher };
  }

  it('is on by default among friends (hot-seat, unlisted), off at a listed table for strangers', async () => {
    const base = {
      game: 'secret-bid',
      players: 2,
      name: 'Ann',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    };
    const listed = await api(srv.url, '/tables', { body: { ...base, listed: true } });
    const unlisted = await api(srv.url, '/tables', { body: { ...base, listed: false } });
    const asked = await api(srv.url, '/tables', { body: { ...base, listed: true, takeBack: true } });
    const settings = (r: typeof listed) => (r.body as CreateTableResponse).table.settings.takeBack;
    expect([settings(listed), settings(unlisted), settings(asked)]).toEqual([false, true, true]);
  });

  it('takes a bid back: the state is as before for everyone, and the log says who took back', async () => {
    const { table, client, watcher } = await hotSeat();
    expect(table.settings.takeBack).toBe(true);
    const start = await updateAt(client, 0);
    expect(start.takeBack).toBe(false);
    const card = (start.view as { hand: number[] }).hand[0]!;
    client.send({ type: 'act', id: 'a1', seat: 0, seq: 0, action: { type: 'bid', card } });
    expect(await client.reply('a1')).toMatchObject({ type: 'ack', seq: 1 });
    const after = await updateAt(client, 1);
    expect(after.takeBack).toBe(true);
    // A bidder leaves the window once it bids, so nobody waits in it having chosen.
    expect(after.chosen).toEqual([]);
    client.send({ type: 'takeback', id: 't1', seat: 0, seq: 1 });
    expect(await client.reply('t1')).toEqual({ type: 'ack', id: 't1', seq: 2 });
    const back = await updateAt(client, 2);
    expect(back.view).toEqual(start.view);
    expect(back.legal).toEqual(start.legal);
    expect(back.takeBack).toBe(false);
    expect(back.events.at(-1)).toMatchObject({
      seq: 2,
      type: 'take-back',
      text: `You took back: bid ${card}.`,
    });

    await watcher.seen((m): m is UpdateMessage => m.type === 'update' && m.seq === 2);
    const seen = lastUpdate(watcher, 'spectator');
    expect(seen.takeBack).toBe(false);
    expect(seen.view).toEqual(watcher.updates()[0]!.view);
    const told = seen.events.filter((e) => e.seq === 2);
    expect(told).toEqual([
      { seq: 2, type: 'take-back', text: 'Ann (A) took back their last action.', data: { seat: 0 } },
    ]);
    // A second take-back finds nothing; it is refused with its reason, and nothing changes.
    client.send({ type: 'takeback', id: 't2', seat: 0, seq: 2 });
    expect(await client.reply('t2')).toMatchObject({ type: 'error', code: 'nothing_to_take_back' });
    await client.close();
    await watcher.close();
  });

  it('refuses: someone acted since, revealed information, stale seq, another seat, a table without it', async () => {
    const { table, client } = await hotSeat();
    const bid = async (seat: number, seq: number) => {
      client.send({ type: 'focus', viewer: seat });
      const u = await client.take(
        (m): m is UpdateMessage => m.type === 'update' && m.viewer === seat && m.seq === seq,
        10_000,
        `seat ${seat}'s update ${seq}`,
      );
      const card = (u.view as { hand: number[] }).hand[0]!;
      client.send({ type: 'act', id: `b${seq}`, seat, seq, action: { type: 'bid', card } });
      expect(await client.reply(`b${seq}`)).toMatchObject({ type: 'ack', seq: seq + 1 });
    };
    await bid(0, 0);
    await bid(1, 1);
    client.send({ type: 'focus', viewer: 1 });
    const ben = await client.take(
      (m): m is UpdateMessage => m.type === 'update' && m.viewer === 1 && m.seq === 2,
    );
    expect(ben.takeBack).toBe(true);
    client.send({ type: 'takeback', id: 'x1', seat: 0, seq: 2 });
    expect(await client.reply('x1')).toMatchObject({ type: 'error', code: 'someone_acted_since' });
    client.send({ type: 'takeback', id: 'x2', seat: 1, seq: 1 });
    expect(await client.reply('x2')).toMatchObject({ type: 'error', code: 'stale_seq', seq: 2 });
    // The last bid reveals every bid: it stands.
    await bid(2, 2);
    client.send({ type: 'takeback', id: 'x3', seat: 2, seq: 3 });
    expect(await client.reply('x3')).toMatchObject({ type: 'error', code: 'revealed_information' });
    // A connection without the seat's token may not.
    const watcher = await connect(srv.wsUrl, table.id, []);
    watcher.send({ type: 'takeback', id: 'x4', seat: 2, seq: 3 });
    expect(await watcher.reply('x4')).toMatchObject({ type: 'error', code: 'not_your_seat' });

    const off = await hotSeat({ takeBack: false });
    expect(off.table.settings.takeBack).toBe(false);
    const u = await updateAt(off.client, 0);
    const card = (u.view as { hand: number[] }).hand[0]!;
    off.client.send({ type: 'act', id: 'o1', seat: 0, seq: 0, action: { type: 'bid', card } });
    await off.client.reply('o1');
    expect((await updateAt(off.client, 1)).takeBack).toBe(false);
    off.client.send({ type: 'takeback', id: 'o2', seat: 0, seq: 1 });
    expect(await off.client.reply('o2')).toMatchObject({ type: 'error', code: 'takeback_disabled' });
    for (const c of [client, watcher, off.client, off.watcher]) await c.close();
  });

  it('keeps the take-back in the log: a restarted server rebuilds the same state from storage', async () => {
    const { table, client, watcher } = await hotSeat();
    const start = await updateAt(client, 0);
    const card = (start.view as { hand: number[] }).hand[0]!;
    client.send({ type: 'act', id: 'a1', seat: 0, seq: 0, action: { type: 'bid', card } });
    await client.reply('a1');
    client.send({ type: 'takeback', id: 't1', seat: 0, seq: 1 });
    await client.reply('t1');
    const live = await srv.server.tables.open(table.id);
    const hash = stateHash(live.stateForServer());
    await client.close();
    await watcher.close();
    const loaded = await srv.server.storage.loadMatch(table.id);
    expect(loaded!.actions.map((a) => ({ seat: a.seat, takeBack: a.takeBack ?? false }))).toEqual([
      { seat: 0, takeBack: false },
      { seat: 0, takeBack: true },
    ]);
    expect(loaded!.actions[1]!.action).toBeNull();
    // Taken back to the very start.
    const game = gameById(FIXTURES, 'secret-bid');
    expect(hash).toBe(stateHash(game.setup(3, loaded!.match.seed, loaded!.match.options)));

    await srv.stop();
    srv = await startTestServer({ location: srv.location, games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
    const again = await srv.server.tables.open(table.id);
    expect(again.seq).toBe(2);
    expect(stateHash(again.stateForServer())).toBe(hash);
    const back = await connect(srv.wsUrl, table.id, []);
    const u = await updateAt(back, 2);
    expect(u.events.map((e) => e.type)).toEqual(['bid', 'take-back']);
    await back.close();
  });
});

const LINEUPS: Record<string, SeatSpec[]> = {
  'pocket-imperium': [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
  prosperitea: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
  prospectus: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
};

describe('whole matches with take-backs over the wire', () => {
  let srv: TestServer;
  let dir: string;
  beforeAll(async () => {
    srv = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'prosper-takeback-'));
  });
  afterAll(async () => {
    await srv.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.keys(LINEUPS))(
    '%s: nothing anyone receives tells more because of a take-back; the replay agrees with prosper replay',
    { timeout: 240_000 },
    async (gameId) => {
      const game = gameById(GAMES, gameId);
      const seats = LINEUPS[gameId]!;
      const created = await api(srv.url, '/tables', {
        body: { game: gameId, players: seats.length, name: 'Ann', seats, claim: [0], takeBack: true },
      });
      expect(created.status).toBe(201);
      const { table, tokens } = created.body as CreateTableResponse;
      const spectator = await connect(srv.wsUrl, table.id, []);
      const joined = await api(srv.url, `/tables/${table.id}/join`, { body: { name: 'Bob' } });
      const bob = joined.body as JoinResponse;
      const clients: [number, Client][] = [
        [0, await connect(srv.wsUrl, table.id, [tokens[0]!.token])],
        [1, await connect(srv.wsUrl, table.id, [bob.token])],
      ];
      const players = clients.map(
        ([seat, client]) =>
          new RandomPlayer(client, seat, `${gameId}:tb:${seat}`, undefined, { chance: 0.5, max: 15 }),
      );
      for (const p of players) p.start();
      const finals = await Promise.all(players.map((p) => p.done));
      await spectator.settle();
      for (const p of players) expect(p.problems).toEqual([]);
      const taken = players.reduce((n, p) => n + p.takeBacks.length, 0);
      expect(taken).toBeGreaterThan(0);

      const replay = await api(srv.url, `/tables/${table.id}/replay`);
      const script = ReplayScript.parse(replay.body);
      expect(script.actions.filter((a) => 'takeBack' in a)).toHaveLength(taken);
      const live = await srv.server.tables.open(table.id);
      const offline = await offlineReplay(dir, script);
      expect(offline).toMatchObject({ ok: true, applied: finals[0]!.seq });
      expect(offline.hash).toBe(stateHash(live.stateForServer()));
      // Undoing is the same as never having played the undone actions.
      const created2 = newGame(game, script.players, script.seed, script.options);
      if (!created2.ok) throw new Error(created2.error);
      const plain = replayActions(game, created2.value.state, withoutTakenBack(script.actions));
      expect(stateHash(plain.state)).toBe(offline.hash);

      // The replay frames: a take-back right after its action shows the step before that action.
      const k = script.actions.findIndex(
        (a, i) => 'takeBack' in a && i >= 1 && !('takeBack' in script.actions[i - 1]!),
      );
      const step = k + 1;
      const frames = await api(
        srv.url,
        `/tables/${table.id}/frames?viewer=spectator&from=${step - 2}&count=3`,
      );
      const [before, , back] = (frames.body as ReplayFramesResponse).frames;
      expect(back!.step).toBe(step);
      expect(back!.view).toEqual(before!.view);
      expect(back!.label).toMatch(/^Take back: /);
      expect(back!.events.map((e) => e.type)).toEqual(['take-back']);

      // Every message to every seat and the spectator: the truth, and the same in every world the
      // viewer cannot tell apart, take-backs included.
      const history = rebuild(game, script, live.seatNames());
      const secrets = [script.seed, tokens[0]!.token, bob.token];
      for (const [seat, client] of clients)
        expect(
          checkWire(
            game,
            script,
            history,
            { viewer: seat, updates: client.updates(), raw: client.raw },
            [script.seed, seat === 0 ? bob.token : tokens[0]!.token],
            live.seatNames(),
          ),
        ).toEqual([]);
      expect(
        checkWire(
          game,
          script,
          history,
          { viewer: 'spectator', updates: spectator.updates(), raw: spectator.raw },
          secrets,
          live.seatNames(),
        ),
      ).toEqual([]);
      // Others read only who took back; only a seat itself is ever offered a take-back.
      for (const [seat, client] of [...clients, ['spectator', spectator] as const]) {
        for (const u of client.updates()) {
          if (u.viewer !== seat) continue;
          if (seat === 'spectator') expect(u.takeBack).toBe(false);
          expect(u.chosen!.every((s) => u.actors.includes(s))).toBe(true);
          for (const e of u.events.filter((x) => x.type === 'take-back')) {
            const taker = (e.data as { seat: number }).seat;
            if (taker === seat) expect(e.text).toMatch(/^You took back: /);
            else expect(e.text).toMatch(/^.+ \([A-D]\) took back their last action\.$/);
          }
        }
      }
      // Plans are made in one window: everyone is told who has already chosen.
      if (gameId === 'pocket-imperium')
        expect(spectator.updates().some((u) => (u.chosen ?? []).length > 0)).toBe(true);
      for (const [, c] of clients) await c.close();
      await spectator.close();
    },
  );
});
