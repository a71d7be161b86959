import { describe, expect, it } from 'vitest';
import { rateBots } from '../../src/sim/rating.ts';
import type { GameResult } from '../../src/sim/play.ts';
import { formatSummary, summarize, wilson, winCredit } from '../../src/sim/summary.ts';

const game = (index: number, bots: string[], ranks: number[]): GameResult => ({
  index,
  seed: String(index),
  bots,
  ranks,
  scores: ranks.map((r) => 10 - r),
  actions: 10,
  truncated: false,
  final: {},
  series: [],
});

describe('ratings and summaries', () => {
  it('rates a bot that always wins above one that always loses, and equals stay equal', () => {
    const results = Array.from({ length: 20 }, (_, i) => game(i, ['strong', 'weak'], [1, 2]));
    const [strong, weak] = ['strong', 'weak'].map((b) => rateBots(results).find((r) => r.bot === b)!);
    expect(strong!.elo).toBeGreaterThan(weak!.elo + 200);
    const even = Array.from({ length: 20 }, (_, i) => game(i, ['a', 'b'], i % 2 ? [1, 2] : [2, 1]));
    const [a, b] = rateBots(even);
    expect(Math.abs(a!.elo - b!.elo)).toBeLessThan(1);
  });

  it('splits shared wins and sums seat shares to one', () => {
    expect(winCredit([1, 1, 3], 0)).toBe(0.5);
    expect(winCredit([1, 1, 3], 2)).toBe(0);
    const s = summarize([game(0, ['x', 'y', 'z'], [1, 1, 3]), game(1, ['x', 'y', 'z'], [2, 1, 3])], 1);
    expect(s.bySeat.map((b) => b.winShare)).toEqual([0.25, 0.75, 0]);
  });

  it('gives Wilson intervals that contain the observed share and narrow with more games', () => {
    const [lo, hi] = wilson(40, 100);
    expect(lo).toBeLessThan(0.4);
    expect(hi).toBeGreaterThan(0.4);
    const [lo2, hi2] = wilson(400, 1000);
    expect(hi2 - lo2).toBeLessThan(hi - lo);
  });

  it('puts every figure of the seat and bot tables under its heading, whatever the bot names', () => {
    const results = [0, 1, 2].map((i) => game(i, ['ismcts:ms=1000', 'heuristic'], [1, 2]));
    const lines = formatSummary(summarize(results, 1)).split('\n');
    const table = (title: string) => {
      const at = lines.findIndex((l) => l.startsWith(title));
      return { header: lines[at]!, rows: lines.slice(at + 1, at + 3) };
    };
    const seat = table('by seat:');
    const bot = table('by bot:');
    expect(bot.rows).toHaveLength(2);
    // Numbers are right-aligned to the end of their heading; intervals and scores start under theirs.
    const endsUnder = (t: typeof seat, heading: string) => {
      const end = t.header.indexOf(heading) + heading.length;
      for (const row of t.rows) expect(row.slice(end - 1, end + 1)).toMatch(/^[\d%] $/);
    };
    const startsUnder = (t: typeof seat, heading: string) => {
      const start = t.header.indexOf(heading);
      for (const row of t.rows) expect(row.slice(start - 1, start + 1)).toMatch(/^ \d$/);
    };
    endsUnder(seat, 'win share');
    startsUnder(seat, 'score');
    endsUnder(bot, 'win share');
    startsUnder(bot, '95% CI');
    endsUnder(bot, 'seats');
    startsUnder(bot, 'score');
  });

  it('shows a run slower than one game a second by its significant digits', () => {
    const out = formatSummary(summarize([game(0, ['a', 'b'], [1, 2])], 25));
    expect(out).toContain('0.040 games/s');
  });
});
