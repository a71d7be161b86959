/**
 * What one client may create, and how a table open to strangers protects its players: quotas
 * counted atomically with the insert (200 concurrent creates used to all pass on PostgreSQL),
 * tables that start at once counted too, bots-only tables capped, a move limit by default where
 * strangers may sit, rematch seats kept for the last match's players, and seat tokens that expire
 * once a match is long over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreateTableRequest,
  CreateTableResponse,
  ErrorResponse,
  TablesResponse,
} from '../../src/protocol/index.ts';
import { STRANGER_CLOCK } from '../../src/protocol/index.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, connect, RandomPlayer, startTestServer } from './harness.ts';
import type { DbKind, TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const HUMAN = { kind: 'human' } as const;
const BOT = { kind: 'bot', bot: 'random' } as const;

const table = (extra: Partial<CreateTableRequest> = {}): CreateTableRequest => ({
  game: 'secret-bid',
  players: 3,
  name: 'Ann',
  seats: [HUMAN, HUMAN, HUMAN],
  ...extra,
});
const codeOf = (reply: { body: unknown }) => (reply.body as ErrorResponse).error?.code;

describe.each<DbKind>(['sqlite', 'postgres'])('quotas on %s', (kind) => {
  let srv: TestServer;
  const create = (body: CreateTableRequest) => api(srv.url, '/tables', { body });

  beforeAll(async () => {
    srv = await startTestServer({
      kind,
      games: FIXTURES,
      registryUrl: FIXTURE_REGISTRY,
      // Bots take their time, so bots-only tables stay unfinished while the test counts them.
      botDelayMs: 5_000,
      limits: { openTablesPerClient: 10, tablesPerWindow: 1_000, botTablesPerClient: 2 },
    });
  });
  afterAll(() => srv.drop());

  it('200 concurrent creates: exactly the quota of waiting tables is made, the rest are refused', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, () => create(table())));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 429 && codeOf(r) === 'too_many_tables')).toBe(true);
    const lobby = (await api(srv.url, '/tables?status=waiting&limit=100')).body as TablesResponse;
    expect(lobby.tables).toHaveLength(10);
  });

  it('bots-only tables: two unfinished at once per client', async () => {
    const bots = table({ seats: [BOT, BOT, BOT] });
    const replies = [await create(bots), await create(bots), await create(bots)];
    expect(replies.map((r) => r.status)).toEqual([201, 201, 429]);
    expect((replies[2]!.body as ErrorResponse).error.message).toMatch(/bots only/);
    for (const r of replies.slice(0, 2)) expect((r.body as CreateTableResponse).table.status).toBe('playing');
  });
});

describe('tables created in a window', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      games: FIXTURES,
      registryUrl: FIXTURE_REGISTRY,
      limits: { tablesPerWindow: 5, tableWindowMs: 60_000 },
    });
  });
  afterAll(() => srv.drop());

  it('counts tables that start at once (hot-seat), which were never waiting', async () => {
    const hotSeat = table({ claim: [0, 1, 2], names: ['Ann', 'Bob', 'Cy'] });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(srv.url, '/tables', { body: hotSeat })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('tables open to strangers', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      games: FIXTURES,
      registryUrl: FIXTURE_REGISTRY,
      limits: { rematchReservedMs: 1_500, finishedTokenMs: 60_000 },
    });
  });
  afterAll(() => srv.drop());

  const clockOf = async (body: CreateTableRequest) =>
    ((await api(srv.url, '/tables', { body })).body as CreateTableResponse).table.settings.clock;

  it('get a move limit by default; friends may choose no clock', async () => {
    // Listed, with a seat anyone may take: a stranger could sit down and never move.
    expect(await clockOf(table())).toEqual(STRANGER_CLOCK);
    // Unlisted (shared by link), or every human seat taken by the creator: no clock.
    expect(await clockOf(table({ listed: false }))).toEqual({ kind: 'none' });
    expect(await clockOf(table({ claim: [0, 1, 2] }))).toEqual({ kind: 'none' });
    expect(await clockOf(table({ seats: [HUMAN, BOT, BOT] }))).toEqual({ kind: 'none' });
    // Asked for explicitly, the creator's choice stands.
    expect(await clockOf(table({ clock: { kind: 'none' } }))).toEqual({ kind: 'none' });
    const bank = { kind: 'realtime', baseMs: 300_000, incrementMs: 0 } as const;
    expect(await clockOf(table({ clock: bank }))).toEqual(bank);
  });

  it("keep a rematch's seats for the last players for a while, unlisted until then", async () => {
    const created = (await api(srv.url, '/tables', { body: table({ seats: [HUMAN, BOT, HUMAN] }) }))
      .body as CreateTableResponse;
    const id = created.table.id;
    const bob = (await api(srv.url, `/tables/${id}/join`, { body: { name: 'Bob' } })).body as {
      token: string;
    };
    const ann = await connect(srv.wsUrl, id, [created.tokens[0]!.token]);
    const bobClient = await connect(srv.wsUrl, id, [bob.token]);
    const players = [new RandomPlayer(ann, 0, 'ann'), new RandomPlayer(bobClient, 2, 'bob')];
    players.forEach((p) => p.start());
    await Promise.all(players.map((p) => p.done));

    const asked = await api(srv.url, `/tables/${id}/rematch`, {
      body: { tokens: [created.tokens[0]!.token] },
    });
    expect(asked.status).toBe(201);
    const rematch = (asked.body as CreateTableResponse).table.id;
    const listed = async () =>
      ((await api(srv.url, '/tables?status=waiting&limit=100')).body as TablesResponse).tables.some(
        (t) => t.id === rematch,
      );
    // A stranger with the code cannot take Bob's seat, and the lobby does not show the table.
    const stranger = await api(srv.url, `/tables/${rematch}/join`, { body: { name: 'Eve' } });
    expect([stranger.status, codeOf(stranger)]).toEqual([409, 'seat_taken']);
    expect(await listed()).toBe(false);
    // Bob still gets his seat meanwhile.
    const bobAsks = await api(srv.url, `/tables/${id}/rematch`, { body: { tokens: [bob.token] } });
    expect(bobAsks.status).toBe(201);
    await Promise.all([ann.close(), bobClient.close()]);

    // A rematch the last players leave open is listed once the reservation ends, and joinable.
    const lone = (await api(srv.url, '/tables', { body: table({ seats: [HUMAN, BOT, HUMAN] }) }))
      .body as CreateTableResponse;
    const dan = (await api(srv.url, `/tables/${lone.table.id}/join`, { body: { name: 'Dan' } })).body as {
      token: string;
    };
    const a = await connect(srv.wsUrl, lone.table.id, [lone.tokens[0]!.token]);
    const d = await connect(srv.wsUrl, lone.table.id, [dan.token]);
    const both = [new RandomPlayer(a, 0, 'a'), new RandomPlayer(d, 2, 'd')];
    both.forEach((p) => p.start());
    await Promise.all(both.map((p) => p.done));
    const next = (
      (await api(srv.url, `/tables/${lone.table.id}/rematch`, { body: { tokens: [lone.tokens[0]!.token] } }))
        .body as CreateTableResponse
    ).table.id;
    const strangerTooSoon = await api(srv.url, `/tables/${next}/join`, { body: { name: 'Eve' } });
    expect(codeOf(strangerTooSoon)).toBe('seat_taken');
    await new Promise((r) => setTimeout(r, 1_600));
    expect(
      ((await api(srv.url, '/tables?status=waiting&limit=100')).body as TablesResponse).tables.some(
        (t) => t.id === next,
      ),
    ).toBe(true);
    const eve = await api(srv.url, `/tables/${next}/join`, { body: { name: 'Eve' } });
    expect(eve.status).toBe(200);
    await Promise.all([a.close(), d.close()]);
  });
});

describe('seat tokens of a finished match', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      games: FIXTURES,
      registryUrl: FIXTURE_REGISTRY,
      limits: { finishedTokenMs: 500 },
    });
  });
  afterAll(() => srv.drop());

  it('expire: no rematch in their name, and a hello with them watches as a spectator', async () => {
    const created = (
      await api(srv.url, '/tables', {
        body: table({ seats: [HUMAN, BOT, BOT], clock: { kind: 'none' } }),
      })
    ).body as CreateTableResponse;
    const token = created.tokens[0]!.token;
    const ann = await connect(srv.wsUrl, created.table.id, [token]);
    const player = new RandomPlayer(ann, 0, 'ann');
    player.start();
    await player.done;
    await ann.close();
    await new Promise((r) => setTimeout(r, 700));
    const late = await api(srv.url, `/tables/${created.table.id}/rematch`, { body: { tokens: [token] } });
    expect([late.status, codeOf(late)]).toEqual([403, 'bad_token']);
    const again = await connect(srv.wsUrl, created.table.id, [token]);
    const welcome = again.received.find((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ seats: [], focus: 'spectator' });
    expect((await again.takeType('update')).viewer).toBe('spectator');
    await again.close();
  });
});
