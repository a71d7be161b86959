import { describe, expect, it } from 'vitest';
import { lowestShare, repRatios, SteadyRate } from '../../src/sim/bench.ts';

describe('the steady rate of a simulation run', () => {
  it('counts games per second from the first third of the games to the last', () => {
    const rate = new SteadyRate(90);
    // A slow start (warm-up) must not count: 10 games in the first second, then 40 games per second.
    rate.mark(10, 1000);
    rate.mark(30, 1500); // a third of 90: the window opens here
    rate.mark(50, 2000);
    rate.mark(90, 3000);
    expect(rate.rate()).toBeCloseTo(60 / 1.5, 9);
  });

  it('is NaN when the run is too short to have a window', () => {
    const rate = new SteadyRate(9);
    rate.mark(9, 500);
    expect(rate.rate()).toBeNaN();
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
