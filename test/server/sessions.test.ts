/**
 * Sequence numbers on the wire: stale choices are refused, simultaneous choices from different
 * clients are all accepted, a reconnecting client gets exactly the events it missed, and one
 * connection can hold several seats (hot-seat) while seeing only the focused one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/core/index.ts';
import type { CreateTableResponse, JoinResponse, SeatSpec, UpdateMessage } from '../../src/protocol/index.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import type { BidView } from '../fixtures/secret-bid.ts';
import { api, connect, RandomPlayer, startTestServer } from './harness.ts';
import type { Client, TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;

async function createTable(
  srv: TestServer,
  game: string,
  seats: SeatSpec[],
  claim: number[],
  options: Record<string, unknown> = {},
): Promise<CreateTableResponse> {
  const reply = await api(srv.url, '/tables', {
    body: { game, players: seats.length, options, name: 'Ann', seats, claim },
  });
  expect(reply.status).toBe(201);
  return reply.body as CreateTableResponse;
}

/** The latest update this client has for `seat`. */
function latest(client: Client, seat: number | 'spectator'): UpdateMessage {
  const update = client
    .updates()
    .filter((u) => u.viewer === seat)
    .at(-1);
  if (!update) throw new Error(`no update for ${seat}`);
  return update;
}

async function updateAtLeast(client: Client, seq: number, timeoutMs = 10_000): Promise<UpdateMessage> {
  return client.seen(
    (m): m is UpdateMessage => m.type === 'update' && m.seq >= seq,
    timeoutMs,
    `update ${seq}`,
  );
}

describe('a simultaneous game (the secret-bid fixture: secret bids, then an objection window)', () => {
  let srv: TestServer;
  let clients: Client[];
  let table: string;

  beforeAll(async () => {
    srv = await startTestServer({ games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
  });
  // A fresh table per test, with the largest hand: the deal is the server's secret, so a shared
  // table could run out of rounds (or of objection windows) before a later test reaches its step.
  beforeEach(async () => {
    const created = await createTable(
      srv,
      'secret-bid',
      [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      [0, 1, 2],
      { handSize: 5 },
    );
    table = created.table.id;
    expect(created.table.status).toBe('playing');
    clients = await Promise.all(created.tokens.map((t) => connect(srv.wsUrl, table, [t.token])));
    await Promise.all(clients.map((c) => c.takeType('update')));
  });
  afterEach(async () => {
    for (const c of clients) expect(c.invalid).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
  });
  afterAll(async () => {
    await srv.drop();
  });

  /** Waits until every client has the update for the match's current seq. */
  async function sync(): Promise<UpdateMessage> {
    const { seq } = await srv.server.tables.open(table);
    await Promise.all(clients.map((c) => updateAtLeast(c, seq)));
    return latest(clients[0]!, 0);
  }

  const phaseOf = (u: UpdateMessage) => (u.view as unknown as BidView).phase;

  /** Every seat sends the action `choose` picks, all against the same update, without waiting. */
  async function allAtOnce(seats: number[], choose: (view: BidView, legal: unknown[]) => unknown) {
    const seq = latest(clients[seats[0]!]!, seats[0]!).seq;
    const ids = seats.map((seat) => {
      const u = latest(clients[seat]!, seat);
      expect(u.seq).toBe(seq);
      const id = `r${seq}-${seat}`;
      clients[seat]!.send({
        type: 'act',
        id,
        seat,
        seq,
        action: choose(u.view as unknown as BidView, u.legal!),
      });
      return id;
    });
    return Promise.all(ids.map((id, i) => clients[seats[i]!]!.reply(id)));
  }

  /** Plays the simplest way (bid highest, let every point stand) until `until` holds. */
  async function driveTo(until: (u: UpdateMessage) => boolean): Promise<UpdateMessage> {
    for (let step = 0; step < 100; step++) {
      const u = await sync();
      if (until(u)) return u;
      if (phaseOf(u) === 'over') throw new Error('the game ended first');
      await allAtOnce(u.actors, (view, legal) =>
        phaseOf(u) === 'bid'
          ? { type: 'bid', card: Math.max(...view.hand!) }
          : legal.find((a) => jsonEqual(a, { type: 'pass' })),
      );
    }
    throw new Error('never reached');
  }

  it('accepts every secret bid chosen against the same update, in whatever order they arrive', async () => {
    const start = await sync();
    expect(start.actors).toEqual([0, 1, 2]);
    const replies = await allAtOnce([0, 1, 2], (view) => ({ type: 'bid', card: Math.max(...view.hand!) }));
    expect(replies.map((r) => r.type)).toEqual(['ack', 'ack', 'ack']);
    expect(replies.map((r) => (r as { seq: number }).seq).sort()).toEqual([
      start.seq + 1,
      start.seq + 2,
      start.seq + 3,
    ]);
  });

  it('refuses a second submission chosen against the same update (no silent reapplication)', async () => {
    const current = await driveTo((u) => phaseOf(u) === 'bid' && u.actors.length === 3);
    const card = (current.view as unknown as BidView).hand![0]!;
    clients[0]!.send({ type: 'act', id: 'first', seat: 0, seq: current.seq, action: { type: 'bid', card } });
    expect(await clients[0]!.reply('first')).toMatchObject({ type: 'ack', seq: current.seq + 1 });
    // Seat 0 may not bid twice; the same action again against the same update is stale, not illegal.
    clients[0]!.send({ type: 'act', id: 'again', seat: 0, seq: current.seq, action: { type: 'bid', card } });
    expect(await clients[0]!.reply('again')).toMatchObject({
      type: 'error',
      code: 'stale_seq',
      seq: current.seq + 1,
    });
    // The same request id again is answered as before, not applied twice.
    clients[0]!.send({ type: 'act', id: 'first', seat: 0, seq: current.seq, action: { type: 'bid', card } });
    expect(await clients[0]!.reply('first')).toMatchObject({ type: 'ack', seq: current.seq + 1 });
    expect((await srv.server.tables.open(table)).seq).toBe(current.seq + 1);
  });

  it('refuses a sequence number the match has not reached, and passes a game refusal through untouched', async () => {
    const u = await driveTo((v) => phaseOf(v) === 'bid' && v.actors.includes(1));
    const mine = latest(clients[1]!, 1);
    clients[1]!.send({ type: 'act', id: 'ahead', seat: 1, seq: u.seq + 5, action: mine.legal![0] });
    expect(await clients[1]!.reply('ahead')).toMatchObject({ type: 'error', code: 'bad_seq', seq: u.seq });
    clients[1]!.send({ type: 'act', id: 'illegal', seat: 1, seq: u.seq, action: { type: 'bid', card: 99 } });
    expect(await clients[1]!.reply('illegal')).toEqual({
      type: 'refused',
      id: 'illegal',
      seq: u.seq,
      error: { code: 'illegal', rule: 'bid.card-in-hand', message: 'you can only bid a card in your hand' },
    });
    expect((await srv.server.tables.open(table)).seq).toBe(u.seq);
  });

  it('accepts passes from both seats of an objection window against one update; an objection closes it for the other', async () => {
    const inWindow = (u: UpdateMessage) => phaseOf(u) === 'object' && u.actors.length === 2;
    let window = await driveTo(inWindow);
    const passes = await allAtOnce(window.actors, () => ({ type: 'pass' }));
    expect(passes.map((r) => r.type)).toEqual(['ack', 'ack']);

    window = await driveTo(inWindow);
    const replies = await allAtOnce(window.actors, () => ({ type: 'object' }));
    // The first objection ends the window; the other seat chose among options it no longer has.
    expect(replies.map((r) => (r.type === 'error' ? r.code : r.type)).sort()).toEqual(['ack', 'stale_seq']);
  });
});

describe('Pocket Imperium planning over the wire', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.drop());

  it("accepts both people's secret plans chosen against the same update while a bot plans too", async () => {
    const created = await createTable(
      srv,
      'pocket-imperium',
      [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      [0, 1],
    );
    const id = created.table.id;
    const clients = await Promise.all(created.tokens.map((t) => connect(srv.wsUrl, id, [t.token])));
    // Both play randomly through setup and stop at the first planning window.
    const planning = (u: UpdateMessage) => u.actors.length > 1;
    const paused: Promise<UpdateMessage>[] = [];
    clients.forEach((client, seat) => {
      let resolve!: (u: UpdateMessage) => void;
      paused.push(new Promise((r) => (resolve = r)));
      const player = new RandomPlayer(client, seat, `pi:${seat}`, (u) => {
        if (planning(u)) resolve(u);
        return planning(u);
      });
      player.start();
    });
    const [a, b] = await Promise.all(paused);
    const window = Math.min(a!.seq, b!.seq);
    const first = [a!, b!].find((u) => u.seq === window)!;
    expect(first.actors).toEqual(expect.arrayContaining([0, 1, 2]));
    // Let the bot plan first, so the window's update is stale in the naive sense (seq moved on).
    await clients[0]!.take((m): m is UpdateMessage => m.type === 'update' && m.seq > window);
    const plan = first.legal![0];
    const other = first.legal![1];
    clients[0]!.send({ type: 'act', id: 'plan-a', seat: 0, seq: window, action: plan });
    expect(await clients[0]!.reply('plan-a')).toMatchObject({ type: 'ack', seq: window + 2 });
    // Seat 0's own plan moved its options on: a second plan chosen at the old update is stale…
    clients[0]!.send({ type: 'act', id: 'plan-a2', seat: 0, seq: window, action: other });
    expect(await clients[0]!.reply('plan-a2')).toMatchObject({ type: 'error', code: 'stale_seq' });
    // …while seat 1's choice at that same update still stands: nothing it could choose has changed.
    clients[1]!.send({ type: 'act', id: 'plan-b', seat: 1, seq: window, action: plan });
    expect(await clients[1]!.reply('plan-b')).toMatchObject({ type: 'ack', seq: window + 3 });
    for (const c of clients) expect(c.invalid).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
  });
});

describe('leaving and coming back', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.drop());

  it('a reconnecting client gets the current view and exactly the events it missed', async () => {
    const created = await createTable(
      srv,
      'prosperitea',
      [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      [0],
    );
    const id = created.table.id;
    const bob = (await api(srv.url, `/tables/${id}/join`, { body: { name: 'Bob' } })).body as JoinResponse;
    const ann = await connect(srv.wsUrl, id, [created.tokens[0]!.token]);
    const bob1 = await connect(srv.wsUrl, id, [bob.token]);
    // A second connection of Bob's stays for the whole test: the reference for what Bob should see.
    const witness = await connect(srv.wsUrl, id, [bob.token]);
    const pa = new RandomPlayer(ann, 0, 'ann');
    const pb = new RandomPlayer(bob1, 1, 'bob');
    pa.start();
    pb.start();
    await updateAtLeast(witness, 15);
    await bob1.close();
    const lastSeen = latest(bob1, 1).seq;
    // Ann and the bot play on until the game needs Bob.
    await witness.take(
      (m): m is UpdateMessage => m.type === 'update' && m.seq > lastSeen && m.legal !== null,
      20_000,
    );
    await witness.settle(300);
    expect(latest(witness, 1).seq).toBeGreaterThan(lastSeen);

    const back = await connect(srv.wsUrl, id, [bob.token], { lastSeq: lastSeen });
    const welcome = back.received.find((m) => m.type === 'welcome')!;
    expect(welcome).toMatchObject({ seats: [1], focus: 1 });
    const resumed = await back.takeType('update');
    // On a busy machine the bot may still move after the witness went quiet: compare with what the
    // witness was sent at the same sequence number, which it gets too.
    const current = await witness.seen(
      (m): m is UpdateMessage => m.type === 'update' && m.viewer === 1 && m.seq === resumed.seq,
      10_000,
      `the witness's update ${resumed.seq}`,
    );
    const missed = witness
      .updates()
      .flatMap((u) => u.events)
      .filter((e) => e.seq > lastSeen && e.seq <= resumed.seq);
    expect(resumed.from).toBe(lastSeen);
    expect(resumed.seq).toBeGreaterThan(lastSeen);
    // Every action missed may have been secret to Bob (an order started in secret tells him
    // nothing): then there is no event to resend, and the view at the later seq is what counts.
    expect(resumed.events).toEqual(missed);
    expect(resumed.view).toEqual(current.view);
    expect(resumed.legal).toEqual(current.legal);

    // And the game goes on to the end from the reconnected client.
    const pb2 = new RandomPlayer(back, 1, 'bob-again');
    pb2.start();
    const [fa, fb] = await Promise.all([pa.done, pb2.done]);
    expect(fb.outcome).toEqual(fa.outcome);
    expect(pb2.problems).toEqual([]);
    for (const c of [ann, bob1, witness, back]) expect(c.invalid).toEqual([]);
    for (const c of [ann, witness, back]) await c.close();
  });
});

describe('hot-seat: several seats on one connection', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
  });
  afterAll(() => srv.drop());

  it("sends only the focused seat's view, switches on focus, and acts for any held seat", async () => {
    const created = await createTable(
      srv,
      'secret-bid',
      [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      [0, 1],
    );
    const id = created.table.id;
    expect(created.table.status).toBe('waiting');
    const carol = (await api(srv.url, `/tables/${id}/join`, { body: { name: 'Carol' } }))
      .body as JoinResponse;
    expect(carol.seat).toBe(2);
    const device = await connect(
      srv.wsUrl,
      id,
      created.tokens.map((t) => t.token),
      { focus: 0 },
    );
    const first = await device.takeType('update');
    expect(first.viewer).toBe(0);
    const handOf = (u: UpdateMessage) => (u.view as unknown as BidView).hand;

    // Pass the device to seat 1: its view only, from the start.
    device.send({ type: 'focus', viewer: 1 });
    const second = await device.takeType('update');
    expect(second.viewer).toBe(1);
    expect(second.from).toBe(0);
    expect(handOf(second)).not.toEqual(null);

    // Seat 0 acts while seat 1 is in front of the screen: allowed (the device holds both tokens),
    // and what comes back is seat 1's view, never seat 0's hand.
    device.send({ type: 'act', id: 'zero', seat: 0, seq: first.seq, action: first.legal![0] });
    expect(await device.reply('zero')).toMatchObject({ type: 'ack' });
    const after = await device.takeType('update');
    expect(after.viewer).toBe(1);
    const sinceFocus = device.received.slice(device.received.indexOf(second));
    expect(
      sinceFocus.filter((m): m is UpdateMessage => m.type === 'update').every((u) => u.viewer === 1),
    ).toBe(true);

    // A seat the device holds no token for cannot be looked at or played.
    device.send({ type: 'focus', viewer: 2 });
    expect(await device.takeType('error')).toMatchObject({ code: 'not_your_seat' });
    device.send({ type: 'act', id: 'two', seat: 2, seq: after.seq, action: { type: 'bid', card: 1 } });
    expect(await device.reply('two')).toMatchObject({ type: 'error', code: 'not_your_seat' });
    expect(device.invalid).toEqual([]);
    await device.close();
  });
});

describe('bots off the event loop', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ games: FIXTURES, registryUrl: FIXTURE_REGISTRY });
  });
  afterAll(() => srv.drop());

  it("a bot searching for a second and a half at one table does not delay another table's actions", async () => {
    const slow = await createTable(
      srv,
      'secret-bid',
      [{ kind: 'bot', bot: 'ismcts', ms: 1500 }, { kind: 'human' }],
      [1],
    );
    const fast = await createTable(srv, 'secret-bid', [{ kind: 'human' }, { kind: 'human' }], [0, 1]);
    const watcher = await connect(srv.wsUrl, slow.table.id, []);
    const ann = await connect(srv.wsUrl, fast.table.id, [fast.tokens[0]!.token]);
    const start = await ann.takeType('update');
    ann.send({ type: 'act', id: 'quick', seat: 0, seq: start.seq, action: start.legal![0] });
    expect(await ann.reply('quick')).toMatchObject({ type: 'ack' });
    // The bot at the other table is still thinking: its move has not happened yet…
    expect((await srv.server.tables.open(slow.table.id)).seq).toBe(0);
    // …and it does come.
    const moved = await updateAtLeast(watcher, 1, 20_000);
    expect(moved.events.map((e) => e.text)).toContain('Seat 0 bids face down.');
    await Promise.all([watcher.close(), ann.close()]);
  });
});
