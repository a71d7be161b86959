/**
 * Tutorial tables ("Learn to play"): dealt from the game's published tutorial seed, never listed,
 * one learner against bots that decide from fixed seeds; left with `POST /tables/:id/leave`. Every
 * other table keeps a secret seed from the operating system's generator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.ts';
import { ReplayScript } from '../../src/protocol/index.ts';
import type {
  CreateTableRequest,
  CreateTableResponse,
  TableInfo,
  TableResponse,
  TablesResponse,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { TUTORIAL_ABSENT_MS, tutorialSeed } from '../../src/server/tutorial.ts';
import { api, connect, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.drop());

const TUTORIAL_SEEDS = new Set(GAMES.map((g) => tutorialSeed(g.id)));

function tutorialRequest(game: string, more: Partial<CreateTableRequest> = {}): CreateTableRequest {
  return {
    game,
    players: 3,
    name: 'Ann',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }],
    tutorial: true,
    ...more,
  };
}

async function create(body: CreateTableRequest): Promise<CreateTableResponse> {
  const reply = await api(srv.url, '/tables', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as CreateTableResponse;
}

async function seedOf(id: string): Promise<string> {
  return (await srv.server.storage.loadMatch(id))!.match.seed;
}

async function listedIds(): Promise<string[]> {
  const ids: string[] = [];
  for (const status of ['waiting', 'playing', 'finished'])
    ids.push(
      ...((await api(srv.url, `/tables?status=${status}`)).body as TablesResponse).tables.map((t) => t.id),
    );
  return ids;
}

/** The learner's first view of a table. */
async function firstView(id: string, token: string): Promise<unknown> {
  const client = await connect(srv.wsUrl, id, [token]);
  const update = await client.take((m): m is UpdateMessage => m.type === 'update', 10_000, 'first update');
  await client.close();
  return update.view;
}

async function waitFinished(id: string): Promise<TableInfo> {
  const watcher = await connect(srv.wsUrl, id, []);
  await watcher.take(
    (m): m is UpdateMessage => m.type === 'update' && m.status === 'finished',
    120_000,
    'the end',
  );
  await watcher.close();
  return ((await api(srv.url, `/tables/${id}`)).body as TableResponse).table;
}

describe('tutorial tables', () => {
  it.each(GAMES.map((g) => g.id))(
    '%s: dealt from the published tutorial seed, unlisted whatever was asked, no clock, started at once',
    async (game) => {
      const first = await create(
        tutorialRequest(game, {
          listed: true,
          clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 0 },
        }),
      );
      const table = first.table;
      expect(table.status).toBe('playing');
      expect(table.settings).toMatchObject({
        tutorial: true,
        listed: false,
        clock: { kind: 'none' },
        takeover: { absentMs: TUTORIAL_ABSENT_MS },
      });
      expect(await seedOf(table.id)).toBe(tutorialSeed(game));
      expect(await listedIds()).not.toContain(table.id);

      // The same deal every time: a second tutorial shows the learner the very same board.
      const second = await create(tutorialRequest(game));
      expect(second.table.id).not.toBe(table.id);
      expect(await firstView(second.table.id, second.tokens[0]!.token)).toEqual(
        await firstView(table.id, first.tokens[0]!.token),
      );
      for (const t of [table.id, second.table.id])
        await api(srv.url, `/tables/${t}/leave`, {
          body: { tokens: [t === table.id ? first.tokens[0]!.token : second.tokens[0]!.token] },
        });
    },
  );

  it('ordinary tables, and the rematch of a tutorial, never get a tutorial seed', async () => {
    const seeds: string[] = [];
    for (const game of GAMES) {
      for (let k = 0; k < 3; k++) {
        const created = await create({
          game: game.id,
          players: 3,
          name: 'Bea',
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'random' }],
          listed: false,
        });
        expect(created.table.settings.tutorial).toBeUndefined();
        seeds.push(await seedOf(created.table.id));
      }
    }
    for (const seed of seeds) {
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      expect(TUTORIAL_SEEDS.has(seed)).toBe(false);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
    // `tutorial` is true or absent: false is not a way to ask for anything.
    const refused = await api(srv.url, '/tables', {
      body: { ...tutorialRequest('prosperitea'), tutorial: false },
    });
    expect(refused.status).toBe(400);
  });

  it('refuses a tutorial with a seat for anyone but the learner, and creates nothing', async () => {
    const before = (await srv.server.storage.listMatches({ status: 'playing', limit: 100, at: Date.now() }))
      .length;
    const bad: Partial<CreateTableRequest>[] = [
      { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }] },
      {
        seats: [{ kind: 'bot', bot: 'heuristic' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
        claim: [1],
      },
      { claim: [] },
      {
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
        claim: [0, 1],
        names: ['A', 'B'],
      },
    ];
    for (const more of bad) {
      const reply = await api(srv.url, '/tables', { body: tutorialRequest('prosperitea', more) });
      expect(reply.status, JSON.stringify(more)).toBe(400);
      expect((reply.body as { error: { code: string } }).error.code).toBe('invalid_table');
    }
    const after = (await srv.server.storage.listMatches({ status: 'playing', limit: 100, at: Date.now() }))
      .length;
    expect(after).toBe(before);
  });

  it('leaving hands the seat to a bot, the match ends by itself the same way each time, and its rematch is an ordinary game', async () => {
    const ordinary = await create({
      game: 'prosperitea',
      players: 2,
      name: 'Cy',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
    });
    const notTutorial = await api(srv.url, `/tables/${ordinary.table.id}/leave`, {
      body: { tokens: [ordinary.tokens[0]!.token] },
    });
    expect(notTutorial.status).toBe(400);
    expect((notTutorial.body as { error: { code: string } }).error.code).toBe('invalid_table');

    // Prospectus: its Casual bot samples the hidden cards, so chance would show in its choices.
    const runs = [await create(tutorialRequest('prospectus')), await create(tutorialRequest('prospectus'))];
    const wrong = await api(srv.url, `/tables/${runs[0]!.table.id}/leave`, {
      body: { tokens: [runs[1]!.tokens[0]!.token] },
    });
    expect(wrong.status).toBe(403);
    expect((wrong.body as { error: { code: string } }).error.code).toBe('bad_token');

    for (const run of runs) {
      const left = await api(srv.url, `/tables/${run.table.id}/leave`, {
        body: { tokens: [run.tokens[0]!.token] },
      });
      expect(left.status).toBe(200);
      const seat = (left.body as TableResponse).table.seats[0]!;
      expect(seat).toMatchObject({ controlledByBot: true, takeover: { reason: 'absent' } });
    }
    const ends = await Promise.all(runs.map((run) => waitFinished(run.table.id)));
    for (const end of ends) expect(end.status).toBe('finished');
    // The bots decide from the position, not from chance: both tutorials were played alike (bots
    // answering a request at once may commit in either order, which changes nothing else).
    const [a, b] = await Promise.all(
      runs.map(async (run) =>
        ReplayScript.parse((await api(srv.url, `/tables/${run.table.id}/replay`)).body),
      ),
    );
    expect(a!.seed).toBe(tutorialSeed('prospectus'));
    const moves = (script: ReplayScript) => script.actions.map((x) => JSON.stringify(x)).sort();
    expect(moves(b!)).toEqual(moves(a!));
    expect(ends[1]!.outcome).toEqual(ends[0]!.outcome);
    // Leaving again changes nothing.
    const again = await api(srv.url, `/tables/${runs[0]!.table.id}/leave`, {
      body: { tokens: [runs[0]!.tokens[0]!.token] },
    });
    expect(again.status).toBe(200);

    const rematch = await api(srv.url, `/tables/${runs[0]!.table.id}/rematch`, {
      body: { tokens: [runs[0]!.tokens[0]!.token] },
    });
    expect(rematch.status).toBe(201);
    const next = (rematch.body as CreateTableResponse).table;
    expect(next.settings.tutorial).toBeUndefined();
    expect(next.settings.listed).toBe(false);
    const seed = await seedOf(next.id);
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(TUTORIAL_SEEDS.has(seed)).toBe(false);
  }, 180_000);
});
