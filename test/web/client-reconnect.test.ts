/**
 * The protocol client's reconnection, without a browser: a fake WebSocket class stands for the
 * browser's (injected through `WebSocketImpl`), the test plays the server's side of each socket,
 * and Vitest's fake timers stand for the clock. What is checked is what the page relies on: the
 * backoff, the `hello` that resumes, a log with every event exactly once, no action lost silently,
 * the keep-alive, `stop`, and never the previous seat's view after a hot-seat switch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ClientMessage,
  ServerMessage,
  TableInfo,
  UpdateMessage,
  Viewer,
  VisibleEvent,
} from '../../src/protocol/index.ts';
import { CONNECT_TIMEOUT_MS, PING_MS, SILENT_MS, TableClient } from '../../src/web/net/client.ts';
import type { ClientOptions } from '../../src/web/net/client.ts';

/** One socket as the client sees it; the test drives the server's end (`accept`, `deliver`, `drop`). */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  readyState = FakeSocket.CONNECTING;
  readonly sent: ClientMessage[] = [];
  closedByClient = false;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    private readonly registry: FakeSocket[],
  ) {
    registry.push(this);
  }

  send(text: string): void {
    // A browser throws on a socket still connecting; one that is closed drops the frame silently.
    if (this.readyState === FakeSocket.CONNECTING) throw new Error('send before open');
    if (this.readyState === FakeSocket.OPEN) this.sent.push(JSON.parse(text) as ClientMessage);
  }

  close(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeSocket.CLOSED;
    // As in a browser, the close event comes later, not inside close().
    queueMicrotask(() => this.onclose?.({}));
  }

  // The server's end --------------------------------------------------------------------------

  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
  }

  deliver(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The connection is gone (server killed, network down): refused before open, or cut after. */
  drop(): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({});
  }

  ofType<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type);
  }
}

const TABLE = 'tbl000001';
const INFO = { id: TABLE, game: 'prospectus', status: 'playing', seats: [] } as unknown as TableInfo;

const ev = (seq: number, viewer: Viewer): VisibleEvent => ({ seq, type: 't', text: `${viewer}@${seq}` });

/** An update for `viewer` with one event per action `from + 1` … `seq`, as the server words them. */
function update(viewer: Viewer, from: number, seq: number): UpdateMessage {
  const events = [];
  for (let s = from + 1; s <= seq; s++) events.push(ev(s, viewer));
  const mine = viewer !== 'spectator';
  return {
    type: 'update',
    table: TABLE,
    viewer,
    seq,
    status: 'playing',
    view: { viewer: String(viewer), seq },
    actors: [0, 1],
    legal: mine ? [{ pick: seq }] : null,
    confirm: mine ? [null] : null,
    labels: mine ? [`pick ${seq}`] : null,
    from,
    events,
    clocks: null,
    outcome: null,
  };
}

const welcome = (focus: Viewer, seats = [0, 1]): ServerMessage => ({
  type: 'welcome',
  v: 1,
  table: INFO,
  seats,
  focus,
});

let sockets: FakeSocket[];
let client: TableClient;

function makeClient(options: Partial<ClientOptions> = {}): TableClient {
  const registry = sockets;
  const Impl = class extends FakeSocket {
    constructor(url: string) {
      super(url, registry);
    }
  };
  client = new TableClient({
    table: TABLE,
    tokens: ['tok-a', 'tok-b'],
    url: 'ws://test/api/v1/ws',
    WebSocketImpl: Impl as unknown as ClientOptions['WebSocketImpl'],
    random: () => 0.5,
    ...options,
  });
  return client;
}

const last = () => sockets.at(-1)!;
const texts = () => client.snapshot().events.map((e) => e.text);
const seqsOf = (viewer: Viewer, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${viewer}@${from + i + 1}`);

/** Opens the current socket and answers its hello as the server would, up to `seq`. */
function serve(focus: Viewer, seq: number): FakeSocket {
  const socket = last();
  socket.accept();
  const hello = socket.ofType('hello').at(-1)!;
  socket.deliver(welcome(focus));
  socket.deliver(update(focus, hello.lastSeq ?? 0, seq));
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});

afterEach(() => {
  client?.stop();
  vi.useRealTimers();
});

describe('TableClient reconnection', () => {
  it('backs off doubling from half a second to a cap of ten, then every ten; the attempt count shows', async () => {
    makeClient();
    client.start();
    expect(sockets.length).toBe(1);
    last().drop();
    expect(client.snapshot().link).toBe('reconnecting');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      expect(client.snapshot().attempts).toBe(attempt);
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(50);
        waited += 50;
        if (waited > 60_000) throw new Error('no new attempt');
      }
      waits.push(waited);
      last().drop();
    }
    // With the jitter's middle value (0.5) the delays are the base figures exactly.
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
    // Back to the first delay once a connection is made.
    await vi.advanceTimersByTimeAsync(10_000);
    serve(0, 3);
    expect(client.snapshot()).toMatchObject({ link: 'open', attempts: 0 });
    last().drop();
    const before = sockets.length;
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.length).toBe(before + 1);
  });

  it('spreads the retries of many clients over ±25 % of the delay', async () => {
    const delays: number[] = [];
    for (const r of [0, 0.25, 0.75, 0.999999]) {
      sockets = [];
      makeClient({ random: () => r });
      client.start();
      last().drop();
      last().drop(); // nothing yet: the retry is still waiting
      let waited = 0;
      while (sockets.length === 1) {
        await vi.advanceTimersByTimeAsync(5);
        waited += 5;
      }
      delays.push(waited);
      client.stop();
    }
    expect(delays).toEqual([375, 440, 565, 625]);
  });

  it('after a drop, says hello with the last seq of the viewer it shows and appends each missed event once', async () => {
    makeClient({ focus: 1 });
    client.start();
    last().accept();
    expect(last().ofType('hello')[0]).toMatchObject({ focus: 1, tokens: ['tok-a', 'tok-b'] });
    expect(last().ofType('hello')[0]).not.toHaveProperty('lastSeq');
    last().deliver(welcome(1));
    last().deliver(update(1, 0, 4));
    last().deliver(update(1, 4, 6));
    expect(texts()).toEqual(seqsOf(1, 0, 6));

    last().drop();
    expect(client.snapshot().link).toBe('reconnecting');
    // While down, the last view stays on screen.
    expect(client.snapshot().update?.seq).toBe(6);
    await vi.advanceTimersByTimeAsync(500);
    last().accept();
    expect(last().ofType('hello')).toEqual([
      { type: 'hello', v: 1, table: TABLE, tokens: ['tok-a', 'tok-b'], focus: 1, lastSeq: 6 },
    ]);
    last().deliver(welcome(1));
    last().deliver(update(1, 6, 11));
    expect(client.snapshot()).toMatchObject({ link: 'open', update: { seq: 11 } });
    expect(texts()).toEqual(seqsOf(1, 0, 11));
    // An answer that repeats a range already held (from below our seq) replaces it: still once each.
    last().deliver(update(1, 9, 12));
    expect(texts()).toEqual(seqsOf(1, 0, 12));
  });

  it('does not glue an update that starts after its seq: it asks for the missing events', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 5);
    const socket = last();
    socket.deliver(update(0, 8, 9));
    // Not shown, not appended: the log would have a hole at 6–8.
    expect(client.snapshot().update?.seq).toBe(5);
    expect(texts()).toEqual(seqsOf(0, 0, 5));
    expect(socket.ofType('focus')).toEqual([{ type: 'focus', viewer: 0, lastSeq: 5 }]);
    // Another update crossing the request does not ask twice.
    socket.deliver(update(0, 9, 10));
    expect(socket.ofType('focus').length).toBe(1);
    socket.deliver(update(0, 5, 10));
    expect(texts()).toEqual(seqsOf(0, 0, 10));
    expect(client.snapshot().update?.seq).toBe(10);
    // Once whole again, a later gap asks again.
    socket.deliver(update(0, 12, 13));
    expect(socket.ofType('focus')).toEqual([
      { type: 'focus', viewer: 0, lastSeq: 5 },
      { type: 'focus', viewer: 0, lastSeq: 10 },
    ]);
  });

  it('refuses an action while disconnected, visibly, and sends nothing; the notice goes once back', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 3);
    last().drop();
    expect(client.act({ pick: 3 })).toBe(false);
    expect(client.snapshot()).toMatchObject({
      pending: false,
      refusal: { code: 'offline', rule: null },
    });
    expect(client.snapshot().refusal?.message).toMatch(/not connected/i);
    await vi.advanceTimersByTimeAsync(500);
    // Still connecting: not sent either (a browser would throw on it).
    expect(client.act({ pick: 3 })).toBe(false);
    serve(0, 4);
    expect(client.snapshot().refusal).toBeNull();
    expect(sockets.flatMap((s) => s.ofType('act'))).toEqual([]);
    // Connected again, an action goes out against the latest update.
    expect(client.act({ pick: 4 })).toBe(true);
    expect(last().ofType('act')).toEqual([
      expect.objectContaining({ type: 'act', seat: 0, seq: 4, action: { pick: 4 } }),
    ]);
  });

  it('an action in flight when the link drops is said to be unconfirmed, sent again with its id once back, and confirmed', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 3);
    // The page passes one of the update's own legal objects (the label is found by it).
    expect(client.act(client.snapshot().update!.legal![0])).toBe(true);
    const sent = last().ofType('act')[0]!;
    expect(client.snapshot().pending).toBe(true);
    last().drop();
    // Not "Sending…" any more, and not silently forgotten either: the page says it may not have arrived.
    expect(client.snapshot()).toMatchObject({
      pending: false,
      unconfirmed: { seat: 0, label: 'pick 3' },
      confirmed: null,
    });
    await vi.advanceTimersByTimeAsync(500);
    // Back: hello resumes from seq 3, then the same action with the same request id and seq.
    const socket = last();
    socket.accept();
    expect(socket.sent.map((m) => m.type)).toEqual(['hello', 'act']);
    expect(socket.ofType('act')).toEqual([sent]);
    socket.deliver(welcome(0));
    socket.deliver(update(0, 3, 4));
    // Until the server answers it, the board takes no other choice and the notice stays.
    expect(client.snapshot()).toMatchObject({ pending: true, unconfirmed: { seat: 0 } });
    expect(client.act({ pick: 4 })).toBe(false);
    // The server had stored it: a repeated id gets its first ack.
    socket.deliver({ type: 'ack', id: sent.id, seq: 4 });
    expect(client.snapshot()).toMatchObject({
      pending: false,
      unconfirmed: null,
      confirmed: { seat: 0, label: 'pick 3' },
      acked: 4,
      refusal: null,
    });
    // The next choice goes out, and the "it arrived" note goes with it.
    expect(client.act({ pick: 4 })).toBe(true);
    expect(client.snapshot().confirmed).toBeNull();
    expect(socket.ofType('act').length).toBe(2);
  });

  it('an unconfirmed action the table has moved on from says that only the log can tell; a refusal is shown as such', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 3);
    client.act({ pick: 3 });
    const sent = last().ofType('act')[0]!;
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    serve(0, 6);
    last().deliver({ type: 'error', id: sent.id, code: 'stale_seq', message: 'stale', seq: 6 });
    expect(client.snapshot()).toMatchObject({
      pending: false,
      unconfirmed: null,
      confirmed: null,
      refusal: { code: 'unknown_outcome' },
    });
    expect(client.snapshot().refusal?.message).toMatch(/the log shows whether it counted/);

    // Another drop with another action in flight: this time the game refuses the repeat.
    expect(client.act(client.snapshot().update!.legal![0])).toBe(true);
    const second = last().ofType('act').at(-1)!;
    last().drop();
    // Dropping again before the answer keeps the same action (same id) to send.
    await vi.advanceTimersByTimeAsync(500);
    last().accept();
    expect(last().ofType('act')).toEqual([second]);
    last().drop();
    expect(client.snapshot().unconfirmed).toMatchObject({ seat: 0, label: 'pick 6' });
    await vi.advanceTimersByTimeAsync(1000);
    last().accept();
    expect(last().ofType('act')).toEqual([second]);
    last().deliver(welcome(0));
    last().deliver({
      type: 'refused',
      id: second.id,
      seq: 6,
      error: { code: 'illegal', rule: 'x.y', message: 'no' },
    });
    expect(client.snapshot()).toMatchObject({ pending: false, unconfirmed: null, refusal: { rule: 'x.y' } });
  });

  it('the browser going offline drops the link at once; coming back online reconnects at once', async () => {
    const network = Object.assign(new EventTarget(), { navigator: { onLine: true } });
    makeClient({ focus: 0, network });
    client.start();
    const first = serve(0, 3);
    network.dispatchEvent(new Event('offline'));
    expect(first.closedByClient).toBe(true);
    expect(client.snapshot()).toMatchObject({ link: 'reconnecting', offline: true, attempts: 1 });
    // Failed attempts grow the backoff…
    for (let i = 0; i < 4; i++) {
      const before = sockets.length;
      while (sockets.length === before) await vi.advanceTimersByTimeAsync(50);
      last().drop();
    }
    expect(client.snapshot().attempts).toBe(5);
    // …yet "online" opens a new socket at once, not after the 8 s the next attempt would wait.
    const before = sockets.length;
    network.dispatchEvent(new Event('online'));
    expect(sockets.length).toBe(before + 1);
    expect(client.snapshot().offline).toBe(false);
    // "online" while a socket is opening, or connected, opens nothing more.
    network.dispatchEvent(new Event('online'));
    expect(sockets.length).toBe(before + 1);
    serve(0, 3);
    expect(client.snapshot()).toMatchObject({ link: 'open', attempts: 0 });
    network.dispatchEvent(new Event('online'));
    expect(sockets.length).toBe(before + 1);
    // Stopped, it no longer listens.
    client.stop();
    network.dispatchEvent(new Event('offline'));
    network.dispatchEvent(new Event('online'));
    expect(sockets.length).toBe(before + 1);
    expect(client.snapshot().link).toBe('closed');
  });

  it('starts out offline when the browser says so', () => {
    const network = Object.assign(new EventTarget(), { navigator: { onLine: false } });
    makeClient({ network });
    expect(client.snapshot().offline).toBe(true);
  });

  it('pings every 5 s while answered, and gives up a link that leaves a ping unanswered for 5 s', async () => {
    makeClient({ focus: 0 });
    client.start();
    const socket = serve(0, 1);
    for (let i = 1; i <= 5; i++) {
      await vi.advanceTimersByTimeAsync(PING_MS);
      expect(socket.ofType('ping').length).toBe(i);
      socket.deliver({ type: 'pong' });
    }
    expect(socket.closedByClient).toBe(false);
    // Now the server says nothing back: the next ping is the last.
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(socket.ofType('ping').length).toBe(6);
    await vi.advanceTimersByTimeAsync(SILENT_MS - 1);
    expect(socket.closedByClient).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closedByClient).toBe(true);
    expect(client.snapshot()).toMatchObject({ link: 'reconnecting', attempts: 1 });
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets.length).toBe(2);
    // The late close event of the dead socket does not count as a second loss.
    expect(client.snapshot().attempts).toBe(1);
    // The new link pings too, and the old one never again.
    serve(0, 2);
    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(last().ofType('ping').length).toBe(1);
    expect(socket.ofType('ping').length).toBe(6);
  });

  it('an action on a dead link is found out within 5 s of the move: a ping goes with it', async () => {
    makeClient({ focus: 0 });
    client.start();
    const socket = serve(0, 3);
    await vi.advanceTimersByTimeAsync(PING_MS - 100);
    expect(socket.ofType('ping').length).toBe(0);
    expect(client.act({ pick: 3 })).toBe(true);
    expect(socket.sent.map((m) => m.type)).toEqual(['hello', 'act', 'ping']);
    // The keep-alive's tick meanwhile puts no second ping out, nor pushes the deadline back.
    await vi.advanceTimersByTimeAsync(SILENT_MS - 1);
    expect(socket.ofType('ping').length).toBe(1);
    expect(client.snapshot()).toMatchObject({ link: 'open', pending: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closedByClient).toBe(true);
    expect(client.snapshot()).toMatchObject({
      link: 'reconnecting',
      pending: false,
      unconfirmed: { seat: 0 },
    });
  });

  it('keeps track of since when the present actors act, across a hot-seat switch', () => {
    makeClient({ focus: 0 });
    client.start();
    const socket = serve(0, 3);
    expect(client.snapshot().actorsFrom).toBe(3);
    // The same actors (both seats plan at once): the window goes on.
    socket.deliver(update(0, 3, 4));
    socket.deliver(update(0, 4, 5));
    expect(client.snapshot().actorsFrom).toBe(3);
    client.focus(1);
    socket.deliver(update(1, 0, 6));
    expect(client.snapshot().actorsFrom).toBe(3);
    // Other actors: a new window from that update.
    socket.deliver({ ...update(1, 6, 7), actors: [1] });
    expect(client.snapshot().actorsFrom).toBe(7);
  });

  it('gives up a connection attempt that hangs, and tries again', async () => {
    makeClient();
    client.start();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(sockets.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0]!.closedByClient).toBe(true);
    expect(client.snapshot().link).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets.length).toBe(2);
    serve(0, 1);
    // The timeout is disarmed once open.
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2);
    expect(last().closedByClient).toBe(false);
  });

  it('stop() ends reconnecting, whether connected, waiting to retry or connecting', async () => {
    for (const when of ['open', 'waiting', 'connecting'] as const) {
      sockets = [];
      makeClient({ focus: 0 });
      client.start();
      serve(0, 1);
      if (when !== 'open') last().drop();
      if (when === 'connecting') await vi.advanceTimersByTimeAsync(500);
      const count = sockets.length;
      client.stop();
      expect(client.snapshot().link).toBe('closed');
      expect(sockets.every((s) => s.readyState === FakeSocket.CLOSED)).toBe(true);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(sockets.length, when).toBe(count);
      expect(client.snapshot().link).toBe('closed');
      expect(
        sockets.flatMap((s) => s.ofType('ping')),
        when,
      ).toEqual([]);
    }
  });

  it('a hot-seat switch while reconnecting drops the previous seat at once and asks for the new one from the start', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 7);
    last().drop();
    client.focus('spectator');
    expect(client.snapshot()).toMatchObject({ focus: 'spectator', update: null, events: [] });
    await vi.advanceTimersByTimeAsync(500);
    last().accept();
    const hello = last().ofType('hello')[0]!;
    expect(hello.focus).toBe('spectator');
    // Seat 0's seq says nothing about the spectator's log: the whole of it is asked for.
    expect(hello).not.toHaveProperty('lastSeq');
    last().deliver(welcome('spectator'));
    // An update of seat 0 (as if from the old link) is never shown.
    last().deliver(update(0, 7, 8));
    expect(client.snapshot().update).toBeNull();
    last().deliver(update('spectator', 0, 8));
    expect(client.snapshot().update?.viewer).toBe('spectator');
    expect(texts()).toEqual(seqsOf('spectator', 0, 8));
  });

  it('a switch made after hello went out is not undone by its welcome', async () => {
    makeClient({ focus: 0 });
    client.start();
    serve(0, 7);
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    last().accept();
    expect(last().ofType('hello')[0]).toMatchObject({ focus: 0, lastSeq: 7 });
    // The device is passed before the server answered the hello asking for seat 0.
    client.focus('spectator');
    expect(last().ofType('focus')).toEqual([{ type: 'focus', viewer: 'spectator' }]);
    last().deliver(welcome(0));
    last().deliver(update(0, 7, 8));
    expect(client.snapshot().focus).toBe('spectator');
    expect(client.snapshot().update).toBeNull();
    expect(client.snapshot().events).toEqual([]);
    // Then the server answers the focus.
    last().deliver(update('spectator', 0, 8));
    expect(client.snapshot()).toMatchObject({ focus: 'spectator', update: { viewer: 'spectator', seq: 8 } });
  });

  it('switching seats and back never glues the old stream of the first seat onto its fresh log', async () => {
    makeClient({ focus: 0 });
    client.start();
    const socket = serve(0, 3);
    client.focus(1);
    client.focus(0);
    // Still in flight from before the switches: seat 0's broadcast of action 4.
    socket.deliver(update(0, 3, 4));
    expect(client.snapshot().update).toBeNull();
    socket.deliver(update(1, 0, 4));
    socket.deliver(update(0, 0, 4));
    expect(texts()).toEqual(seqsOf(0, 0, 4));
  });
});
