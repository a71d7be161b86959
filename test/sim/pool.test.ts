import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import type { SimConfig } from '../../src/sim/play.ts';
import { availableParallelism } from 'node:os';
import { Gate } from '../../src/sim/gate.ts';
import { simulate, workerFlags } from '../../src/sim/pool.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

const worker = { registryUrl: new URL('../fixtures/registry.ts', import.meta.url).href };
const config: SimConfig = {
  game: 'secret-bid',
  players: 3,
  games: 20,
  seed: 'pool',
  bots: ['random'],
  options: {},
  rotate: true,
  series: false,
};

describe('the simulation pool', () => {
  it('plays every game once in worker threads and stores results by index', async () => {
    const seen: number[] = [];
    const run = await simulate(secretBid as AnyGame, config, {
      workers: 2,
      worker,
      onProgress: (done, total) => seen.push(done / total),
    });
    expect(run.results.map((r) => r.index)).toEqual([...Array(20).keys()]);
    expect(run.results.every((r) => r.seed === `pool:${r.index}` && !r.error)).toBe(true);
    expect(seen).toHaveLength(20);
    expect(seen.at(-1)).toBe(1);
    // Which worker played how many depends on timing; that they add up to every game does not.
    expect(run.perWorker).toHaveLength(2);
    expect(run.perWorker[0]! + run.perWorker[1]!).toBe(20);
  });

  it('returns the very results the calling thread would have computed, with or without series', async () => {
    for (const series of [false, true]) {
      const mixed = { ...config, bots: ['random', 'random:x=1'], series };
      const inline = await simulate(secretBid as AnyGame, mixed, { workers: 0, worker });
      const threaded = await simulate(secretBid as AnyGame, mixed, { workers: 2, worker });
      expect(inline.results.some((r) => Object.keys(r.final).length > 0)).toBe(true);
      expect(threaded.results).toEqual(inline.results);
    }
  });

  it('stops handing out games when its signal aborts, and returns the prefix that was played', async () => {
    for (const workers of [0, 1, 2]) {
      const stop = new AbortController();
      const big = { ...config, games: 100_000 };
      const run = await simulate(secretBid as AnyGame, big, {
        workers,
        worker,
        signal: stop.signal,
        onProgress: (done) => done === 5 && stop.abort(),
      });
      expect(run.stopped).toBe(true);
      expect(run.results.length).toBeGreaterThanOrEqual(5);
      expect(run.results.length).toBeLessThan(big.games);
      expect(run.results.map((r) => r.index)).toEqual([...Array(run.results.length).keys()]);
      expect(run.perWorker.reduce((a, b) => a + b, 0)).toBe(run.results.length);
    }
  });

  it('lets a timer stop a run on the calling thread: it plays in slices and yields between them', async () => {
    const stop = new AbortController();
    const big = { ...config, games: 1_000_000 };
    setTimeout(() => stop.abort(), 200);
    const run = await simulate(secretBid as AnyGame, big, { workers: 0, worker, signal: stop.signal });
    expect(run.stopped).toBe(true);
    expect(run.results.length).toBeGreaterThan(0);
    expect(run.results.length).toBeLessThan(big.games);
    expect(run.results.map((r) => r.index)).toEqual([...Array(run.results.length).keys()]);
  });

  it('plays nothing when stopped before it starts, and says a full run was not stopped', async () => {
    const run = await simulate(secretBid as AnyGame, config, {
      workers: 2,
      worker,
      signal: AbortSignal.abort(),
    });
    expect(run).toMatchObject({ results: [], stopped: true });
    const full = await simulate(secretBid as AnyGame, config, { workers: 2, worker });
    expect(full.stopped).toBe(false);
  });

  it('refuses a run too long for its claim counter', async () => {
    await expect(
      simulate(secretBid as AnyGame, { ...config, games: 2 ** 30 + 1 }, { workers: 1, worker }),
    ).rejects.toThrow(/at most/);
  });

  it('counts the calling thread as the one worker when it plays every game', async () => {
    const run = await simulate(secretBid as AnyGame, config, { workers: 0, worker });
    expect(run.perWorker).toEqual([20]);
  });

  it('reports a registry without the game as an error instead of hanging', async () => {
    const missing = { ...config, game: 'no-such-game' };
    await expect(simulate(secretBid as AnyGame, missing, { workers: 1, worker })).rejects.toThrow(
      /no game "no-such-game"/,
    );
  });

  it('reports a registry that does not build', async () => {
    const broken = new URL('../fixtures/no-such-registry.ts', import.meta.url).href;
    await expect(
      simulate(secretBid as AnyGame, config, { workers: 1, worker: { registryUrl: broken } }),
    ).rejects.toThrow();
  });

  it("compiles and scavenges on the workers' own threads only when the workers fill every core", () => {
    const inPlace = ['--no-concurrent-recompilation', '--no-parallel-scavenge'];
    const helped = ['--concurrent-recompilation', '--parallel-scavenge'];
    expect(workerFlags(2, 2)).toEqual(inPlace);
    expect(workerFlags(3, 2)).toEqual(inPlace);
    expect(workerFlags(1, 2)).toEqual(helped);
    expect(workerFlags(3, 4)).toEqual(helped);
  });

  it('gives the same results whichever way the V8 flags are set, switching back and forth', async () => {
    const strip = (run: Awaited<ReturnType<typeof simulate>>) =>
      run.results.map(({ index, scores, ranks, actions }) => ({ index, scores, ranks, actions }));
    const full = await simulate(secretBid as AnyGame, config, {
      workers: availableParallelism(),
      worker,
    });
    const one = await simulate(secretBid as AnyGame, config, { workers: 1, worker });
    expect(strip(one)).toEqual(strip(full));
    expect(one.results.every((r) => !r.error)).toBe(true);
  });

  it('has workers send results in batches, not one message per game', async () => {
    // Each message from a worker is handled in its own task, and microtasks run between tasks, so
    // counting progress calls that start a new microtask checkpoint counts messages.
    let messages = 0;
    let inMessage = false;
    const games = 400;
    const run = await simulate(
      secretBid as AnyGame,
      { ...config, games },
      {
        workers: 2,
        worker,
        onProgress: () => {
          if (inMessage) return;
          inMessage = true;
          messages++;
          queueMicrotask(() => (inMessage = false));
        },
      },
    );
    expect(run.results).toHaveLength(games);
    expect(messages).toBeGreaterThanOrEqual(2);
    // A message per game would be 400; batches of 100 ms leave room for a slow, loaded machine.
    expect(messages).toBeLessThan(games / 4);
  });

  describe('with a gate', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const until = async (ok: () => boolean) => {
      while (!ok()) await sleep(1);
    };

    it('parks the workers while it is closed and lets them play while it is open', async () => {
      const gate = new Gate();
      const stop = new AbortController();
      const big = { ...config, games: 1_000_000 };
      const run = simulate(secretBid as AnyGame, big, { workers: 2, worker, signal: stop.signal, gate });
      await until(() => gate.parked === 2);
      await sleep(100);
      expect(gate.finished).toBe(0); // closed from the start: warm-up, then parked
      gate.open();
      await until(() => gate.finished >= 20);
      expect(gate.parked).toBe(0);
      gate.close();
      await until(() => gate.parked === 2);
      const played = gate.finished;
      await sleep(100);
      expect(gate.finished).toBe(played);
      // Stopping opens the gate, so the parked workers see the end instead of waiting for ever.
      stop.abort();
      const done = await run;
      expect(done.results).toHaveLength(played);
      expect(done.results.map((r) => r.index)).toEqual([...Array(played).keys()]);
    });

    it('needs worker threads', async () => {
      await expect(
        simulate(secretBid as AnyGame, config, { workers: 0, worker, gate: new Gate() }),
      ).rejects.toThrow(/gate needs worker threads/);
    });
  });
});
