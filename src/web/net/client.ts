/**
 * The browser's side of the table protocol (docs/server.md, "WebSocket"): one connection per open
 * table, which says `hello`, keeps the latest update and the viewer's log, sends actions, switches
 * the viewer in hot-seat, and reconnects by itself with backoff (asking only for the events it
 * missed). Pages read it through `subscribe`/`snapshot` (a `useSyncExternalStore` store).
 *
 * Messages are typed by the protocol module but not parsed with its zod schemas here: the server
 * already validates with them, and leaving zod out keeps it out of the table page's chunk.
 */
import type {
  ClientMessage,
  ProtocolErrorCode,
  RuleError,
  ServerMessage,
  TableInfo,
  UpdateMessage,
  Viewer,
  VisibleEvent,
} from '../../protocol/index.ts';

/** The protocol's version and WebSocket path (pinned to `PROTOCOL_VERSION`/`API_PREFIX` by a test). */
export const PROTOCOL = { v: 1, wsPath: '/api/v1/ws' } as const;

export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed';

/** Why the page cannot show the table at all: reconnecting would not help. */
export interface Failure {
  readonly code: ProtocolErrorCode | 'network';
  readonly message: string;
}

/**
 * The last action the game refused, or the protocol error an action got, for the page to show.
 * Two codes are this client's own: `offline`, the action was not sent because the link was down;
 * `unknown_outcome`, an action sent before the link dropped was not confirmed, and the table moved
 * on meanwhile, so whether it counted only the log can tell.
 */
export interface Refusal {
  readonly code: RuleError['code'] | ProtocolErrorCode | 'offline' | 'unknown_outcome';
  readonly rule: string | null;
  readonly message: string;
}

export interface TableSnapshot {
  readonly link: LinkState;
  /** Reconnection attempts since the link was last open. */
  readonly attempts: number;
  readonly table: TableInfo | null;
  /** Seats this connection acts for (from `welcome`). */
  readonly seats: readonly number[];
  /** Whose view this connection receives. */
  readonly focus: Viewer;
  /** The latest update for `focus`, or null until it comes (or after the viewer changed). */
  readonly update: UpdateMessage | null;
  /** When `update` arrived (the browser's clock), to run clocks down from it. */
  readonly receivedAt: number;
  /** The focus's log from the start, oldest first. */
  readonly events: readonly VisibleEvent[];
  /** An action sent and not yet answered. */
  readonly pending: boolean;
  readonly refusal: Refusal | null;
  readonly failure: Failure | null;
  /** The browser says it has no network (its `offline` event; `online` clears it). */
  readonly offline: boolean;
  /**
   * An action sent for `seat` whose answer the dropped link never brought: it may or may not have
   * been stored. It is sent again, with the same request id, as soon as the link is back (the
   * server answers a repeated id with its first answer and never applies an action twice), and
   * stays here until that is answered.
   */
  readonly unconfirmed: { readonly seat: number; readonly label: string | null } | null;
  /** The last such action the server then confirmed: the page says it arrived, until the next action. */
  readonly confirmed: { readonly seat: number; readonly label: string | null } | null;
  /** The `seq` this client's last acknowledged action was stored as (its own move, shown at once). */
  readonly acked: number | null;
  /**
   * The `seq` after which the present `actors` have been acting (the last update whose actors
   * differed, or the first update seen). Events after it name who has acted since, in a window
   * where several seats choose at once.
   */
  readonly actorsFrom: number;
  /**
   * Hot-seat: the seat this device last looked as, when its last update said it could take its
   * last action back (`takeBack`) at `seq`; kept after the focus moves on (the cover), so that the
   * player who handed the device over can still take that move back. Null otherwise.
   */
  readonly handedOver: { readonly seat: number; readonly seq: number } | null;
}

/**
 * The answer to "why can't I do that?" (`explain`, docs/server.md): the game's refusal of the
 * action for the focused seat, or that it would be allowed now, as of the match's `seq`; or why no
 * answer came (not connected, the link dropped, the viewer changed, asked too fast).
 */
export type Explanation =
  | {
      readonly kind: 'refused';
      readonly refusal: RuleError;
      readonly seq: number;
      /** The action's words, as the game writes them for this seat (null if it cannot). */
      readonly label: string | null;
    }
  | { readonly kind: 'allowed'; readonly seq: number; readonly label: string | null }
  | { readonly kind: 'unavailable'; readonly message: string };

/**
 * Questions leave at most this often: each costs as much as a `hello` in the server's message
 * budget (5 of 20 a second), and a player clicking round the board must never spend the budget
 * their next move needs. A question asked sooner waits its turn, replacing any that was waiting.
 */
export const EXPLAIN_INTERVAL_MS = 500;

/** The browser's network events (`window` by default; a test passes its own target). */
export interface NetworkEvents {
  readonly navigator?: { readonly onLine?: boolean };
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface ClientOptions {
  readonly table: string;
  readonly tokens: readonly string[];
  /** The viewer to start with (default: the server's, the first token's seat). */
  readonly focus?: Viewer;
  /** ws://host/api/v1/ws (default: this page's host). */
  readonly url?: string;
  /** For tests: a WebSocket constructor. */
  readonly WebSocketImpl?: typeof WebSocket;
  /** For tests: the jitter's source of numbers in [0, 1) (default: the platform's generator). */
  readonly random?: () => number;
  /**
   * Where the browser's `offline`, `online` and `focus` events come from (default: the window,
   * when there is one); `null`: none.
   */
  readonly network?: NetworkEvents | null;
}

/** A number in [0, 1) from the platform's generator (the lint keeps Math.random to no one). */
const jitter = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/**
 * Backoff between reconnection attempts: doubling from half a second, at most 10 s, with jitter
 * so that the clients a restarted server dropped do not all come back in the same instant.
 */
export function backoffMs(attempt: number, random: () => number = jitter): number {
  const base = Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * A keep-alive every 5 s, and after every action sent; a ping not answered within `SILENT_MS` means
 * the link is dead even if the browser has not noticed (a dropped network can leave a socket
 * "open" for a minute). Five seconds is ten times what a loaded server takes to answer a ping (it
 * answers in order, after the message before it, so an action's commit comes first), and short
 * enough that a player is told within seconds, not the 40 s it took before. 12 messages a minute
 * are far under the server's rate limit.
 */
export const PING_MS = 5_000;
export const SILENT_MS = 5_000;

/**
 * A socket not open after this long is given up and tried again: a connection attempt into a
 * network that drops packets can hang for minutes before the browser reports it.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** What the page shows for an action chosen while the link is down (it is not sent, nor kept). */
export const OFFLINE_MESSAGE =
  'Not connected to the server, so your choice was not sent. Choose again once the table is back.';

/** What the page shows when an action sent before a drop was neither confirmed nor refused. */
export const UNKNOWN_OUTCOME_MESSAGE =
  'The link dropped before the server answered your last move, and the table has moved on since: ' +
  'the log shows whether it counted.';

/** Errors that a new connection would only get again. */
const FATAL: ReadonlySet<string> = new Set([
  'not_found',
  'bad_token',
  'spectators_not_allowed',
  'unsupported_version',
  'bad_request',
]);

function defaultNetwork(): NetworkEvents | null {
  const g = globalThis as unknown as Partial<NetworkEvents> & { window?: unknown };
  return g.window !== undefined && typeof g.addEventListener === 'function' ? (g as NetworkEvents) : null;
}

function defaultUrl(): string {
  // Typed by hand: the server-side typecheck of the tests that import this module has no DOM library.
  const { protocol, host } = (globalThis as unknown as { location: { protocol: string; host: string } })
    .location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${PROTOCOL.wsPath}`;
}

/** The log after an update: what was kept up to its `from`, then its events. */
export function mergeEvents(
  kept: readonly VisibleEvent[],
  update: Pick<UpdateMessage, 'from' | 'events'>,
): VisibleEvent[] {
  const upTo = kept.filter((e) => e.seq <= update.from);
  return upTo.length === kept.length && update.events.length === 0 ? [...kept] : [...upTo, ...update.events];
}

export class TableClient {
  private socket: WebSocket | null = null;
  private state: TableSnapshot;
  private readonly listeners = new Set<() => void>();
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  /** A ping is out and nothing has been heard since: the link dies when this fires. */
  private silence: ReturnType<typeof setTimeout> | undefined;
  private counter = 0;
  private pendingId: string | null = null;
  /** The `act` in flight (to send again, same id, if the link drops before its answer). */
  private inFlight: (Extract<ClientMessage, { type: 'act' }> & { label: string | null }) | null = null;
  /** The public actors of the last update, whoever it was for, and since when they have acted. */
  private lastActors: string | null = null;
  private readonly network: NetworkEvents | null;
  private stopped = false;
  /** Counts `focus` calls, so that a `welcome` answering an older `hello` cannot undo the latest. */
  private focusEpoch = 0;
  private helloEpoch = 0;
  /** A request for this viewer's missing events is on its way (an update did not follow on). */
  private resyncing = false;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Questions sent and not yet answered, by request id. */
  private readonly explaining = new Map<string, (answer: Explanation) => void>();
  /** A question waiting for `EXPLAIN_INTERVAL_MS` to pass since the last one left. */
  private queuedQuestion: {
    readonly send: () => void;
    readonly drop: () => void;
    timer: ReturnType<typeof setTimeout>;
  } | null = null;
  private lastQuestionAt = -Infinity;
  private readonly url: string;
  private readonly WS: typeof WebSocket;

  constructor(private readonly options: ClientOptions) {
    this.url = options.url ?? defaultUrl();
    this.WS = options.WebSocketImpl ?? WebSocket;
    this.network = options.network === undefined ? defaultNetwork() : options.network;
    this.state = {
      link: 'connecting',
      attempts: 0,
      table: null,
      seats: [],
      focus: options.focus ?? (options.tokens.length ? 0 : 'spectator'),
      update: null,
      receivedAt: 0,
      events: [],
      pending: false,
      refusal: null,
      failure: null,
      offline: this.network?.navigator?.onLine === false,
      unconfirmed: null,
      confirmed: null,
      acked: null,
      actorsFrom: 0,
      handedOver: null,
    };
  }

  // The store -----------------------------------------------------------------------------------

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): TableSnapshot => this.state;

  private set(patch: Partial<TableSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  // The link ------------------------------------------------------------------------------------

  start(): void {
    this.stopped = false;
    this.set({ link: 'connecting' });
    this.network?.addEventListener('offline', this.onOffline);
    this.network?.addEventListener('online', this.onOnline);
    this.network?.addEventListener('focus', this.onFocus);
    this.open();
  }

  /** Closes for good (the page is left). */
  stop(): void {
    this.stopped = true;
    this.network?.removeEventListener('offline', this.onOffline);
    this.network?.removeEventListener('online', this.onOnline);
    this.network?.removeEventListener('focus', this.onFocus);
    clearTimeout(this.retry);
    clearTimeout(this.connectTimer);
    clearInterval(this.pinger);
    clearTimeout(this.silence);
    this.dropQuestions('The table was closed.');
    this.socket?.close(1000, 'left');
    this.socket = null;
    this.set({ link: 'closed' });
  }

  private open(): void {
    const socket = new this.WS(this.url);
    this.socket = socket;
    clearTimeout(this.connectTimer);
    this.connectTimer = setTimeout(() => {
      if (socket !== this.socket || socket.readyState === this.WS.OPEN) return;
      socket.close();
      this.lost();
    }, CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      if (socket !== this.socket) return;
      clearTimeout(this.connectTimer);
      this.hello();
    };
    socket.onmessage = (e) => {
      if (socket === this.socket && typeof e.data === 'string') this.receive(e.data);
    };
    socket.onclose = () => {
      if (socket === this.socket) this.lost();
    };
  }

  private hello(): void {
    const { update, focus } = this.state;
    // Asking from where we are means only the missed events come; a different viewer starts over.
    const lastSeq = update && update.viewer === focus ? update.seq : undefined;
    this.helloEpoch = this.focusEpoch;
    this.resyncing = false;
    this.send({
      type: 'hello',
      v: PROTOCOL.v,
      table: this.options.table,
      tokens: [...this.options.tokens],
      ...(this.state.table ? { focus } : this.options.focus === undefined ? {} : { focus }),
      ...(lastSeq === undefined ? {} : { lastSeq }),
    });
    if (this.inFlight) {
      // The action the last link did not answer, again with its request id: the server answers a
      // repeated id with its first answer, so it is stored at most once. Chosen against `seq`, it
      // is applied now only if the seat's options have not changed since; else it is stale.
      const { label: _label, ...act } = this.inFlight;
      this.pendingId = act.id;
      this.set({ pending: true });
      this.send(act);
    }
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.probe(), PING_MS);
  }

  /**
   * Sends a ping unless one is already out, and gives the link `SILENT_MS` to say anything at all:
   * silent that long, it is dead even if the browser has not noticed.
   */
  private probe(): void {
    if (this.silence !== undefined || this.socket?.readyState !== this.WS.OPEN) return;
    const socket = this.socket;
    this.send({ type: 'ping' });
    this.silence = setTimeout(() => {
      this.silence = undefined;
      if (socket !== this.socket) return;
      socket.close();
      this.lost();
    }, SILENT_MS);
  }

  private readonly onOffline = (): void => {
    this.set({ offline: true });
    // The browser knows the network is gone: say so now rather than after the silence.
    if (this.socket && this.state.link !== 'failed') {
      this.socket.close();
      this.lost();
    }
  };

  private readonly onOnline = (): void => {
    this.set({ offline: false });
    if (this.stopped || this.state.link === 'failed' || this.state.link === 'open') return;
    // Back at once, not after whatever the backoff had grown to; a socket already trying is left to it.
    if (this.socket) return;
    clearTimeout(this.retry);
    this.open();
  };

  /** The tab is looked at again (a phone woken up): make sure the link still answers. */
  private readonly onFocus = (): void => {
    if (this.state.link === 'open') this.probe();
  };

  private lost(): void {
    clearInterval(this.pinger);
    clearTimeout(this.silence);
    this.silence = undefined;
    clearTimeout(this.connectTimer);
    this.socket = null;
    this.dropQuestions('The link to the server dropped before it answered.');
    // An action in flight may or may not have been stored: the page says so, and the next link asks.
    this.pendingId = null;
    if (this.stopped || this.state.link === 'failed') return;
    const attempts = this.state.attempts + 1;
    const unconfirmed = this.inFlight
      ? { seat: this.inFlight.seat, label: this.inFlight.label }
      : this.state.unconfirmed;
    this.set({ link: 'reconnecting', attempts, pending: false, unconfirmed });
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.open(), backoffMs(attempts - 1, this.options.random));
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === this.WS.OPEN) this.socket.send(JSON.stringify(message));
  }

  // Messages ------------------------------------------------------------------------------------

  private receive(text: string): void {
    // Anything at all proves the link alive.
    clearTimeout(this.silence);
    this.silence = undefined;
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'welcome':
        return this.set({
          link: 'open',
          attempts: 0,
          table: message.table,
          seats: message.seats,
          // A focus chosen after this hello went out is on its way to the server: it stands.
          ...(this.focusEpoch === this.helloEpoch ? { focus: message.focus } : {}),
          failure: null,
          // "Not sent, not connected" is over once connected; a refusal of the game's stays.
          ...(this.state.refusal?.code === 'offline' ? { refusal: null } : {}),
        });
      case 'table':
        return this.set({ table: message.table });
      case 'update':
        return this.onUpdate(message);
      case 'ack':
        if (message.id === this.pendingId) {
          this.pendingId = null;
          const unsure = this.state.unconfirmed;
          this.inFlight = null;
          this.set({
            pending: false,
            refusal: null,
            acked: message.seq,
            unconfirmed: null,
            ...(unsure ? { confirmed: unsure } : {}),
          });
        }
        return;
      case 'refused':
        if (message.id === this.pendingId) {
          this.pendingId = null;
          this.inFlight = null;
        }
        return this.set({ pending: false, refusal: { ...message.error }, unconfirmed: null });
      case 'explained':
        return this.answer(
          message.id,
          message.refusal
            ? { kind: 'refused', refusal: message.refusal, seq: message.seq, label: message.label }
            : { kind: 'allowed', seq: message.seq, label: message.label },
        );
      case 'error':
        if (message.id !== undefined && this.explaining.has(message.id))
          return this.answer(message.id, { kind: 'unavailable', message: message.message });
        return this.onError(message);
      case 'pong':
        return;
    }
  }

  private onUpdate(update: UpdateMessage): void {
    // Only the focused viewer's updates count; one for the previous viewer may cross a focus change.
    if (update.viewer !== this.state.focus) return;
    const previous = this.state.update?.viewer === update.viewer ? this.state.update : null;
    if (previous && update.seq < previous.seq) return;
    // The log this client holds ends at `have`; an update starting later would leave a hole in it
    // (one sent for this viewer before a focus change and back): ask for what is missing instead.
    const have = previous?.seq ?? 0;
    if (update.from > have) return this.resync(have);
    this.resyncing = false;
    // Who acts is public, so this is kept across a hot-seat switch: it holds nothing of a seat.
    const actors = [...update.actors].sort((a, b) => a - b).join(',');
    const actorsFrom = actors === this.lastActors ? this.state.actorsFrom : update.seq;
    this.lastActors = actors;
    this.set({
      update,
      receivedAt: Date.now(),
      events: mergeEvents(previous ? this.state.events : [], update),
      actorsFrom,
    });
  }

  /** Asks again for the focused viewer's update, with the events after `have`. */
  private resync(have: number): void {
    if (this.resyncing) return;
    this.resyncing = true;
    const { focus } = this.state;
    this.send({ type: 'focus', viewer: focus, ...(have > 0 ? { lastSeq: have } : {}) });
  }

  private onError(error: Extract<ServerMessage, { type: 'error' }>): void {
    if (error.id !== undefined && error.id === this.pendingId) {
      this.pendingId = null;
      this.inFlight = null;
      const unsure = this.state.unconfirmed;
      // Sent again after a drop and now stale: stored before the drop (the table then moved on from
      // it) or never stored and overtaken. The server cannot tell which any more; the log can.
      if (unsure && error.code === 'stale_seq')
        return this.set({
          pending: false,
          unconfirmed: null,
          refusal: { code: 'unknown_outcome', rule: null, message: UNKNOWN_OUTCOME_MESSAGE },
        });
      // A stale choice is normal at a busy table: the fresh update is on its way, choose again.
      return this.set({
        pending: false,
        unconfirmed: null,
        refusal: { code: error.code, rule: null, message: error.message },
      });
    }
    if (this.state.link !== 'open' && FATAL.has(error.code)) {
      clearInterval(this.pinger);
      this.set({ link: 'failed', failure: { code: error.code, message: error.message } });
      this.socket?.close();
      return;
    }
    if (error.code === 'storage_failed') return; // the server closes; we reconnect with lastSeq.
    this.set({ refusal: { code: error.code, rule: null, message: error.message } });
  }

  // Requests ------------------------------------------------------------------------------------

  /** Sends one of the latest update's legal actions for the focused seat. */
  act(action: unknown): boolean {
    const { update, focus } = this.state;
    if (!update || focus === 'spectator' || !update.legal || this.pendingId) return false;
    if (this.state.link !== 'open' || this.socket?.readyState !== this.WS.OPEN) {
      // Not queued: by the time the link is back the table may have moved on, and the player
      // should choose from what it shows then, not have an old choice played for them.
      this.set({ refusal: { code: 'offline', rule: null, message: OFFLINE_MESSAGE } });
      return false;
    }
    const id = `a${++this.counter}-${update.seq}`;
    const index = (update.legal as unknown[]).indexOf(action);
    const message = { type: 'act' as const, id, seat: focus, seq: update.seq, action: action as never };
    this.pendingId = id;
    this.inFlight = { ...message, label: update.labels?.[index] ?? null };
    this.set({ pending: true, refusal: null, confirmed: null });
    this.send(message);
    // A link that died silently is found out within seconds of a move, not at the next keep-alive.
    this.probe();
    return true;
  }

  /**
   * Shows another viewer (hot-seat). The previous viewer's view and log are dropped at once, before
   * anything else is drawn, and the new viewer's whole log is asked for: this client never holds
   * two seats' secrets at the same time.
   */
  focus(viewer: Viewer): void {
    this.focusEpoch++;
    // An answer for the previous viewer's move is that seat's, not the next one's.
    this.dropQuestions('The device passed to another viewer.');
    this.resyncing = false;
    // An action still to be confirmed stays in flight: its answer is the seat's, whoever looks now.
    if (!this.inFlight) this.pendingId = null;
    const { update, focus } = this.state;
    this.set({
      focus: viewer,
      handedOver:
        update?.takeBack && focus !== 'spectator' && update.viewer === focus
          ? { seat: focus, seq: update.seq }
          : null,
      update: null,
      events: [],
      pending: this.pendingId !== null,
      refusal: null,
      confirmed: null,
      acked: null,
    });
    this.send({ type: 'focus', viewer });
  }

  /**
   * Asks the server why the focused seat may not take `action` (the action a click on a board
   * element that is not highlighted would have been), without taking it. The browser never
   * decides: the answer is the game's own refusal, or that the action would be allowed.
   */
  explain(action: unknown): Promise<Explanation> {
    if (this.state.focus === 'spectator')
      return Promise.resolve({
        kind: 'unavailable',
        message: 'You are watching: there is no move of yours to explain.',
      });
    if (this.state.link !== 'open' || this.socket?.readyState !== this.WS.OPEN)
      return Promise.resolve({
        kind: 'unavailable',
        message: 'Not connected to the server, so it cannot say.',
      });
    return new Promise((resolve) => {
      const send = () => {
        this.queuedQuestion = null;
        if (this.socket?.readyState !== this.WS.OPEN)
          return resolve({ kind: 'unavailable', message: 'Not connected to the server, so it cannot say.' });
        this.lastQuestionAt = Date.now();
        const id = `w${++this.counter}`;
        this.explaining.set(id, resolve);
        this.send({ type: 'explain', id, action: action as never });
      };
      const drop = () => resolve({ kind: 'unavailable', message: 'Another question was asked since.' });
      // Only the latest question waits: one asked while another waits replaces it.
      if (this.queuedQuestion) {
        clearTimeout(this.queuedQuestion.timer);
        this.queuedQuestion.drop();
        this.queuedQuestion = null;
      }
      const wait = this.lastQuestionAt + EXPLAIN_INTERVAL_MS - Date.now();
      if (wait <= 0) return send();
      this.queuedQuestion = { send, drop, timer: setTimeout(send, wait) };
    });
  }

  private answer(id: string, answer: Explanation): void {
    const resolve = this.explaining.get(id);
    this.explaining.delete(id);
    resolve?.(answer);
  }

  /** Questions that will get no answer (the link dropped, the viewer changed): said so at once. */
  private dropQuestions(message: string): void {
    const waiting = [...this.explaining.values()];
    this.explaining.clear();
    for (const resolve of waiting) resolve({ kind: 'unavailable', message });
    if (this.queuedQuestion) {
      clearTimeout(this.queuedQuestion.timer);
      this.queuedQuestion.drop();
      this.queuedQuestion = null;
    }
  }

  /**
   * Takes back a seat's last action: the focused seat's, when its latest update says it may
   * (`takeBack`), or (hot-seat, on the cover) `held`, a seat of this device whose last update said
   * so at the match's current `seq`. Its answer comes like an action's: an ack (then the update
   * with the state as before), or an error shown as a refusal. Never sent again after a drop.
   */
  takeBack(held?: { readonly seat: number; readonly seq: number }): boolean {
    const { update, focus } = this.state;
    const target =
      held ?? (update?.takeBack && focus !== 'spectator' ? { seat: focus, seq: update.seq } : null);
    if (!target || this.pendingId) return false;
    if (this.state.link !== 'open' || this.socket?.readyState !== this.WS.OPEN) {
      this.set({ refusal: { code: 'offline', rule: null, message: OFFLINE_MESSAGE } });
      return false;
    }
    const id = `t${++this.counter}-${target.seq}`;
    this.pendingId = id;
    this.set({ pending: true, refusal: null, confirmed: null });
    this.send({ type: 'takeback', id, seat: target.seat, seq: target.seq });
    return true;
  }

  /** Takes back a seat a bot plays since its clock ran out or its player was away. */
  reclaim(seat: number): void {
    this.send({ type: 'reclaim', id: `r${++this.counter}`, seat });
  }

  dismissRefusal(): void {
    this.set({ refusal: null });
  }
}
