import { Worker } from 'node:worker_threads';
import { botWorkerCode } from './bundle.ts';
import type { BotWorkerSource } from './bundle.ts';
import { BotScheduler, defaultSchedulerLimits } from './scheduler.ts';
import type { BotAsker } from './scheduler.ts';
import type { BotReply, BotTask } from './worker.ts';

export type { BotAsker, BotCost } from './scheduler.ts';

export interface BotPoolOptions {
  /** Worker threads; each thinks about one decision at a time. */
  readonly workers: number;
  /**
   * Workers that may think about searches (budgeted bots) at once; default `workers − 1`, so a
   * quick decision always finds a worker free of searches (with one worker, quick decisions go first).
   */
  readonly searchWorkers?: number;
  /** Searches of one client's tables running at once (default 1): its share of thinking time. */
  readonly searchesPerClient?: number;
  /** The workers' code: a built script, or a registry module to bundle with the worker. */
  readonly source: BotWorkerSource;
  /** A decision taking longer than this is abandoned and its worker replaced (ms). */
  readonly timeoutMs: number;
}

type Request = Omit<BotTask, 'id'>;

interface Job {
  readonly task: BotTask;
  readonly asker: BotAsker;
  readonly resolve: (index: number) => void;
  readonly reject: (err: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Bots think here, off the event loop: an ISMCTS bot spending a second on a move delays no table's
 * actions. Which decision a free worker takes next is the scheduler's choice (`scheduler.ts`: quick
 * decisions never wait behind searches, clients and tables take turns, a client's searches are
 * capped). Workers start on the first decision; a worker that fails or overruns its time is
 * replaced, and its decision is rejected (the caller falls back to a random legal action).
 */
export class BotPool {
  private readonly slots: Slot[];
  private readonly scheduler: BotScheduler<Job>;
  private nextId = 1;
  private closed = false;
  private code: Promise<string> | undefined;

  constructor(private readonly options: BotPoolOptions) {
    const workers = Math.max(1, options.workers);
    this.slots = Array.from({ length: workers }, () => ({
      worker: undefined,
      job: undefined,
      timer: undefined,
    }));
    const defaults = defaultSchedulerLimits(workers);
    this.scheduler = new BotScheduler({
      workers,
      searchWorkers: options.searchWorkers ?? defaults.searchWorkers,
      searchesPerClient: options.searchesPerClient ?? defaults.searchesPerClient,
    });
  }

  /** The index of the chosen action among the seat's legal actions; `asker` says whose turn it takes. */
  decide(request: Request, asker: BotAsker): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise<number>((resolve, reject) => {
      this.scheduler.push({ task: { ...request, id: this.nextId++ }, asker, resolve, reject });
      this.dispatch();
    });
  }

  /** Decisions queued or being thought about. */
  get load(): number {
    return this.scheduler.waitingCount + this.slots.filter((s) => s.job).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.scheduler.drain()) job.reject(new Error('the bot pool is closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        clearTimeout(slot.timer);
        slot.job?.reject(new Error('the bot pool is closed'));
        slot.job = undefined;
        const worker = slot.worker;
        slot.worker = undefined;
        if (worker) await worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.scheduler.start();
      if (!job) return;
      slot.job = job;
      void this.run(slot, job);
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    try {
      const worker = slot.worker ?? (await this.spawn(slot));
      if (slot.job !== job) return;
      slot.timer = setTimeout(
        () => this.fail(slot, new Error('the bot took too long')),
        this.options.timeoutMs,
      );
      worker.postMessage(job.task);
    } catch (err) {
      this.fail(slot, err instanceof Error ? err : new Error(String(err)));
    }
  }

  private async spawn(slot: Slot): Promise<Worker> {
    this.code ??= botWorkerCode(this.options.source);
    const worker = new Worker(await this.code, { eval: true });
    // A worker that has nothing to think about must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: BotReply) => this.settle(slot, reply));
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', () => {
      if (slot.worker === worker) {
        slot.worker = undefined;
        this.fail(slot, new Error('the bot worker stopped'));
      }
    });
    if (this.closed) {
      await worker.terminate();
      throw new Error('the bot pool is closed');
    }
    slot.worker = worker;
    return worker;
  }

  private settle(slot: Slot, reply: BotReply): void {
    const job = slot.job;
    if (!job || job.task.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    this.scheduler.finish(job);
    if ('index' in reply) job.resolve(reply.index);
    else job.reject(new Error(reply.error));
    this.dispatch();
  }

  /** Drops the slot's worker (it may be stuck) and rejects its decision. */
  private fail(slot: Slot, err: Error): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (job) this.scheduler.finish(job);
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) void worker.terminate();
    job?.reject(err);
    if (!this.closed) this.dispatch();
  }
}
