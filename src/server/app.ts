/**
 * Assembles the server: storage, group committer, bot pool, tables, HTTP routes and the WebSocket
 * endpoint, with every error mapped to a reply in one place.
 */
import { availableParallelism } from 'node:os';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { AnyGame } from '../core/index.ts';
import { GAMES } from '../games/registry.ts';
import { jsonBoundsProblem } from '../core/index.ts';
import { API_PREFIX, INBOUND_JSON, WS_LIMITS } from '../protocol/index.ts';
import { BotPool } from './bots/pool.ts';
import { Connection } from './connection.ts';
import type { ConnectionLimits } from './connection.ts';
import {
  DEFAULT_EDGE_LIMITS,
  normalizeOrigins,
  registerSecurityHeaders,
  timeoutOptions,
  WebSocketGate,
} from './edge.ts';
import type { EdgeLimits } from './edge.ts';
import { isServerFault, ProtocolError, toErrorReply } from './errors.ts';
import { GroupCommitter } from './group-commit.ts';
import { registerHttpRoutes } from './http.ts';
import { DEFAULT_FRAMES_RATE, registerReplayFrames } from './replay-frames.ts';
import type { ReplayFrames } from './replay-frames.ts';
import { registerStats } from './stats.ts';
import { openStorage } from './storage/open.ts';
import type { DbLocation } from './storage/open.ts';
import type { Storage } from './storage/types.ts';
import { TableService } from './tables.ts';
import type { TableLimits } from './tables.ts';
import { registerWebClient } from './web.ts';

export interface ServerLimits extends ConnectionLimits, TableLimits, EdgeLimits {
  /** Largest HTTP request body (bytes). */
  readonly bodyBytes: number;
  /** Frames larger than this close the connection outright (1009); below it, `messageBytes` applies. */
  readonly wsMaxPayload: number;
  /** Replay-frames requests per client address in each window of `framesWindowMs`. */
  readonly framesRequests: number;
  readonly framesWindowMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  bodyBytes: 64 * 1024,
  messageBytes: WS_LIMITS.maxMessageBytes,
  wsMaxPayload: 1024 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  heavyMessageCost: 5,
  abuseLimit: 200,
  abusePerSecond: 2,
  sendBufferBytes: 512 * 1024,
  openTablesPerClient: 20,
  tablesPerWindow: 30,
  tableWindowMs: 10 * 60_000,
  botTablesPerClient: 2,
  rematchReservedMs: 3 * 60_000,
  finishedTokenMs: 24 * 3_600_000,
  matchQueue: 64,
  ...DEFAULT_EDGE_LIMITS,
  framesRequests: DEFAULT_FRAMES_RATE.requests,
  framesWindowMs: DEFAULT_FRAMES_RATE.windowMs,
};

export interface ServerOptions {
  /** Where matches are stored: a location to open, or an open storage (which the server then owns). */
  readonly db: DbLocation | Storage;
  /** The games served (default: the registry); bot workers load `registryUrl`, which must match. */
  readonly games?: readonly AnyGame[];
  readonly registryUrl?: string;
  /** A built bot worker script (`dist/bot-worker.cjs`); when given, it is used instead of `registryUrl`. */
  readonly botWorkerScript?: string;
  /** Fastify's (pino) logger options; false for none. */
  readonly logger?: FastifyServerOptions['logger'];
  /**
   * One log line as each HTTP request comes and one as it is answered (pino, level info), health
   * probes never. Off by default: the lobby's poll alone would write one every few seconds per
   * open page.
   */
  readonly logRequests?: boolean;
  readonly limits?: Partial<ServerLimits>;
  /** Bot worker threads (default: cores − 1, at least 2, so one long search never stalls every bot). */
  readonly botWorkers?: number;
  /** Bot workers that may run searches (bots with a budget) at once (default: botWorkers − 1). */
  readonly botSearchWorkers?: number;
  /** Searches of one client's tables running at once (default 1). */
  readonly botSearchesPerClient?: number;
  /** A bot's move is played no sooner than this after it was asked (ms; default 0). */
  readonly botDelayMs?: number;
  /** Group commit window (ms; default 1). */
  readonly commitWindowMs?: number;
  /** How long an unfollowed match stays in memory (ms; default 10 minutes). */
  readonly idleMs?: number;
  /** Serve `GET /stats` (process figures for the load test; default off). */
  readonly stats?: boolean;
  /** A built web client (a directory with index.html) to serve at `/`; without it, the API alone. */
  readonly webRoot?: string;
  /**
   * Proxies whose `X-Forwarded-For`/`-Host`/`-Proto` are believed (addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`): Fastify's `trustProxy`. Without it every client is its
   * socket's address, which behind a proxy is the proxy's, for every client alike.
   */
  readonly trustProxy?: readonly string[];
  /** Origins (`https://play.example`) whose pages may open WebSockets besides the host's own. */
  readonly origins?: readonly string[];
}

export interface ProsperServer {
  readonly app: FastifyInstance;
  readonly tables: TableService;
  readonly storage: Storage;
  readonly committer: GroupCommitter;
  readonly frames: ReplayFrames;
  readonly webSockets: WebSocketGate;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 30_000;

function isStorage(db: DbLocation | Storage): db is Storage {
  return typeof (db as Storage).append === 'function';
}

export async function buildServer(options: ServerOptions): Promise<ProsperServer> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const origins = normalizeOrigins(options.origins ?? []);
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    bodyLimit: limits.bodyBytes,
    // Health probes every few seconds would drown even a log of requests.
    logController: new LogController({
      disableRequestLogging: (req) => !options.logRequests || req.url === '/healthz',
    }),
    return503OnClosing: true,
    ...timeoutOptions(limits),
    ...(options.trustProxy?.length ? { trustProxy: [...options.trustProxy] } : {}),
  });
  const storage = isStorage(options.db) ? options.db : await openStorage(options.db, { log: app.log });
  const committer = new GroupCommitter(storage, { windowMs: options.commitWindowMs ?? 1, maxBatch: 1000 });
  const bots = new BotPool({
    workers: options.botWorkers ?? Math.max(2, availableParallelism() - 1),
    source: options.botWorkerScript
      ? { scriptUrl: options.botWorkerScript }
      : { registryUrl: options.registryUrl ?? new URL('../games/registry.ts', import.meta.url).href },
    timeoutMs: 30_000,
    searchWorkers: options.botSearchWorkers,
    searchesPerClient: options.botSearchesPerClient,
  });
  const tables = new TableService({
    games: options.games ?? GAMES,
    storage,
    committer,
    bots,
    limits,
    log: app.log,
    botDelayMs: options.botDelayMs ?? 0,
    idleMs: options.idleMs ?? 10 * 60_000,
  });

  boundJsonBodies(app, limits.bodyBytes);
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toErrorReply(err);
    if (isServerFault(status)) req.log.error({ err }, 'request failed');
    else req.log.debug({ code: body.code }, 'request refused');
    void reply.status(status).send({ error: body });
  });
  await registerSecurityHeaders(app);
  if (options.webRoot) await registerWebClient(app, options.webRoot);
  else
    app.setNotFoundHandler((_req, reply) => {
      void reply.status(404).send({ error: { code: 'not_found', message: 'no such route' } });
    });

  await app.register(websocket, { options: { maxPayload: limits.wsMaxPayload } });
  registerHttpRoutes(app, tables, storage);
  const frames = registerReplayFrames(app, tables, options.games ?? GAMES, {
    rate: { requests: limits.framesRequests, windowMs: limits.framesWindowMs },
  });
  if (options.stats) registerStats(app, tables, committer);
  const webSockets = new WebSocketGate(limits.connectionsPerAddress, origins);
  app.get(
    `${API_PREFIX}/ws`,
    { websocket: true, onRequest: webSockets.onRequest },
    (socket: WebSocket, req) => {
      const alive = socket as WebSocket & { prosperAlive?: boolean };
      alive.prosperAlive = true;
      socket.on('pong', () => (alive.prosperAlive = true));
      new Connection(socket, tables, limits, app.log, req.socket);
    },
  );

  // Matches that move on their own (bots, clocks) carry on after a restart without waiting for a visitor.
  void tables.resume();

  // Connections that stop answering pings are dropped, so their seats show as disconnected.
  const heartbeat = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      const alive = client as WebSocket & { prosperAlive?: boolean };
      if (alive.prosperAlive === false) client.terminate();
      else {
        alive.prosperAlive = false;
        client.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(heartbeat);
      await tables.close();
      await app.close();
      await committer.flushed();
      await bots.close();
      await storage.close();
    })());
  return { app, tables, storage, committer, frames, webSockets, close };
}

/**
 * JSON bodies are parsed as Fastify does (prototype poisoning refused), then measured before any
 * route or schema walks them: a body nested thousands deep overflowed zod's stack (a 500).
 */
function boundJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (req, body, done) => {
    parseJson(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      const problem = jsonBoundsProblem(value, INBOUND_JSON);
      if (problem) return done(new ProtocolError('bad_request', `the body is ${problem}`), undefined);
      done(null, value);
    });
  });
}

export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
}

/** Builds the server and listens; resolves with its URL (http://host:port). */
export async function startServer(
  options: ServerOptions & ListenOptions,
): Promise<ProsperServer & { readonly url: string }> {
  const server = await buildServer(options);
  try {
    await server.app.listen({ host: options.host, port: options.port });
  } catch (err) {
    await server.close();
    throw err;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { ...server, url: `http://${host}:${port}` };
}
