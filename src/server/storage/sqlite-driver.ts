/**
 * A Kysely dialect for SQLite whose connection lives in a worker thread (`sqlite-worker.ts`): the
 * main thread compiles each query as Kysely's own SqliteDialect does and posts it to the worker,
 * which runs it on better-sqlite3 and posts the result back. A commit's fsync, a stalled disk or a
 * lock held by another process then holds up the storage only: the event loop keeps serving
 * (messages, timers, `/healthz`), and actions keep gathering into the next group commit.
 *
 * SQLite has one connection here, as in Kysely's SqliteDriver: a mutex gives it to one query or
 * one transaction at a time, and the worker answers requests in the order they were posted.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
} from 'kysely';
import type {
  SqliteFailure,
  SqliteReady,
  SqliteReply,
  SqliteRequest,
  SqliteResult,
  SqliteStatement,
  SqliteWorkerData,
} from './sqlite-worker.ts';

/** A request before the worker gives it its id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type WorkerRequest = WithoutId<SqliteRequest>;

/** The worker's script: the build's `dist/sqlite-worker.cjs` beside this bundle, else bundled now. */
let bundled: Promise<string> | undefined;

function builtScript(): URL | undefined {
  // In the build this module is part of dist/prosper.mjs, and the worker's bundle sits beside it.
  const built = new URL('./sqlite-worker.cjs', import.meta.url);
  return built.protocol === 'file:' && existsSync(built) ? built : undefined;
}

/** From the sources (tests, a checkout without a build): one esbuild bundle per process (~0.1 s). */
function bundledScript(): Promise<string> {
  bundled ??= (async () => {
    // Loaded only here: the built server never bundles.
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./sqlite-worker-main.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      // A worker evaluated from source text runs as a CommonJS script.
      format: 'cjs',
      target: 'node20',
      external: ['better-sqlite3'],
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  })();
  bundled.catch(() => (bundled = undefined));
  return bundled;
}

function toError(failure: SqliteFailure): Error {
  const error = new Error(failure.message) as Error & { code?: string };
  error.name = 'SqliteError';
  if (failure.code !== undefined) error.code = failure.code;
  return error;
}

/** One connection at a time, as Kysely's SqliteDriver does it. */
class ConnectionMutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

/**
 * The worker thread, its requests in flight, and the mutex that gives its one connection to one
 * query or one transaction at a time (the worker runs requests in the order they were posted, so
 * a transaction's statements must not interleave with another's).
 */
export class SqliteWorker {
  readonly mutex = new ConnectionMutex();
  private readonly pending = new Map<
    number,
    { resolve: (r: SqliteResult) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  /** Set once the worker has stopped (closed, or died): every request then fails at once. */
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: SqliteReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(toError(reply.error));
    });
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) => this.stop(new Error(`the SQLite worker stopped (exit code ${code})`)));
  }

  /** Starts a worker on the database at `path` (absolute, or `:memory:`), once it is open. */
  static async start(path: string): Promise<SqliteWorker> {
    const data: SqliteWorkerData = {
      path,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    };
    const file = builtScript();
    const worker = file
      ? new Worker(file, { workerData: data })
      : new Worker(await bundledScript(), { eval: true, workerData: data });
    let onMessage!: (ready: SqliteReady) => void;
    let onError!: (err: Error) => void;
    let onExit!: (code: number) => void;
    const ready = await new Promise<SqliteReady>((resolve) => {
      onMessage = resolve;
      onError = (err) => resolve({ ready: false, error: { message: err.message } });
      onExit = (code) =>
        resolve({ ready: false, error: { message: `the SQLite worker stopped (exit code ${code})` } });
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    });
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (!ready.ready) {
      await worker.terminate();
      throw toError(ready.error);
    }
    return new SqliteWorker(worker);
  }

  request(request: WorkerRequest): Promise<SqliteResult> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<SqliteResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as SqliteRequest);
    });
  }

  /** Runs the statements as one transaction, in one round trip, holding the connection meanwhile. */
  async transaction(statements: readonly SqliteStatement[]): Promise<void> {
    await this.mutex.lock();
    try {
      // Only the text and the values: a compiled query also carries its syntax tree.
      await this.request({
        op: 'transaction',
        statements: statements.map(({ sql, parameters }) => ({ sql, parameters })),
      });
    } finally {
      this.mutex.unlock();
    }
  }

  /** Closes the database (after the requests already posted) and ends the worker. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    try {
      await this.request({ op: 'close' });
    } catch {
      await this.worker.terminate();
    }
    await exited;
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }
}

class WorkerConnection implements DatabaseConnection {
  constructor(private readonly worker: SqliteWorker) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.worker.request({
      op: 'query',
      sql: compiled.sql,
      parameters: compiled.parameters,
    });
    return {
      rows: result.rows as R[],
      ...(result.changes === undefined ? {} : { numAffectedRows: BigInt(result.changes) }),
      ...(result.lastInsertRowid === undefined ? {} : { insertId: BigInt(result.lastInsertRowid) }),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite worker driver does not stream queries');
  }
}

class WorkerDriver implements Driver {
  private readonly connection: WorkerConnection;

  constructor(private readonly worker: SqliteWorker) {
    this.connection = new WorkerConnection(worker);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.worker.mutex.lock();
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.worker.request({ op: 'begin' });
  }

  async commitTransaction(): Promise<void> {
    await this.worker.request({ op: 'commit' });
  }

  async rollbackTransaction(): Promise<void> {
    await this.worker.request({ op: 'rollback' });
  }

  async releaseConnection(): Promise<void> {
    this.worker.mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.worker.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) on a connection in a worker thread. */
export class SqliteWorkerDialect implements Dialect {
  constructor(private readonly worker: SqliteWorker) {}

  createDriver(): Driver {
    return new WorkerDriver(this.worker);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
