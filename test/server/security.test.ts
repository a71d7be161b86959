/**
 * Who may act, and what hostile or broken input does: each gets an error reply with a stable
 * code, and no match changes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreateTableResponse,
  ErrorResponse,
  JoinResponse,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, Client, connect, http, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const THREE_HUMANS = [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }];

let srv: TestServer;
let table: CreateTableResponse;
let other: CreateTableResponse;

beforeAll(async () => {
  srv = await startTestServer({
    games: FIXTURES,
    registryUrl: FIXTURE_REGISTRY,
    limits: { openTablesPerClient: 4, messagesPerSecond: 20, messageBurst: 40 },
  });
  const create = async (spectators: boolean) =>
    (
      await api(srv.url, '/tables', {
        body: {
          game: 'secret-bid',
          players: 3,
          name: 'Ann',
          seats: THREE_HUMANS,
          claim: [0, 1, 2],
          spectators,
        },
      })
    ).body as CreateTableResponse;
  table = await create(true);
  other = await create(false);
});
afterAll(() => srv.drop());

const tokenOf = (t: CreateTableResponse, seat: number) => t.tokens.find((g) => g.seat === seat)!.token;
const fakeToken = () => randomBytes(32).toString('base64url');

/** The match's sequence number and its stored log length: both must stay put under attack. */
async function footprint(id: string) {
  const live = await srv.server.tables.open(id);
  const stored = await srv.server.storage.loadMatch(id);
  return { seq: live.seq, logged: stored!.actions.length };
}

async function firstError(client: Client) {
  return client.takeType('error');
}

describe('seat tokens', () => {
  it("a wrong, malformed or other table's token cannot open the table; nothing is subscribed", async () => {
    for (const tokens of [[fakeToken()], [tokenOf(other, 0)], [tokenOf(table, 0), fakeToken()]]) {
      const client = await Client.connect(srv.wsUrl);
      client.send({ type: 'hello', v: 1, table: table.table.id, tokens });
      expect(await firstError(client)).toMatchObject({ code: 'bad_token' });
      // Still not following the table: acting is refused as unauthenticated.
      client.send({ type: 'act', id: 'x', seat: 0, seq: 0, action: { type: 'pass' } });
      expect(await client.reply('x')).toMatchObject({ type: 'error', code: 'not_authenticated' });
      await client.close();
    }
    const malformed = await Client.connect(srv.wsUrl);
    malformed.send({ type: 'hello', v: 1, table: table.table.id, tokens: ['short'] });
    expect(await firstError(malformed)).toMatchObject({ code: 'bad_request' });
    await malformed.close();
  });

  it("a spectator (no token) and another seat's token cannot act", async () => {
    const before = await footprint(table.table.id);
    const spectator = await connect(srv.wsUrl, table.table.id, []);
    const update = await spectator.takeType('update');
    expect(update.viewer).toBe('spectator');
    expect(update.legal).toBeNull();
    spectator.send({ type: 'act', id: 's', seat: 0, seq: update.seq, action: { type: 'bid', card: 1 } });
    expect(await spectator.reply('s')).toMatchObject({ type: 'error', code: 'not_your_seat' });

    const seat0 = await connect(srv.wsUrl, table.table.id, [tokenOf(table, 0)]);
    const mine = await seat0.takeType('update');
    for (const seat of [1, 2, 7]) {
      seat0.send({ type: 'act', id: `as-${seat}`, seat, seq: mine.seq, action: { type: 'bid', card: 1 } });
      expect(await seat0.reply(`as-${seat}`)).toMatchObject({ type: 'error', code: 'not_your_seat' });
    }
    // Looking through another seat's eyes is refused too.
    seat0.send({ type: 'focus', viewer: 1 });
    expect(await firstError(seat0)).toMatchObject({ code: 'not_your_seat' });
    expect(await footprint(table.table.id)).toEqual(before);
    for (const c of [spectator, seat0]) expect(c.invalid).toEqual([]);
    await Promise.all([spectator.close(), seat0.close()]);
  });

  it('a table that forbids spectators refuses them, but not its seat holders', async () => {
    const client = await Client.connect(srv.wsUrl);
    client.send({ type: 'hello', v: 1, table: other.table.id, tokens: [] });
    expect(await firstError(client)).toMatchObject({ code: 'spectators_not_allowed' });
    await client.close();
    const holder = await connect(srv.wsUrl, other.table.id, [tokenOf(other, 2)], { focus: 'spectator' });
    expect((await holder.takeType('update')).viewer).toBe('spectator');
    await holder.close();
  });
});

describe('malformed and hostile WebSocket messages', () => {
  it('each gets an error reply with a stable code, the connection survives, and the match is unchanged', async () => {
    const id = table.table.id;
    const before = await footprint(id);
    const client = await connect(srv.wsUrl, id, [tokenOf(table, 0)]);
    const update = await client.takeType('update');
    const cases: [string | Buffer, string, boolean?][] = [
      ['not json', 'bad_request'],
      ['[]', 'bad_request'],
      ['null', 'bad_request'],
      [JSON.stringify({ type: 'launch-missiles' }), 'bad_request'],
      [JSON.stringify({ type: 'act', id: 'a1', seat: '0', seq: 0, action: {} }), 'bad_request'],
      [JSON.stringify({ type: 'act', id: 'a2', seat: 0, seq: -1, action: {} }), 'bad_request'],
      [
        JSON.stringify({ type: 'act', id: 'a3', seat: 0, seq: update.seq, action: {}, extra: 1 }),
        'bad_request',
      ],
      [JSON.stringify({ type: 'act', id: 'x'.repeat(65), seat: 0, seq: 0, action: {} }), 'bad_request'],
      [
        JSON.stringify({
          type: 'act',
          id: 'a4',
          seat: 0,
          seq: update.seq + 100,
          action: { type: 'bid', card: 1 },
        }),
        'bad_seq',
      ],
      [JSON.stringify({ type: 'hello', v: 1, table: id, tokens: [] }), 'already_authenticated'],
      [JSON.stringify({ type: 'focus', viewer: 99 }), 'bad_request'],
      [JSON.stringify({ type: 'act', id: 'big', seat: 0, seq: 0, action: 'x'.repeat(70_000) }), 'too_large'],
      [Buffer.from([1, 2, 3]), 'bad_request', true],
    ];
    for (const [data, code, binary] of cases) {
      client.sendRaw(data, binary);
      const error = await firstError(client);
      expect({ sent: String(data).slice(0, 60), code: error.code }).toEqual({
        sent: String(data).slice(0, 60),
        code,
      });
    }
    // An action the game refuses is a game refusal, with its rule, and also changes nothing.
    client.send({ type: 'act', id: 'junk', seat: 0, seq: update.seq, action: { type: 'bid', card: 'nine' } });
    expect(await client.reply('junk')).toMatchObject({
      type: 'refused',
      error: { code: 'bad_shape', rule: 'core.action-shape' },
    });
    client.send({ type: 'ping', id: 'still-there' });
    expect(await client.takeType('pong')).toEqual({ type: 'pong', id: 'still-there' });
    expect(client.invalid).toEqual([]);
    expect(await footprint(id)).toEqual(before);
    await client.close();
  });

  it('refuses an unknown table, a bad version and anything before hello', async () => {
    const client = await Client.connect(srv.wsUrl);
    client.send({ type: 'act', id: 'early', seat: 0, seq: 0, action: {} });
    expect(await client.reply('early')).toMatchObject({ code: 'not_authenticated' });
    client.send({ type: 'hello', v: 2, table: table.table.id });
    expect(await firstError(client)).toMatchObject({ code: 'unsupported_version' });
    client.send({ type: 'hello', v: 1, table: 'zzzzzzzzzz' });
    expect(await firstError(client)).toMatchObject({ code: 'not_found' });
    client.send({ type: 'ping' });
    expect(await client.takeType('pong')).toEqual({ type: 'pong' });
    await client.close();
  });

  it('a frame over the hard cap closes the connection (1009) without touching the match', async () => {
    const before = await footprint(table.table.id);
    const client = await connect(srv.wsUrl, table.table.id, [tokenOf(table, 1)]);
    client.sendRaw(
      JSON.stringify({ type: 'act', id: 'huge', seat: 1, seq: 0, action: 'x'.repeat(2_000_000) }),
    );
    await expect(client.reply('huge', 5000)).rejects.toThrow(/closed \(1009\)/);
    expect(await footprint(table.table.id)).toEqual(before);
  });

  it('limits messages per second per connection, and closes a connection that keeps flooding', async () => {
    const client = await connect(srv.wsUrl, table.table.id, []);
    for (let i = 0; i < 100; i++) client.send({ type: 'ping', id: `p${i}` });
    await client.settle(200);
    const pongs = client.received.filter((m) => m.type === 'pong').length;
    const limited = client.received.filter((m) => m.type === 'error' && m.code === 'rate_limited').length;
    // The burst is 40 messages, of which the hello took 5 (it renders a whole update).
    expect(pongs).toBeGreaterThanOrEqual(35);
    expect(pongs).toBeLessThan(100);
    expect(pongs + limited).toBe(100);
    // After a pause the bucket has refilled.
    await new Promise((r) => setTimeout(r, 600));
    client.send({ type: 'ping', id: 'later' });
    expect(
      await client.take((m): m is { type: 'pong'; id: string } => m.type === 'pong' && m.id === 'later'),
    ).toBeTruthy();

    const flood = await connect(srv.wsUrl, table.table.id, []);
    for (let i = 0; i < 400; i++) flood.send({ type: 'ping' });
    await expect(flood.take((_m): _m is UpdateMessage => false, 5000)).rejects.toThrow(/closed \(1008\)/);
    await client.close();
  });

  it('closes a steady flooder too, though some of its messages always get through', async () => {
    // 1,000 messages a second: the bucket lets 20 a second through, which used to reset the count
    // of refusals in a row, so a steady flood was never closed.
    const flood = await connect(srv.wsUrl, table.table.id, []);
    const pump = setInterval(() => {
      for (let i = 0; i < 10 && flood.closedWith === undefined; i++) flood.send({ type: 'ping' });
    }, 10);
    try {
      await expect(flood.take((_m): _m is UpdateMessage => false, 10_000)).rejects.toThrow(/closed \(1008\)/);
    } finally {
      clearInterval(pump);
    }
    expect(flood.received.filter((m) => m.type === 'pong').length).toBeGreaterThan(0);
  });

  it('a client a little over its rate is slowed down, never closed', async () => {
    const eager = await connect(srv.wsUrl, table.table.id, []);
    // 40 a second for 3 s against 20 a second: once the burst is spent, about 20 refusals a
    // second, well within the patience.
    for (let i = 0; i < 120; i++) {
      eager.send({ type: 'ping', id: `e${i}` });
      await new Promise((r) => setTimeout(r, 25));
    }
    await eager.settle(100);
    expect(eager.received.some((m) => m.type === 'error' && m.code === 'rate_limited')).toBe(true);
    expect(eager.closedWith).toBeUndefined();
    await eager.close();
  });
});

describe('HTTP input', () => {
  const post = (path: string, body: unknown) => api(srv.url, path, { body });
  const codeOf = (reply: { body: unknown }) => (reply.body as ErrorResponse).error.code;

  it('maps every bad request to an error body with a stable code', async () => {
    const cases: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [post('/tables', { game: 'secret-bid' }), 400, 'bad_request'],
      [
        post('/tables', {
          game: 'chess',
          players: 2,
          name: 'A',
          seats: [{ kind: 'human' }, { kind: 'human' }],
        }),
        404,
        'unknown_game',
      ],
      [
        post('/tables', { game: 'secret-bid', players: 9, name: 'A', seats: THREE_HUMANS }),
        400,
        'invalid_table',
      ],
      [
        post('/tables', { game: 'secret-bid', players: 3, name: 'A', seats: THREE_HUMANS.slice(1) }),
        400,
        'invalid_table',
      ],
      [
        post('/tables', {
          game: 'secret-bid',
          players: 3,
          name: 'A',
          seats: THREE_HUMANS,
          options: { handSize: 99 },
        }),
        400,
        'invalid_table',
      ],
      [
        post('/tables', {
          game: 'secret-bid',
          players: 3,
          name: 'A',
          seats: [...THREE_HUMANS.slice(1), { kind: 'bot', bot: 'genius' }],
        }),
        400,
        'unknown_bot',
      ],
      [
        post('/tables', {
          game: 'secret-bid',
          players: 3,
          name: 'A',
          seats: [...THREE_HUMANS.slice(1), { kind: 'bot', bot: 'random', ms: 100 }],
        }),
        400,
        'invalid_table',
      ],
      [
        post('/tables', { game: 'secret-bid', players: 3, name: 'A', seats: THREE_HUMANS, claim: [5] }),
        400,
        'invalid_table',
      ],
      [
        post('/tables', { game: 'secret-bid', players: 3, name: '\u0007', seats: THREE_HUMANS }),
        400,
        'bad_request',
      ],
      [
        post('/tables', {
          game: 'secret-bid',
          players: 3,
          name: 'A',
          seats: THREE_HUMANS,
          takeover: { bot: { bot: 'random' }, absentMs: 5 },
        }),
        400,
        'bad_request',
      ],
      [
        post('/tables', {
          game: 'secret-bid',
          players: 3,
          name: 'A',
          seats: THREE_HUMANS,
          takeover: { bot: { bot: 'genius' }, absentMs: null },
        }),
        400,
        'unknown_bot',
      ],
      [http(srv.url, '/api/v1/tables', { rawBody: '{"game": ' }), 400, 'bad_request'],
      [
        http(srv.url, '/api/v1/tables', { rawBody: JSON.stringify({ name: 'x'.repeat(70_000) }) }),
        413,
        'too_large',
      ],
      [
        http(srv.url, '/api/v1/tables', {
          method: 'POST',
          rawBody: 'game=x',
          headers: { 'content-type': 'text/plain' },
        }),
        400,
        'bad_request',
      ],
      [api(srv.url, '/tables/not-an-id'), 404, 'not_found'],
      [api(srv.url, '/tables/aaaaaaaaaa'), 404, 'not_found'],
      [api(srv.url, '/tables?status=lost'), 400, 'bad_request'],
      [api(srv.url, '/nowhere'), 404, 'not_found'],
      [api(srv.url, `/tables/${table.table.id}/replay`), 409, 'not_finished'],
      [post(`/tables/${table.table.id}/join`, { name: 'Eve' }), 409, 'table_full'],
      [post(`/tables/${table.table.id}/rematch`, { tokens: [tokenOf(table, 0)] }), 409, 'not_finished'],
      [post(`/tables/${table.table.id}/rematch`, { tokens: [fakeToken()] }), 403, 'bad_token'],
    ];
    for (const [reply, status, code] of cases) {
      const r = await reply;
      expect({ status: r.status, code: codeOf(r) }).toEqual({ status, code });
    }
  });

  it('gives seats in order, refuses a taken seat, and limits open tables per client', async () => {
    const open = await post('/tables', { game: 'secret-bid', players: 3, name: 'Ann', seats: THREE_HUMANS });
    expect(open.status).toBe(201);
    const id = (open.body as CreateTableResponse).table.id;
    const taken = await post(`/tables/${id}/join`, { name: 'Bob', seat: 0 });
    expect([taken.status, codeOf(taken)]).toEqual([409, 'seat_taken']);
    const bob = (await post(`/tables/${id}/join`, { name: 'Bob' })).body as JoinResponse;
    expect(bob.seat).toBe(1);
    expect(bob.table.seats[1]).toMatchObject({ name: 'Bob', taken: true });
    // Up to the limit of tables still waiting for players; the two full tables above do not count.
    const more = [];
    for (let i = 0; i < 4; i++)
      more.push(await post('/tables', { game: 'secret-bid', players: 3, name: 'A', seats: THREE_HUMANS }));
    expect(more.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(codeOf(more[3]!)).toBe('too_many_tables');
  });
});
