/**
 * One WebSocket connection: reads client messages (size, rate, JSON, schema, in that order), and
 * answers each with a reply or an error. A connection follows one table after `hello`; its
 * messages are handled one at a time, in order.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Seat, Viewer } from '../core/index.ts';
import { ClientMessage, PROTOCOL_VERSION } from '../protocol/index.ts';
import type {
  ActMessage,
  ClientMessageParsed,
  FocusMessage,
  ReclaimMessage,
  ServerMessage,
} from '../protocol/index.ts';
import { describeZodError, ProtocolError, toErrorReply } from './errors.ts';
import type { LiveMatch } from './live.ts';
import type { Subscriber, TableService } from './tables.ts';

export interface ConnectionLimits {
  /** Largest message read (bytes); larger ones get `too_large`. */
  readonly messageBytes: number;
  /** Messages per second a connection may send on average, and in a burst. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /** Rate-limited messages in a row after which the connection is closed. */
  readonly abuseLimit: number;
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

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
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
  private refusedInARow = 0;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly tables: TableService,
    private readonly limits: ConnectionLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.limiter = new RateLimiter(limits.messagesPerSecond, limits.messageBurst);
    socket.on('message', (data, isBinary) => this.receive(data as Buffer | Buffer[] | ArrayBuffer, isBinary));
    socket.on('close', () => this.onClose());
    socket.on('error', (err) => this.log.debug({ err }, 'websocket error'));
  }

  send(message: ServerMessage): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  drop(reason: string): void {
    this.send({ type: 'error', code: 'storage_failed', message: `${reason}: reconnect to resynchronise` });
    this.match = undefined;
    this.socket.close(1011, 'resynchronise');
  }

  private receive(data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean): void {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
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
    }
    // Counted after parsing (cheap at this size) so that a refusal can name the request it refuses.
    if (!this.limiter.take()) {
      if (++this.refusedInARow >= this.limits.abuseLimit) this.socket.close(1008, 'rate limit');
      else
        this.sendError(new ProtocolError('rate_limited', 'too many messages; slow down'), requestIdOf(raw));
      return;
    }
    this.refusedInARow = 0;
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
        this.sendError(err, 'id' in message ? message.id : undefined),
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
    const match = await this.tables.open(message.table);
    const seats = this.tables.seatsOfTokens(match, message.tokens);
    const focus = message.focus ?? seats[0] ?? 'spectator';
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
      throw new ProtocolError('not_your_seat', `this connection holds no token for seat ${viewer}`);
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
      throw new ProtocolError('not_your_seat', `this connection holds no token for seat ${message.seat}`);
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
      throw new ProtocolError('not_your_seat', `this connection holds no token for seat ${message.seat}`);
    await this.tables.reclaim(match, message.seat, (seq) => this.send({ type: 'ack', id: message.id, seq }));
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

/** The request id of a message that failed validation, if it had a usable one (to echo it). */
function requestIdOf(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' && id.length >= 1 && id.length <= 64 ? id : undefined;
}
