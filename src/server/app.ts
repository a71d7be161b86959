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
import { API_PREFIX, WS_LIMITS } from '../protocol/index.ts';
import { BotPool } from './bots/pool.ts';
import { Connection } from './connection.ts';
import type { ConnectionLimits } from './connection.ts';
import { isServerFault, toErrorReply } from './errors.ts';
import { GroupCommitter } from './group-commit.ts';
import { registerHttpRoutes } from './http.ts';
import { registerReplayFrames } from './replay-frames.ts';
import { registerStats } from './stats.ts';
import { openStorage } from './storage/open.ts';
import type { DbLocation } from './storage/open.ts';
import type { Storage } from './storage/types.ts';
import { TableService } from './tables.ts';
import type { TableLimits } from './tables.ts';
import { registerWebClient } from './web.ts';

export interface ServerLimits extends ConnectionLimits, TableLimits {
  /** Largest HTTP request body (bytes). */
  readonly bodyBytes: number;
  /** Frames larger than this close the connection outright (1009); below it, `messageBytes` applies. */
  readonly wsMaxPayload: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  bodyBytes: 64 * 1024,
  messageBytes: WS_LIMITS.maxMessageBytes,
  wsMaxPayload: 1024 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  abuseLimit: 200,
  openTablesPerClient: 20,
  matchQueue: 64,
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
  readonly limits?: Partial<ServerLimits>;
  /** Bot worker threads (default: cores − 1, at least 2, so one long search never stalls every bot). */
  readonly botWorkers?: number;
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
}

export interface ProsperServer {
  readonly app: FastifyInstance;
  readonly tables: TableService;
  readonly storage: Storage;
  readonly committer: GroupCommitter;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 30_000;

function isStorage(db: DbLocation | Storage): db is Storage {
  return typeof (db as Storage).append === 'function';
}

export async function buildServer(options: ServerOptions): Promise<ProsperServer> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    bodyLimit: limits.bodyBytes,
    // Health probes every few seconds would drown the log; every other request is logged.
    logController: new LogController({ disableRequestLogging: (req) => req.url === '/healthz' }),
    return503OnClosing: true,
  });
  const storage = isStorage(options.db) ? options.db : await openStorage(options.db, { log: app.log });
  const committer = new GroupCommitter(storage, { windowMs: options.commitWindowMs ?? 1, maxBatch: 1000 });
  const bots = new BotPool({
    workers: options.botWorkers ?? Math.max(2, availableParallelism() - 1),
    source: options.botWorkerScript
      ? { scriptUrl: options.botWorkerScript }
      : { registryUrl: options.registryUrl ?? new URL('../games/registry.ts', import.meta.url).href },
    timeoutMs: 30_000,
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

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toErrorReply(err);
    if (isServerFault(status)) req.log.error({ err }, 'request failed');
    else req.log.debug({ code: body.code }, 'request refused');
    void reply.status(status).send({ error: body });
  });
  if (options.webRoot) await registerWebClient(app, options.webRoot);
  else
    app.setNotFoundHandler((_req, reply) => {
      void reply.status(404).send({ error: { code: 'not_found', message: 'no such route' } });
    });

  await app.register(websocket, { options: { maxPayload: limits.wsMaxPayload } });
  registerHttpRoutes(app, tables, storage);
  registerReplayFrames(app, tables, options.games ?? GAMES);
  if (options.stats) registerStats(app, tables, committer);
  app.get(`${API_PREFIX}/ws`, { websocket: true }, (socket: WebSocket) => {
    const alive = socket as WebSocket & { prosperAlive?: boolean };
    alive.prosperAlive = true;
    socket.on('pong', () => (alive.prosperAlive = true));
    new Connection(socket, tables, limits, app.log);
  });

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
  return { app, tables, storage, committer, close };
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
