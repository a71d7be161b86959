import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

/** Opens (and creates, for SQLite) the database and brings its schema up to date. */
export async function openStorage(location: DbLocation): Promise<Storage> {
  const storage = location.kind === 'sqlite' ? await openSqlite(location.path) : openPostgres(location);
  try {
    await storage.migrate();
  } catch (err) {
    await storage.close().catch(() => undefined);
    throw err;
  }
  return storage;
}

async function openSqlite(path: string): Promise<Storage> {
  // The connection lives in a worker thread (sqlite-driver.ts), which loads better-sqlite3, a
  // native addon the build leaves in node_modules (scripts/build.mjs), and sets the pragmas.
  const worker = await SqliteWorker.start(path === ':memory:' ? path : resolve(path));
  const db = new Kysely<Database>({ dialect: new SqliteWorkerDialect(worker) });
  return new SqlStorage('sqlite', `sqlite:${path}`, db, undefined, (queries) => worker.transaction(queries));
}

function openPostgres(location: Extract<DbLocation, { kind: 'postgres' }>): Storage {
  const pool = new pg.Pool({ connectionString: location.url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }).withSchema(location.schema);
  return new SqlStorage('postgres', describeDb(location), db, location.schema);
}
