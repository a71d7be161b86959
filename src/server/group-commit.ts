import { StorageUnavailable } from './storage/guard.ts';
import type { AppendEntry, Storage } from './storage/types.ts';

export interface GroupCommitOptions {
  /**
   * How long the first action of a batch waits for others before the batch is written (ms). 0 waits
   * only for the current turn of the event loop. While a batch is being written, new actions gather
   * for the next one anyway, so under load batches grow by themselves.
   */
  readonly windowMs: number;
  /** A batch larger than this is written at once without waiting for the window. */
  readonly maxBatch: number;
}

interface Pending {
  readonly entry: AppendEntry;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/**
 * Batches the actions of every match into few transactions: each `append` resolves only once its
 * row is committed, so the caller may acknowledge the action then, and not before. If a batch
 * fails, its entries are retried one transaction each, so a single bad entry (a duplicate seq after
 * a bug, say) fails alone and the others still commit; unless the database itself is unavailable
 * (`StorageUnavailable`), when the whole batch fails at once.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => undefined;
  /** Transactions written so far (the tests and the load test read it). */
  batches = 0;
  /** Rows committed so far: with `batches`, the average batch size (the load test reports it). */
  rows = 0;

  constructor(
    private readonly storage: Storage,
    private readonly options: GroupCommitOptions = { windowMs: 1, maxBatch: 1000 },
  ) {}

  append(entry: AppendEntry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.queue.length === 0 && !this.writing) this.idle = new Promise((r) => (this.markIdle = r));
      this.queue.push({ entry, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when everything appended so far has been written (or has failed). */
  flushed(): Promise<void> {
    return this.idle;
  }

  private schedule(): void {
    if (this.writing) return;
    if (this.queue.length >= this.options.maxBatch) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.write();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.write();
      }, this.options.windowMs);
    }
  }

  private async write(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.splice(0, this.options.maxBatch);
    try {
      await this.storage.append(batch.map((p) => p.entry));
      this.batches++;
      this.rows += batch.length;
      for (const p of batch) p.resolve();
    } catch (err) {
      // Without a database every retry would fail too, each after its own wait (a connection
      // timeout, a busy disk): the whole batch fails at once.
      if (err instanceof StorageUnavailable) {
        for (const p of batch) p.reject(err);
        return;
      }
      for (const p of batch) {
        try {
          await this.storage.append([p.entry]);
          this.batches++;
          this.rows++;
          p.resolve();
        } catch (err) {
          p.reject(err);
        }
      }
    } finally {
      this.writing = false;
      // What arrived while this batch was written goes at once: it has waited long enough.
      if (this.queue.length > 0) void this.write();
      else this.markIdle();
    }
  }
}
