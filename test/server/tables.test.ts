/** The lobby side: games, creating and listing tables, presence, bot-only tables, replays and rematches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { botNamesFor } from '../../src/bots/names.ts';
import { GAMES } from '../../src/games/registry.ts';
import {
  CreateTableResponse as CreateTableResponseSchema,
  GamesResponse as GamesResponseSchema,
  HealthResponse,
  JoinResponse as JoinResponseSchema,
  ReplayScript,
  TablesResponse as TablesResponseSchema,
} from '../../src/protocol/index.ts';
import type { CreateTableResponse, TableMessage, UpdateMessage } from '../../src/protocol/index.ts';
import { api, connect, http, RandomPlayer, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.drop());

describe('games', () => {
  it('lists every game with its player range, options schema, defaults and bots', async () => {
    const reply = await api(srv.url, '/games');
    expect(reply.status).toBe(200);
    const { games } = GamesResponseSchema.parse(reply.body);
    expect(games.map((g) => g.id)).toEqual(GAMES.map((g) => g.id));
    for (const info of games) {
      const game = GAMES.find((g) => g.id === info.id)!;
      expect(info).toMatchObject({
        name: game.name,
        minPlayers: game.minPlayers,
        maxPlayers: game.maxPlayers,
      });
      expect(info.options.defaults).toEqual(game.optionsSchema.parse({}));
      // The JSON Schema describes the same options: the defaults validate against it as zod sees it.
      const fromJson = z.fromJSONSchema(info.options.schema as Parameters<typeof z.fromJSONSchema>[0]);
      expect(fromJson.safeParse(info.options.defaults).success).toBe(true);
      expect(info.bots.map((b) => b.name)).toEqual(expect.arrayContaining(['random', 'ismcts', 'heuristic']));
      expect(info.bots.find((b) => b.name === 'ismcts')!.budgetMs).toEqual({
        min: 10,
        max: 10_000,
        default: 1000,
      });
      expect(info.bots.find((b) => b.name === 'heuristic')).toMatchObject({ kind: 'game', budgetMs: null });
    }
  });

  it('answers /healthz with the storage it knows of', async () => {
    const health = await http<HealthResponse>(srv.url, '/healthz');
    expect(health.status).toBe(200);
    expect(HealthResponse.parse(health.body)).toMatchObject({
      ok: true,
      version: 1,
      storage: { kind: 'sqlite', status: 'ok', lastFailureAt: null },
    });
  });
});

describe('tables', () => {
  it('lists open tables in the lobby, shows who is connected, and starts when the last seat is taken', async () => {
    const created = CreateTableResponseSchema.parse(
      (
        await api(srv.url, '/tables', {
          body: {
            game: 'pocket-imperium',
            players: 2,
            name: 'Ann',
            seats: [{ kind: 'human' }, { kind: 'human' }],
            options: { prosperity: true },
            clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 10_000 },
          },
        })
      ).body,
    );
    const { table } = created;
    expect(table).toMatchObject({
      game: 'pocket-imperium',
      status: 'waiting',
      options: { preset: 'boxed', prosperity: true },
      settings: {
        spectators: true,
        listed: true,
        clock: { kind: 'realtime' },
        takeover: { bot: { bot: 'heuristic' } },
      },
    });
    expect(table.seats.map((s) => [s.name, s.taken, s.connected])).toEqual([
      ['Ann', true, false],
      [null, false, false],
    ]);
    const lobby = TablesResponseSchema.parse(
      (await api(srv.url, '/tables?status=waiting&game=pocket-imperium')).body,
    );
    expect(lobby.tables.map((t) => t.id)).toContain(table.id);

    const ann = await connect(srv.wsUrl, table.id, [created.tokens[0]!.token]);
    const welcome = ann.received.find((m) => m.type === 'welcome')!;
    expect(welcome).toMatchObject({ seats: [0], focus: 0, table: { status: 'waiting' } });
    const info = (await api(srv.url, `/tables/${table.id}`)).body as { table: CreateTableResponse['table'] };
    expect(info.table.seats[0]!.connected).toBe(true);

    const bob = JoinResponseSchema.parse(
      (await api(srv.url, `/tables/${table.id}/join`, { body: { name: 'Bob' } })).body,
    );
    expect(bob.table.status).toBe('playing');
    // Ann hears that Bob took the seat and that the match started, then gets her first update.
    const started = await ann.take(
      (m): m is TableMessage => m.type === 'table' && m.table.status === 'playing',
    );
    expect(started.table.seats[1]).toMatchObject({ name: 'Bob', taken: true });
    const first = await ann.takeType('update');
    expect(first).toMatchObject({ seq: 0, from: 0, events: [], status: 'playing' });
    // Real-time clocks: the actors' run from the start, the others' stand at the full bank.
    expect(first.clocks).toMatchObject({ kind: 'realtime' });
    expect(first.clocks!.running).toEqual(first.actors);
    first.clocks!.remainingMs.forEach((ms, seat) => {
      if (first.actors.includes(seat)) expect(ms).toBeGreaterThan(590_000);
      expect(ms).toBeLessThanOrEqual(600_000);
      if (!first.actors.includes(seat)) expect(ms).toBe(600_000);
    });
    const lobbyAfter = TablesResponseSchema.parse((await api(srv.url, '/tables?status=waiting')).body);
    expect(lobbyAfter.tables.map((t) => t.id)).not.toContain(table.id);
    const playing = TablesResponseSchema.parse((await api(srv.url, '/tables?status=playing')).body);
    expect(playing.tables.map((t) => t.id)).toContain(table.id);

    // Bob connects and leaves: Ann sees his seat connected, then not.
    const bobClient = await connect(srv.wsUrl, table.id, [bob.token]);
    await ann.take((m): m is TableMessage => m.type === 'table' && m.table.seats[1]!.connected);
    await bobClient.close();
    await ann.take((m): m is TableMessage => m.type === 'table' && !m.table.seats[1]!.connected);
    expect(ann.invalid).toEqual([]);
    await ann.close();
  });

  it('an unlisted table is not in the lobby but can be joined by its code', async () => {
    const created = (
      await api(srv.url, '/tables', {
        body: {
          game: 'prosperitea',
          players: 2,
          name: 'Ann',
          seats: [{ kind: 'human' }, { kind: 'human' }],
          listed: false,
        },
      })
    ).body as CreateTableResponse;
    const lobby = TablesResponseSchema.parse((await api(srv.url, '/tables')).body);
    expect(lobby.tables.map((t) => t.id)).not.toContain(created.table.id);
    const joined = await api(srv.url, `/tables/${created.table.id}/join`, { body: { name: 'Bob' } });
    expect(joined.status).toBe(200);
  });
});

describe('hot-seat names', () => {
  const hotSeat = {
    game: 'prosperitea',
    players: 3,
    name: 'Ann',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
    claim: [2, 0],
  };

  it('gives each claimed seat its own name, in the order of claim, and shows them in the table info', async () => {
    const reply = await api(srv.url, '/tables', { body: { ...hotSeat, names: ['Cleo', 'Ann'] } });
    expect(reply.status).toBe(201);
    const created = CreateTableResponseSchema.parse(reply.body);
    expect(created.tokens.map((t) => t.seat)).toEqual([2, 0]);
    // A bot seat shows its own name and level (src/bots/names.ts), not the bot's kind.
    const names = (seats: readonly { name: string | null }[]) =>
      seats.map((s) => s.name?.replace(/^\w+ · Beginner bot$/, 'bot') ?? null);
    expect(names(created.table.seats)).toEqual(['Ann', 'bot', 'Cleo']);
    const info = await api(srv.url, `/tables/${created.table.id}`);
    const table = (info.body as { table: CreateTableResponse['table'] }).table;
    expect(table.status).toBe('playing');
    expect(names(table.seats)).toEqual(['Ann', 'bot', 'Cleo']);
  });

  it("without names, every claimed seat takes the creator's name as before", async () => {
    const created = (await api(srv.url, '/tables', { body: hotSeat })).body as CreateTableResponse;
    expect(created.table.seats.map((s) => s.name)).toEqual([
      'Ann',
      `${botNamesFor(created.table.id, 3)[1]} · Beginner bot`,
      'Ann',
    ]);
  });

  it.each([
    ['one name too few', { names: ['Cleo'] }],
    ['one name too many', { names: ['Cleo', 'Ann', 'Dan'] }],
    ['names without claim', { claim: undefined, names: ['Cleo'] }],
    ['an empty name', { names: ['Cleo', '  '] }],
    ['a name with a control character', { names: ['Cleo', 'A\u0007nn'] }],
  ])('refuses %s with bad_request and creates nothing', async (_what, change) => {
    const before = ((await api(srv.url, '/tables?status=playing')).body as { tables: unknown[] }).tables;
    const reply = await api(srv.url, '/tables', { body: { ...hotSeat, ...change } });
    expect(reply.status).toBe(400);
    const error = (reply.body as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('names');
    const after = ((await api(srv.url, '/tables?status=playing')).body as { tables: unknown[] }).tables;
    expect(after.length).toBe(before.length);
  });
});

describe('bots only, replay and rematch', () => {
  it('a table of bots starts at once and plays to the end while a spectator watches', async () => {
    const created = (
      await api(srv.url, '/tables', {
        body: {
          game: 'prospectus',
          players: 3,
          name: 'Ann',
          seats: [
            { kind: 'bot', bot: 'random' },
            { kind: 'bot', bot: 'heuristic' },
            { kind: 'bot', bot: 'random' },
          ],
        },
      })
    ).body as CreateTableResponse;
    expect(created.tokens).toEqual([]);
    expect(created.table.status).toBe('playing');
    const watcher = await connect(srv.wsUrl, created.table.id, []);
    const last = await watcher.take(
      (m): m is UpdateMessage => m.type === 'update' && m.status === 'finished',
      60_000,
      'the end',
    );
    expect(last.outcome!.ranks).toHaveLength(3);
    const script = ReplayScript.parse((await api(srv.url, `/tables/${created.table.id}/replay`)).body);
    expect(script.actions).toHaveLength(last.seq);
    expect(watcher.invalid).toEqual([]);
    await watcher.close();
  });

  it('after the end, both players ask for a rematch and find each other at the same new table', async () => {
    const created = (
      await api(srv.url, '/tables', {
        body: {
          game: 'prosperitea',
          players: 3,
          name: 'Ann',
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
        },
      })
    ).body as CreateTableResponse;
    const id = created.table.id;
    const bob = JoinResponseSchema.parse(
      (await api(srv.url, `/tables/${id}/join`, { body: { name: 'Bob' } })).body,
    );
    const ann = await connect(srv.wsUrl, id, [created.tokens[0]!.token]);
    const bobClient = await connect(srv.wsUrl, id, [bob.token]);
    const players = [new RandomPlayer(ann, 0, 'ann'), new RandomPlayer(bobClient, 2, 'bob')];
    players.forEach((p) => p.start());
    await Promise.all(players.map((p) => p.done));

    const annAsks = await api(srv.url, `/tables/${id}/rematch`, {
      body: { tokens: [created.tokens[0]!.token] },
    });
    expect(annAsks.status).toBe(201);
    const rematch = CreateTableResponseSchema.parse(annAsks.body);
    expect(rematch.table).toMatchObject({
      rematchOf: id,
      status: 'waiting',
      game: 'prosperitea',
      players: 3,
    });
    expect(rematch.tokens.map((t) => t.seat)).toEqual([0]);
    expect(rematch.table.seats.map((s) => [s.kind, s.name])).toEqual([
      ['human', 'Ann'],
      ['bot', `${botNamesFor(rematch.table.id, 3)[1]} · Beginner bot`],
      ['human', null],
    ]);
    // Bob is told where the rematch is, and asks too: same table, his old seat, and it starts.
    const told = await bobClient.take(
      (m): m is TableMessage => m.type === 'table' && m.table.rematch !== null,
    );
    expect(told.table.rematch).toBe(rematch.table.id);
    const bobAsks = CreateTableResponseSchema.parse(
      (await api(srv.url, `/tables/${id}/rematch`, { body: { tokens: [bob.token] } })).body,
    );
    expect(bobAsks.table).toMatchObject({ id: rematch.table.id, status: 'playing' });
    expect(bobAsks.tokens.map((t) => t.seat)).toEqual([2]);
    // Asking again for a seat already taken at the rematch is refused.
    const again = await api(srv.url, `/tables/${id}/rematch`, { body: { tokens: [bob.token] } });
    expect(again.status).toBe(409);
    // Old tokens do not act at the new table.
    const stale = await connect(srv.wsUrl, rematch.table.id, []).then(async (c) => {
      c.send({ type: 'act', id: 'x', seat: 2, seq: 0, action: {} });
      return c.reply('x');
    });
    expect(stale).toMatchObject({ code: 'not_your_seat' });
    const oldToken = await api(srv.url, `/tables/${rematch.table.id}/rematch`, {
      body: { tokens: [bob.token] },
    });
    expect(oldToken.status).toBe(403);
    for (const c of [ann, bobClient]) expect(c.invalid).toEqual([]);
    await Promise.all([ann.close(), bobClient.close()]);
  });
});
