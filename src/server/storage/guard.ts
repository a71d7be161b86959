/**
 * The storage as the server uses it: every operation of the SQL storage, watched. It keeps, in
 * memory, what `/healthz` reports (operations in flight and since when, the last commit, the last
 * failure), turns a database that cannot be reached into the protocol's `storage_failed` (503)
 * wherever it surfaces (loading a table, listing, creating, joining), and probes the database while
 * nothing else does, so that an idle server notices an outage, and one whose last commit failed
 * notices the database is back without waiting for a player (a load balancer that stopped sending
 * it traffic would otherwise wait forever).
 */
import type { StorageHealth, StorageStatus } from '../../protocol/index.ts';
import { ProtocolError } from '../errors.ts';
import { DB_LOST_CODE } from './sqlite-worker.ts';
import type { Storage } from './types.ts';

/** The SQL storage's operations, plus a probe. */
export interface ProbedStorage extends Omit<Storage, 'health'> {
  /** A cheap round trip; with `write`, one that commits (to tell that commits work again). */
  ping(write: boolean): Promise<void>;
}

/** What the storage logs: state changes, not every failure (the callers log those). */
export interface StorageLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StorageHealthOptions {
  /** An operation waiting longer than this makes the storage `stalled` (ms). */
  readonly stallMs: number;
  /** How often the prober looks (ms); it queries only when nothing else has for this long. */
  readonly probeMs: number;
  readonly log?: StorageLog;
  readonly now?: () => number;
}

export const DEFAULT_HEALTH: Omit<StorageHealthOptions, 'log'> = { stallMs: 3_000, probeMs: 2_000 };

const SILENT: StorageLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A storage operation failed for want of a database (it refused the connection, closed it, did not
 * answer, or its file is gone): the request is refused with `storage_failed`. `cause` is the
 * database's own error, for the log; the client never sees it.
 */
export class StorageUnavailable extends ProtocolError {
  constructor(
    override readonly cause: unknown,
    readonly lost: boolean,
  ) {
    super('storage_failed', 'the database is unavailable; nothing was stored, try again shortly');
    this.name = 'StorageUnavailable';
  }
}

/**
 * Whether the database answered and refused the statement itself (a constraint: a duplicate key,
 * say). That is a bug or a race in the caller, not an outage: the error goes up unchanged and the
 * storage still counts as working.
 */
function isRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  // SQLite's extended codes (SQLITE_CONSTRAINT_PRIMARYKEY…); PostgreSQL's SQLSTATE class 23.
  return code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code);
}

type Kind = 'read' | 'write';

export class GuardedStorage implements Storage {
  readonly kind: Storage['kind'];
  readonly description: string;
  private readonly options: StorageHealthOptions;
  private readonly log: StorageLog;
  private readonly now: () => number;
  /** Start time of each operation in flight, oldest first (a Map keeps insertion order). */
  private readonly inFlight = new Map<number, number>();
  private nextOp = 1;
  private lastCommitAt: number | null = null;
  private lastFailureAt: number | null = null;
  private lastFailureLost = false;
  /** When an operation last finished, either way (the prober stays quiet while others query). */
  private lastDoneAt: number;
  private reported: StorageStatus = 'ok';
  private stallReported = false;
  private readonly prober: NodeJS.Timeout;
  private probing = false;

  constructor(
    private readonly inner: ProbedStorage,
    options: Partial<StorageHealthOptions> = {},
  ) {
    this.kind = inner.kind;
    this.description = inner.description;
    this.options = { ...DEFAULT_HEALTH, ...options };
    this.log = options.log ?? SILENT;
    this.now = options.now ?? Date.now;
    this.lastDoneAt = this.now();
    this.prober = setInterval(() => this.probe(), this.options.probeMs);
    this.prober.unref();
  }

  // The storage's operations, each watched ------------------------------------------------------

  migrate(): Promise<void> {
    // Not watched: a failed migration stops the start-up with its own message.
    return this.inner.migrate();
  }
  createMatch(...args: Parameters<Storage['createMatch']>) {
    return this.watch('write', () => this.inner.createMatch(...args));
  }
  claimSeats(...args: Parameters<Storage['claimSeats']>) {
    return this.watch('write', () => this.inner.claimSeats(...args));
  }
  append(...args: Parameters<Storage['append']>) {
    return this.watch('write', () => this.inner.append(...args));
  }
  setRematch(...args: Parameters<Storage['setRematch']>) {
    return this.watch('write', () => this.inner.setRematch(...args));
  }
  recordControl(...args: Parameters<Storage['recordControl']>) {
    return this.watch('write', () => this.inner.recordControl(...args));
  }
  loadMatch(...args: Parameters<Storage['loadMatch']>) {
    return this.watch('read', () => this.inner.loadMatch(...args));
  }
  playingMatches() {
    return this.watch('read', () => this.inner.playingMatches());
  }
  listMatches(...args: Parameters<Storage['listMatches']>) {
    return this.watch('read', () => this.inner.listMatches(...args));
  }

  async close(): Promise<void> {
    clearInterval(this.prober);
    await this.inner.close();
  }

  // Health --------------------------------------------------------------------------------------

  /** From memory only: never waits for the database. */
  health(): StorageHealth {
    const now = this.now();
    const oldest = this.inFlight.values().next().value;
    const pendingMs = oldest === undefined ? 0 : Math.max(0, now - oldest);
    return {
      kind: this.kind,
      status: this.status(pendingMs),
      pendingMs,
      lastCommitAt: this.lastCommitAt,
      lastFailureAt: this.lastFailureAt,
    };
  }

  private status(pendingMs: number): StorageStatus {
    const failing =
      this.lastFailureAt !== null && (this.lastCommitAt === null || this.lastFailureAt >= this.lastCommitAt);
    if (failing && this.lastFailureLost) return 'lost';
    if (pendingMs > this.options.stallMs) return 'stalled';
    return failing ? 'failing' : 'ok';
  }

  private async watch<T>(kind: Kind, operation: () => Promise<T>): Promise<T> {
    const id = this.nextOp++;
    this.inFlight.set(id, this.now());
    try {
      const result = await operation();
      this.succeeded(kind);
      return result;
    } catch (err) {
      if (isRefusal(err)) {
        this.succeeded('read');
        throw err;
      }
      this.failed(err);
      throw err instanceof StorageUnavailable ? err : new StorageUnavailable(err, isLost(err));
    } finally {
      this.inFlight.delete(id);
      this.lastDoneAt = this.now();
      this.endStall();
    }
  }

  private succeeded(kind: Kind): void {
    if (kind === 'write') this.lastCommitAt = this.now();
    this.report();
  }

  private failed(err: unknown): void {
    this.lastFailureAt = this.now();
    this.lastFailureLost = isLost(err);
    this.report(err);
  }

  /** Logs a change of status (not every failure: the callers log those where they matter). */
  private report(err?: unknown): void {
    const status = this.status(0);
    if (status === this.reported) return;
    const was = this.reported;
    this.reported = status;
    if (status === 'ok') this.log.warn({ was }, 'storage recovered: commits succeed again');
    else if (status === 'lost')
      this.log.error({ err }, 'storage lost: the database file is gone; restart the server');
    else this.log.error({ err }, 'storage failing: actions are refused until the database answers');
  }

  private endStall(): void {
    if (!this.stallReported) return;
    const oldest = this.inFlight.values().next().value;
    if (oldest !== undefined && this.now() - oldest > this.options.stallMs) return;
    this.stallReported = false;
    this.log.warn({}, 'storage stall over');
  }

  /**
   * Every `probeMs`: reports a stall, or, when nothing has queried the database for that long,
   * queries it: a read while all is well, a commit while the last commit failed.
   */
  private probe(): void {
    const now = this.now();
    const oldest = this.inFlight.values().next().value;
    if (oldest !== undefined) {
      if (!this.stallReported && now - oldest > this.options.stallMs) {
        this.stallReported = true;
        this.log.error(
          { pendingMs: now - oldest },
          'storage stalled: an operation is waiting for the database',
        );
      }
      return;
    }
    const status = this.status(0);
    if (this.probing || (status === 'ok' && now - this.lastDoneAt < this.options.probeMs)) return;
    this.probing = true;
    const write = status !== 'ok';
    void this.watch(write ? 'write' : 'read', () => this.inner.ping(write))
      .catch(() => undefined)
      .finally(() => (this.probing = false));
  }
}

function isLost(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === DB_LOST_CODE;
}
