import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { GuardedStorage } from './guard.ts';
import type { StorageHealthOptions, StorageLog } from './guard.ts';
import type { Database } from './migrations.ts';
import { SqliteWorker, SqliteWorkerDialect } from './sqlite-driver.ts';
import { SqlStorage } from './sql.ts';
import type { Storage } from './types.ts';

export const DEFAULT_DB = 'sqlite:./data/prosper.db';

export type DbLocation =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string };

/**
 * `sqlite:PATH` (relative to the working directory; `sqlite::memory:` for a throwaway database) or
 * `postgres://user@host:port/db` (also `postgresql://`), optionally `?schema=NAME` to keep the
 * tables in a schema of their own (default `public`).
 */
export function parseDbUrl(text: string): DbLocation {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new Error('sqlite: needs a path, e.g. sqlite:./data/prosper.db');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`not a valid PostgreSQL URL: ${redact(text)}`);
    }
    const schema = url.searchParams.get('schema') ?? 'public';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
      throw new Error(`schema must be a lower-case SQL identifier, not "${schema}"`);
    url.searchParams.delete('schema');
    return { kind: 'postgres', url: url.toString(), schema };
  }
  throw new Error(`--db takes sqlite:PATH or postgres://…, not "${redact(text)}"`);
}

/** The location without a password, for logs. */
export function describeDb(location: DbLocation): string {
  return location.kind === 'sqlite'
    ? `sqlite:${location.path}`
    : `${redact(location.url)}${location.schema === 'public' ? '' : ` (schema ${location.schema})`}`;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

export type OpenOptions = Partial<StorageHealthOptions>;

/** The name the server's PostgreSQL connections carry (`pg_stat_activity.application_name`). */
export const APPLICATION_NAME = 'prosper';

/**
 * Opens (and creates, for SQLite) the database and brings its schema up to date. The storage it
 * returns reports its health and refuses with `storage_failed` while the database is unreachable
 * (`guard.ts`).
 */
export async function openStorage(location: DbLocation, options: OpenOptions = {}): Promise<Storage> {
  const log = options.log ?? SILENT;
  const sqlStorage =
    location.kind === 'sqlite' ? await openSqlite(location.path) : openPostgres(location, log);
  const storage = new GuardedStorage(sqlStorage, options);
  try {
    await storage.migrate();
  } catch (err) {
    await storage.close().catch(() => undefined);
    throw err;
  }
  return storage;
}

const SILENT: StorageLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function openSqlite(path: string): Promise<SqlStorage> {
  // The connection lives in a worker thread (sqlite-driver.ts), which loads better-sqlite3, a
  // native addon the build leaves in node_modules (scripts/build.mjs), and sets the pragmas.
  const worker = await SqliteWorker.start(path === ':memory:' ? path : resolve(path));
  const db = new Kysely<Database>({ dialect: new SqliteWorkerDialect(worker) });
  return new SqlStorage('sqlite', `sqlite:${path}`, db, undefined, (queries) => worker.transaction(queries));
}

/**
 * A pool whose connections may be closed under it at any time (an idle-session timeout, a pooler,
 * a failover, `pg_terminate_backend`): pg reports that as an `error` event on the pool (idle
 * connections) or on the connection (one checked out, between two queries), and an `error` event
 * nobody listens to ends the process. Here it is logged; the pool drops the dead connection and
 * opens a new one when next needed, and a query that was running fails into `storage_failed`.
 */
function openPostgres(location: Extract<DbLocation, { kind: 'postgres' }>, log: StorageLog): SqlStorage {
  const pool = new pg.Pool({
    connectionString: location.url,
    max: 10,
    // Named so that an operator (or a test) can find this server's connections; a URL's own
    // `?application_name=` takes precedence.
    application_name: APPLICATION_NAME,
    // An unreachable host fails a request within seconds instead of holding it for minutes, and
    // keep-alive probes (after 10 s of silence) find a connection whose host has vanished.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Every connection gets a listener of its own when it opens, which logs; the pool's `error`
  // (the same error, for an idle connection) needs a listener too, or it would end the process.
  pool.on('connect', (client) =>
    client.on('error', (err) => log.warn({ err }, 'a PostgreSQL connection failed or was closed')),
  );
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }).withSchema(location.schema);
  return new SqlStorage('postgres', describeDb(location), db, location.schema);
}
