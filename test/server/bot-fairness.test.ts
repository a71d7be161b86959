/**
 * Bots of one client's many tables do not starve other clients' bots (docs/server.md, "Bots"): a
 * real server with the real games, bot workers and sockets. One client (the "hog") has bots-only
 * tables of long ISMCTS searches; another client's quick bots (heuristic, and a takeover bot
 * playing an absent player's seat) and its ISMCTS table get their turns anyway.
 *
 * The assertions are about order, not time: the hog's searches last seconds, so "the hog has not
 * moved yet" proves that its first searches were still running when the other client's bots moved.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatSpec } from '../../src/protocol/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { clientKey } from '../../src/server/secrets.ts';
import { api, gameById, seedTable, startTestServer } from './harness.ts';
import type { SeededSeat, TestServer } from './harness.ts';

const GAME = gameById(GAMES, 'pocket-imperium');
/** The hog's searches: long enough that the other client's quick bots provably move meanwhile. */
const HOG_MS = 6_000;
const HOG_TABLES = 6;
const HOG = 'hog-client';
/** Tables created over HTTP from this test are charged to this client. */
const OTHER = clientKey('127.0.0.1');

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.drop();
  srv = undefined;
});

/** The hog's bots-only search tables, loaded so their bots ask for their first decisions. */
async function hogTables(server: TestServer): Promise<string[]> {
  const search: SeededSeat = { bot: 'ismcts', ms: HOG_MS };
  const ids: string[] = [];
  for (let i = 0; i < HOG_TABLES; i++) {
    const { id } = await seedTable(server.server.storage, {
      game: GAME,
      seats: [search, search],
      clock: { kind: 'none' },
      creator: HOG,
    });
    await server.server.tables.open(id);
    ids.push(id);
  }
  return ids;
}

async function createBotTable(server: TestServer, seats: SeatSpec[]): Promise<string> {
  const created = await api(server.url, '/tables', {
    body: { game: GAME.id, players: seats.length, seats, name: 'Other', claim: [] },
  });
  expect(created.status).toBe(201);
  return (created.body as CreateTableResponse).table.id;
}

const seqOf = async (server: TestServer, id: string) => (await server.server.tables.open(id)).seq;

/** Waits (a limit, not a measure) until `ready` holds. */
async function until(what: string, ready: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function hogMoved(server: TestServer, hog: readonly string[]): Promise<number> {
  const seqs = await Promise.all(hog.map((id) => seqOf(server, id)));
  return seqs.filter((seq) => seq > 0).length;
}

describe("one client's bots-only search tables and another client's bots", () => {
  it('quick bots and takeover bots move while the searches run; the other ISMCTS table is next in turn', async () => {
    srv = await startTestServer({ botWorkers: 2 });
    const server = srv;
    const hog = await hogTables(server);

    const heuristic = await createBotTable(server, [
      { kind: 'bot', bot: 'heuristic' },
      { kind: 'bot', bot: 'heuristic' },
    ]);
    // A person's seat the table's takeover bot plays: its player was away longer than allowed.
    const takeover = await seedTable(server.server.storage, {
      game: GAME,
      seats: ['human', { bot: 'heuristic' }],
      clock: { kind: 'none' },
      takeover: { bot: { bot: 'heuristic' }, absentMs: 1 },
      creator: OTHER,
    });
    await server.server.tables.open(takeover.id);
    const searching = await createBotTable(server, [
      { kind: 'bot', bot: 'ismcts', ms: 200 },
      { kind: 'bot', bot: 'ismcts', ms: 200 },
    ]);

    const takenOverSeatMoved = async () => {
      const { actions, control } = (await server.server.storage.loadMatch(takeover.id))!;
      const since = control.find((c) => c.seat === 0 && c.kind === 'takeover')?.seq;
      return since !== undefined && actions.some((a) => a.seat === 0 && a.seq > since);
    };
    const quickBotsMoved = async () => (await seqOf(server, heuristic)) >= 10 && (await takenOverSeatMoved());
    // Whichever comes first: ten heuristic moves and a move of the takeover bot for the absent
    // player, or the end of one of the hog's searches. It must be the former.
    await until(
      'the quick bots to move, or a search to end',
      async () => (await quickBotsMoved()) || (await hogMoved(server, hog)) > 0,
    );
    expect(await quickBotsMoved()).toBe(true);
    expect(await hogMoved(server, hog)).toBe(0);

    // The other client's search waits for the search worker (2 workers: 1 for searches), but
    // only for the hog's running search, not for its backlog of five more tables: it is next.
    await until('the other client’s ISMCTS bot to move', async () => (await seqOf(server, searching)) >= 1);
    expect(await hogMoved(server, hog)).toBe(1);
  });

  it("another client's search need not wait for the hog's: a client runs one search at a time", async () => {
    // Three workers: two may search, one client's tables may use one of them.
    srv = await startTestServer({ botWorkers: 3 });
    const server = srv;
    const hog = await hogTables(server);
    const searching = await createBotTable(server, [
      { kind: 'bot', bot: 'ismcts', ms: 200 },
      { kind: 'bot', bot: 'ismcts', ms: 200 },
    ]);
    await until('the other client’s ISMCTS bot to move', async () => (await seqOf(server, searching)) >= 1);
    expect(await hogMoved(server, hog)).toBe(0);
  });
});
