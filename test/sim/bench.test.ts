import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import {
  interleavedScaling,
  lowestShare,
  repRatios,
  startUpSeconds,
  steadyRate,
  threadCapacity,
} from '../../src/sim/bench.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

describe('the steady rate of a simulation run', () => {
  /** Arrival times for `count` games at each of `at` ms, in order. */
  const arrivals = (...steps: [count: number, at: number][]) =>
    steps.flatMap(([count, at]) => Array.from({ length: count }, () => at));

  it('counts games per second from the first third of the games to the last', () => {
    // A slow start (warm-up) must not count: 10 games in the first second, then 40 games per second.
    const times = arrivals([10, 1000], [20, 1500], [20, 2000], [40, 3000]);
    expect(times).toHaveLength(90);
    // The window opens at game 30 (a third of 90), which arrived at 1500 ms.
    expect(steadyRate(times)).toBeCloseTo(60 / 1.5, 9);
    expect(steadyRate([...times.slice(0, 89), 2500])).toBeCloseTo(60 / 1, 9);
  });

  it('is NaN when the run is too short to have a window', () => {
    expect(steadyRate(arrivals([9, 500]))).toBeNaN();
    expect(steadyRate([])).toBeNaN();
  });
});

describe('the start-up a run paid', () => {
  it('is the wall time beyond the games at the steady rate', () => {
    // 90 games at the steady 40 games per second take 2.25 s; a run of 3 s lost 0.75 s.
    expect(startUpSeconds(3, 90, 40)).toBeCloseTo(0.75, 12);
    expect(startUpSeconds(2.25, 90, 40)).toBeCloseTo(0, 12);
  });

  it('is NaN for a run without a steady rate', () => {
    expect(startUpSeconds(1, 9, Number.NaN)).toBeNaN();
  });
});

describe('the speed-up per repetition', () => {
  it('divides each back-to-back pair, whichever worker count ran first', () => {
    const runs = [
      { workers: 1, seconds: 10 },
      { workers: 2, seconds: 5 },
      { workers: 2, seconds: 6 },
      { workers: 1, seconds: 9 },
    ];
    expect(repRatios(runs)).toEqual([2, 1.5]);
  });

  it('skips an unpaired last run', () => {
    expect(repRatios([{ workers: 1, seconds: 4 }])).toEqual([]);
  });
});

describe('the smallest worker share', () => {
  it('is the lowest share one worker played in any multi-worker run', () => {
    const runs = [
      { perWorker: [100] },
      { perWorker: [50, 50] },
      { perWorker: [60, 40] },
      { perWorker: [45, 55] },
    ];
    expect(lowestShare(runs)).toBeCloseTo(0.4, 12);
  });

  it('is NaN when no run had two workers', () => {
    expect(lowestShare([{ perWorker: [10] }])).toBeNaN();
  });
});

describe("the machine's own two-thread speed-up", () => {
  it('compares a plain loop on two threads with one', async () => {
    // Test files run side by side and the machine is shared, so any one measurement may be starved
    // or flattered (a busy core while the single thread ran gives more than 2): the test checks that
    // it is a measured ratio of rounds, not its value, which `npm run bench` reports.
    const capacity = await threadCapacity(100);
    expect(Number.isFinite(capacity)).toBe(true);
    expect(capacity).toBeGreaterThan(0);
  });
});

describe('scaling in turns', () => {
  const worker = { registryUrl: new URL('../fixtures/registry.ts', import.meta.url).href };

  it('reports a simulation that fails before parking instead of waiting for it for ever', async () => {
    const unknown = { ...secretBid, id: 'no-such-game' } as AnyGame;
    await expect(interleavedScaling(unknown, 3, worker, 0.05, 1)).rejects.toThrow(/no game "no-such-game"/);
  });
});
