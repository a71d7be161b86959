/**
 * Names over a real server (issue 25, "Names and voices"): bots get names of their own with their
 * level, never two alike at one table; every text a seat is sent (event lines, labels, refusals)
 * names the players by the table's names, "you" for itself; and a seat changing hands makes the
 * texts rendered before it stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_NAMES, botNamesFor } from '../../src/bots/names.ts';
import { GAMES } from '../../src/games/registry.ts';
import type {
  CreateTableResponse,
  JoinResponse,
  TableInfo,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { LiveMatch } from '../../src/server/live.ts';
import { api, connect, gameById, startTestServer } from './harness.ts';
import type { Client, TestServer } from './harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.drop());

const seatNamesOf = (table: TableInfo) => table.seats.map((s) => s.name);

describe('bots have names', () => {
  it('each bot at a table has a name of its own and its level, the same every time the table is read', async () => {
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'prospectus',
        players: 4,
        name: 'Ann',
        claim: [],
        listed: false,
        seats: [
          { kind: 'bot', bot: 'heuristic' },
          { kind: 'bot', bot: 'heuristic' },
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'ismcts', ms: 20 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { table } = created.body as CreateTableResponse;
    const names = seatNamesOf(table);
    const [first, second, third, fourth] = names.map((n) => n!.split(' · '));
    expect([first![1], second![1], third![1], fourth![1]]).toEqual([
      'Casual bot',
      'Casual bot',
      'Beginner bot',
      'Strong bot',
    ]);
    const own = [first![0], second![0], third![0], fourth![0]];
    expect(new Set(own).size).toBe(4);
    for (const name of own) expect(BOT_NAMES).toContain(name);
    expect(own).toEqual(botNamesFor(table.id, 4));
    const again = (await api(srv.url, `/tables/${table.id}`)).body as { table: TableInfo };
    expect(seatNamesOf(again.table)).toEqual(names);
  });
});

/** The last update `client` received for `viewer`, once one at `seq` or later arrived. */
async function updateAt(client: Client, viewer: number, seq: number): Promise<UpdateMessage> {
  await client.seen((m): m is UpdateMessage => m.type === 'update' && m.viewer === viewer && m.seq >= seq);
  return client
    .updates()
    .filter((u) => u.viewer === viewer)
    .at(-1)!;
}

describe('texts name the players', () => {
  it('a joining player is named in the others’ log; refusals say "you"; nobody is "Seat N"', async () => {
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'prosperitea',
        players: 2,
        name: 'Ann',
        listed: false,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      },
    });
    const { table, tokens } = created.body as CreateTableResponse;
    const ann = await connect(srv.wsUrl, table.id, [tokens[0]!.token]);
    const spectator = await connect(srv.wsUrl, table.id, []);
    const joined = await api(srv.url, `/tables/${table.id}/join`, { body: { name: 'Bob' } });
    const bob = joined.body as JoinResponse;
    const bobClient = await connect(srv.wsUrl, table.id, [bob.token]);
    const clients = [ann, bobClient];

    // Play the first few moves with the first legal action, naming each from the others' side.
    let named = 0;
    let spoken = 0;
    for (let seq = 0; seq < 6; seq++) {
      const first = await updateAt(ann, 0, seq);
      const actor = first.actors[0]!;
      const other = 1 - actor;
      const update = await updateAt(clients[actor]!, actor, seq);
      // The seat that may not act is refused in its own words.
      clients[other]!.send({ type: 'act', id: `x${seq}`, seat: other, seq, action: update.legal![0] });
      const refused = await clients[other]!.reply(`x${seq}`);
      expect(refused).toMatchObject({
        type: 'refused',
        error: { rule: 'core.turn', message: 'You may not act now' },
      });
      clients[actor]!.send({ type: 'act', id: `a${seq}`, seat: actor, seq, action: update.legal![0] });
      expect((await clients[actor]!.reply(`a${seq}`)).type).toBe('ack');
      const actorName = actor === 0 ? 'Ann (A)' : 'Bob (B)';
      const theirs = (await updateAt(clients[other]!, other, seq + 1)).events.filter(
        (e) => e.seq === seq + 1,
      );
      const mine = (await updateAt(clients[actor]!, actor, seq + 1)).events.filter((e) => e.seq === seq + 1);
      // A step of preparing an order is the actor's secret: the others may be told nothing of it.
      if (theirs.length > 0) {
        named++;
        expect(
          theirs.some((e) => e.text.startsWith(actorName)),
          JSON.stringify(theirs),
        ).toBe(true);
      }
      // Covering a line of one's own order is no line even for oneself: the fill or request is.
      if (mine.length > 0) spoken++;
      if (mine.length > 0)
        expect(
          mine.some((e) => e.text.startsWith('You ')),
          JSON.stringify(mine),
        ).toBe(true);
      for (const e of mine) expect(e.text).not.toContain(actorName);
    }
    expect(named).toBeGreaterThanOrEqual(3);
    expect(spoken).toBeGreaterThanOrEqual(3);
    await spectator.settle();
    const spectated = spectator.updates().flatMap((u) => u.events.map((e) => e.text));
    expect(spectated.some((t) => t.includes('Ann (A)') || t.includes('Bob (B)'))).toBe(true);
    for (const c of [ann, bobClient, spectator])
      for (const u of c.updates())
        for (const text of [...(u.labels ?? []), ...u.events.map((e) => e.text)])
          expect(text).not.toMatch(/\bSeat \d|\bPlayer [AB]\b/);
    await Promise.all([ann.close(), bobClient.close(), spectator.close()]);
  });

  it('a seat taken by a player invalidates what was rendered before (claim bumps the revision)', async () => {
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'pocket-imperium',
        players: 2,
        name: 'Ann',
        listed: false,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      },
    });
    const { table } = created.body as CreateTableResponse;
    const loaded = (await srv.server.storage.loadMatch(table.id))!;
    const match = LiveMatch.create(gameById(GAMES, 'pocket-imperium'), loaded.match);
    const before = match.revision;
    expect(match.seatNames()).toEqual(['Ann', null]);
    match.claim(1, 'Cleo', 'hash', 1);
    expect(match.revision).toBeGreaterThan(before);
    expect(match.seatNames()).toEqual(['Ann', 'Cleo']);
    expect(match.info(new Set()).seats.map((s) => s.name)).toEqual(['Ann', 'Cleo']);
  });
});
