/**
 * A real server on an ephemeral port, real WebSocket clients, and a temporary database (a SQLite
 * file, or a fresh PostgreSQL schema) for each test file.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import type { AnyGame } from '../../src/core/index.ts';
import { Rng } from '../../src/core/index.ts';
import { API_PREFIX, ServerMessage } from '../../src/protocol/index.ts';
import type { ClientMessage, Outcome, TableSettings, UpdateMessage } from '../../src/protocol/index.ts';
import { startServer } from '../../src/server/app.ts';
import { hashToken, newSeatToken, newSeed, newTableId } from '../../src/server/secrets.ts';
import type { AppendEntry, Storage } from '../../src/server/storage/types.ts';
import type { ServerOptions } from '../../src/server/app.ts';
import type { DbLocation } from '../../src/server/storage/open.ts';

export const PG_URL = process.env['PROSPER_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export type DbKind = 'sqlite' | 'postgres';

/**
 * The PostgreSQL tests fail, loudly, when there is no PostgreSQL to test against: they are never
 * skipped (`.ci/run` starts it; `PROSPER_TEST_PG` points the tests at another one).
 */
async function expectPostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${PG_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')} ` +
        `(${err instanceof Error ? err.message : String(err)}). The PostgreSQL tests need it: start it ` +
        `(.ci/ensure-postgres does, as root), or set PROSPER_TEST_PG to a database they may use.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database of the given kind, and how to throw it away. */
export async function freshDb(kind: DbKind): Promise<{ location: DbLocation; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'prosper-server-'));
    return {
      location: { kind: 'sqlite', path: join(dir, 'prosper.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  await expectPostgres();
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    location: { kind: 'postgres', url: PG_URL, schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly server: Awaited<ReturnType<typeof startServer>>;
  readonly location: DbLocation;
  /** Stops the server (the database stays until `drop`). */
  stop(): Promise<void>;
  drop(): Promise<void>;
}

export async function startTestServer(
  options: Partial<ServerOptions> & { readonly kind?: DbKind; readonly location?: DbLocation } = {},
): Promise<TestServer> {
  const fresh = options.location ? undefined : await freshDb(options.kind ?? 'sqlite');
  const location = options.location ?? fresh!.location;
  const server = await startServer({
    logger: false,
    botWorkers: 2,
    ...options,
    db: options.db ?? location,
    host: '127.0.0.1',
    port: 0,
  });
  return {
    url: server.url,
    wsUrl: `${server.url.replace(/^http/, 'ws')}${API_PREFIX}/ws`,
    server,
    location,
    stop: () => server.close(),
    drop: async () => {
      await server.close();
      await fresh?.drop();
    },
  };
}

export interface HttpReply<T = unknown> {
  readonly status: number;
  readonly body: T;
}

export async function http<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HttpReply<T>> {
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(hasBody ? { body: init.rawBody ?? JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export const api = (base: string, path: string, init?: Parameters<typeof http>[2]) =>
  http<never>(base, `${API_PREFIX}${path}`, init);

/**
 * A WebSocket client that records every message it receives, checks each against the protocol's
 * schema (strict: an unknown field fails), and lets a test wait for the next one it wants.
 */
export class Client {
  readonly received: ServerMessage[] = [];
  /** The raw text of every message, to search for things that must never appear. */
  readonly raw: string[] = [];
  readonly invalid: string[] = [];
  private readonly consumed = new Set<number>();
  private waiters: (() => void)[] = [];
  closedWith: number | undefined;

  private constructor(
    readonly socket: WebSocket,
    /** Accept clocks and absence limits shorter than the protocol allows (tables from `seedTable`). */
    private readonly shortClocks = false,
  ) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const message = JSON.parse(text) as ServerMessage;
      const parsed = ServerMessage.safeParse(this.shortClocks ? withLongClocks(message) : message);
      if (!parsed.success) this.invalid.push(`${text.slice(0, 200)}: ${parsed.error.message.slice(0, 300)}`);
      else this.received.push(this.shortClocks ? message : parsed.data);
      this.wake();
    });
    socket.on('close', (code) => {
      this.closedWith = code;
      this.wake();
    });
  }

  static connect(wsUrl: string, shortClocks = false): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      socket.once('open', () => resolve(new Client(socket, shortClocks)));
      socket.once('error', reject);
    });
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The first message not yet taken that matches, waiting up to `timeoutMs` for it. */
  async take<T extends ServerMessage>(
    match: (m: ServerMessage) => m is T,
    timeoutMs = 10_000,
    what = 'a message',
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((m, i) => !this.consumed.has(i) && match(m));
      if (index >= 0) {
        this.consumed.add(index);
        return this.received[index] as T;
      }
      if (this.closedWith !== undefined)
        throw new Error(`connection closed (${this.closedWith}) waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until some message received so far (taken or not) matches. */
  async seen<T extends ServerMessage>(
    match: (m: ServerMessage) => m is T,
    timeoutMs = 10_000,
    what = 'a message',
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found as T;
      if (this.closedWith !== undefined)
        throw new Error(`connection closed (${this.closedWith}) waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  takeType<K extends ServerMessage['type']>(
    type: K,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: K }>> {
    return this.take(
      (m): m is Extract<ServerMessage, { type: K }> => m.type === type,
      timeoutMs,
      `a ${type}`,
    );
  }

  /** The reply to request `id` (ack, refused or error). */
  reply(id: string, timeoutMs?: number) {
    return this.take(
      (m): m is Extract<ServerMessage, { type: 'ack' | 'refused' | 'error' }> =>
        (m.type === 'ack' || m.type === 'refused' || m.type === 'error') && m.id === id,
      timeoutMs,
      `the reply to ${id}`,
    );
  }

  /** Waits until no message arrives for `quietMs`. */
  async settle(quietMs = 150): Promise<void> {
    for (;;) {
      const count = this.raw.length;
      await new Promise((r) => setTimeout(r, quietMs));
      if (this.raw.length === count) return;
    }
  }

  updates(): UpdateMessage[] {
    return this.received.filter((m): m is UpdateMessage => m.type === 'update');
  }

  close(): Promise<void> {
    if (this.closedWith !== undefined) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/**
 * A copy of a message whose table settings are raised to the protocol's lower bounds, so that the
 * rest of a message about a table with millisecond clocks can still be checked strictly.
 */
function withLongClocks(message: ServerMessage): unknown {
  if (message.type !== 'welcome' && message.type !== 'table') return message;
  const { clock, takeover } = message.table.settings;
  const raised =
    clock.kind === 'realtime'
      ? { ...clock, baseMs: Math.max(clock.baseMs, 10_000) }
      : clock.kind === 'turn'
        ? { ...clock, perMoveMs: Math.max(clock.perMoveMs, 60_000) }
        : clock;
  const absentMs = takeover.absentMs === null ? null : Math.max(takeover.absentMs, 10_000);
  return {
    ...message,
    table: {
      ...message.table,
      settings: { ...message.table.settings, clock: raised, takeover: { ...takeover, absentMs } },
    },
  };
}

/** Opens a connection and says hello; resolves after the welcome. */
export async function connect(
  wsUrl: string,
  table: string,
  tokens: string[],
  extra: { focus?: number | 'spectator'; lastSeq?: number; shortClocks?: boolean } = {},
): Promise<Client> {
  const { shortClocks, ...hello } = extra;
  const client = await Client.connect(wsUrl, shortClocks);
  client.send({ type: 'hello', v: 1, table, tokens, ...hello });
  const first = await client.take(
    (m): m is Extract<ServerMessage, { type: 'welcome' | 'error' }> =>
      m.type === 'welcome' || m.type === 'error',
  );
  if (first.type === 'error') throw new Error(`hello refused: ${first.code} ${first.message}`);
  return client;
}

/**
 * Plays one seat with random legal actions from what the server sends, like a person clicking
 * without a plan. In a window shared with other actors, it acts once and then waits until its
 * options change (as the server's bots do), instead of revising its choice forever.
 */
export class RandomPlayer {
  readonly done: Promise<UpdateMessage>;
  acted = 0;
  stale = 0;
  limited = 0;
  readonly problems: string[] = [];
  /** Every action of this player the server acknowledged, with the seq it was stored as. */
  readonly acks: { seq: number; seat: number; action: unknown }[] = [];
  /** Take-backs the server acknowledged (with their seq), and those it refused. */
  readonly takeBacks: number[] = [];
  readonly takeBacksRefused: string[] = [];
  private pending:
    { id: string; seq: number; legalKey: string; action: unknown; takeBack?: boolean } | undefined;
  private latest: UpdateMessage | undefined;
  private parkedKey: string | undefined;
  /** Updates older than our last acknowledged action are not acted on (their ack came first). */
  private minSeq = 0;
  private counter = 0;
  private paused = false;
  private finish!: (u: UpdateMessage) => void;

  constructor(
    private readonly client: Client,
    private readonly seat: number,
    seed: string,
    /** The player stops for good at the first update for which this says true (before acting on it). */
    private readonly pauseAt?: (update: UpdateMessage) => boolean,
    /** How often it takes back its last action when the update says it may (0–1), and how many times at most. */
    private readonly takeBack: { readonly chance: number; readonly max: number } = { chance: 0, max: 0 },
  ) {
    this.rng = Rng.fromSeed(seed);
    this.done = new Promise((resolve) => (this.finish = resolve));
    client.socket.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
  }

  private readonly rng: Rng;

  /** Acts on an update already received before the player was attached. */
  start(): void {
    const last = this.client
      .updates()
      .filter((u) => u.viewer === this.seat)
      .at(-1);
    if (last) this.onUpdate(last);
  }

  private onMessage(message: ServerMessage): void {
    if (message.type === 'update' && message.viewer === this.seat) this.onUpdate(message);
    else if (message.type === 'ack' || message.type === 'refused' || message.type === 'error') {
      const pending = this.pending;
      if (!pending || pending.id !== message.id) return;
      this.pending = undefined;
      if (pending.takeBack) {
        if (message.type === 'ack') {
          this.takeBacks.push(message.seq);
          this.minSeq = message.seq;
          this.parkedKey = undefined;
        } else if (message.type === 'error') this.takeBacksRefused.push(message.code);
        else this.problems.push(`take-back answered ${JSON.stringify(message)}`);
        return this.maybeAct();
      }
      if (message.type === 'ack') {
        this.acted++;
        this.acks.push({ seq: message.seq, seat: this.seat, action: pending.action });
        this.minSeq = message.seq;
        // If the update at our action offers exactly what we chose from, we have nothing new to decide.
        this.parkedKey = pending.legalKey;
      } else if (message.type === 'error' && message.code === 'stale_seq') this.stale++;
      else if (message.type === 'error' && message.code === 'rate_limited') {
        // Faster than a person clicks: wait for the bucket to refill, then choose again.
        this.limited++;
        setTimeout(() => this.maybeAct(), 200);
        return;
      } else this.problems.push(`${message.type}: ${JSON.stringify(message)}`);
      this.maybeAct();
    }
  }

  private onUpdate(update: UpdateMessage): void {
    if (this.latest && update.seq < this.latest.seq) return;
    this.latest = update;
    // Any change of our options since we acted (even losing them for a while) ends the wait.
    if (
      this.parkedKey !== undefined &&
      update.seq > this.minSeq &&
      JSON.stringify(update.legal) !== this.parkedKey
    )
      this.parkedKey = undefined;
    if (update.status === 'finished') return this.finish(update);
    this.maybeAct();
  }

  private maybeAct(): void {
    const update = this.latest;
    if (this.pending || !update || update.seq < this.minSeq) return;
    if (update.status === 'playing' && !this.paused && this.maybeTakeBack(update)) return;
    if (!update.legal || update.legal.length === 0) return;
    const key = JSON.stringify(update.legal);
    if (this.parkedKey !== undefined) {
      if (key === this.parkedKey && update.actors.length > 1) return;
      this.parkedKey = undefined;
    }
    if (this.paused || this.pauseAt?.(update)) {
      this.paused = true;
      return;
    }
    const action = update.legal[this.rng.int(update.legal.length)];
    const id = `s${this.seat}-${++this.counter}`;
    this.pending = { id, seq: update.seq, legalKey: key, action };
    this.client.send({ type: 'act', id, seat: this.seat, seq: update.seq, action });
  }

  /** Sometimes takes back its last action, when the update says it may. */
  private maybeTakeBack(update: UpdateMessage): boolean {
    if (!update.takeBack || this.takeBacks.length >= this.takeBack.max) return false;
    if (!this.rng.chance(this.takeBack.chance)) return false;
    const id = `t${this.seat}-${++this.counter}`;
    this.pending = { id, seq: update.seq, legalKey: '', action: null, takeBack: true };
    this.client.send({ type: 'takeback', id, seat: this.seat, seq: update.seq });
    return true;
  }
}

export function isUpdate(m: ServerMessage): m is UpdateMessage {
  return m.type === 'update';
}

export function gameById(games: readonly AnyGame[], id: string): AnyGame {
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`no game ${id}`);
  return game;
}

export type SeededSeat = 'human' | { readonly bot: string; readonly ms?: number };

/**
 * A playing table written straight into the storage, with settings the protocol would refuse
 * (clocks of milliseconds, so tests of clocks and absence take moments): every human seat taken,
 * started at `startedAt` (default now). Returns its id and each human seat's token ('' for bots).
 */
export async function seedTable(
  storage: Storage,
  table: {
    readonly game: AnyGame;
    readonly seats: readonly SeededSeat[];
    readonly options?: Record<string, unknown>;
    readonly clock: TableSettings['clock'];
    readonly takeover?: TableSettings['takeover'];
    readonly startedAt?: number;
    /** The client the table is charged to (its creator's key; default 'seeded'). */
    readonly creator?: string;
  },
): Promise<{ id: string; tokens: string[] }> {
  const id = newTableId();
  const tokens = table.seats.map((s) => (s === 'human' ? newSeatToken() : ''));
  const at = table.startedAt ?? Date.now();
  await storage.createMatch({
    id,
    game: table.game.id,
    rulesVersion: table.game.rulesVersion,
    players: table.seats.length,
    seed: newSeed(),
    options: table.game.optionsSchema.parse(table.options ?? {}) as Record<string, unknown>,
    settings: {
      clock: table.clock,
      spectators: true,
      listed: false,
      takeover: table.takeover ?? { bot: { bot: 'random' }, absentMs: null },
    },
    creator: table.creator ?? 'seeded',
    createdAt: at,
    rematchOf: null,
    seats: table.seats.map((s, seat) => ({
      seat,
      kind: s === 'human' ? 'human' : 'bot',
      bot: s === 'human' ? null : s,
      name: null,
      tokenHash: null,
      claimedAt: null,
    })),
  });
  const claims = tokens.flatMap((token, seat) =>
    token ? [{ seat, name: `P${seat + 1}`, tokenHash: hashToken(token) }] : [],
  );
  if (!(await storage.claimSeats(id, claims, at, true))) throw new Error('could not seed the table');
  return { id, tokens };
}

/**
 * A whole match of `game` played with random legal actions (from `choices`), stored as the server
 * would have stored it, finished, every seat a human's. Returns its id and the seats' tokens.
 */
export async function seedFinishedMatch(
  storage: Storage,
  game: AnyGame,
  players: number,
  choices: string,
): Promise<{ id: string; tokens: string[] }> {
  const seeded = await seedTable(storage, {
    game,
    seats: new Array<SeededSeat>(players).fill('human'),
    clock: { kind: 'none' },
  });
  const { match } = (await storage.loadMatch(seeded.id))!;
  let state = game.setup(players, match.seed, match.options);
  const rng = Rng.fromSeed(choices);
  const entries: AppendEntry[] = [];
  for (let seq = 1; game.outcome(state) === null || game.actors(state).length > 0; seq++) {
    const seat = game.actors(state)[0]!;
    const legal = game.legalActions(state, seat);
    const action = legal[rng.int(legal.length)];
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    const outcome = game.outcome(state);
    const last = outcome !== null && game.actors(state).length === 0;
    entries.push({
      match: seeded.id,
      seq,
      seat,
      action,
      at: Date.now(),
      ...(last ? { finish: { outcome: outcome as Outcome } } : {}),
    });
  }
  await storage.append(entries);
  return seeded;
}

/**
 * What `npm install` leaves a user: bin/ and a fresh build in dist/ (no sources), with the
 * project's node_modules beside them for the one package the build leaves out (better-sqlite3, a
 * native addon). Returns the path of its bin/prosper.js.
 */
export function installedCopy(dir: string): string {
  const repo = new URL('../../', import.meta.url);
  execFileSync('node', ['scripts/build.mjs', '--outdir', join(dir, 'dist')], { cwd: repo });
  mkdirSync(join(dir, 'bin'));
  for (const file of ['prosper.js', 'launch.js'])
    cpSync(new URL(`bin/${file}`, repo), join(dir, 'bin', file));
  symlinkSync(fileURLToPath(new URL('node_modules', repo)), join(dir, 'node_modules'));
  return join(dir, 'bin', 'prosper.js');
}

/** A `prosper serve` child process, found by the URL it prints. */
export interface ChildServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly process: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with its exit code, or the signal that killed it. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

export async function startChildServer(bin: string, args: readonly string[]): Promise<ChildServer> {
  const child = spawn('node', [bin, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!(url = /serving on (http:\/\/\S+:\d+)/.exec(output)?.[1])) {
    if (stopped || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`prosper serve did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}${API_PREFIX}/ws`,
    process: child,
    output: () => output,
    exited,
  };
}
