/**
 * The protocol client's `explain`, without a browser: a fake WebSocket stands for the browser's and
 * the test plays the server. Checked: a question goes out as `explain` and its answer comes back as
 * the promise's value; questions leave at most every EXPLAIN_INTERVAL_MS, the latest waiting one
 * replacing an older; a link that drops, a hot-seat switch or a spectator's seat answer at once
 * that no answer will come; and none of it touches the snapshot's refusal (the moves' own).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage, ServerMessage, TableInfo, UpdateMessage } from '../../src/protocol/index.ts';
import { EXPLAIN_INTERVAL_MS, TableClient } from '../../src/web/net/client.ts';
import type { ClientOptions, Explanation } from '../../src/web/net/client.ts';

class FakeSocket {
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  static made: FakeSocket[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string): void {
    if (this.readyState === 1) this.sent.push(JSON.parse(text) as ClientMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  questions(): Extract<ClientMessage, { type: 'explain' }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { type: 'explain' }> => m.type === 'explain');
  }
}

const TABLE = 'tbl000001';
const INFO = { id: TABLE, game: 'prosperitea', status: 'playing', seats: [] } as unknown as TableInfo;

function update(viewer: number | 'spectator', seq: number): UpdateMessage {
  return {
    type: 'update',
    table: TABLE,
    viewer,
    seq,
    status: 'playing',
    view: {},
    actors: [1],
    legal: null,
    confirm: null,
    labels: null,
    from: 0,
    events: [],
    clocks: null,
    outcome: null,
  };
}

const REFUSAL = { code: 'not_your_turn', rule: 'core.turn', message: 'You may not act now' } as const;

let client: TableClient;
let socket: FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  client = new TableClient({
    table: TABLE,
    tokens: ['tok-a', 'tok-b'],
    url: 'ws://test/api/v1/ws',
    WebSocketImpl: FakeSocket as unknown as ClientOptions['WebSocketImpl'],
    random: () => 0.5,
    network: null,
  });
  client.start();
  socket = FakeSocket.made[0]!;
  socket.open();
  socket.deliver({ type: 'welcome', v: 1, table: INFO, seats: [0, 1], focus: 0 });
  socket.deliver(update(0, 3));
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

/** The promise's value if it has settled, else 'pending'. */
async function settled(p: Promise<Explanation>): Promise<Explanation | 'pending'> {
  let value: Explanation | 'pending' = 'pending';
  void p.then((v) => (value = v));
  // Promise callbacks run at the microtask checkpoint; fake timers leave those alone.
  await Promise.resolve();
  await Promise.resolve();
  return value;
}

describe('TableClient.explain', () => {
  it('asks with an explain and resolves with the answer: refused, or allowed', async () => {
    const first = client.explain({ type: 'fill', slot: 0 });
    const [q1] = socket.questions();
    expect(q1).toMatchObject({ type: 'explain', action: { type: 'fill', slot: 0 } });
    socket.deliver({
      type: 'explained',
      id: q1!.id,
      seq: 3,
      seat: 0,
      label: 'fill slot 1',
      refusal: REFUSAL,
    });
    await expect(first).resolves.toEqual({ kind: 'refused', refusal: REFUSAL, seq: 3, label: 'fill slot 1' });

    await vi.advanceTimersByTimeAsync(EXPLAIN_INTERVAL_MS);
    const second = client.explain({ type: 'end' });
    const q2 = socket.questions()[1]!;
    socket.deliver({ type: 'explained', id: q2.id, seq: 3, seat: 0, label: null, refusal: null });
    await expect(second).resolves.toEqual({ kind: 'allowed', seq: 3, label: null });
    // The moves' refusal is untouched by questions.
    expect(client.snapshot().refusal).toBeNull();
  });

  it('an error answering a question is that question’s answer, not the page’s refusal', async () => {
    const asked = client.explain({ type: 'end' });
    const q = socket.questions()[0]!;
    socket.deliver({
      type: 'error',
      id: q.id,
      code: 'rate_limited',
      message: 'too many messages; slow down',
    });
    await expect(asked).resolves.toEqual({ kind: 'unavailable', message: 'too many messages; slow down' });
    expect(client.snapshot().refusal).toBeNull();
  });

  it('sends at most one question per interval; the latest waiting one replaces an older', async () => {
    const a = client.explain({ n: 1 });
    const b = client.explain({ n: 2 });
    const c = client.explain({ n: 3 });
    expect(socket.questions().map((q) => q.action)).toEqual([{ n: 1 }]);
    // b was waiting and c replaced it: b is told so at once.
    expect(await settled(b)).toMatchObject({ kind: 'unavailable' });
    expect(await settled(c)).toBe('pending');
    await vi.advanceTimersByTimeAsync(EXPLAIN_INTERVAL_MS - 1);
    expect(socket.questions()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.questions().map((q) => q.action)).toEqual([{ n: 1 }, { n: 3 }]);
    for (const q of socket.questions())
      socket.deliver({ type: 'explained', id: q.id, seq: 3, seat: 0, label: null, refusal: REFUSAL });
    await expect(a).resolves.toMatchObject({ kind: 'refused' });
    await expect(c).resolves.toMatchObject({ kind: 'refused' });
  });

  it('a dropped link, a hot-seat switch and a spectator get an answer at once, never a late one', async () => {
    const beforeSwitch = client.explain({ n: 1 });
    const q = socket.questions()[0]!;
    client.focus(1);
    expect(await settled(beforeSwitch)).toMatchObject({ kind: 'unavailable' });
    // Seat 0's answer arriving after the switch is not seat 1's.
    socket.deliver({ type: 'explained', id: q.id, seq: 3, seat: 0, label: null, refusal: REFUSAL });
    socket.deliver(update(1, 3));

    await vi.advanceTimersByTimeAsync(EXPLAIN_INTERVAL_MS);
    const beforeDrop = client.explain({ n: 2 });
    socket.drop();
    expect(await settled(beforeDrop)).toMatchObject({ kind: 'unavailable' });
    // While reconnecting nothing is sent.
    expect(await settled(client.explain({ n: 3 }))).toMatchObject({ kind: 'unavailable' });

    client.focus('spectator');
    expect(await settled(client.explain({ n: 4 }))).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/watching/) as unknown,
    });
    expect(socket.questions()).toHaveLength(2);
  });
});
