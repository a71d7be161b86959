/**
 * `explain`: why an action is not allowed, asked without taking it. Over real sockets: the answer
 * is the engine's own refusal (what `act` would get), nothing changes and nobody hears of it, bad
 * input is refused like any frame, the message is heavy in the flood limits, and the answer says
 * nothing the asking seat could not know — for each game, in a position with hidden information,
 * every answer is the same in every world that seat cannot tell from the true one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import { namesFor, Rng } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import type { CreateTableResponse, ServerMessage } from '../../src/protocol/index.ts';
import { api, Client, connect, gameById, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

type Explained = Extract<ServerMessage, { type: 'explained' }>;
type Answer = Explained | Extract<ServerMessage, { type: 'error' }>;

let srv: TestServer;

beforeAll(async () => {
  // The leak checks ask hundreds of questions: this server does not limit their rate.
  srv = await startTestServer({
    limits: { messagesPerSecond: 1e6, messageBurst: 1e6, abuseLimit: 1e6, openTablesPerClient: 100 },
  });
});
afterAll(() => srv.drop());

/** A table of three human seats, all held by the test (hot-seat), started at once. */
async function newTable(server: TestServer, game: string): Promise<{ id: string; tokens: string[] }> {
  const reply = await api(server.url, '/tables', {
    body: {
      game,
      players: 3,
      name: 'Ann',
      names: ['Ann', 'Ben', 'Cleo'],
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      claim: [0, 1, 2],
    },
  });
  const created = reply.body as CreateTableResponse;
  if (reply.status !== 200 && reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return { id: created.table.id, tokens: created.tokens.map((t) => t.token) };
}

let counter = 0;

/** Sends an `explain` and waits for its answer. */
async function explain(client: Client, action: unknown): Promise<Answer> {
  const id = `e${++counter}`;
  client.send({ type: 'explain', id, action });
  return client.take(
    (m): m is Answer => (m.type === 'explained' || m.type === 'error') && m.id === id,
    10_000,
    `the answer to ${id}`,
  );
}

/** Asks many questions at once; the answers in the order asked. */
async function explainAll(client: Client, actions: readonly unknown[]): Promise<Answer[]> {
  const ids = actions.map(() => `e${++counter}`);
  actions.forEach((action, i) => client.send({ type: 'explain', id: ids[i]!, action }));
  const answers: Answer[] = [];
  for (const id of ids)
    answers.push(
      await client.take(
        (m): m is Answer => (m.type === 'explained' || m.type === 'error') && m.id === id,
        20_000,
        `the answer to ${id}`,
      ),
    );
  return answers;
}

/** Plays random legal actions (chosen from the server's state) until `reached` holds. */
async function playUntil(
  server: TestServer,
  client: Client,
  id: string,
  game: AnyGame,
  reached: (state: never) => boolean,
  seed: string,
): Promise<void> {
  const rng = Rng.fromSeed(seed);
  for (let step = 0; step < 2000; step++) {
    const live = await server.server.tables.open(id);
    const state = live.stateForServer();
    if (reached(state as never)) return;
    const actors = game.actors(state);
    const seat = actors[rng.int(actors.length)]!;
    const legal = game.legalActions(state, seat);
    const requestId = `play-${seed}-${step}`;
    client.send({ type: 'act', id: requestId, seat, seq: live.seq, action: legal[rng.int(legal.length)] });
    const reply = await client.reply(requestId);
    if (reply.type !== 'ack')
      throw new Error(`a legal action was not acknowledged: ${JSON.stringify(reply)}`);
  }
  throw new Error(`${game.id}: the position wanted was not reached`);
}

/** Switches the client's view (and so the seat whose moves `explain` asks about). */
async function focusOn(client: Client, seat: number): Promise<void> {
  client.send({ type: 'focus', viewer: seat });
  await client.seen(
    (m): m is Extract<ServerMessage, { type: 'update' }> =>
      m.type === 'update' && m.viewer === seat && client.received.at(-1) === m,
    10_000,
    `seat ${seat}'s update`,
  );
}

/** What the match looks like from outside: nothing of it may move while questions are asked. */
async function footprint(server: TestServer, id: string) {
  const live = await server.server.tables.open(id);
  const stored = await server.server.storage.loadMatch(id);
  return { seq: live.seq, revision: live.revision, logged: stored!.actions.length, status: live.status };
}

describe('explain answers with the engine’s refusal, and changes nothing', () => {
  it('an illegal action gets the refusal act would get; a legal one is answered null and not taken', async () => {
    const game = gameById(GAMES, 'prosperitea');
    const { id, tokens } = await newTable(srv, 'prosperitea');
    const table = await connect(srv.wsUrl, id, tokens, { focus: 0 });
    await table.takeType('update');
    // Others at the table: a seat's own connection and a spectator, who must hear nothing of it.
    const ben = await connect(srv.wsUrl, id, [tokens[1]!]);
    const watcher = await connect(srv.wsUrl, id, []);
    await Promise.all([ben.takeType('update'), watcher.takeType('update')]);
    await playUntil(srv, table, id, game, (s: { phase: string }) => s.phase === 'source', 'legal');
    const live = await srv.server.tables.open(id);
    const seat = game.actors(live.stateForServer())[0]!;
    await focusOn(table, seat);
    await Promise.all([table.settle(), ben.settle(), watcher.settle()]);
    const heard = { ben: ben.raw.length, watcher: watcher.raw.length };
    const before = await footprint(srv, id);

    // A budget this seat cannot pay, a deck that does not exist, an action of another phase.
    const illegal = [
      { type: 'source', deck: 0, budget: 99 },
      { type: 'source', deck: 9, budget: 0 },
      { type: 'fill', slot: 0 },
    ];
    const answers = await explainAll(table, illegal);
    const legal = live.legalFor(seat)!;
    const allowed = await explainAll(table, legal);
    const after = await footprint(srv, id);
    expect(after).toEqual(before);

    const names = namesFor(seat, live.seatNames());
    answers.forEach((answer, i) => {
      expect(answer).toMatchObject({ type: 'explained', seq: before.seq, seat });
      const refusal = (answer as Explained).refusal;
      expect(refusal).not.toBeNull();
      expect(refusal).toEqual(game.check(live.stateForServer(), seat, illegal[i], names));
      expect(refusal!.rule).toMatch(/^prosperitea\./);
    });
    expect(allowed.map((a) => a.type === 'explained' && a.refusal)).toEqual(legal.map(() => null));

    // The same illegal actions sent for real are refused with exactly those errors.
    for (const [i, action] of illegal.entries()) {
      table.send({ type: 'act', id: `real-${i}`, seat, seq: before.seq, action });
      const reply = await table.reply(`real-${i}`);
      expect(reply).toMatchObject({ type: 'refused', error: (answers[i] as Explained).refusal });
    }
    expect(await footprint(srv, id)).toEqual(before);
    // Nobody else heard a thing, and the asker got answers only (no update, no table message).
    await Promise.all([table.settle(), ben.settle(), watcher.settle()]);
    expect({ ben: ben.raw.length, watcher: watcher.raw.length }).toEqual(heard);
    for (const c of [table, ben, watcher]) expect(c.invalid).toEqual([]);
    await Promise.all([table.close(), ben.close(), watcher.close()]);
  });

  it('a seat that may not act now is told so; a spectator has no moves to explain', async () => {
    const { id, tokens } = await newTable(srv, 'pocket-imperium');
    const game = gameById(GAMES, 'pocket-imperium');
    const live = await srv.server.tables.open(id);
    const actor = game.actors(live.stateForServer())[0]!;
    const idle = [0, 1, 2].find((s) => s !== actor)!;
    const client = await connect(srv.wsUrl, id, [tokens[idle]!]);
    await client.takeType('update');
    const action = live.legalFor(actor)![0];
    expect(await explain(client, action)).toMatchObject({
      type: 'explained',
      seat: idle,
      refusal: { code: 'not_your_turn', rule: 'core.turn', message: 'You may not act now' },
    });

    const spectator = await connect(srv.wsUrl, id, []);
    await spectator.takeType('update');
    expect(await explain(spectator, action)).toMatchObject({ type: 'error', code: 'not_your_seat' });
    // Holding a seat but looking as a spectator (a hot-seat cover): no seat to explain for either.
    const covered = await connect(srv.wsUrl, id, [tokens[actor]!], { focus: 'spectator' });
    await covered.takeType('update');
    expect(await explain(covered, action)).toMatchObject({ type: 'error', code: 'not_your_seat' });
    await Promise.all([client.close(), spectator.close(), covered.close()]);
  });

  it('explains for the focused seat only: a hot-seat device never hears another held seat’s refusal', async () => {
    const game = gameById(GAMES, 'prospectus');
    const { id, tokens } = await newTable(srv, 'prospectus');
    const live = await srv.server.tables.open(id);
    const actor = game.actors(live.stateForServer())[0]!;
    const other = (actor + 1) % 3;
    const device = await connect(srv.wsUrl, id, tokens, { focus: other });
    await device.takeType('update');
    // The actor's own legal action, asked while the device shows another seat: that seat's answer.
    const answer = await explain(device, live.legalFor(actor)![0]);
    expect(answer).toMatchObject({ type: 'explained', seat: other, refusal: { rule: 'core.turn' } });
    await focusOn(device, actor);
    expect(await explain(device, live.legalFor(actor)![0])).toMatchObject({
      type: 'explained',
      seat: actor,
      refusal: null,
    });
    await device.close();
  });

  it('refuses malformed, deep, wide and huge questions like any frame; the connection survives', async () => {
    const { id, tokens } = await newTable(srv, 'prosperitea');
    const before = await footprint(srv, id);
    const early = await Client.connect(srv.wsUrl);
    early.send({ type: 'explain', id: 'early', action: { type: 'end' } });
    expect(await early.takeType('error')).toMatchObject({ id: 'early', code: 'not_authenticated' });
    await early.close();

    const client = await connect(srv.wsUrl, id, [tokens[0]!]);
    await client.takeType('update');
    let deep: unknown = 0;
    for (let i = 0; i < 40; i++) deep = [deep];
    const cases: [unknown, string, RegExp?][] = [
      [{ type: 'explain', id: 'no-action' }, 'bad_request'],
      [{ type: 'explain', id: 'extra', action: { type: 'end' }, seat: 1 }, 'bad_request'],
      [{ type: 'explain', id: 'x'.repeat(65), action: { type: 'end' } }, 'bad_request'],
      [{ type: 'explain', action: { type: 'end' } }, 'bad_request'],
      [{ type: 'explain', id: 'deep', action: deep }, 'bad_request', /nested more than 32 levels/],
      [
        { type: 'explain', id: 'wide', action: Array.from({ length: 5000 }, (_, i) => i) },
        'bad_request',
        /more than 4096 values/,
      ],
      [{ type: 'explain', id: 'huge', action: 'x'.repeat(70_000) }, 'too_large'],
    ];
    for (const [message, code, text] of cases) {
      client.send(message as Record<string, unknown>);
      const error = await client.takeType('error');
      expect({ code: error.code }).toEqual({ code });
      if (text) expect(error.message).toMatch(text);
    }
    // A well-formed question about a malformed action is the engine's shape refusal.
    expect(await explain(client, { type: 'fill', slot: 'one' })).toMatchObject({
      type: 'explained',
      refusal: { code: 'bad_shape', rule: 'core.action-shape' },
    });
    client.send({ type: 'ping', id: 'alive' });
    expect(await client.takeType('pong')).toEqual({ type: 'pong', id: 'alive' });
    expect(client.invalid).toEqual([]);
    expect(await footprint(srv, id)).toEqual(before);
    await client.close();
  });
});

describe('explain in the flood limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      limits: { messagesPerSecond: 20, messageBurst: 40, heavyMessageCost: 5, openTablesPerClient: 10 },
    });
  });
  afterAll(() => limited.drop());

  it('costs as much as a hello: a burst lets a handful through, and a flood of them closes the connection', async () => {
    const { id, tokens } = await newTable(limited, 'prosperitea');
    const client = await connect(limited.wsUrl, id, [tokens[0]!]);
    await client.takeType('update');
    // 40 in the bucket, 5 taken by the hello: 7 questions fit, where 35 pings would.
    for (let i = 0; i < 30; i++) client.send({ type: 'explain', id: `q${i}`, action: { type: 'end' } });
    await client.settle(200);
    const answered = client.received.filter((m) => m.type === 'explained').length;
    const refused = client.received.filter((m) => m.type === 'error' && m.code === 'rate_limited').length;
    expect(answered).toBeGreaterThanOrEqual(7);
    // A slow machine refills a token or two while the 30 are read; never 35 tokens' worth.
    expect(answered).toBeLessThanOrEqual(10);
    expect(answered + refused).toBe(30);
    // Each refusal names the question it refuses.
    expect(client.received.filter((m) => m.type === 'error').every((m) => m.id?.startsWith('q'))).toBe(true);

    const flood = await connect(limited.wsUrl, id, [tokens[1]!]);
    await flood.takeType('update');
    for (let i = 0; i < 400; i++) flood.send({ type: 'explain', id: `f${i}`, action: { type: 'end' } });
    await expect(flood.take((_m): _m is Explained => false, 5000)).rejects.toThrow(/closed \(1008\)/);
    await client.close();
  });
});

/**
 * Every action the viewer might click or type in a position: the legal actions of every seat in
 * the true state and in worlds resampled for the viewer (they name what the viewer cannot see),
 * and the game's board elements taken as would-be actions (`extra`).
 */
function candidates(game: AnyGame, worlds: readonly unknown[], extra: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const world of worlds)
    for (const seat of game.actors(world))
      for (const action of game.legalActions(world, seat)) seen.set(JSON.stringify(action), action);
  for (const action of extra) seen.set(JSON.stringify(action), action);
  return [...seen.values()];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The first seat asked to help fill the order (an actor, who does not know which order it is). */
const helper = (s: ProsperiteaLike) => gameById(GAMES, 'prosperitea').actors(s)[0]!;

/** Whether the pending order comes out otherwise in some world resampled for `viewer`. */
function varies(game: AnyGame, state: ProsperiteaLike, viewer: number): boolean {
  const rng = Rng.fromSeed('varies');
  const truth = JSON.stringify(state.pending);
  return range(8).some(
    () => JSON.stringify((game.resample(state, viewer, rng.fork()) as ProsperiteaLike).pending) !== truth,
  );
}

interface HiddenCase {
  readonly game: string;
  /** A position with something hidden from the viewer, reached by random play. */
  readonly reached: (state: never) => boolean;
  /** The seat asking (an actor, so that its answers are the game's own refusals, not core.turn). */
  readonly viewer: (state: never) => number;
  /** Would-be actions of the board's elements in this position, beyond the legal ones. */
  readonly extra: (state: never) => unknown[];
  /** The hidden part: it must come out otherwise in some resampled world, or the test proves nothing. */
  readonly hidden: (state: never, viewer: number) => unknown;
}

interface ProspectusLike {
  phase: string;
  active: number;
  hands: number[][];
}
interface ProsperiteaLike {
  phase: string;
  current: number;
  players: number;
  pending: { target: { kind: string; order?: number; recipe?: number } | null } | null;
}
interface PocketLike {
  phase: string;
  revealed: number;
  plans: (number[] | null)[];
  sector: number[];
}

const CASES: readonly HiddenCase[] = [
  {
    // The trader's rivals' spells and holdings are behind their screens.
    game: 'prospectus',
    reached: (s: ProspectusLike) =>
      ['tx1', 'play', 'tx2'].includes(s.phase) &&
      s.hands[s.active]!.length > 0 &&
      s.hands.some((h, seat) => seat !== s.active && h.length > 0),
    viewer: (s: ProspectusLike) => s.active,
    extra: () => [
      ...range(16).flatMap((spell) =>
        (['cast', 'council', 'recharge'] as const).map((mode) => ({ t: 'play', spell, mode })),
      ),
      ...range(5).flatMap((potion) => [
        { t: 'tx', kind: 'buy', potion },
        { t: 'tx', kind: 'sell', potion },
        { t: 'draft', potion },
        { t: 'redrop', potion },
      ]),
      ...range(10).map((give) => ({ t: 'recall', give, take: 0 })),
    ],
    hidden: (s: ProspectusLike, viewer) => s.hands.filter((_, seat) => seat !== viewer),
  },
  {
    // Which order the filler is filling is the filler's secret; helpers answer requests blind.
    game: 'prosperitea',
    // …in a position where more than one order (or way to cover it) fits what everyone heard.
    reached: (s: ProsperiteaLike) =>
      s.phase === 'request' && varies(gameById(GAMES, 'prosperitea'), s, helper(s)),
    viewer: (s: ProsperiteaLike) => helper(s),
    extra: (s: ProsperiteaLike) => [
      ...range(9).map((slot) => ({ type: 'fill', slot })),
      ...range(4).map((recipe) => ({ type: 'evergreen', recipe })),
      ...range(20).flatMap((kind) => [
        { type: 'supply', kind },
        ...range(s.players).map((seat) => ({ type: 'ask', seat, kind })),
      ]),
      { type: 'favor' },
      { type: 'abandon' },
      { type: 'advertise', slot: null },
    ],
    hidden: (s: ProsperiteaLike) => s.pending,
  },
  {
    // Plans are secret until each slot is revealed.
    game: 'pocket-imperium',
    reached: (s: PocketLike) => s.phase === 'perform' && s.revealed < 3,
    viewer: (s: PocketLike) => gameById(GAMES, 'pocket-imperium').actors(s)[0]!,
    extra: (s: PocketLike) => [
      ...range(s.sector.length).flatMap((hex) => [
        { type: 'place', hex },
        { type: 'expand', hex },
        { type: 'target', hex },
        { type: 'move', to: hex },
        { type: 'fleet', from: hex, ships: 1 },
        { type: 'attack', from: hex, ships: 1 },
      ]),
      { type: 'plan', order: ['expand', 'explore', 'exterminate'] },
      { type: 'stop' },
      { type: 'end' },
      { type: 'launch' },
    ],
    hidden: (s: PocketLike, viewer) => s.plans.filter((_, seat) => seat !== viewer),
  },
];

describe('explain leaks nothing', () => {
  it.each(CASES.map((c) => [c.game, c] as const))(
    '%s: every answer is the same in every world the asking seat cannot tell from the true one',
    async (_name, c) => {
      const game = gameById(GAMES, c.game);
      const { id, tokens } = await newTable(srv, c.game);
      const device = await connect(srv.wsUrl, id, tokens, { focus: 0 });
      await device.takeType('update');
      await playUntil(srv, device, id, game, c.reached, c.game);
      const live = await srv.server.tables.open(id);
      const state = live.stateForServer();
      const viewer = c.viewer(state as never);
      await focusOn(device, viewer);

      const rng = Rng.fromSeed(`worlds:${c.game}`);
      const worlds = range(8).map(() => game.resample(state, viewer, rng.fork()));
      // The premise: the viewer sees the same in each world, and the worlds do differ.
      const seen = game.view(state, viewer);
      for (const world of worlds) expect(game.view(world, viewer)).toEqual(seen);
      const hidden = (w: unknown) => JSON.stringify(c.hidden(w as never, viewer));
      expect(worlds.some((w) => hidden(w) !== hidden(state))).toBe(true);

      const actions = candidates(game, [state, ...worlds], c.extra(state as never));
      const before = await footprint(srv, id);
      const answers = await explainAll(device, actions);
      expect(await footprint(srv, id)).toEqual(before);

      const names = namesFor(viewer, live.seatNames());
      let refused = 0;
      let labelled = 0;
      const differ: string[] = [];
      answers.forEach((answer, i) => {
        expect(answer).toMatchObject({ type: 'explained', seat: viewer, seq: before.seq });
        const refusal = (answer as Explained).refusal;
        if (refusal) refused++;
        // The server's answer is the engine's, on the true state…
        expect(refusal).toEqual(game.check(state, viewer, actions[i], names));
        // …and its words for the action come from the viewer's own view.
        const label = (answer as Explained).label;
        if (label !== null) expect(label).toBe(game.render.action(actions[i], seen, names));
        if (label !== null) labelled++;
        // …and the same in every world the viewer cannot tell apart from it.
        for (const world of worlds) {
          const there = game.check(world, viewer, actions[i], names);
          if (JSON.stringify(there) !== JSON.stringify(refusal))
            differ.push(
              `${JSON.stringify(actions[i])}: ${JSON.stringify(refusal)} vs ${JSON.stringify(there)}`,
            );
        }
      });
      expect(differ).toEqual([]);
      expect(labelled).toBeGreaterThan(0);
      // The game's own rules answered most of them, not the turn check.
      expect(refused).toBeGreaterThan(actions.length / 2);
      const rules = new Set(
        answers.flatMap((a) => (a.type === 'explained' && a.refusal ? [a.refusal.rule] : [])),
      );
      expect([...rules].some((r) => r.startsWith(`${c.game}.`))).toBe(true);
      expect(device.invalid).toEqual([]);
      await device.close();
    },
  );
});
