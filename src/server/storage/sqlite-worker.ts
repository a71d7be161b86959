/**
 * The SQLite worker thread: it holds the server's one better-sqlite3 connection and runs the
 * statements the main thread's Kysely driver (`sqlite-driver.ts`) posts to it. better-sqlite3 is
 * synchronous, so a commit's fsync (or a disk that stalls, or a lock held by another process)
 * blocks the thread that calls it: this one, never the server's event loop.
 *
 * It also checks that the file it writes is still the database: someone removing the data
 * directory, or moving another file over the database, while the server runs would otherwise let
 * it commit (and acknowledge) into a file nobody will ever open again. Before every statement run
 * outside a transaction (a read, `begin`) and after every commit, it compares the device and inode
 * of the path with those of the file it opened; a mismatch fails the statement with `DB_LOST_CODE`.
 * After a commit that check is what stands between the commit and the acknowledgement.
 */
import { mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** The `code` of the error a statement fails with when the database file is no longer at its path. */
export const DB_LOST_CODE = 'PROSPER_DB_LOST';

export interface SqliteWorkerData {
  /** Absolute path of the database file, or `:memory:`. */
  readonly path: string;
  /**
   * Absolute path of better-sqlite3's entry module, resolved by the main thread: a worker evaluated
   * from source text resolves bare names from the working directory, not from this project.
   */
  readonly driver: string;
}

export interface SqliteStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

export type SqliteRequest =
  | ({ readonly id: number; readonly op: 'query' } & SqliteStatement)
  /** Statements run as one transaction, in one message: a group commit costs one round trip. */
  | { readonly id: number; readonly op: 'transaction'; readonly statements: readonly SqliteStatement[] }
  | { readonly id: number; readonly op: 'begin' | 'commit' | 'rollback' | 'close' };

export interface SqliteResult {
  readonly rows: unknown[];
  readonly changes?: number;
  readonly lastInsertRowid?: number | bigint;
}

export type SqliteReply =
  | { readonly id: number; readonly ok: true; readonly result: SqliteResult }
  | { readonly id: number; readonly ok: false; readonly error: SqliteFailure };

/** The first message: the database is open (or why it could not be). */
export type SqliteReady = { readonly ready: true } | { readonly ready: false; readonly error: SqliteFailure };

export interface SqliteFailure {
  readonly message: string;
  readonly code?: string;
}

/** Prepared statements kept per SQL text; inserts of different batch sizes are different texts. */
const STATEMENT_CACHE = 200;

interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
}

function identityOf(path: string): FileIdentity | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return { dev: stat.dev, ino: stat.ino };
  } catch {
    return undefined;
  }
}

class DatabaseLost extends Error {
  readonly code = DB_LOST_CODE;
}

export class SqliteWorkerDatabase {
  private readonly db: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly identity: FileIdentity | undefined;

  constructor(
    private readonly path: string,
    driver: string,
  ) {
    const Database = createRequire(driver)(driver) as typeof BetterSqlite3;
    const memory = path === ':memory:';
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    // WAL lets readers run beside the writer; synchronous=FULL makes each commit durable on power
    // loss too (group commit pays the fsync once per batch of actions).
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.identity = memory ? undefined : identityOf(path);
  }

  handle(request: SqliteRequest): SqliteResult {
    switch (request.op) {
      case 'query':
        return this.query(request.sql, request.parameters);
      case 'transaction':
        return this.transaction(request.statements);
      case 'begin':
        this.checkFile();
        this.db.exec('begin');
        return { rows: [] };
      case 'commit':
        this.db.exec('commit');
        this.checkFile();
        return { rows: [] };
      case 'rollback':
        // After a commit that failed its file check there is nothing left to roll back.
        if (this.db.inTransaction) this.db.exec('rollback');
        return { rows: [] };
      case 'close':
        this.db.close();
        return { rows: [] };
    }
  }

  private query(sql: string, parameters: readonly unknown[]): SqliteResult {
    const autocommit = !this.db.inTransaction;
    if (autocommit) this.checkFile();
    const statement = this.statement(sql);
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    if (autocommit) this.checkFile();
    return { rows: [], changes, lastInsertRowid };
  }

  private transaction(statements: readonly SqliteStatement[]): SqliteResult {
    this.checkFile();
    this.db.exec('begin');
    try {
      for (const { sql, parameters } of statements) this.statement(sql).run(parameters);
      this.db.exec('commit');
    } finally {
      if (this.db.inTransaction) this.db.exec('rollback');
    }
    this.checkFile();
    return { rows: [] };
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE)
        this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Throws unless the path still names the file this connection has open. */
  private checkFile(): void {
    if (!this.identity) return;
    const now = identityOf(this.path);
    if (!now || now.dev !== this.identity.dev || now.ino !== this.identity.ino)
      throw new DatabaseLost(
        now
          ? `the database file ${this.path} was replaced by another file while the server was running`
          : `the database file ${this.path} was removed while the server was running`,
      );
  }
}

function failure(err: unknown): SqliteFailure {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { message: err.message, ...(typeof code === 'string' ? { code } : {}) };
}

/** Runs in the worker thread: opens the database, then answers requests one at a time, in order. */
export function runSqliteWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('the SQLite worker runs in a worker thread');
  const data = workerData as SqliteWorkerData;
  let database: SqliteWorkerDatabase;
  try {
    database = new SqliteWorkerDatabase(data.path, data.driver);
  } catch (err) {
    port.postMessage({ ready: false, error: failure(err) } satisfies SqliteReady);
    return;
  }
  port.postMessage({ ready: true } satisfies SqliteReady);
  port.on('message', (request: SqliteRequest) => {
    let reply: SqliteReply;
    try {
      reply = { id: request.id, ok: true, result: database.handle(request) };
    } catch (err) {
      reply = { id: request.id, ok: false, error: failure(err) };
    }
    port.postMessage(reply);
    if (request.op === 'close' && reply.ok) port.close();
  });
}
