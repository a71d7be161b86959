import { describe, expect, it } from 'vitest';
import type { GameResult } from '../../src/sim/play.ts';
import { rateBots } from '../../src/sim/rating.ts';
import { resultsCsv } from '../../src/sim/report.ts';
import { formatSummary, spread, summarize } from '../../src/sim/summary.ts';

/**
 * A designer's long run: every figure of the summary is computed over all games at once. Spreading
 * an array into `Math.min(...values)` passes each value as an argument and overflows the stack at
 * about 125,000 values, which once lost a 31,000-game four-player run at its summary.
 */
const GAMES = 200_000;

const result = (index: number): GameResult => ({
  index,
  seed: `1:${index}`,
  bots: ['random', 'random', 'random', 'random'],
  ranks: [1 + (index % 4), 1 + ((index + 1) % 4), 1 + ((index + 2) % 4), 1 + ((index + 3) % 4)],
  scores: [index % 97, (index * 7) % 101, 3, index === 123_456 ? -5 : 4],
  actions: 50 + (index % 13),
  truncated: false,
  final: { rounds: 5 + (index % 3) },
  series: [],
});

describe('a run of 200,000 games', () => {
  const results = Array.from({ length: GAMES }, (_, i) => result(i));

  it('takes the minimum and maximum of 200,000 values', () => {
    const values = Array.from({ length: GAMES }, (_, i) =>
      i === 77_777 ? -1 : i === 150_000 ? 1e6 : i % 10,
    );
    const s = spread(values);
    expect([s.min, s.max]).toEqual([-1, 1e6]);
  });

  it('summarises, rates and formats every game', () => {
    const summary = summarize(results, 10);
    expect(summary.completed).toBe(GAMES);
    // One bot in four seats: 800,000 scores in one spread.
    expect(summary.byBot[0]!.score.min).toBe(-5);
    expect(summary.byBot[0]!.score.max).toBe(100);
    expect(summary.length.min).toBe(50);
    expect(summary.length.max).toBe(62);
    expect(summary.finals['rounds']).toMatchObject({ min: 5, max: 7 });
    expect(formatSummary(summary)).toMatch(/200000\/200000 games completed/);
    expect(rateBots(results)).toHaveLength(1);
  });

  it('writes one CSV row per game', () => {
    const rows = resultsCsv(results).trimEnd().split('\n');
    expect(rows).toHaveLength(GAMES + 1);
    expect(rows[0]).toMatch(/^game,seed,bot0,score0,rank0,bot1/);
  });
});
