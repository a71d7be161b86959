/**
 * Which bot decision a free worker thinks about next (docs/server.md, "Bots"). Pure bookkeeping:
 * the pool owns the workers and asks `start` whenever one is free.
 *
 * - Two cost classes. A quick decision (random, heuristic: any bot without a thinking budget)
 *   takes milliseconds; a search (ISMCTS) takes its whole budget, up to seconds. Searches may
 *   occupy at most `searchWorkers` workers (default: all but one), so a quick decision never waits
 *   behind searches: it takes any free worker, and some worker is always free of them soon.
 * - Per client (the key of whoever created the table), at most `searchesPerClient` searches run
 *   at once: one client's tables think for at most that many worker-seconds per second, however
 *   many tables it has, and leave the other search workers to other clients.
 * - Within a class, waiting decisions take turns: client after client, and within a client table
 *   after table (FIFO within a table). A client with thirty tables gets one turn per round, like a
 *   client with one; a client that starts waiting goes before the client served last.
 */

/** What a decision costs: milliseconds (`quick`) or a thinking budget of up to seconds (`search`). */
export type BotCost = 'quick' | 'search';

/** Who asks for a decision, for scheduling. */
export interface BotAsker {
  /** The table's id. */
  readonly table: string;
  /** The client the table's bots are charged to (its creator's key). */
  readonly client: string;
  readonly cost: BotCost;
}

export interface SchedulerLimits {
  /** Worker threads. */
  readonly workers: number;
  /** Workers that may think about searches at once; clamped to 1…workers. */
  readonly searchWorkers: number;
  /** Searches of one client's tables that may run at once (at least 1). */
  readonly searchesPerClient: number;
}

/** The defaults for `workers` threads: one worker kept from searches, one search per client. */
export function defaultSchedulerLimits(workers: number): SchedulerLimits {
  return { workers, searchWorkers: workers - 1, searchesPerClient: 1 };
}

/** Jobs (or lines of jobs) in turns: whoever had the last turn longest ago goes first. */
interface Line<T> {
  /** The number of the turn this line last had (see `TurnQueue.joining`). */
  turn: number;
  readonly items: T;
}

/**
 * Waiting jobs of one class, in turns: first among clients, then among that client's tables,
 * FIFO within a table. Each take is a numbered turn; the client and the table served get its
 * number, and the line with the lowest number goes next. A client or table that starts waiting
 * (or waits again after its last job was taken) goes after everyone who has waited since before
 * the last turn, but before whoever had the last turn: so with one client's thirty tables waiting,
 * another client's table that starts waiting is served next, not after the thirty.
 */
class TurnQueue<J extends { readonly asker: BotAsker }> {
  private readonly clients = new Map<string, Line<Map<string, Line<J[]>>>>();
  private turns = 0;
  /** Who had the last turn: only they go after a line that starts waiting now. */
  private lastClient: string | undefined;
  private lastTable: string | undefined;
  size = 0;

  push(job: J): void {
    const { client, table } = job.asker;
    let line = this.clients.get(client);
    if (!line)
      this.clients.set(client, (line = { turn: this.joining(client === this.lastClient), items: new Map() }));
    let jobs = line.items.get(table);
    if (!jobs) line.items.set(table, (jobs = { turn: this.joining(table === this.lastTable), items: [] }));
    jobs.items.push(job);
    this.size++;
  }

  /**
   * The turn number of a line that starts waiting: the last turn's if it had that turn, else just
   * below it. (An earlier turn of its own is lower than either, so it need not be remembered.)
   */
  private joining(hadLastTurn: boolean): number {
    return hadLastTurn ? this.turns : this.turns - 0.5;
  }

  /** The next job in turn of a client `may` accept, taken out of the queue. */
  take(may: (client: string) => boolean): J | undefined {
    const client = first(this.clients, may);
    if (client === undefined) return undefined;
    const line = this.clients.get(client)!;
    const table = first(line.items, () => true)!;
    const jobs = line.items.get(table)!;
    const job = jobs.items.shift()!;
    this.size--;
    line.turn = jobs.turn = ++this.turns;
    this.lastClient = client;
    this.lastTable = table;
    if (jobs.items.length === 0) line.items.delete(table);
    if (line.items.size === 0) this.clients.delete(client);
    return job;
  }

  /** Every waiting job, emptying the queue. */
  drain(): J[] {
    const all = [...this.clients.values()].flatMap((line) =>
      [...line.items.values()].flatMap((t) => t.items),
    );
    this.clients.clear();
    this.size = 0;
    return all;
  }
}

/** The key of the line with the lowest turn among those `may` accepts (the earliest added on a tie). */
function first<T>(lines: ReadonlyMap<string, Line<T>>, may: (key: string) => boolean): string | undefined {
  let best: string | undefined;
  let bestTurn = Infinity;
  for (const [key, line] of lines)
    if (line.turn < bestTurn && may(key)) {
      best = key;
      bestTurn = line.turn;
    }
  return best;
}

export class BotScheduler<J extends { readonly asker: BotAsker }> {
  private readonly waiting: Record<BotCost, TurnQueue<J>> = {
    quick: new TurnQueue(),
    search: new TurnQueue(),
  };
  private readonly running = new Set<J>();
  private searches = 0;
  private readonly searchesOf = new Map<string, number>();
  private readonly searchWorkers: number;
  private readonly perClient: number;
  /**
   * Whether a free worker takes an allowed search before a quick decision. Only when some worker
   * is kept from searches: that one serves quick decisions. With a single worker there is none,
   * and quick decisions go first (they take milliseconds; a search waits for them, not they for it).
   */
  private readonly searchFirst: boolean;

  constructor(limits: SchedulerLimits) {
    const workers = Math.max(1, limits.workers);
    this.searchWorkers = Math.min(workers, Math.max(1, limits.searchWorkers));
    this.perClient = Math.max(1, limits.searchesPerClient);
    this.searchFirst = this.searchWorkers < workers;
  }

  push(job: J): void {
    this.waiting[job.asker.cost].push(job);
  }

  /**
   * The job a free worker should start now, counted as running until `finish`; undefined if no
   * waiting job may start (none waits, or only searches over their limits).
   */
  start(): J | undefined {
    const search = () =>
      this.searches < this.searchWorkers ? this.waiting.search.take(this.mayStart) : undefined;
    const quick = () => this.waiting.quick.take(() => true);
    const job = this.searchFirst ? (search() ?? quick()) : (quick() ?? search());
    if (!job) return undefined;
    this.running.add(job);
    if (job.asker.cost === 'search') {
      this.searches++;
      this.searchesOf.set(job.asker.client, (this.searchesOf.get(job.asker.client) ?? 0) + 1);
    }
    return job;
  }

  /** A started job is over (answered, failed or abandoned); its worker is free. */
  finish(job: J): void {
    if (!this.running.delete(job) || job.asker.cost !== 'search') return;
    this.searches--;
    const left = (this.searchesOf.get(job.asker.client) ?? 1) - 1;
    if (left > 0) this.searchesOf.set(job.asker.client, left);
    else this.searchesOf.delete(job.asker.client);
  }

  /** Every job not yet started, emptying the queues. */
  drain(): J[] {
    return [...this.waiting.quick.drain(), ...this.waiting.search.drain()];
  }

  /** Jobs waiting for a worker. */
  get waitingCount(): number {
    return this.waiting.quick.size + this.waiting.search.size;
  }

  /** Searches running now, per client (for tests and health). */
  searchesRunning(client?: string): number {
    return client === undefined ? this.searches : (this.searchesOf.get(client) ?? 0);
  }

  private readonly mayStart = (client: string): boolean =>
    (this.searchesOf.get(client) ?? 0) < this.perClient;
}
