/**
 * Full matches over real sockets: for each game, two people (random legal actions from what they
 * are sent) and bots play to the end. The replay then rebuilds the same final state offline with
 * `prosper replay`, and every message each seat and a spectator received passes the leak check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { botLevel, botNamesFor } from '../../src/bots/names.ts';
import { seatLetter, stateHash } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { ReplayScript } from '../../src/protocol/index.ts';
import type {
  CreateTableResponse,
  JoinResponse,
  SeatSpec,
  TableInfo,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { api, connect, gameById, RandomPlayer, startTestServer } from './harness.ts';
import type { Client, TestServer } from './harness.ts';
import { checkWire, rebuild } from './wire-check.ts';

let srv: TestServer;
let dir: string;
beforeAll(async () => {
  srv = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'prosper-replay-'));
});
afterAll(async () => {
  await srv.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `prosper replay FILE` in-process and returns its JSON output. */
async function offlineReplay(
  script: unknown,
): Promise<{ ok: boolean; hash: string; outcome: unknown; applied: number }> {
  const file = join(dir, `replay-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(script));
  const out: string[] = [];
  const code = await main(['replay', file], {
    io: { out: (t) => out.push(t), err: (t) => out.push(t), input: process.stdin, interactive: false },
  });
  expect(code).toBe(0);
  return JSON.parse(out.join('\n')) as { ok: boolean; hash: string; outcome: unknown; applied: number };
}

/** Each connection's updates must cover every action exactly once, in order. */
function expectContiguous(updates: readonly UpdateMessage[], finalSeq: number) {
  let seen = 0;
  for (const u of updates) {
    expect(u.from).toBe(seen);
    seen = u.seq;
  }
  expect(seen).toBe(finalSeq);
}

const LINEUPS: Record<string, SeatSpec[]> = {
  prospectus: [
    { kind: 'human' },
    { kind: 'human' },
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'bot', bot: 'random' },
  ],
  'pocket-imperium': [{ kind: 'human' }, { kind: 'bot', bot: 'ismcts', ms: 15 }, { kind: 'human' }],
  prosperitea: [
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'human' },
    { kind: 'human' },
    { kind: 'bot', bot: 'random' },
  ],
};

describe.each(GAMES.map((g) => g.id))('%s over the wire', (gameId) => {
  it('two people and bots play to the end; the replay and every message check out', async () => {
    const game = gameById(GAMES, gameId);
    const seats = LINEUPS[gameId]!;
    const humans = seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
    const created = await api(srv.url, '/tables', {
      body: { game: gameId, players: seats.length, name: 'Ann', seats, claim: [humans[0]] },
    });
    expect(created.status).toBe(201);
    const { table, tokens } = created.body as CreateTableResponse;
    expect(table.status).toBe('waiting');
    // A spectator watches from before the start.
    const spectator = await connect(srv.wsUrl, table.id, []);
    const joined = await api(srv.url, `/tables/${table.id}/join`, { body: { name: 'Bob' } });
    expect(joined.status).toBe(200);
    const bob = joined.body as JoinResponse;
    expect(bob.seat).toBe(humans[1]);
    expect(bob.table.status).toBe('playing');

    const clients: [number, Client][] = [
      [humans[0]!, await connect(srv.wsUrl, table.id, [tokens[0]!.token])],
      [humans[1]!, await connect(srv.wsUrl, table.id, [bob.token])],
    ];
    const players = clients.map(([seat, client]) => new RandomPlayer(client, seat, `${gameId}:${seat}`));
    for (const p of players) p.start();
    const finals = await Promise.all(players.map((p) => p.done));
    await spectator.settle();

    for (const p of players) expect(p.problems).toEqual([]);
    const final = finals[0]!;
    expect(final.status).toBe('finished');
    expect(final.outcome).not.toBeNull();
    expect(finals[1]!.outcome).toEqual(final.outcome);

    const replay = await api(srv.url, `/tables/${table.id}/replay`);
    expect(replay.status).toBe(200);
    const script = ReplayScript.parse(replay.body);
    expect(script.actions.length).toBe(final.seq);

    // The same log replayed offline by `prosper replay` ends in the server's very state.
    const offline = await offlineReplay(script);
    expect(offline.ok).toBe(true);
    expect(offline.applied).toBe(final.seq);
    expect(offline.outcome).toEqual(final.outcome);
    const live = await srv.server.tables.open(table.id);
    expect(offline.hash).toBe(stateHash(live.stateForServer()));

    const info = await api(srv.url, `/tables/${table.id}`);
    expect((info.body as { table: { status: string; outcome: unknown } }).table).toMatchObject({
      status: 'finished',
      outcome: final.outcome,
    });

    // Every text names the players by the table's names: Ann and Bob, and the bots' own names,
    // which differ from each other; "you" for oneself; never "Seat 2" or "heuristic".
    const seatsNow = (info.body as { table: TableInfo }).table.seats;
    const botNames = botNamesFor(table.id, seats.length);
    const names = seats.map((s, i) => (s.kind === 'bot' ? botNames[i]! : i === humans[0] ? 'Ann' : 'Bob'));
    expect(seatsNow.map((s) => s.name)).toEqual(
      seats.map((s, i) => (s.kind === 'bot' ? `${names[i]} · ${botLevel(s.bot)}` : names[i])),
    );
    const bots = seatsNow.filter((s) => s.kind === 'bot').map((s) => s.name);
    expect(new Set(bots).size).toBe(bots.length);
    for (const [seat, client] of [...clients, ['spectator', spectator] as const]) {
      const texts = client
        .updates()
        .flatMap((u) => [
          ...(u.labels ?? []),
          ...(u.confirm ?? []).filter((q) => q !== null),
          ...u.events.map((e) => e.text),
        ]);
      for (const text of texts) expect(text).not.toMatch(/\bSeat \d|\bPlayer [A-D]\b|heuristic|random/);
      const others = names.flatMap((name, s) => (s === seat ? [] : [`${name} (${seatLetter(s)})`]));
      // Every other seat is named somewhere in this viewer's log; its own name never is.
      for (const other of others)
        expect(
          texts.some((t) => t.includes(other)),
          `${seat}: ${other}`,
        ).toBe(true);
      if (seat !== 'spectator') {
        expect(texts.some((t) => t.includes(`${names[seat]} (${seatLetter(seat)})`))).toBe(false);
        expect(texts.some((t) => /\b(You|you|your|Your)\b/.test(t))).toBe(true);
      }
    }

    // Nothing any connection received tells it more than its viewer may know.
    const history = rebuild(game, script);
    const secrets = [script.seed, ...tokens.map((t) => t.token)];
    for (const [seat, client] of clients) {
      expect(client.invalid).toEqual([]);
      expectContiguous(client.updates(), final.seq);
      const others = [tokens[0]!.token, bob.token].filter((_, i) => clients[i]![0] !== seat);
      expect(
        checkWire(
          game,
          script,
          history,
          { viewer: seat, updates: client.updates(), raw: client.raw },
          [script.seed, ...others],
          names,
        ),
      ).toEqual([]);
    }
    // Beside each legal action, the game's question for a person (Pocket Imperium asks before a
    // command is stopped with actions left); the leak check above compared it with the truth.
    for (const [, client] of clients)
      for (const u of client.updates()) {
        expect(u.confirm?.length).toBe(u.legal?.length);
        expect(u.labels?.length).toBe(u.legal?.length);
      }
    if (gameId === 'pocket-imperium')
      expect(clients.some(([, c]) => c.updates().some((u) => u.confirm?.some((q) => q !== null)))).toBe(true);
    expect(spectator.invalid).toEqual([]);
    expectContiguous(spectator.updates(), final.seq);
    expect(
      spectator.updates().every((u) => u.viewer === 'spectator' && u.legal === null && u.labels === null),
    ).toBe(true);
    expect(
      checkWire(
        game,
        script,
        history,
        { viewer: 'spectator', updates: spectator.updates(), raw: spectator.raw },
        [...secrets, bob.token],
        names,
      ),
    ).toEqual([]);
    for (const c of [...clients.map(([, c]) => c), spectator]) await c.close();
  });
});
