/**
 * Clocks and absence limits enforced: a seat that runs out of time, or whose player stays away
 * while it must act, is taken over by the table's takeover bot so the others can finish; the
 * takeover is stored and shown; the player reclaims the seat; the clock readings in every update
 * are what the stored log says; and a restarted server arms its timers again.
 *
 * Tables are written straight into the storage with clocks of milliseconds (the protocol would
 * refuse them), then played over real sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClockSettings,
  ServerMessage,
  TableInfo,
  TableMessage,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { LiveMatch } from '../../src/server/live.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import type { ControlChange, Storage } from '../../src/server/storage/types.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, connect, freshDb, RandomPlayer, seedTable, startTestServer } from './harness.ts';
import type { Client, TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const FIXTURE_SERVER = { games: FIXTURES, registryUrl: FIXTURE_REGISTRY } as const;
const GAME = FIXTURES[0]!;

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(FIXTURE_SERVER);
});
afterAll(() => srv.drop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first `table` message (received so far or later) in which `seat` is played by a bot or not. */
function tableWhere(client: Client, test: (t: TableInfo) => boolean, what: string, timeoutMs = 15_000) {
  return client.seen((m): m is TableMessage => m.type === 'table' && test(m.table), timeoutMs, what);
}

/** The first update this client received after message `after` (by arrival). */
function updateAfter(client: Client, after: ServerMessage): UpdateMessage {
  const start = client.received.indexOf(after);
  const next = client.received.slice(start + 1).find((m): m is UpdateMessage => m.type === 'update');
  if (!next) throw new Error('no update after that message');
  return next;
}

async function info(id: string): Promise<TableInfo> {
  return ((await api(srv.url, `/tables/${id}`)).body as { table: TableInfo }).table;
}

async function controlOf(storage: Storage, id: string): Promise<ControlChange[]> {
  return (await storage.loadMatch(id))!.control;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Every clock reading a client was sent is the one the stored log gives: the match rebuilt from
 * its actions up to the update's seq and the seat changes made by then, read at the update's
 * time. (A seat change stored in the same millisecond as the update may fall either side of it.)
 */
async function expectReadingsFromTheLog(storage: Storage, id: string, clients: readonly Client[]) {
  const { match, actions, control } = (await storage.loadMatch(id))!;
  let checked = 0;
  for (const client of clients)
    for (const u of client.updates()) {
      const readAt = (changes: ControlChange[]) =>
        LiveMatch.restore(GAME, match, actions.slice(0, u.seq), changes).update(
          u.viewer,
          u.seq,
          u.clocks!.at,
        )!.clocks;
      const before = control.filter((c) => c.seq <= u.seq && c.at < u.clocks!.at);
      const upTo = control.filter((c) => c.seq <= u.seq && c.at <= u.clocks!.at);
      const expected = [readAt(before), readAt(upTo)];
      expect(expected).toContainEqual(u.clocks);
      checked++;
    }
  expect(checked).toBeGreaterThan(5);
}

describe('real time: a seat whose bank runs out', () => {
  it('is taken over by the takeover bot, the others finish, and the result says a bot finished for it', async () => {
    const clock: ClockSettings = { kind: 'realtime', baseMs: 1_500, incrementMs: 200 };
    const { id, tokens } = await seedTable(srv.server.storage, {
      game: GAME,
      seats: ['human', 'human'],
      clock,
    });
    const ann = await connect(srv.wsUrl, id, [tokens[0]!], { shortClocks: true });
    const bob = await connect(srv.wsUrl, id, [tokens[1]!], { shortClocks: true });
    const bobFirst = await bob.takeType('update');
    expect(bobFirst.legal).not.toBeNull();
    const annPlayer = new RandomPlayer(ann, 0, 'ann');
    annPlayer.start();

    // Bob is connected but never moves: his bank runs dry and a bot plays on for him.
    const taken = await tableWhere(bob, (t) => t.seats[1]!.controlledByBot, 'the takeover');
    const takeover = taken.table.seats[1]!.takeover!;
    expect(takeover.reason).toBe('time');
    expect(takeover.at - taken.table.startedAt!).toBeGreaterThanOrEqual(clock.baseMs);
    expect(taken.table.seats[0]).toMatchObject({ controlledByBot: false, takeover: null });
    // His next update: nothing to choose, his clock stopped at zero.
    const after = updateAfter(bob, taken);
    expect(after.legal).toBeNull();
    expect(after.confirm).toBeNull();
    expect(after.labels).toBeNull();
    expect(after.clocks!.remainingMs[1]).toBe(0);
    expect(after.clocks!.running).not.toContain(1);
    // He cannot act for the seat while the bot plays it.
    bob.send({ type: 'act', id: 'late', seat: 1, seq: bobFirst.seq, action: bobFirst.legal![0] });
    expect(await bob.reply('late')).toMatchObject({ type: 'error', code: 'taken_over' });

    const final = await annPlayer.done;
    expect(final.outcome).not.toBeNull();
    const result = await info(id);
    expect(result.status).toBe('finished');
    expect(result.seats[1]).toMatchObject({ controlledByBot: true, takeover });
    expect(result.seats[0]).toMatchObject({ controlledByBot: false, takeover: null });
    const stored = (await srv.server.storage.loadMatch(id))!;
    expect(stored.control).toEqual([
      { seat: 1, seq: takeover.seq, at: takeover.at, kind: 'takeover', reason: 'time' },
    ]);
    expect(stored.match.seats[1]!.takeover).toEqual(takeover);
    // The bot did play the seat: seat 1 acted after the takeover.
    expect(stored.actions.some((a) => a.seat === 1 && a.seq > takeover.seq)).toBe(true);
    expect(annPlayer.problems).toEqual([]);
    // A rematch starts with every seat its player's again.
    const rematch = await api(srv.url, `/tables/${id}/rematch`, { body: { tokens: [tokens[0]!] } });
    expect(rematch.status).toBe(201);
    const next = (rematch.body as { table: TableInfo }).table;
    expect(next.seats.map((x) => [x.controlledByBot, x.takeover])).toEqual([
      [false, null],
      [false, null],
    ]);
    await expectReadingsFromTheLog(srv.server.storage, id, [ann, bob]);
    for (const c of [ann, bob]) expect(c.invalid).toEqual([]);
    await Promise.all([ann.close(), bob.close()]);
  });
});

describe('absence: a seat whose player stays away while it must act', () => {
  it('is taken over; its player reclaims it on return and plays on; leaving again hands it back', async () => {
    const absentMs = 300;
    const { id, tokens } = await seedTable(srv.server.storage, {
      game: GAME,
      seats: ['human', 'human'],
      clock: { kind: 'none' },
      takeover: { bot: { bot: 'random' }, absentMs },
    });
    const ann = await connect(srv.wsUrl, id, [tokens[0]!], { shortClocks: true });
    const annPlayer = new RandomPlayer(ann, 0, 'ann');
    annPlayer.start();
    // Bob never came: from the start his seat had to bid.
    const taken = await tableWhere(ann, (t) => t.seats[1]!.controlledByBot, 'the takeover');
    const first = taken.table.seats[1]!.takeover!;
    expect(first.reason).toBe('absent');
    expect(first.at - taken.table.startedAt!).toBeGreaterThanOrEqual(absentMs);

    // Bob comes back: the bot still plays his seat until he reclaims it.
    const bob = await connect(srv.wsUrl, id, [tokens[1]!], { shortClocks: true });
    const welcome = bob.received.find((m) => m.type === 'welcome')!;
    expect(welcome.type === 'welcome' && welcome.table.seats[1]!.controlledByBot).toBe(true);
    expect((await bob.takeType('update')).legal).toBeNull();
    // Only a seat one holds can be reclaimed.
    bob.send({ type: 'reclaim', id: 'not-mine', seat: 0 });
    expect(await bob.reply('not-mine')).toMatchObject({ type: 'error', code: 'not_your_seat' });
    bob.send({ type: 'reclaim', id: 'back', seat: 1 });
    const ack = await bob.reply('back');
    expect(ack.type).toBe('ack');
    const back = await tableWhere(bob, (t) => !t.seats[1]!.controlledByBot, 'the reclaim');
    expect(back.table.seats[1]!.takeover).toBeNull();
    // Reclaiming a seat one already plays changes nothing.
    bob.send({ type: 'reclaim', id: 'again', seat: 1 });
    expect(await bob.reply('again')).toMatchObject({ type: 'ack' });

    // He plays a few moves himself, then leaves for good.
    let moves = 0;
    const bobPlayer = new RandomPlayer(bob, 1, 'bob', () => moves++ >= 4);
    bobPlayer.start();
    await waitFor(async () => (bobPlayer.acted >= 3 ? true : undefined), 'bob playing');
    await bob.close();
    const again = await tableWhere(
      ann,
      (t) => t.seats[1]!.controlledByBot && t.seats[1]!.takeover!.at > first.at,
      'the second takeover',
    );
    expect(again.table.seats[1]!.takeover!.reason).toBe('absent');

    const final = await annPlayer.done;
    expect(final.outcome).not.toBeNull();
    const control = await controlOf(srv.server.storage, id);
    expect(control.map((c) => [c.seat, c.kind, c.reason])).toEqual([
      [1, 'takeover', 'absent'],
      [1, 'reclaim', null],
      [1, 'takeover', 'absent'],
    ]);
    // His own moves fall between the reclaim and the second takeover.
    const log = (await srv.server.storage.loadMatch(id))!.actions;
    const his = log.filter((a) => a.seat === 1 && a.seq > control[1]!.seq && a.seq <= control[2]!.seq);
    expect(his.length).toBeGreaterThanOrEqual(bobPlayer.acted);
    expect((await info(id)).seats[1]).toMatchObject({ controlledByBot: true });
    await ann.close();
  });
});

describe('absence while the match is out of memory', () => {
  it('is counted from when the player left, not from when the match was loaded again', async () => {
    const absentMs = 800;
    const forgetful = await startTestServer({ ...FIXTURE_SERVER, idleMs: 50 });
    try {
      const { id, tokens } = await seedTable(forgetful.server.storage, {
        game: GAME,
        seats: ['human', 'human'],
        clock: { kind: 'none' },
        takeover: { bot: { bot: 'random' }, absentMs },
      });
      // Ann bids and leaves; Bob never came. Nobody follows the match, so it is soon forgotten.
      const loadedAt = Date.now();
      const ann = await connect(forgetful.wsUrl, id, [tokens[0]!], { shortClocks: true });
      const u = await ann.takeType('update');
      ann.send({ type: 'act', id: 'bid', seat: 0, seq: u.seq, action: u.legal![0] });
      expect(await ann.reply('bid')).toMatchObject({ type: 'ack' });
      await ann.close();
      await waitFor(async () => (forgetful.server.tables.liveCount === 0 ? true : undefined), 'eviction');
      const [away] = await waitFor(async () => {
        const control = await controlOf(forgetful.server.storage, id);
        return control.length > 0 ? control : undefined;
      }, 'the takeover');
      expect(away).toMatchObject({ seat: 1, kind: 'takeover', reason: 'absent' });
      // Bob has been away since the match was first loaded: the limit runs from then.
      expect(away!.at - loadedAt).toBeGreaterThanOrEqual(absentMs);
      expect(away!.at - loadedAt).toBeLessThan(2 * absentMs);
    } finally {
      await forgetful.drop();
    }
  });
});

describe.each<[string, ClockSettings, number]>([
  ['real time', { kind: 'realtime', baseMs: 1_000, incrementMs: 100 }, 100],
  ['turn-based', { kind: 'turn', perMoveMs: 700 }, 700],
])('%s: a reclaimed seat', (_label, clock, allowance) => {
  it(`gets ${allowance} ms (the rule's allowance), and is taken over again when they run out`, async () => {
    const { id, tokens } = await seedTable(srv.server.storage, {
      game: GAME,
      seats: ['human', 'human'],
      clock,
    });
    const ann = await connect(srv.wsUrl, id, [tokens[0]!], { shortClocks: true });
    const bob = await connect(srv.wsUrl, id, [tokens[1]!], { shortClocks: true });
    const annPlayer = new RandomPlayer(ann, 0, 'ann');
    annPlayer.start();
    const taken = await tableWhere(bob, (t) => t.seats[1]!.controlledByBot, 'the takeover');
    expect(taken.table.seats[1]!.takeover!.reason).toBe('time');
    bob.send({ type: 'reclaim', id: 'back', seat: 1 });
    expect(await bob.reply('back')).toMatchObject({ type: 'ack' });
    const back = await tableWhere(bob, (t) => !t.seats[1]!.controlledByBot, 'the reclaim');
    const reading = updateAfter(bob, back).clocks!;
    const bobs = async () => (await controlOf(srv.server.storage, id)).filter((c) => c.seat === 1);
    const [, reclaim] = await bobs();
    expect(reclaim).toMatchObject({ seat: 1, kind: 'reclaim' });
    if (reading.running.includes(1))
      expect(reading.remainingMs[1]).toBe(allowance - (reading.at - reclaim!.at));
    else if (clock.kind === 'realtime') expect(reading.remainingMs[1]).toBe(allowance);

    // Bob still does not move: once the allowance is spent, the bot has the seat again.
    const again = await tableWhere(
      bob,
      (t) => t.seats[1]!.controlledByBot && t.seats[1]!.takeover!.at > reclaim!.at,
      'the second takeover',
    );
    expect(again.table.seats[1]!.takeover!.reason).toBe('time');
    expect(again.table.seats[1]!.takeover!.at - reclaim!.at).toBeGreaterThanOrEqual(allowance);
    await annPlayer.done;
    // (Ann's own clock is generous enough that she never runs out, but only Bob's seat is at issue.)
    expect((await bobs()).map((c) => c.kind)).toEqual(['takeover', 'reclaim', 'takeover']);
    await expectReadingsFromTheLog(srv.server.storage, id, [ann, bob]);
    for (const c of [ann, bob]) expect(c.invalid).toEqual([]);
    await Promise.all([ann.close(), bob.close()]);
  });
});

describe('on start-up (after a restart)', () => {
  it('arms the timers again from the log: no visitor is needed for a seat to be taken over', async () => {
    // The database as a server left it: three playing matches, and no server running.
    const db = await freshDb('sqlite');
    const seeding = await openStorage(db.location);
    const longAgo = Date.now() - 5_000;
    const bothHumans = { game: GAME, seats: ['human', 'human'] } as const;
    // Its clocks ran out while the server was down.
    const ranDry = await seedTable(seeding, {
      ...bothHumans,
      clock: { kind: 'realtime', baseMs: 1_000, incrementMs: 0 },
      startedAt: longAgo,
    });
    // Its players have been away for long, but a restart disconnected everyone: absence counts anew.
    const away = await seedTable(seeding, {
      ...bothHumans,
      clock: { kind: 'none' },
      takeover: { bot: { bot: 'random' }, absentMs: 400 },
      startedAt: longAgo,
    });
    // Its clocks run out after the start.
    const soon = await seedTable(seeding, {
      ...bothHumans,
      clock: { kind: 'turn', perMoveMs: 1_500 },
    });
    const soonStarted = (await seeding.loadMatch(soon.id))!.match.startedAt!;
    await seeding.close();

    const startedAt = Date.now();
    const server = await startTestServer({ ...FIXTURE_SERVER, location: db.location });
    try {
      const storage = server.server.storage;
      const takeovers = (id: string) =>
        waitFor(async () => {
          const control = await controlOf(storage, id);
          return control.length >= 2 ? control : undefined;
        }, `both seats of ${id} taken over`);
      for (const change of await takeovers(ranDry.id)) {
        expect(change).toMatchObject({ kind: 'takeover', reason: 'time', seq: 0 });
        expect(change.at).toBeGreaterThanOrEqual(startedAt);
      }
      for (const change of await takeovers(away.id)) {
        expect(change).toMatchObject({ kind: 'takeover', reason: 'absent' });
        expect(change.at - startedAt).toBeGreaterThanOrEqual(400);
      }
      for (const change of await takeovers(soon.id)) {
        expect(change).toMatchObject({ kind: 'takeover', reason: 'time', seq: 0 });
        expect(change.at - soonStarted).toBeGreaterThanOrEqual(1_500);
      }
      // And the bots play those matches to the end, with nobody watching.
      for (const id of [ranDry.id, away.id, soon.id])
        await waitFor(
          async () => ((await storage.loadMatch(id))!.match.status === 'finished' ? true : undefined),
          `${id} to finish`,
        );
    } finally {
      await server.stop();
      await db.drop();
    }
  });
});
