/**
 * The tables: creating, joining, loading and playing matches, broadcasting what each viewer may
 * see, and letting bots play their seats. All game knowledge comes through the `Game` contract.
 *
 * Order of operations on an action (docs/server.md, "Durability"): in the match's queue, check it
 * (stale seq, the game's legality) → append its log row through the group committer and wait for
 * the commit → apply it in memory → acknowledge it to its sender → send every subscriber its
 * update → ask bots that must now act. Nothing reaches anyone before the row is committed.
 *
 * Clocks and absence limits: each playing match with a clock or an absence limit has one timer, on
 * its earliest deadline (`LiveMatch.nextDeadline`), re-armed after every change. When it fires, or
 * before any action is checked, a seat whose deadline has passed is taken over by the table's
 * takeover bot (stored first, like an action). Its player reclaims it with `reclaim`.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defaultName } from '../core/index.ts';
import type { AnyGame, RuleError, Seat, Viewer } from '../core/index.ts';
import type {
  CreateTableParsed,
  CreateTableResponse,
  GameInfo,
  JoinRequest,
  Outcome,
  JoinResponse,
  ReplayScript,
  ReplayScriptAction,
  SeatGrant,
  ServerMessage,
  TableInfo,
  TablesQuery,
  UpdateMessage,
} from '../protocol/index.ts';
import { TablesQuery as TablesQuerySchema } from '../protocol/index.ts';
import type { BotPool } from './bots/pool.ts';
import { gameInfo, planTable } from './catalog.ts';
import { describeZodError, ProtocolError, seatWord } from './errors.ts';
import type { GroupCommitter } from './group-commit.ts';
import { LiveMatch, seatNames } from './live.ts';
import type { Prepared, PreparedTakeBack } from './live.ts';
import type { NamedReplay } from './replay-frames.ts';
import { hashToken, newBotSeed, newSeatToken, newSeed, newTableId, seatOfToken } from './secrets.ts';
import { afterTutorial, tutorialBotSeed, tutorialPlan, tutorialSeed } from './tutorial.ts';
import type { ControlChange, CreationQuota, QuotaExceeded, Storage, StoredMatch } from './storage/types.ts';

/** A WebSocket connection (or a test double) following one table. */
export interface Subscriber {
  /** Seats this subscriber holds tokens for. */
  readonly seats: ReadonlySet<Seat>;
  /** Whose view it receives. */
  readonly focus: Viewer;
  /** The last sequence number sent to it for its focus. */
  lastSeq: number;
  /** `text` is the message's JSON when the server made it once for several subscribers. */
  send(message: ServerMessage, text?: string): void;
  /** Ends the connection (the server's copy of the match became invalid; the client reconnects). */
  drop(reason: string): void;
}

export interface TableLimits {
  /** Tables still waiting for players that one client may have at once. */
  readonly openTablesPerClient: number;
  /** Tables one client may create in `tableWindowMs`, whatever became of them. */
  readonly tablesPerWindow: number;
  readonly tableWindowMs: number;
  /** Unfinished tables with no human seat one client may have (they run on the server's bots). */
  readonly botTablesPerClient: number;
  /** How long a rematch's seats are kept for the last match's players (it is unlisted until then). */
  readonly rematchReservedMs: number;
  /** How long after a match ends its seat tokens still act for its seats (a rematch, say). */
  readonly finishedTokenMs: number;
  /** Actions queued for one match before new ones are refused with `busy`. */
  readonly matchQueue: number;
}

export interface TableServiceOptions {
  readonly games: readonly AnyGame[];
  readonly storage: Storage;
  readonly committer: GroupCommitter;
  readonly bots: BotPool;
  readonly limits: TableLimits;
  readonly log: FastifyBaseLogger;
  /** A bot's move is sent no sooner than this after it was asked (ms), so people can follow. */
  readonly botDelayMs: number;
  /** A match nobody follows stays in memory this long (ms). */
  readonly idleMs: number;
  readonly now?: () => number;
}

const QUOTA_TEXT: Record<QuotaExceeded, (limits: TableLimits) => string> = {
  waiting: (l) => `at most ${l.openTablesPerClient} tables waiting for players per client`,
  window: (l) =>
    `at most ${l.tablesPerWindow} new tables per ${Math.round(l.tableWindowMs / 60_000)} minutes per client`,
  'bots-only': (l) => `at most ${l.botTablesPerClient} unfinished tables of bots only per client`,
};

/** Node's timers overflow past 2^31 − 1 ms (24.8 days); a later deadline is waited for in steps. */
const MAX_TIMER_MS = 24 * 3_600_000;
/** How long to wait before trying again when a deadline could not be enforced (storage down). */
const DEADLINE_RETRY_MS = 5_000;

/**
 * Rendered updates kept per match for its current revision: the players' and the spectators' after
 * an action, and the odd reconnection's. A finished match's whole log for a fresh viewer is 50–70 KB.
 */
const RENDERS_PER_MATCH = 8;

interface RenderedUpdate {
  readonly message: UpdateMessage;
  readonly text: string;
}

/** Who submits an action: the seat's player, or the server's bot playing the seat. */
export type Actor = 'human' | 'bot';

export type ActOutcome =
  | { readonly kind: 'ack'; readonly seq: number }
  | { readonly kind: 'refused'; readonly seq: number; readonly error: RuleError };

export class TableService {
  private readonly live = new Map<string, Promise<LiveMatch>>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly thinking = new Map<string, Set<Seat>>();
  private readonly idleTimers = new Map<string, NodeJS.Timeout>();
  private readonly renders = new Map<
    string,
    { revision: number; updates: Map<string, RenderedUpdate | null> }
  >();
  /** One timer per match on its earliest clock or absence deadline. */
  private readonly deadlines = new Map<string, NodeJS.Timeout>();
  private resuming: Promise<unknown> = Promise.resolve();
  /**
   * When the players of timed matches forgotten from memory left (`LiveMatch.presence`), so that
   * reloading one does not restart its absence limits; only a restart of the server does.
   */
  private readonly absence = new Map<string, readonly number[]>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly opts: TableServiceOptions) {
    this.now = opts.now ?? Date.now;
  }

  // Games ------------------------------------------------------------------------------------------

  games(): GameInfo[] {
    return this.opts.games.map(gameInfo);
  }

  private game(id: string): AnyGame {
    const game = this.opts.games.find((g) => g.id === id);
    if (!game) throw new ProtocolError('unknown_game', `no game "${id}"`);
    return game;
  }

  // Creating and joining -----------------------------------------------------------------------------

  async create(request: CreateTableParsed, creator: string): Promise<CreateTableResponse> {
    const game = this.game(request.game);
    const planned = planTable(game, request);
    const { options, seats, settings, claim } = request.tutorial
      ? tutorialPlan(planned, request.names)
      : planned;

    const at = this.now();
    const tokens: SeatGrant[] = claim.map((seat) => ({ seat, token: newSeatToken() }));
    tokens.forEach(({ seat, token }, k) => {
      const name = request.names?.[k] ?? request.name;
      seats[seat] = { ...seats[seat]!, name, tokenHash: hashToken(token), claimedAt: at };
    });
    const stored: StoredMatch = {
      id: newTableId(),
      game: game.id,
      rulesVersion: game.rulesVersion,
      players: request.players,
      seed: request.tutorial ? tutorialSeed(game.id) : newSeed(),
      options,
      settings,
      creator,
      createdAt: at,
      rematchOf: null,
      seats,
      status: 'waiting',
      startedAt: null,
      finishedAt: null,
      outcome: null,
      rematch: null,
    };
    const match = await this.register(stored, this.quota());
    await match.queue.run(() => this.startIfReady(match));
    this.opts.log.info({ table: match.id, game: game.id, players: request.players }, 'table created');
    return { table: this.infoOf(match), tokens };
  }

  private quota(): CreationQuota {
    const limits = this.opts.limits;
    return {
      waiting: limits.openTablesPerClient,
      perWindow: limits.tablesPerWindow,
      windowMs: limits.tableWindowMs,
      botsOnly: limits.botTablesPerClient,
    };
  }

  /** Stores a new table (counted against its creator's quota, if given) and keeps it in memory. */
  private async register(stored: StoredMatch, quota?: CreationQuota): Promise<LiveMatch> {
    const exceeded = await this.opts.storage.createMatch(stored, quota);
    if (exceeded) throw new ProtocolError('too_many_tables', QUOTA_TEXT[exceeded](this.opts.limits));
    const match = LiveMatch.create(this.game(stored.game), stored);
    this.live.set(match.id, Promise.resolve(match));
    this.touch(match);
    return match;
  }

  async join(id: string, request: JoinRequest): Promise<JoinResponse> {
    const match = await this.open(id);
    return match.queue.run(async () => {
      this.assertValid(match);
      if (match.status !== 'waiting') throw new ProtocolError('table_full', 'the match has already started');
      const reserved = match.setup.reservedUntil ?? null;
      if (reserved !== null && this.now() < reserved)
        throw new ProtocolError(
          'seat_taken',
          `the seats of this rematch are kept for the last match's players for ${Math.ceil((reserved - this.now()) / 1000)} s more`,
        );
      const open = match.openHumanSeats();
      const seat = request.seat ?? open[0];
      if (seat === undefined) throw new ProtocolError('table_full', 'no open seat left');
      if (!open.includes(seat))
        throw new ProtocolError('seat_taken', `${seatWord(seat)} is not an open seat for a human`);
      const token = newSeatToken();
      await this.claim(match, [{ seat, name: request.name, tokenHash: hashToken(token) }]);
      return { table: this.infoOf(match), seat, token };
    });
  }

  /** Takes seats (in the match's queue), starting the match when the last human seat is taken. */
  private async claim(
    match: LiveMatch,
    claims: readonly { seat: Seat; name: string; tokenHash: string }[],
  ): Promise<void> {
    const at = this.now();
    const open = new Set(match.openHumanSeats());
    const start = claims.length > 0 && [...open].every((seat) => claims.some((c) => c.seat === seat));
    const ok = await this.opts.storage.claimSeats(match.id, claims, at, start);
    if (!ok) throw new ProtocolError('seat_taken', 'the seat was taken meanwhile');
    for (const c of claims) match.claim(c.seat, c.name, c.tokenHash, at);
    if (start) this.begin(match, at);
    else this.broadcastTable(match);
  }

  /** A table created with every human seat already taken (hot-seat, bots only) starts at once. */
  private async startIfReady(match: LiveMatch): Promise<void> {
    if (match.status !== 'waiting' || match.openHumanSeats().length > 0) return;
    const at = this.now();
    if (!(await this.opts.storage.claimSeats(match.id, [], at, true))) return;
    this.begin(match, at);
  }

  private begin(match: LiveMatch, at: number): void {
    match.begin(at);
    this.opts.log.info({ table: match.id }, 'match started');
    this.broadcastTable(match);
    this.broadcastUpdates(match);
    this.scheduleBots(match);
    this.arm(match);
  }

  // Reading ----------------------------------------------------------------------------------------

  async info(id: string): Promise<TableInfo> {
    return this.infoOf(await this.open(id));
  }

  async list(query: TablesQuery): Promise<TableInfo[]> {
    const parsed = TablesQuerySchema.safeParse(query);
    if (!parsed.success) throw new ProtocolError('bad_request', describeZodError(parsed.error));
    const rows = await this.opts.storage.listMatches({ ...parsed.data, at: this.now() });
    const out: TableInfo[] = [];
    for (const row of rows) {
      const cached = this.live.get(row.id);
      const match = cached ? await cached.catch(() => undefined) : undefined;
      if (match && !match.invalid) out.push(this.infoOf(match));
      else {
        const game = this.opts.games.find((g) => g.id === row.game);
        if (game) out.push({ ...LiveMatch.create(game, row).info(new Set()), seq: row.seq ?? 0 });
      }
    }
    return out;
  }

  /** The finished match as a `prosper replay` script, read from the log itself. */
  async replay(id: string): Promise<ReplayScript> {
    return (await this.namedReplay(id)).script;
  }

  /** The finished match's script and what its texts call each seat (for the replay frames). */
  async namedReplay(id: string): Promise<NamedReplay> {
    const loaded = await this.opts.storage.loadMatch(id);
    if (!loaded) throw new ProtocolError('not_found', `no table ${id}`);
    const { match, actions } = loaded;
    if (match.status !== 'finished')
      throw new ProtocolError('not_finished', 'the replay is public once the match is over');
    const script: ReplayScript = {
      game: match.game,
      rulesVersion: match.rulesVersion,
      players: match.players,
      seed: match.seed,
      options: match.options as ReplayScript['options'],
      actions: actions.map((a) =>
        a.takeBack
          ? { seat: a.seat, takeBack: true as const }
          : { seat: a.seat, action: a.action as ReplayScriptAction['action'] },
      ),
    };
    return { script, names: seatNames(match.id, match.seats) };
  }

  infoOf(match: LiveMatch): TableInfo {
    return match.info(this.connectedSeats(match.id));
  }

  private connectedSeats(id: string): Set<Seat> {
    const seats = new Set<Seat>();
    for (const sub of this.subscribers.get(id) ?? []) for (const seat of sub.seats) seats.add(seat);
    return seats;
  }

  // Rematch ----------------------------------------------------------------------------------------

  async rematch(id: string, tokens: readonly string[]): Promise<CreateTableResponse> {
    const old = await this.open(id);
    const seats = this.seatsOfTokens(old, tokens);
    const rematchId = await old.queue.run(async () => {
      this.assertValid(old);
      if (old.status !== 'finished')
        throw new ProtocolError('not_finished', 'a rematch follows a finished match');
      if (old.rematch) return old.rematch;
      const game = this.game(old.setup.game);
      const stored: StoredMatch = {
        ...old.setup,
        id: newTableId(),
        rulesVersion: game.rulesVersion,
        seed: newSeed(),
        settings: afterTutorial(old.setup.settings),
        createdAt: this.now(),
        rematchOf: old.id,
        // The players who ask first must not find their seats taken by strangers.
        reservedUntil: this.now() + this.opts.limits.rematchReservedMs,
        seats: old
          .seatList()
          .map((s) => ({ ...s, name: null, tokenHash: null, claimedAt: null, takeover: null })),
        status: 'waiting',
        startedAt: null,
        finishedAt: null,
        outcome: null,
        rematch: null,
      };
      await this.register(stored);
      await this.opts.storage.setRematch(old.id, stored.id);
      old.rematch = stored.id;
      this.broadcastTable(old);
      this.opts.log.info({ table: stored.id, rematchOf: old.id }, 'rematch created');
      return stored.id;
    });
    const next = await this.open(rematchId);
    return next.queue.run(async () => {
      this.assertValid(next);
      const open = next.openHumanSeats();
      const taken = seats.filter((s) => !open.includes(s));
      if (taken.length > 0)
        throw new ProtocolError('seat_taken', `${seatWord(taken[0]!)} is already taken at the rematch`);
      const grants = seats.map((seat) => ({ seat, token: newSeatToken() }));
      await this.claim(
        next,
        grants.map(({ seat, token }) => ({
          seat,
          name: old.seatList()[seat]?.name ?? defaultName(seat),
          tokenHash: hashToken(token),
        })),
      );
      return { table: this.infoOf(next), tokens: grants };
    });
  }

  /**
   * Whether the match ended long enough ago that its seat tokens no longer act for anyone: a token
   * left in a browser cannot ask for a rematch in its player's name forever. Watching stays open.
   */
  tokensExpired(match: LiveMatch): boolean {
    return (
      match.status === 'finished' &&
      match.finishedAt !== null &&
      this.now() - match.finishedAt > this.opts.limits.finishedTokenMs
    );
  }

  /** The seats a list of tokens holds at a match; `bad_token` if any holds none. */
  seatsOfTokens(match: LiveMatch, tokens: readonly string[]): Seat[] {
    if (tokens.length > 0 && this.tokensExpired(match))
      throw new ProtocolError('bad_token', 'this match ended too long ago: its seat tokens have expired');
    const hashes = match.tokenHashes();
    const seats: Seat[] = [];
    for (const token of tokens) {
      const seat = seatOfToken(token, hashes);
      if (seat === undefined) throw new ProtocolError('bad_token', 'a token holds no seat at this table');
      if (!seats.includes(seat)) seats.push(seat);
    }
    return seats;
  }

  // Loading ----------------------------------------------------------------------------------------

  /** The match in memory, loading it from the log if needed. */
  async open(id: string): Promise<LiveMatch> {
    if (this.closed) throw new ProtocolError('busy', 'the server is shutting down');
    let loading = this.live.get(id);
    if (!loading) {
      loading = this.load(id);
      this.live.set(id, loading);
      loading.catch(() => this.live.delete(id));
    }
    const match = await loading;
    this.touch(match);
    return match;
  }

  private async load(id: string): Promise<LiveMatch> {
    const loaded = await this.opts.storage.loadMatch(id);
    if (!loaded) throw new ProtocolError('not_found', `no table ${id}`);
    const game = this.opts.games.find((g) => g.id === loaded.match.game);
    if (!game) throw new ProtocolError('unknown_game', `table ${id} is of a game this server does not have`);
    let match: LiveMatch;
    try {
      match = LiveMatch.restore(game, loaded.match, loaded.actions, loaded.control, this.now());
    } catch (err) {
      this.opts.log.error({ table: id, err }, 'the match does not replay on this engine');
      if (loaded.match.status !== 'finished')
        throw new ProtocolError('internal', 'this match cannot be continued on this server');
      match = LiveMatch.archived(game, loaded.match, loaded.actions.length);
    }
    if (match.status === 'waiting') await match.queue.run(() => this.startIfReady(match));
    queueMicrotask(() => this.scheduleBots(match));
    const left = this.absence.get(id);
    this.absence.delete(id);
    if (left) match.recallPresence(left);
    // Deadlines that passed while the match was not in memory (or the server was down) act now.
    if (match.status === 'playing' && match.timed)
      match.queue
        .run(() => this.expire(match))
        .catch(() => setTimeout(() => void this.onDeadline(id), DEADLINE_RETRY_MS).unref());
    return match;
  }

  /** Forgets a match whose in-memory copy may differ from the database; its followers reconnect. */
  private invalidate(match: LiveMatch, reason: string): void {
    match.invalid = true;
    this.forget(match);
    // A match that moves without a person (bots, clocks) is loaded again by itself, once the
    // database answers; the others are when a follower reconnects.
    if (match.status === 'playing' && (match.timed || match.seatList().some((s) => s.kind === 'bot')))
      setTimeout(() => void this.onDeadline(match.id), DEADLINE_RETRY_MS).unref();
    const followers = this.subscribers.get(match.id) ?? new Set();
    this.subscribers.delete(match.id);
    // After the current request's own error reply has gone out.
    setImmediate(() => {
      for (const sub of followers) sub.drop(reason);
    });
  }

  /** Drops the match from memory; it is loaded from the database again when next needed. */
  private forget(match: LiveMatch): void {
    if (this.live.get(match.id) === undefined) return;
    this.live.delete(match.id);
    this.renders.delete(match.id);
    if (match.status === 'playing' && match.timed) this.absence.set(match.id, match.presence());
  }

  private assertValid(match: LiveMatch): void {
    if (match.invalid) throw new ProtocolError('storage_failed', 'the match is being reloaded; reconnect');
  }

  /** Keeps a match in memory while it is followed, queued or played by bots; forgets it when idle. */
  private touch(match: LiveMatch): void {
    clearTimeout(this.idleTimers.get(match.id));
    const timer = setTimeout(() => {
      this.idleTimers.delete(match.id);
      if (this.busy(match)) this.touch(match);
      else if (!match.invalid) this.forget(match);
    }, this.opts.idleMs);
    timer.unref();
    this.idleTimers.set(match.id, timer);
  }

  private busy(match: LiveMatch): boolean {
    const botToMove =
      match.status === 'playing' &&
      match.currentActors().some((s) => match.playedByBot(s) && match.botShouldAct(s));
    return (
      (this.subscribers.get(match.id)?.size ?? 0) > 0 ||
      match.queue.length > 0 ||
      (this.thinking.get(match.id)?.size ?? 0) > 0 ||
      botToMove
    );
  }

  // Following --------------------------------------------------------------------------------------

  subscribe(match: LiveMatch, sub: Subscriber): void {
    let set = this.subscribers.get(match.id);
    if (!set) this.subscribers.set(match.id, (set = new Set()));
    const before = this.connectedSeats(match.id);
    set.add(sub);
    if (this.connectedSeats(match.id).size !== before.size) {
      this.broadcastTable(match, sub);
      this.arm(match);
    }
  }

  unsubscribe(match: LiveMatch, sub: Subscriber): void {
    const set = this.subscribers.get(match.id);
    if (!set?.delete(sub)) return;
    const connected = this.connectedSeats(match.id);
    const lost = [...sub.seats].filter((seat) => !connected.has(seat));
    if (set.size === 0) this.subscribers.delete(match.id);
    const now = this.now();
    for (const seat of lost) match.left(seat, now);
    if (lost.length > 0 && !match.invalid) {
      this.broadcastTable(match);
      this.arm(match);
    }
    this.touch(match);
  }

  /** Sends a subscriber its focus viewer's update from `from` (hello, focus). */
  sendUpdate(match: LiveMatch, sub: Subscriber, from: number): void {
    const update = this.rendered(match, sub.focus, from);
    if (!update) return;
    sub.lastSeq = update.message.seq;
    sub.send(update.message, update.text);
  }

  private broadcastTable(match: LiveMatch, except?: Subscriber): void {
    const message: ServerMessage = { type: 'table', table: this.infoOf(match) };
    const text = JSON.stringify(message);
    for (const sub of this.subscribers.get(match.id) ?? []) if (sub !== except) sub.send(message, text);
  }

  /**
   * Every subscriber gets its viewer's update; one rendering per (viewer, starting point). With
   * `again`, also those already at the current seq (a seat changed hands: clocks and options did).
   */
  private broadcastUpdates(match: LiveMatch, again = false): void {
    for (const sub of this.subscribers.get(match.id) ?? []) {
      if (sub.lastSeq >= match.seq && !(again && sub.lastSeq === match.seq)) continue;
      const update = this.rendered(match, sub.focus, Math.max(0, sub.lastSeq));
      if (!update) continue;
      sub.lastSeq = match.seq;
      sub.send(update.message, update.text);
    }
  }

  /**
   * A viewer's update from `from`, rendered and written as JSON once per revision of the match:
   * spectators share one, and a `hello` or `focus` repeated at a finished match costs a lookup.
   */
  private rendered(match: LiveMatch, viewer: Viewer, from: number): RenderedUpdate | null {
    let cache = this.renders.get(match.id);
    if (cache?.revision !== match.revision) {
      cache = { revision: match.revision, updates: new Map() };
      this.renders.set(match.id, cache);
    }
    const key = `${viewer}:${Math.max(0, Math.min(from, match.seq))}`;
    let update = cache.updates.get(key);
    if (update === undefined) {
      const message = match.update(viewer, from, this.now());
      update = message && { message, text: JSON.stringify(message) };
      if (cache.updates.size >= RENDERS_PER_MATCH) cache.updates.delete(cache.updates.keys().next().value!);
    } else cache.updates.delete(key);
    // Re-inserted: the map's order is least recently used first.
    cache.updates.set(key, update);
    return update;
  }

  // Playing ----------------------------------------------------------------------------------------

  /**
   * Submits an action for `seat` chosen against update `seq`. `acknowledge` is called once the
   * action is committed, before any update about it is sent.
   */
  async act(
    match: LiveMatch,
    seat: Seat,
    seq: number,
    action: unknown,
    requestId: string | undefined,
    acknowledge: (outcome: ActOutcome) => void,
    by: Actor = 'human',
  ): Promise<void> {
    if (match.queue.length >= this.opts.limits.matchQueue)
      throw new ProtocolError('busy', 'too many actions are waiting at this table; try again');
    await match.queue.run(async () => {
      this.assertValid(match);
      const earlier = requestId === undefined ? undefined : match.answered(seat, requestId);
      if (earlier !== undefined) return acknowledge({ kind: 'ack', seq: earlier });
      // A deadline that passed counts even if its timer has not fired yet: late is late.
      if (match.timed) await this.enforce(match);
      if (by === 'human' && match.takenOver(seat))
        throw new ProtocolError(
          'taken_over',
          `a bot plays ${seatWord(seat)} since ${match.takeoverOf(seat)!.reason === 'time' ? 'its time ran out' : 'its player was away too long'}; reclaim it to play`,
          match.seq,
        );
      if (by === 'bot' && !match.playedByBot(seat))
        throw new ProtocolError('stale_seq', `${seatWord(seat)}'s player has reclaimed it`, match.seq);
      const at = this.now();
      const checked = match.check(seat, seq, action, at);
      if (!checked.ok) return acknowledge({ kind: 'refused', seq: match.seq, error: checked.error });
      await this.store(match, checked.prepared);
      match.commit(checked.prepared, requestId);
      acknowledge({ kind: 'ack', seq: match.seq });
      this.broadcastUpdates(match);
      if (match.status === 'finished') {
        this.opts.log.info({ table: match.id, seq: match.seq }, 'match finished');
        this.broadcastTable(match);
      }
      this.scheduleBots(match);
      if (match.timed) this.arm(match);
    });
  }

  /**
   * `seat`'s player takes back its last action, asked against update `seq` (docs/server.md,
   * "Take-back"). Refusals are thrown as `ProtocolError`s; `acknowledge` gets the take-back's own
   * sequence number once it is stored, before anyone hears of it. Bots never ask.
   */
  async takeBack(
    match: LiveMatch,
    seat: Seat,
    seq: number,
    requestId: string | undefined,
    acknowledge: (seq: number) => void,
  ): Promise<void> {
    if (match.queue.length >= this.opts.limits.matchQueue)
      throw new ProtocolError('busy', 'too many actions are waiting at this table; try again');
    await match.queue.run(async () => {
      this.assertValid(match);
      const earlier = requestId === undefined ? undefined : match.answered(seat, requestId);
      if (earlier !== undefined) return acknowledge(earlier);
      if (match.timed) await this.enforce(match);
      const prepared = match.checkTakeBack(seat, seq, this.now());
      await this.storeTakeBack(match, prepared);
      match.commitTakeBack(prepared, requestId);
      this.opts.log.info({ table: match.id, seat, seq: match.seq }, 'a player took an action back');
      acknowledge(match.seq);
      this.broadcastUpdates(match);
      this.scheduleBots(match);
      if (match.timed) this.arm(match);
    });
  }

  private async storeTakeBack(match: LiveMatch, prepared: PreparedTakeBack): Promise<void> {
    try {
      await this.opts.committer.append({
        match: match.id,
        seq: prepared.seq,
        seat: prepared.seat,
        action: null,
        takeBack: true,
        at: prepared.at,
      });
    } catch (err) {
      this.opts.log.error({ table: match.id, seq: prepared.seq, err }, 'storing a take-back failed');
      this.invalidate(match, 'storage failure');
      throw new ProtocolError('storage_failed', 'the take-back could not be stored; nothing was applied');
    }
  }

  // Clocks, takeover and reclaim ----------------------------------------------------------------------

  /** Sets the match's timer on its earliest deadline (or clears it when there is none). */
  private arm(match: LiveMatch): void {
    clearTimeout(this.deadlines.get(match.id));
    this.deadlines.delete(match.id);
    if (this.closed || match.invalid || match.status !== 'playing' || !match.timed) return;
    const deadline = match.nextDeadline(this.connectedSeats(match.id));
    if (!deadline) return;
    const wait = Math.min(Math.max(0, deadline.at - this.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.deadlines.delete(match.id);
      void this.onDeadline(match.id);
    }, wait);
    timer.unref();
    this.deadlines.set(match.id, timer);
  }

  /** A deadline's timer fired: load the match if it was forgotten meanwhile, and enforce it. */
  private async onDeadline(id: string): Promise<void> {
    if (this.closed) return;
    try {
      const match = await this.open(id);
      await match.queue.run(() => this.expire(match));
    } catch (err) {
      // Refusals end here; a database that is unreachable (storage_failed) is tried again.
      if (this.closed || (err instanceof ProtocolError && err.code !== 'storage_failed')) return;
      this.opts.log.error({ table: id, err }, 'a deadline could not be enforced; trying again');
      setTimeout(() => void this.onDeadline(id), DEADLINE_RETRY_MS).unref();
    }
  }

  /** In the match's queue: takes over whichever seats ran out, then arms the next deadline. */
  private async expire(match: LiveMatch): Promise<void> {
    if (match.invalid) return;
    await this.enforce(match);
    this.arm(match);
  }

  /**
   * In the match's queue: every seat whose clock or absence limit has run out is taken over by the
   * table's takeover bot, stored before anyone hears of it.
   */
  private async enforce(match: LiveMatch): Promise<void> {
    if (match.status !== 'playing') return;
    const now = this.now();
    const due = match.overdue(now, this.connectedSeats(match.id));
    if (due.length === 0) return;
    for (const { seat, reason } of due) {
      await this.changeControl(match, { seat, seq: match.seq, at: now, kind: 'takeover', reason });
      this.opts.log.info({ table: match.id, seat, reason, seq: match.seq }, 'a bot took a seat over');
    }
    this.changedHands(match);
  }

  /**
   * Gives `seat` back to its player (the connection holds its token). `acknowledge` is called with
   * the match's sequence number once the change is stored, before anyone hears of it.
   */
  async reclaim(match: LiveMatch, seat: Seat, acknowledge: (seq: number) => void): Promise<void> {
    await match.queue.run(async () => {
      this.assertValid(match);
      if (match.status === 'waiting') throw new ProtocolError('not_started', 'the match has not started');
      if (match.status === 'finished') throw new ProtocolError('not_started', 'the match is over');
      if (!match.takenOver(seat)) return acknowledge(match.seq);
      await this.changeControl(match, {
        seat,
        seq: match.seq,
        at: this.now(),
        kind: 'reclaim',
        reason: null,
      });
      this.opts.log.info({ table: match.id, seat, seq: match.seq }, 'a player reclaimed a seat');
      acknowledge(match.seq);
      this.changedHands(match);
      this.arm(match);
    });
  }

  /**
   * The learner leaves a tutorial: the takeover bot plays their seats from now on (stored like any
   * takeover, as `absent`), so the match finishes by itself and nothing waits for them. Any other
   * table is refused: leaving one would hand a person's opponents a bot without their say.
   */
  async leave(id: string, tokens: readonly string[]): Promise<TableInfo> {
    const match = await this.open(id);
    if (!match.setup.settings.tutorial)
      throw new ProtocolError('invalid_table', 'only a tutorial table can be left this way');
    const seats = this.seatsOfTokens(match, tokens);
    return match.queue.run(async () => {
      this.assertValid(match);
      if (match.status !== 'playing') return this.infoOf(match);
      const at = this.now();
      const staying = seats.filter((seat) => !match.takenOver(seat));
      for (const seat of staying)
        await this.changeControl(match, { seat, seq: match.seq, at, kind: 'takeover', reason: 'absent' });
      if (staying.length > 0) {
        this.opts.log.info({ table: match.id, seq: match.seq }, 'a learner left a tutorial');
        this.changedHands(match);
        this.arm(match);
      }
      return this.infoOf(match);
    });
  }

  /** Stores a takeover or reclaim, then applies it; a failed write applies nothing (see `store`). */
  private async changeControl(match: LiveMatch, change: ControlChange): Promise<void> {
    try {
      await this.opts.storage.recordControl(match.id, match.controlCount, change);
    } catch (err) {
      this.opts.log.error({ table: match.id, seat: change.seat, err }, 'storing a seat change failed');
      this.invalidate(match, 'storage failure');
      throw new ProtocolError('storage_failed', 'the change could not be stored; nothing was applied');
    }
    match.applyControl(change);
  }

  /** After takeovers or a reclaim: everyone hears who plays which seat, and bots that must act do. */
  private changedHands(match: LiveMatch): void {
    this.broadcastTable(match);
    this.broadcastUpdates(match, true);
    this.scheduleBots(match);
  }

  /**
   * After a start-up: loads every playing match that can move without a person (a bot seat, a
   * clock or an absence limit), so its bots play on and its timers are armed again. The others are
   * loaded when someone opens them.
   */
  resume(): Promise<number> {
    const run = (async () => {
      let resumed = 0;
      for (const playing of await this.opts.storage.playingMatches()) {
        if (this.closed) break;
        const { clock, takeover } = playing.settings;
        if (!playing.bots && clock.kind === 'none' && takeover.absentMs === null) continue;
        try {
          await this.open(playing.id);
          resumed++;
        } catch (err) {
          if (this.closed) break;
          this.opts.log.error({ table: playing.id, err }, 'a playing match could not be resumed');
        }
      }
      if (resumed > 0) this.opts.log.info({ matches: resumed }, 'matches resumed');
      return resumed;
    })().catch((err: unknown) => {
      if (!this.closed) this.opts.log.error({ err }, 'playing matches could not be listed to resume them');
      return 0;
    });
    this.resuming = run;
    return run;
  }

  private async store(match: LiveMatch, prepared: Prepared): Promise<void> {
    try {
      await this.opts.committer.append({
        match: match.id,
        seq: prepared.seq,
        seat: prepared.seat,
        action: prepared.action,
        at: prepared.at,
        ...(prepared.outcome && match.status === 'playing'
          ? { finish: { outcome: prepared.outcome as Outcome } }
          : {}),
      });
    } catch (err) {
      // Whether the row is there is unknown (a lost commit reply): only the database can say. The
      // match is reloaded from it on next use; its followers reconnect and resynchronise.
      this.opts.log.error({ table: match.id, seq: prepared.seq, err }, 'storing an action failed');
      this.invalidate(match, 'storage failure');
      throw new ProtocolError('storage_failed', 'the action could not be stored; nothing was applied');
    }
  }

  /** Asks every bot seat that must act now for its move (each seat one decision at a time). */
  private scheduleBots(match: LiveMatch): void {
    if (match.status !== 'playing' || match.invalid || this.closed) return;
    let thinking = this.thinking.get(match.id);
    for (const seat of match.currentActors()) {
      if (!match.playedByBot(seat) || !match.botShouldAct(seat)) continue;
      if (!thinking) this.thinking.set(match.id, (thinking = new Set()));
      if (thinking.has(seat)) continue;
      thinking.add(seat);
      void this.botMove(match, seat).then((retryMs) => {
        thinking!.delete(seat);
        if (thinking!.size === 0) this.thinking.delete(match.id);
        this.touch(match);
        // Its own move was committed while it still counted as thinking, so it was not asked
        // again then: ask now (it may move again, or its move was stale and it thinks anew).
        if (retryMs === 0) this.scheduleBots(match);
        else if (retryMs !== undefined) setTimeout(() => this.scheduleBots(match), retryMs).unref();
      });
    }
  }

  /** Plays one bot decision; resolves with when to look at the bots again (ms), if at all. */
  private async botMove(match: LiveMatch, seat: Seat): Promise<number | undefined> {
    const asked = performance.now();
    const seq = match.seq;
    const legal = match.legalFor(seat);
    if (!legal || legal.length === 0) return undefined;
    let index = 0;
    if (legal.length > 1) {
      const choice = match.botFor(seat);
      try {
        index = await this.opts.bots.decide(
          {
            game: match.game.id,
            seat,
            bot: { name: choice.bot, params: choice.ms === undefined ? {} : { ms: String(choice.ms) } },
            seed: match.setup.settings.tutorial ? tutorialBotSeed(seq, seat) : newBotSeed(),
            state: match.stateForServer(),
          },
          // Charged to the table's creator, takeover bots too; a bot with a budget is a search.
          {
            table: match.id,
            client: match.setup.creator,
            cost: choice.ms === undefined ? 'quick' : 'search',
          },
        );
      } catch (err) {
        if (this.closed) return undefined;
        this.opts.log.warn({ table: match.id, seat, err }, 'bot failed; playing a random legal action');
        index = randomInt(legal.length);
      }
    }
    const wait = this.opts.botDelayMs - (performance.now() - asked);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (match.invalid || this.closed) return undefined;
    let refused = false;
    try {
      await this.act(
        match,
        seat,
        seq,
        legal[index],
        undefined,
        (outcome) => {
          if (outcome.kind !== 'refused') return;
          // A legal action from the list was refused: an engine bug. Try again later, not in a loop.
          refused = true;
          this.opts.log.error(
            { table: match.id, seat, rule: outcome.error.rule },
            'a bot action was refused',
          );
        },
        'bot',
      );
      if (refused) return 1000;
    } catch (err) {
      // Stale: the seat's options changed while the bot thought; it thinks again on the new ones.
      if (err instanceof ProtocolError && err.code === 'busy') return 100;
      if (!(err instanceof ProtocolError && err.code === 'stale_seq'))
        this.opts.log.warn({ table: match.id, seat, err }, 'a bot action was not applied');
    }
    return 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const timer of this.deadlines.values()) clearTimeout(timer);
    this.deadlines.clear();
    await this.resuming;
    await this.opts.committer.flushed();
  }

  /** Matches in memory (for health and the load test). */
  get liveCount(): number {
    return this.live.size;
  }
}
