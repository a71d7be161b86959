/** The end screen's breakdown of `outcome.details`, for any game. */
import { describe, expect, it } from 'vitest';
import { breakdown } from '../../src/web/ui/outcome.ts';

describe('breakdown', () => {
  it('makes a column of each per-seat array, and notes of the rest', () => {
    const { columns, notes } = breakdown({ prestige: [7, 6, 10], rounds: 19, chamber: [5, 0, 0, 0, 9] }, 3);
    expect(columns).toEqual([{ label: 'prestige', values: [7, 6, 10] }]);
    expect(notes).toEqual(['rounds: 19', 'chamber: 5 / 0 / 0 / 0 / 9']);
  });

  it('splits per-seat records and records of per-seat arrays into one column per field', () => {
    const { columns } = breakdown(
      {
        tieBreak: [
          { vp: 43, triPrime: 1 },
          { vp: 36, triPrime: 0 },
        ],
        vp: { sector: [24, 36], extra: [7, 0] },
      },
      2,
    );
    expect(columns.map((c) => [c.label, c.values])).toEqual([
      ['tie break: vp', [43, 36]],
      ['tie break: tri prime', [1, 0]],
      ['vp: sector', [24, 36]],
      ['vp: extra', [7, 0]],
    ]);
  });

  it('shows details that are not a record as one note', () => {
    expect(breakdown([1, 2], 2)).toEqual({ columns: [], notes: ['[1,2]'] });
    expect(breakdown(undefined, 2)).toEqual({ columns: [], notes: [] });
  });
});
