import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS, startServer } from '../server/app.ts';
import type { ServerLimits } from '../server/app.ts';
import { normalizeOrigins } from '../server/edge.ts';
import { DEFAULT_DB, describeDb, parseDbUrl } from '../server/storage/open.ts';
import type { DbLocation } from '../server/storage/open.ts';
import { isWebRoot } from '../server/web.ts';
import type { WorkerSource } from '../sim/bundle.ts';
import type { CliContext } from './io.ts';
import { parseIntArg, UsageError } from './io.ts';

export interface ServeOptions {
  port?: string;
  host?: string;
  db?: string;
  logLevel?: string;
  logRequests?: boolean;
  botWorkers?: string;
  stats?: boolean;
  /** A directory of the built web client; false (`--no-web`) serves the API alone. */
  web?: string | boolean;
  /** `NAME=N` per entry: any of the server's numeric limits (`DEFAULT_LIMITS`). */
  limit?: string[];
  trustProxy?: string;
  origin?: string[];
}

/** pino's levels, most severe first (`silent` logs nothing). */
const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * The log's level and whether each HTTP request is logged. Quiet by default: errors and warnings
 * only, beside the lines the command prints at start; a server on a laptop with a lobby open would
 * otherwise write two JSON lines every 4 seconds. `--log-level`, else `LOG_LEVEL`, sets the level;
 * `--log-requests` adds a line per request, which pino writes at `info` (so that is its default).
 */
export function logSettings(
  opts: Pick<ServeOptions, 'logLevel' | 'logRequests'>,
  env: Record<string, string | undefined>,
): { level: string; logRequests: boolean } {
  const logRequests = opts.logRequests === true;
  const [source, given] =
    opts.logLevel !== undefined
      ? ['--log-level', opts.logLevel]
      : ['LOG_LEVEL', env['LOG_LEVEL'] || undefined];
  const level = given ?? (logRequests ? 'info' : 'warn');
  if (!LOG_LEVELS.includes(level))
    throw new UsageError(
      `${source} takes one of ${LOG_LEVELS.slice(1).join(', ')} or silent, not ${JSON.stringify(level)}`,
    );
  if (logRequests && LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf('info'))
    throw new UsageError(`--log-requests logs at level info: it cannot go with ${source} ${level}`);
  return { level, logRequests };
}

function dbLocation(text: string): DbLocation {
  try {
    return parseDbUrl(text);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** proxy-addr's names for ranges (Fastify's `trustProxy` takes them beside addresses and CIDRs). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** `--trust-proxy`: a list of proxies, never "every address" (which would let any client claim any address). */
function trustedProxies(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((entry) => {
    if (PROXY_RANGES.includes(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (prefix === undefined) return false;
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    return bits < 0 || bits > (family === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad !== undefined)
    throw new UsageError(
      `--trust-proxy takes addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated${bad === undefined ? '' : `; not ${JSON.stringify(bad)}`}`,
    );
  return entries;
}

/**
 * `--limit NAME=N`, repeatable: any of the server's limits by its name in `DEFAULT_LIMITS` (the
 * load test raises the per-address ones, since all its players come from one address).
 */
function serverLimits(entries: readonly string[]): Partial<ServerLimits> {
  const limits: Partial<Record<keyof ServerLimits, number>> = {};
  for (const entry of entries) {
    const [name = '', value, ...rest] = entry.split('=');
    if (!Object.hasOwn(DEFAULT_LIMITS, name) || value === undefined || rest.length > 0)
      throw new UsageError(
        `--limit takes NAME=N with NAME one of ${Object.keys(DEFAULT_LIMITS).join(', ')}; not ${JSON.stringify(entry)}`,
      );
    limits[name as keyof ServerLimits] = parseIntArg(`--limit ${name}`, value, 0, { min: 1 });
  }
  return limits;
}

function allowedOrigins(origins: readonly string[]): string[] {
  try {
    return [...normalizeOrigins(origins)];
  } catch {
    throw new UsageError(
      `--origin takes an origin such as https://play.example (scheme, host and port only), not ${JSON.stringify(origins.find((o) => !URL.canParse(o)) ?? origins.join(' '))}`,
    );
  }
}

/**
 * Where `npm run build:web` puts the client: dist/web, beside the built CLI's workers, or under
 * the checkout when the CLI runs from its sources.
 */
function defaultWebDir(worker: WorkerSource): string {
  return 'scriptUrl' in worker
    ? fileURLToPath(new URL('./web/', worker.scriptUrl))
    : fileURLToPath(new URL('../../dist/web/', import.meta.url));
}

/** The client to serve, or null for the API alone; a directory asked for by name must hold one. */
function webRoot(ctx: CliContext, web: string | boolean | undefined): string | null {
  if (web === false) return null;
  if (typeof web === 'string') {
    const dir = resolve(web);
    if (!isWebRoot(dir))
      throw new UsageError(`--web ${web}: no index.html there (build it: npm run build:web)`);
    return dir;
  }
  const dir = defaultWebDir(ctx.worker);
  return isWebRoot(dir) ? dir : null;
}

/**
 * `prosper serve`: the game server on http://HOST:PORT with its database (`--db`, else
 * `PROSPER_DB`, else SQLite in ./data/prosper.db). Runs until Ctrl-C or SIGTERM, then closes
 * cleanly: every acknowledged action is already committed, and the rest are finished or refused.
 */
export async function cmdServe(ctx: CliContext, opts: ServeOptions): Promise<number> {
  const port = parseIntArg('--port', opts.port, 8080);
  if (port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, not ${port}`);
  const host = opts.host ?? '127.0.0.1';
  const db = dbLocation(opts.db ?? process.env['PROSPER_DB'] ?? DEFAULT_DB);
  const { level, logRequests } = logSettings(opts, process.env);
  const botWorkers =
    opts.botWorkers === undefined ? undefined : parseIntArg('--bot-workers', opts.botWorkers, 1);
  if (botWorkers !== undefined && botWorkers < 1) throw new UsageError('--bot-workers must be at least 1');
  const limits = serverLimits(opts.limit ?? []);
  const trustProxy = trustedProxies(opts.trustProxy);
  const origins = allowedOrigins(opts.origin ?? []);

  const web = webRoot(ctx, opts.web);

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      db,
      host,
      port,
      logger: { level },
      logRequests,
      games: ctx.games,
      // Built, the bot worker sits beside the simulation worker (scripts/build.mjs); from sources,
      // the registry the simulator bundles is bundled for bots too.
      ...('scriptUrl' in ctx.worker
        ? { botWorkerScript: new URL('./bot-worker.cjs', ctx.worker.scriptUrl).href }
        : { registryUrl: ctx.worker.registryUrl }),
      ...(botWorkers === undefined ? {} : { botWorkers }),
      stats: opts.stats === true,
      ...(web ? { webRoot: web } : {}),
      limits,
      ...(trustProxy ? { trustProxy } : {}),
      origins,
    });
  } catch (err) {
    ctx.io.err(`prosper serve: cannot start: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  ctx.io.out(`Prosper is serving on ${server.url} (database ${describeDb(db)}). Ctrl-C stops it.`);
  ctx.io.out(
    web
      ? `Open ${server.url}/ in a browser to play.`
      : 'No web client is served (none built: npm run build:web, or --web DIR); the API answers on its own.',
  );

  let stopListening = () => {};
  await new Promise<void>((resolve) => {
    const stopInterrupt = ctx.onInterrupt(resolve);
    process.once('SIGTERM', resolve);
    stopListening = () => {
      stopInterrupt();
      process.off('SIGTERM', resolve);
    };
  });
  stopListening();
  await server.close();
  ctx.io.out('Prosper server stopped.');
  return 0;
}
