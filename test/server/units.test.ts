/** Small pure parts of the server: clocks, secrets, the rate limiter, and the bot pool. */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/core/index.ts';
import type { ClockSettings } from '../../src/protocol/index.ts';
import { TableId } from '../../src/protocol/index.ts';
import { BotPool } from '../../src/server/bots/pool.ts';
import {
  advanceClocks,
  expiresAt,
  freezeClock,
  readClocks,
  remainingAt,
  startClocks,
  takeBackClocks,
  thawClock,
} from '../../src/server/clock.ts';
import { RateLimiter } from '../../src/server/connection.ts';
import {
  hashToken,
  newSeatToken,
  newSeed,
  newTableId,
  seatOfToken,
  tokenMatches,
} from '../../src/server/secrets.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;
const ASK_QUICK = { table: 't', client: 'c', cost: 'quick' } as const;
const ASK_SEARCH = { table: 't', client: 'c', cost: 'search' } as const;

describe('clocks', () => {
  const realtime: ClockSettings = { kind: 'realtime', baseMs: 60_000, incrementMs: 2_000 };
  const turn: ClockSettings = { kind: 'turn', perMoveMs: 3_600_000 };

  it('no clock reads as null', () => {
    expect(readClocks({ kind: 'none' }, startClocks({ kind: 'none' }, 2, 0, [0]), 10)).toBeNull();
  });

  it("real time: charges the mover, adds the increment, runs the actors' clocks only", () => {
    let clocks = startClocks(realtime, 3, 1_000, [0]);
    expect(readClocks(realtime, clocks, 4_000)).toEqual({
      kind: 'realtime',
      at: 4_000,
      remainingMs: [57_000, 60_000, 60_000],
      running: [0],
    });
    // Seat 0 moves after 5 s; now seats 1 and 2 act together (a simultaneous window).
    clocks = advanceClocks(realtime, clocks, 0, 6_000, [1, 2]);
    expect(readClocks(realtime, clocks, 6_000)!.remainingMs).toEqual([57_000, 60_000, 60_000]);
    // Seat 1 answers after 10 s and is done; seat 2's clock keeps running.
    clocks = advanceClocks(realtime, clocks, 1, 16_000, [2]);
    expect(readClocks(realtime, clocks, 20_000)).toEqual({
      kind: 'realtime',
      at: 20_000,
      remainingMs: [57_000, 52_000, 46_000],
      running: [2],
    });
  });

  it('turn-based: each new move gets the full allowance', () => {
    let clocks = startClocks(turn, 2, 0, [0]);
    clocks = advanceClocks(turn, clocks, 0, 1_000_000, [0]);
    expect(readClocks(turn, clocks, 1_000_000)!.remainingMs).toEqual([3_600_000, 3_600_000]);
    clocks = advanceClocks(turn, clocks, 0, 1_500_000, [1]);
    expect(readClocks(turn, clocks, 2_000_000)).toMatchObject({
      remainingMs: [3_100_000, 3_100_000],
      running: [1],
    });
  });
});

describe('clocks after a take-back: time spent is never refunded', () => {
  const realtime: ClockSettings = { kind: 'realtime', baseMs: 60_000, incrementMs: 2_000 };
  const turn: ClockSettings = { kind: 'turn', perMoveMs: 3_600_000 };

  it('real time: the taker loses the increment its undone move earned, and the others keep what they spent', () => {
    let clocks = startClocks(realtime, 2, 0, [0]);
    // Seat 0 moves after 5 s (55 s left, +2 s), seat 1 thinks 3 s, then seat 0 takes it back.
    const atMove = remainingAt(clocks, 0, 5_000);
    expect(atMove).toBe(55_000);
    clocks = advanceClocks(realtime, clocks, 0, 5_000, [1]);
    expect(readClocks(realtime, clocks, 5_000)!.remainingMs).toEqual([57_000, 60_000]);
    clocks = takeBackClocks(realtime, clocks, 0, 8_000, [0], atMove);
    expect(readClocks(realtime, clocks, 8_000)).toEqual({
      kind: 'realtime',
      at: 8_000,
      remainingMs: [55_000, 57_000],
      running: [0],
    });
  });

  it('real time: a move and its take-back in a shared window give nothing back either', () => {
    let clocks = startClocks(realtime, 2, 0, [0, 1]);
    const atMove = remainingAt(clocks, 0, 4_000);
    clocks = advanceClocks(realtime, clocks, 0, 4_000, [0, 1]);
    clocks = takeBackClocks(realtime, clocks, 0, 10_000, [0, 1], atMove);
    // 4 s before the move and 6 s after it: 10 s spent, no increment.
    expect(readClocks(realtime, clocks, 10_000)!.remainingMs).toEqual([50_000, 50_000]);
  });

  it('turn-based: the move taken back is the move still being made (no new allowance)', () => {
    let clocks = startClocks(turn, 2, 0, [0]);
    const atMove = remainingAt(clocks, 0, 600_000);
    clocks = advanceClocks(turn, clocks, 0, 600_000, [0]);
    expect(readClocks(turn, clocks, 600_000)!.remainingMs[0]).toBe(3_600_000);
    clocks = takeBackClocks(turn, clocks, 0, 900_000, [0], atMove);
    expect(readClocks(turn, clocks, 900_000)!.remainingMs[0]).toBe(3_600_000 - 900_000);
  });
});

describe('clocks under takeover', () => {
  const realtime: ClockSettings = { kind: 'realtime', baseMs: 60_000, incrementMs: 2_000 };
  const turn: ClockSettings = { kind: 'turn', perMoveMs: 3_600_000 };

  it('a running clock expires at its start plus what remains; a stopped one never', () => {
    const clocks = startClocks(realtime, 2, 1_000, [1]);
    expect(expiresAt(clocks, 1)).toBe(61_000);
    expect(expiresAt(clocks, 0)).toBeNull();
    expect(expiresAt(null, 0)).toBeNull();
  });

  it('a frozen seat neither runs, nor is charged, nor gains increments while a bot plays it', () => {
    let clocks = startClocks(realtime, 2, 0, [0]);
    // Seat 0 runs out and a bot takes over 500 ms late: it reads 0, not -500.
    clocks = freezeClock(clocks, 0, 60_500);
    expect(readClocks(realtime, clocks, 60_500)).toEqual({
      kind: 'realtime',
      at: 60_500,
      remainingMs: [0, 60_000],
      running: [],
    });
    const frozen = [true, false];
    // The bot moves for seat 0 (no increment, no charge); seat 1 acts, then seat 0 again.
    clocks = advanceClocks(realtime, clocks, 0, 61_000, [1], frozen);
    clocks = advanceClocks(realtime, clocks, 1, 71_000, [0], frozen);
    expect(readClocks(realtime, clocks, 80_000)).toEqual({
      kind: 'realtime',
      at: 80_000,
      remainingMs: [0, 52_000],
      running: [],
    });
    expect(expiresAt(clocks, 0)).toBeNull();
  });

  it('real time: a reclaimed seat keeps its bank, or gets a tenth of the starting bank if that is less', () => {
    let clocks = startClocks(realtime, 2, 0, [0, 1]);
    clocks = freezeClock(clocks, 0, 70_000);
    clocks = freezeClock(clocks, 1, 20_000);
    clocks = thawClock(realtime, clocks, 0, 90_000, true);
    clocks = thawClock(realtime, clocks, 1, 90_000, false);
    expect(readClocks(realtime, clocks, 91_000)).toEqual({
      kind: 'realtime',
      at: 91_000,
      remainingMs: [5_000, 40_000],
      running: [0],
    });
  });

  it('turn-based: a reclaimed seat that must act starts a new move with the full allowance', () => {
    let clocks = startClocks(turn, 2, 0, [0]);
    clocks = freezeClock(clocks, 0, 4_000_000);
    clocks = thawClock(turn, clocks, 0, 5_000_000, true);
    expect(expiresAt(clocks, 0)).toBe(8_600_000);
  });
});

describe('secrets', () => {
  it('seat tokens are 256 random bits, kept only as a hash, matched to their seat', () => {
    const tokens = Array.from({ length: 50 }, newSeatToken);
    expect(new Set(tokens).size).toBe(50);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    const hashes = [hashToken(tokens[0]!), null, hashToken(tokens[2]!)];
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes[0]).not.toContain(tokens[0]);
    expect(seatOfToken(tokens[2]!, hashes)).toBe(2);
    expect(seatOfToken(tokens[1]!, hashes)).toBeUndefined();
    expect(tokenMatches(tokens[0]!, null)).toBe(false);
    expect(tokenMatches(tokens[0]!, 'abcd')).toBe(false);
  });

  it('seeds and table ids are random and well-formed', () => {
    const seeds = Array.from({ length: 50 }, newSeed);
    expect(new Set(seeds).size).toBe(50);
    expect(seeds.every((s) => /^[0-9a-f]{32}$/.test(s))).toBe(true);
    const ids = Array.from({ length: 200 }, newTableId);
    expect(new Set(ids).size).toBe(200);
    expect(ids.every((id) => TableId.safeParse(id).success)).toBe(true);
  });
});

describe('rate limiter', () => {
  it('lets a burst through, then refills at its rate', () => {
    let now = 0;
    const limiter = new RateLimiter(10, 3, () => now);
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now = 100;
    expect([limiter.take(), limiter.take()]).toEqual([true, false]);
    now = 10_000;
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('the bot pool', () => {
  const state = () => {
    const created = newGame(secretBid, 2, 'pool-test');
    if (!created.ok) throw new Error(created.error);
    return created.value.state;
  };

  it("decides in a worker thread, off the event loop, and answers with a legal action's index", async () => {
    const pool = new BotPool({ workers: 1, source: { registryUrl: FIXTURE_REGISTRY }, timeoutMs: 30_000 });
    try {
      const s = state();
      const legal = secretBid.legalActions(s as never, 1);
      const index = await pool.decide(
        {
          game: 'secret-bid',
          seat: 1,
          bot: { name: 'random', params: {} },
          seed: 'x',
          state: s,
        },
        ASK_QUICK,
      );
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(legal.length);
      // A long search runs while this thread stays free: a timer fires before the decision arrives.
      let ticked = false;
      const timer = setTimeout(() => (ticked = true), 50);
      const thinking = pool.decide(
        {
          game: 'secret-bid',
          seat: 0,
          bot: { name: 'ismcts', params: { ms: '800' } },
          seed: 'y',
          state: s,
        },
        ASK_SEARCH,
      );
      const first = await Promise.race([
        thinking.then(() => 'decision'),
        new Promise((r) => setTimeout(() => r('timer'), 300)),
      ]);
      expect(first).toBe('timer');
      expect(ticked).toBe(true);
      clearTimeout(timer);
      expect(await thinking).toBeLessThan(legal.length);
    } finally {
      await pool.close();
    }
  });

  it('rejects a failed or overlong decision and replaces the worker', async () => {
    // The limit counts from the task's posting, so it includes a fresh worker loading its code: long
    // enough for that on a busy machine, well under the search asked for below.
    const pool = new BotPool({ workers: 1, source: { registryUrl: FIXTURE_REGISTRY }, timeoutMs: 3_000 });
    try {
      const s = state();
      await expect(
        pool.decide(
          {
            game: 'no-such-game',
            seat: 0,
            bot: { name: 'random', params: {} },
            seed: 'x',
            state: s,
          },
          ASK_QUICK,
        ),
      ).rejects.toThrow(/no game/);
      await expect(
        pool.decide(
          {
            game: 'secret-bid',
            seat: 0,
            bot: { name: 'ismcts', params: { ms: '60000' } },
            seed: 'x',
            state: s,
          },
          ASK_SEARCH,
        ),
      ).rejects.toThrow(/too long/);
      const index = await pool.decide(
        {
          game: 'secret-bid',
          seat: 0,
          bot: { name: 'random', params: {} },
          seed: 'x',
          state: s,
        },
        ASK_QUICK,
      );
      expect(index).toBeGreaterThanOrEqual(0);
    } finally {
      await pool.close();
    }
    await expect(
      pool.decide(
        {
          game: 'secret-bid',
          seat: 0,
          bot: { name: 'random', params: {} },
          seed: 'x',
          state: state(),
        },
        ASK_QUICK,
      ),
    ).rejects.toThrow(/closed/);
  });
});
