/**
 * The bot scheduler on its own (src/server/bots/scheduler.ts): which decision a free worker takes
 * next. The workers here are fakes that "think" for a given number of virtual milliseconds, so the
 * figures are a deterministic simulation's, not measured times.
 */
import { describe, expect, it } from 'vitest';
import { BotScheduler, defaultSchedulerLimits } from '../../src/server/bots/scheduler.ts';
import type { BotAsker, SchedulerLimits } from '../../src/server/bots/scheduler.ts';

interface FakeJob {
  readonly name: string;
  readonly asker: BotAsker;
  /** How long the fake worker thinks about it (virtual ms). */
  readonly ms: number;
}

const quick = (name: string, client: string, table = name, ms = 1): FakeJob => ({
  name,
  asker: { client, table, cost: 'quick' },
  ms,
});
const search = (name: string, client: string, table = name, ms = 10_000): FakeJob => ({
  name,
  asker: { client, table, cost: 'search' },
  ms,
});

/** Starts every job a free worker may take now; returns their names in order. */
function startAll(scheduler: BotScheduler<FakeJob>, free: number): string[] {
  const started: string[] = [];
  for (let i = 0; i < free; i++) {
    const job = scheduler.start();
    if (!job) break;
    started.push(job.name);
  }
  return started;
}

interface Arrival {
  readonly at: number;
  readonly job: FakeJob;
  /** When it is answered, the table asks for this decision next (a bot's next move). */
  readonly then?: () => FakeJob | undefined;
}

/**
 * A pool of fake workers in virtual time: jobs arrive at their times, each free worker takes what
 * the scheduler gives it, a job ends `ms` after it starts. Returns when each job started and ended.
 */
function simulate(limits: SchedulerLimits, arrivals: readonly Arrival[], until = 1e9) {
  const scheduler = new BotScheduler<FakeJob>(limits);
  const pending = [...arrivals].sort((a, b) => a.at - b.at);
  const next = new Map<FakeJob, Arrival['then']>();
  const running: { job: FakeJob; end: number }[] = [];
  const log = new Map<string, { start: number; end: number }>();
  let now = 0;
  for (;;) {
    for (const done of running.filter((r) => r.end <= now)) {
      running.splice(running.indexOf(done), 1);
      scheduler.finish(done.job);
      const follow = next.get(done.job)?.();
      if (follow) pending.unshift({ at: now, job: follow, then: next.get(done.job) });
    }
    while (pending.length > 0 && pending[0]!.at <= now) {
      const arrival = pending.shift()!;
      next.set(arrival.job, arrival.then);
      scheduler.push(arrival.job);
    }
    while (running.length < limits.workers) {
      const job = scheduler.start();
      if (!job) break;
      running.push({ job, end: now + job.ms });
      log.set(job.name, { start: now, end: now + job.ms });
    }
    const times = [...running.map((r) => r.end), ...pending.map((p) => p.at)];
    if (times.length === 0 || now >= until) return log;
    now = Math.min(...times);
  }
}

describe('the bot scheduler', () => {
  it('keeps one worker free of searches: a quick decision starts while searches wait', () => {
    const scheduler = new BotScheduler<FakeJob>(defaultSchedulerLimits(2));
    for (let i = 0; i < 5; i++) scheduler.push(search(`s${i}`, 'hog', `t${i}`));
    scheduler.push(search('other', 'other'));
    expect(startAll(scheduler, 2)).toEqual(['s0']);
    scheduler.push(quick('q', 'other'));
    expect(startAll(scheduler, 1)).toEqual(['q']);
    expect(scheduler.searchesRunning()).toBe(1);
  });

  it('runs at most one search per client at once by default, leaving other search workers to others', () => {
    const scheduler = new BotScheduler<FakeJob>(defaultSchedulerLimits(4));
    for (let i = 0; i < 5; i++) scheduler.push(search(`hog${i}`, 'hog', `t${i}`));
    expect(startAll(scheduler, 4)).toEqual(['hog0']);
    scheduler.push(search('ann', 'ann'));
    scheduler.push(search('bob', 'bob'));
    scheduler.push(search('cat', 'cat'));
    // Three search workers of four: the fourth stays free for quick decisions.
    expect(startAll(scheduler, 3)).toEqual(['ann', 'bob']);
    expect(scheduler.searchesRunning('hog')).toBe(1);
    expect(scheduler.searchesRunning()).toBe(3);
  });

  it('lets a client run more searches when allowed, up to the search workers', () => {
    const scheduler = new BotScheduler<FakeJob>({ workers: 4, searchWorkers: 2, searchesPerClient: 3 });
    for (let i = 0; i < 5; i++) scheduler.push(search(`hog${i}`, 'hog', `t${i}`));
    expect(startAll(scheduler, 4)).toEqual(['hog0', 'hog1']);
  });

  it('takes turns across clients, and a newcomer goes before the client just served', () => {
    const scheduler = new BotScheduler<FakeJob>({ workers: 1, searchWorkers: 1, searchesPerClient: 1 });
    const hog = [0, 1, 2, 3].map((i) => search(`hog${i}`, 'hog', `t${i}`));
    hog.forEach((job) => scheduler.push(job));
    const order: string[] = [];
    let job = scheduler.start()!;
    order.push(job.name);
    // Ann's table asks while the hog's first search runs: it is next, not after the hog's backlog.
    scheduler.push(search('ann0', 'ann'));
    scheduler.push(search('ann1', 'ann'));
    for (;;) {
      scheduler.finish(job);
      const next = scheduler.start();
      if (!next) break;
      order.push((job = next).name);
    }
    expect(order).toEqual(['hog0', 'ann0', 'hog1', 'ann1', 'hog2', 'hog3']);
  });

  it('a client served last goes after a client that starts waiting, even if its own tables ask first', () => {
    // The hog's first table starts searching before its other tables ask; then Ann's table asks.
    const scheduler = new BotScheduler<FakeJob>({ workers: 1, searchWorkers: 1, searchesPerClient: 1 });
    scheduler.push(search('hog0', 'hog', 't0'));
    let job = scheduler.start()!;
    for (const i of [1, 2, 3]) scheduler.push(search(`hog${i}`, 'hog', `t${i}`));
    scheduler.push(search('ann0', 'ann', 'A'));
    const order = [job.name];
    for (;;) {
      scheduler.finish(job);
      const next = scheduler.start();
      if (!next) break;
      order.push((job = next).name);
      // Each table asks for its next decision as soon as its move is made.
      if (job.name === 'ann0') scheduler.push(search('ann1', 'ann', 'A'));
    }
    expect(order).toEqual(['hog0', 'ann0', 'hog1', 'ann1', 'hog2', 'hog3']);
  });

  it("takes turns across a client's tables; one table's seats keep their order", () => {
    const scheduler = new BotScheduler<FakeJob>(defaultSchedulerLimits(1));
    for (const seat of [0, 1, 2]) scheduler.push(quick(`a${seat}`, 'ann', 'A'));
    scheduler.push(quick('b0', 'ann', 'B'));
    scheduler.push(quick('c0', 'ann', 'C'));
    const order: string[] = [];
    for (let job = scheduler.start(); job; job = scheduler.start()) {
      order.push(job.name);
      scheduler.finish(job);
    }
    expect(order).toEqual(['a0', 'b0', 'c0', 'a1', 'a2']);
  });

  it('with a single worker, quick decisions go before waiting searches', () => {
    const scheduler = new BotScheduler<FakeJob>(defaultSchedulerLimits(1));
    scheduler.push(search('s0', 'hog', 't0'));
    scheduler.push(search('s1', 'hog', 't1'));
    const running = scheduler.start()!;
    scheduler.push(quick('q', 'ann'));
    scheduler.finish(running);
    expect(scheduler.start()!.name).toBe('q');
  });

  it('gives back every waiting job when drained', () => {
    const scheduler = new BotScheduler<FakeJob>(defaultSchedulerLimits(2));
    scheduler.push(search('s0', 'hog', 't0'));
    scheduler.push(search('s1', 'hog', 't1'));
    scheduler.push(quick('q', 'ann'));
    expect(startAll(scheduler, 2)).toEqual(['s0', 'q']);
    expect(scheduler.waitingCount).toBe(1);
    expect(scheduler.drain().map((j) => j.name)).toEqual(['s1']);
    expect(scheduler.waitingCount).toBe(0);
  });

  it('30 tables of 10-second searches: a heuristic match of another client never waits for them', () => {
    // The hog's 30 tables each search again as soon as their move is made; Ann's heuristic bots
    // play a 130-decision match, each decision 1 ms, the next asked as soon as the last is answered.
    const hog: Arrival[] = Array.from({ length: 30 }, (_, t) => {
      let move = 0;
      return {
        at: 0,
        job: search(`hog${t}.0`, 'hog', `t${t}`),
        then: () => search(`hog${t}.${++move}`, 'hog', `t${t}`),
      };
    });
    let decision = 0;
    const ann: Arrival = {
      at: 100,
      job: quick('ann0', 'ann', 'A'),
      then: () => (++decision < 130 ? quick(`ann${decision}`, 'ann', 'A') : undefined),
    };
    const log = simulate(defaultSchedulerLimits(2), [...hog, ann], 60_000);
    const annDecisions = [...log].filter(([name]) => name.startsWith('ann'));
    expect(annDecisions).toHaveLength(130);
    // Each of Ann's decisions started the moment it was asked: the first at 100, the rest
    // right after the previous one ended.
    annDecisions.forEach(([, { start }], i) =>
      expect(start).toBe(i === 0 ? 100 : annDecisions[i - 1]![1].end),
    );
    // Meanwhile the hog's searches ran one at a time on the other worker.
    expect(log.get('hog0.0')).toEqual({ start: 0, end: 10_000 });
    expect(log.get('hog1.0')).toEqual({ start: 10_000, end: 20_000 });
  });

  it("30 tables of 10-second searches: another client's search waits for one of them, not for all", () => {
    const hog: Arrival[] = Array.from({ length: 30 }, (_, t) => ({
      at: 0,
      job: search(`hog${t}`, 'hog', `t${t}`),
    }));
    const ann: Arrival = { at: 100, job: search('ann', 'ann', 'A', 1_000) };
    const log = simulate(defaultSchedulerLimits(2), [...hog, ann], 60_000);
    expect(log.get('ann')).toEqual({ start: 10_000, end: 11_000 });
    // With three workers (two may search) it does not wait at all.
    const wider = simulate(defaultSchedulerLimits(3), [...hog, ann], 60_000);
    expect(wider.get('ann')).toEqual({ start: 100, end: 1_100 });
  });
});
