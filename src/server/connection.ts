/**
 * One WebSocket connection: reads client messages (size, rate, JSON, schema, in that order), and
 * answers each with a reply or an error. A connection follows one table after `hello`; its
 * messages are handled one at a time, in order.
 */
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Seat, Viewer } from '../core/index.ts';
import { jsonBoundsProblem } from '../core/index.ts';
import { ClientMessage, INBOUND_JSON, PROTOCOL_VERSION } from '../protocol/index.ts';
import type {
  ActMessage,
  ClientMessageParsed,
  ExplainMessage,
  FocusMessage,
  ReclaimMessage,
  ServerMessage,
  TakeBackMessage,
} from '../protocol/index.ts';
import { describeZodError, ProtocolError, seatWord, toErrorReply } from './errors.ts';
import type { LiveMatch } from './live.ts';
import type { Subscriber, TableService } from './tables.ts';

export interface ConnectionLimits {
  /** Largest message read (bytes); larger ones get `too_large`. */
  readonly messageBytes: number;
  /** Messages per second a connection may send on average, and in a burst. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /**
   * What `hello`, `focus` and `explain` cost in the message budget: the first two render a whole
   * update (a long match's log for a fresh viewer), the last runs the game's legality check and
   * explanation on an action of the client's choosing, so each is worth several cheap messages.
   */
  readonly heavyMessageCost: number;
  /**
   * Refused messages tolerated in a burst before the connection is closed (1008); the allowance
   * refills at `abusePerSecond`, so a client a little over its rate is never closed, and one that
   * keeps flooding is, however many of its messages get through.
   */
  readonly abuseLimit: number;
  readonly abusePerSecond: number;
  /**
   * Bytes the server may hold for a connection that is not reading what it is sent. Past this the
   * connection is closed: a client that never reads cannot make the server keep its updates.
   */
  readonly sendBufferBytes: number;
}

/** A token bucket: `burst` messages at once, refilled at `rate` per second. */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes `cost` tokens if there are that many; a cost above the burst is charged as the burst. */
  take(cost = 1): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    const price = Math.min(cost, this.burst);
    if (this.tokens < price) return false;
    this.tokens -= price;
    return true;
  }
}

export class Connection implements Subscriber {
  seats: ReadonlySet<Seat> = new Set();
  focus: Viewer = 'spectator';
  lastSeq = -1;
  private match: LiveMatch | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly limiter: RateLimiter;
  /** Refusals for rate this connection may still earn before it is closed. */
  private readonly patience: RateLimiter;
  private closed = false;

  /** Whether this turn of the event loop's messages are being gathered into one write. */
  private corked = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly tables: TableService,
    private readonly limits: ConnectionLimits,
    private readonly log: FastifyBaseLogger,
    /**
     * The TCP socket under the WebSocket, when there is one: the messages sent to it in one turn
     * of the event loop (an `ack` and the update after it) leave in one system call.
     */
    private readonly stream?: Pick<Duplex, 'cork' | 'uncork'>,
  ) {
    this.limiter = new RateLimiter(limits.messagesPerSecond, limits.messageBurst);
    this.patience = new RateLimiter(limits.abusePerSecond, limits.abuseLimit);
    socket.on('message', (data, isBinary) => this.guard(() => this.receive(toBuffer(data), isBinary)));
    socket.on('close', () => this.onClose());
    socket.on('error', (err) => this.log.debug({ err }, 'websocket error'));
  }

  /** Sends a message; `text` is its JSON when the caller already made it (one per viewer, shared). */
  send(message: ServerMessage, text?: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    const json = text ?? JSON.stringify(message);
    if (this.socket.bufferedAmount + json.length > this.limits.sendBufferBytes) {
      this.log.info({ buffered: this.socket.bufferedAmount }, 'closing a connection that does not read');
      this.closed = true;
      this.socket.terminate();
      return;
    }
    this.gather();
    this.socket.send(json);
  }

  private gather(): void {
    const stream = this.stream;
    if (this.corked || !stream) return;
    this.corked = true;
    stream.cork();
    process.nextTick(() => {
      this.corked = false;
      stream.uncork();
    });
  }

  /**
   * The last resort: whatever a client's message makes go wrong in this connection's own code is
   * logged and costs that connection, never the process.
   */
  private guard(work: () => void): void {
    try {
      work();
    } catch (err) {
      this.log.error({ err }, 'a websocket message could not be handled; closing the connection');
      this.closed = true;
      this.socket.terminate();
    }
  }

  drop(reason: string): void {
    this.send({ type: 'error', code: 'storage_failed', message: `${reason}: reconnect to resynchronise` });
    this.match = undefined;
    this.socket.close(1011, 'resynchronise');
  }

  private receive(bytes: Buffer, isBinary: boolean): void {
    let raw: unknown;
    let error: ProtocolError | undefined;
    if (bytes.length > this.limits.messageBytes)
      error = new ProtocolError('too_large', `messages are limited to ${this.limits.messageBytes} bytes`);
    else if (isBinary) error = new ProtocolError('bad_request', 'messages are JSON text frames');
    else {
      try {
        raw = JSON.parse(bytes.toString('utf8'));
      } catch {
        error = new ProtocolError('bad_request', 'the message is not JSON');
      }
      // Measured before anything walks it: a deep message would overflow the stack of any schema.
      const problem = error ? null : jsonBoundsProblem(raw, INBOUND_JSON);
      if (problem) {
        error = new ProtocolError('bad_request', `the message is ${problem}`);
        raw = undefined;
      }
    }
    // Counted after parsing (cheap at this size) so that a refusal can name the request it refuses.
    if (!this.limiter.take(costOf(raw, this.limits))) {
      if (!this.patience.take()) {
        this.closed = true;
        this.socket.close(1008, 'rate limit');
      } else
        this.sendError(new ProtocolError('rate_limited', 'too many messages; slow down'), requestIdOf(raw));
      return;
    }
    if (error) return this.sendError(error);
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success)
      return this.sendError(
        new ProtocolError('bad_request', describeZodError(parsed.error)),
        requestIdOf(raw),
      );
    const message = parsed.data;
    this.chain = this.chain.then(() =>
      this.handle(message).catch((err: unknown) =>
        this.guard(() => this.sendError(err, 'id' in message ? message.id : undefined)),
      ),
    );
  }

  private async handle(message: ClientMessageParsed): Promise<void> {
    switch (message.type) {
      case 'ping':
        return this.send(message.id === undefined ? { type: 'pong' } : { type: 'pong', id: message.id });
      case 'hello':
        return this.hello(message);
      case 'act':
        return this.act(message);
      case 'focus':
        return this.refocus(message);
      case 'reclaim':
        return this.reclaim(message);
      case 'explain':
        return this.explain(message);
      case 'takeback':
        return this.takeBack(message);
    }
  }

  private async hello(message: Extract<ClientMessageParsed, { type: 'hello' }>): Promise<void> {
    if (this.match)
      throw new ProtocolError('already_authenticated', 'this connection already follows a table');
    if (message.v !== PROTOCOL_VERSION)
      throw new ProtocolError(
        'unsupported_version',
        `this server speaks protocol version ${PROTOCOL_VERSION}`,
      );
    const match = await this.tables.open(message.table).catch((err: unknown) => {
      // No database to load the match from: the client is told, then closed like any connection
      // whose match cannot be trusted, so that it reconnects (with backoff) rather than wait here.
      if (err instanceof ProtocolError && err.code === 'storage_failed')
        setImmediate(() => this.socket.close(1011, 'resynchronise'));
      throw err;
    });
    // A finished match is public: a client coming back long after with expired tokens watches it.
    const expired = this.tables.tokensExpired(match);
    const seats = this.tables.seatsOfTokens(match, expired ? [] : message.tokens);
    const focus = expired ? 'spectator' : (message.focus ?? seats[0] ?? 'spectator');
    this.checkViewer(match, seats, focus);
    if (this.closed) return;
    // From here to the first update nothing awaits, so no action can slip between them unseen.
    this.match = match;
    this.seats = new Set(seats);
    this.focus = focus;
    this.lastSeq = -1;
    this.tables.subscribe(match, this);
    this.send({ type: 'welcome', v: PROTOCOL_VERSION, table: this.tables.infoOf(match), seats, focus });
    this.tables.sendUpdate(match, this, message.lastSeq ?? 0);
  }

  private checkViewer(match: LiveMatch, seats: readonly Seat[], viewer: Viewer): void {
    if (viewer === 'spectator') {
      const open = match.setup.settings.spectators || match.status === 'finished' || seats.length > 0;
      if (!open) throw new ProtocolError('spectators_not_allowed', 'this table does not allow spectators');
    } else if (!seats.includes(viewer)) {
      throw new ProtocolError('not_your_seat', `this connection holds no token for ${seatWord(viewer)}`);
    }
  }

  private async refocus(message: FocusMessage): Promise<void> {
    const match = this.requireMatch();
    this.checkViewer(match, [...this.seats], message.viewer);
    this.focus = message.viewer;
    this.lastSeq = -1;
    this.tables.sendUpdate(match, this, message.lastSeq ?? 0);
  }

  private async act(message: ActMessage): Promise<void> {
    const match = this.requireMatch();
    if (!this.seats.has(message.seat))
      throw new ProtocolError(
        'not_your_seat',
        `this connection holds no token for ${seatWord(message.seat)}`,
      );
    await this.tables.act(match, message.seat, message.seq, message.action, message.id, (outcome) =>
      this.send(
        outcome.kind === 'ack'
          ? { type: 'ack', id: message.id, seq: outcome.seq }
          : { type: 'refused', id: message.id, seq: outcome.seq, error: outcome.error },
      ),
    );
  }

  private async reclaim(message: ReclaimMessage): Promise<void> {
    const match = this.requireMatch();
    if (!this.seats.has(message.seat))
      throw new ProtocolError(
        'not_your_seat',
        `this connection holds no token for ${seatWord(message.seat)}`,
      );
    await this.tables.reclaim(match, message.seat, (seq) => this.send({ type: 'ack', id: message.id, seq }));
  }

  /**
   * Why the focused seat may not take an action, without taking it: the game's own refusal, checked
   * on the match as it stands (never queued: it changes nothing, so nothing needs to wait for it).
   * Only the focused seat, the one whose view this connection shows: in hot-seat, the refusal of
   * another held seat could speak of what that seat alone knows.
   */
  private async explain(message: ExplainMessage): Promise<void> {
    const match = this.requireMatch();
    const seat = this.focus;
    if (seat === 'spectator')
      throw new ProtocolError(
        'not_your_seat',
        'a spectator has no moves to explain: look as one of your seats',
      );
    if (match.invalid) throw new ProtocolError('storage_failed', 'the match is being reloaded; reconnect');
    if (match.takenOver(seat))
      throw new ProtocolError(
        'taken_over',
        `a bot plays ${seatWord(seat)} for now; reclaim it to play`,
        match.seq,
      );
    const { refusal, label } = match.explain(seat, message.action);
    this.send({ type: 'explained', id: message.id, seq: match.seq, seat, label, refusal });
  }

  private async takeBack(message: TakeBackMessage): Promise<void> {
    const match = this.requireMatch();
    if (!this.seats.has(message.seat))
      throw new ProtocolError(
        'not_your_seat',
        `this connection holds no token for ${seatWord(message.seat)}`,
      );
    await this.tables.takeBack(match, message.seat, message.seq, message.id, (seq) =>
      this.send({ type: 'ack', id: message.id, seq }),
    );
  }

  private requireMatch(): LiveMatch {
    if (!this.match) throw new ProtocolError('not_authenticated', 'send hello first');
    return this.match;
  }

  private sendError(err: unknown, id?: string): void {
    const { status, body, seq } = toErrorReply(err);
    if (status >= 500 && body.code === 'internal') this.log.error({ err }, 'websocket message failed');
    this.send({
      type: 'error',
      ...(id === undefined ? {} : { id }),
      code: body.code,
      message: body.message,
      ...(seq === undefined ? {} : { seq }),
    });
  }

  private onClose(): void {
    this.closed = true;
    if (this.match) this.tables.unsubscribe(this.match, this);
    this.match = undefined;
  }
}

function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]);
  return Buffer.from(data as ArrayBuffer);
}

/**
 * Messages that cost `heavyMessageCost`: `hello` and `focus` render a whole update, `explain` runs
 * the game's legality check (and its explanation) for an action of the client's choosing.
 */
const HEAVY: ReadonlySet<unknown> = new Set(['hello', 'focus', 'explain']);

/** What a message costs in its connection's budget. */
function costOf(raw: unknown, limits: ConnectionLimits): number {
  const type = raw !== null && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
  return HEAVY.has(type) ? limits.heavyMessageCost : 1;
}

/** The request id of a message that failed validation, if it had a usable one (to echo it). */
function requestIdOf(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : undefined;
}
