/**
 * The scripted players: one WebSocket per seat, speaking the protocol of `src/protocol`. Each seat
 * waits for an update that offers it legal actions, picks one at random, sends `act` with that
 * update's `seq`, and times the wait from sending to its `ack`. Within a match, actions are paced
 * (`Pacer`) so that N matches make a chosen total rate; a rate of 0 acts as soon as possible.
 */
import WebSocket from 'ws';
import type { Rng } from '../core/rng.ts';
import { API_PREFIX, PROTOCOL_VERSION, ServerMessage } from '../protocol/index.ts';
import type {
  ClientMessage,
  CreateTableRequest,
  CreateTableResponse,
  UpdateMessage,
} from '../protocol/index.ts';

/** What every client adds to: counters and the latency samples of the measured window. */
export class Tally {
  acks = 0;
  refused = 0;
  stale = 0;
  /** Error replies by code, other than `stale_seq` (an expected race in simultaneous windows). */
  readonly errors = new Map<string, number>();
  /** Messages that did not match the protocol's schemas, and connections that closed or failed unasked. */
  invalidMessages = 0;
  droppedConnections = 0;
  readonly latencies: number[] = [];
  /** Whether acks count now (the measured window). */
  measuring = false;

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}

/**
 * One match's actions spread over time: each act takes the next slot, `interval` apart on average
 * (uniform in ½–1½ of it, so that matches do not move in lockstep).
 */
export class Pacer {
  private next = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly rng: Rng,
  ) {}

  /** How long to wait before acting, from `now`. */
  delay(now: number): number {
    if (this.intervalMs === 0) return 0;
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs * (0.5 + this.rng.next());
    return at - now;
  }
}

export interface ClientSettings {
  readonly wsUrl: string;
  readonly tally: Tally;
  readonly rng: Rng;
  /** Every received `update` is checked against the protocol schema when 1; 1 in `n` otherwise. */
  readonly validateUpdatesEvery: number;
  /**
   * Nobody acts until the gate opens: the first N matches open on an idle server (opening them
   * under a load they make themselves would take minutes and measure nothing).
   */
  readonly gate: { open: boolean };
}

interface Pending {
  readonly id: string;
  readonly sentAt: number;
}

/** One seat's connection. */
export class SeatClient {
  private socket: WebSocket | undefined;
  private latest: { seq: number; legal: readonly unknown[] | null } | undefined;
  private pending: Pending | undefined;
  /** After an ack for action S, act again only on an update that shows S. */
  private waitFor = 0;
  private timer: NodeJS.Timeout | undefined;
  private requests = 0;
  private updates = 0;
  private closing = false;
  welcomed = false;

  constructor(
    private readonly settings: ClientSettings,
    private readonly match: MatchClient,
    readonly seat: number,
    private readonly token: string,
  ) {}

  /** Connects and says hello; resolves once welcomed. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.settings.wsUrl, { perMessageDeflate: false });
      this.socket = socket;
      socket.on('open', () =>
        this.send({
          type: 'hello',
          v: PROTOCOL_VERSION,
          table: this.match.id,
          tokens: [this.token],
          focus: this.seat,
        }),
      );
      socket.on('message', (data) => {
        const wasWelcomed = this.welcomed;
        this.receive(String(data));
        if (!wasWelcomed && this.welcomed) resolve();
      });
      socket.on('error', (err) => {
        if (!this.welcomed) reject(err);
      });
      socket.on('close', () => {
        clearTimeout(this.timer);
        if (!this.closing) {
          this.settings.tally.droppedConnections++;
          if (!this.welcomed)
            reject(new Error(`seat ${this.seat} of ${this.match.id} closed before welcome`));
        }
      });
    });
  }

  /** Sends nothing more; answers to acts in flight still count. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.closing = true;
    this.stop();
    this.socket?.close();
  }

  /** An act still waiting for its answer. */
  get waiting(): boolean {
    return this.pending !== undefined;
  }

  private send(message: ClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      this.settings.tally.invalidMessages++;
      return;
    }
    if (!this.valid(message)) {
      this.settings.tally.invalidMessages++;
      return;
    }
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        return;
      case 'update':
        return this.onUpdate(message);
      case 'ack':
        return this.onAnswer(message.id, message.seq, 'ack');
      case 'refused':
        return this.onAnswer(message.id, message.seq, 'refused');
      case 'error':
        if (message.code === 'stale_seq') this.settings.tally.stale++;
        else this.settings.tally.error(message.code);
        return this.onAnswer(message.id, message.seq ?? 0, 'error');
      default:
        return;
    }
  }

  /** Schema checks cost the load generator CPU: updates, the bulk, are checked on a sample. */
  private valid(message: ServerMessage): boolean {
    if (message.type === 'update' && this.updates++ % this.settings.validateUpdatesEvery !== 0)
      return typeof message.seq === 'number';
    return ServerMessage.safeParse(message).success;
  }

  private onUpdate(update: UpdateMessage): void {
    this.latest = { seq: update.seq, legal: update.legal };
    if (update.status === 'finished') return this.match.finished();
    this.consider();
  }

  private onAnswer(id: string | undefined, seq: number, kind: 'ack' | 'refused' | 'error'): void {
    const pending = this.pending;
    if (!pending || id !== pending.id) return;
    this.pending = undefined;
    const tally = this.settings.tally;
    if (kind === 'ack') {
      if (tally.measuring) {
        tally.acks++;
        tally.latencies.push(performance.now() - pending.sentAt);
      }
      this.waitFor = seq;
    } else {
      if (kind === 'refused') tally.refused++;
      // Choose again from the update that shows the match where the server says it is.
      this.waitFor = seq;
    }
    this.consider();
  }

  /** Acts (after the match's pace) if the latest update offers this seat something to do. */
  consider(): void {
    if (this.pending || this.timer || this.match.stopped || !this.settings.gate.open) return;
    const latest = this.latest;
    if (!latest || latest.seq < this.waitFor || !latest.legal || latest.legal.length === 0) return;
    const delay = this.match.pacer.delay(performance.now());
    if (delay <= 0) return this.act();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.act();
    }, delay);
  }

  private act(): void {
    const latest = this.latest;
    if (this.pending || this.match.stopped || !latest?.legal || latest.legal.length === 0) return;
    if (latest.seq < this.waitFor) return;
    const id = `${this.seat}-${++this.requests}`;
    const action = latest.legal[this.settings.rng.int(latest.legal.length)];
    this.pending = { id, sentAt: performance.now() };
    this.send({ type: 'act', id, seat: this.seat, seq: latest.seq, action: action as never });
  }
}

/** One match: its table, created over HTTP with every seat human and claimed, and a client per seat. */
export class MatchClient {
  readonly seats: SeatClient[] = [];
  stopped = false;
  private ended = false;

  constructor(
    readonly id: string,
    readonly game: string,
    readonly pacer: Pacer,
    private readonly onFinished: (match: MatchClient) => void,
  ) {}

  finished(): void {
    if (this.ended) return;
    this.ended = true;
    this.close();
    this.onFinished(this);
  }

  /** No more actions; the connections stay open for the answers still to come. */
  stop(): void {
    this.stopped = true;
    for (const seat of this.seats) seat.stop();
  }

  close(): void {
    this.stop();
    for (const seat of this.seats) seat.close();
  }

  get waiting(): number {
    return this.seats.filter((s) => s.waiting).length;
  }
}

/** Creates a table with every seat human and held by the load test, so every action goes over the wire. */
export async function createTable(
  httpUrl: string,
  game: string,
  players: number,
): Promise<CreateTableResponse> {
  const request: CreateTableRequest = {
    game,
    players,
    seats: Array.from({ length: players }, () => ({ kind: 'human' as const })),
    name: 'load',
    claim: Array.from({ length: players }, (_, seat) => seat),
    spectators: false,
    listed: false,
  };
  const response = await fetch(`${httpUrl}${API_PREFIX}/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.status !== 201)
    throw new Error(`creating a ${game} table answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreateTableResponse;
}

export async function openMatch(
  settings: ClientSettings,
  httpUrl: string,
  plan: { game: string; players: number },
  pacer: Pacer,
  onFinished: (match: MatchClient) => void,
): Promise<MatchClient> {
  const created = await createTable(httpUrl, plan.game, plan.players);
  const match = new MatchClient(created.table.id, plan.game, pacer, onFinished);
  for (const { seat, token } of created.tokens)
    match.seats.push(new SeatClient(settings, match, seat, token));
  try {
    await Promise.all(match.seats.map((s) => s.connect()));
  } catch (err) {
    match.close();
    throw err;
  }
  return match;
}
