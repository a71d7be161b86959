/**
 * Each game's own end-of-game table (src/web/boards/<game>/outcome.ts), on the outcome of a real
 * game played by bots: named columns whose parts add up to the total, each player's score, and no
 * key of the engine's details shown raw.
 */
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/core/index.ts';
import { OUTCOME_TABLES } from '../../src/web/boards/outcome-table.ts';
import { playGame } from './fixtures.ts';

const GAMES = [
  ['prospectus', 4, {}],
  ['prosperitea', 3, {}],
  ['pocket-imperium', 3, { prosperity: true }],
] as const;

/** The points a cell counts: the number after an arrow ("$23 → 4"), else its only number ("$742"). */
const points = (cell: string | number): number => {
  if (typeof cell === 'number') return cell;
  const text = cell.includes('→') ? cell.slice(cell.indexOf('→') + 1) : cell;
  return Number(text.replace(/[^0-9-]/g, ''));
};

describe.each(GAMES)('the %s end table', (game, players, options) => {
  it('names its columns in words, and its parts add up to each player’s score', async () => {
    const played = playGame(game, players, `outcome-${game}`, options);
    const outcome = played.game.outcome(played.final) as Outcome;
    const { outcomeTable } = await OUTCOME_TABLES[game]!();
    const table = outcomeTable(outcome)!;
    expect(table).not.toBeNull();
    const totalAt = table.columns.findIndex((c) => c.total);
    expect(totalAt).toBeGreaterThan(0);
    const parts = table.columns.slice(0, totalAt);
    for (let seat = 0; seat < players; seat++) {
      expect(points(table.columns[totalAt]!.values[seat]!)).toBe(outcome.scores[seat]);
      expect(
        parts.reduce((sum, c) => sum + points(c.values[seat]!), 0),
        `seat ${seat}`,
      ).toBe(outcome.scores[seat]);
    }
    for (const c of table.columns) {
      expect(c.values).toHaveLength(players);
      // Words for people: capitalised, no engine key ("tieBreak", "tri prime", "selloff").
      expect(c.label).toMatch(/^[+=]? ?[A-Z]/);
      expect(c.label).not.toMatch(/[a-z][A-Z]|tri prime|selloff|tie break/);
    }
    expect(table.notes.join(' ')).not.toMatch(/\d+ \/ \d+/);
  });

  it('leaves details of a shape it does not know to the generic breakdown', async () => {
    const { outcomeTable } = await OUTCOME_TABLES[game]!();
    expect(outcomeTable({ scores: [1, 2], ranks: [2, 1], details: { rounds: 4 } })).toBeNull();
    expect(outcomeTable({ scores: [1, 2], ranks: [2, 1] })).toBeNull();
  });
});

it('Prospectus names the council chamber by potion', async () => {
  const { outcomeTable } = await OUTCOME_TABLES.prospectus!();
  const table = outcomeTable({
    scores: [150, 120, 90],
    ranks: [1, 2, 3],
    details: { chamber: [8, 0, 1, 1, 8], bonus: [20, 10, 0], selloff: [30, 0, 5] },
  })!;
  expect(table.notes[0]).toContain('8 Owl Spit, 1 Goblin Wizz, 1 Troll Sweat, 8 Frog Juice');
  expect(table.columns.map((c) => c.label)).toEqual([
    'Cash before the end',
    '+ Chamber bonus',
    '+ Sell-off',
    '= Money',
  ]);
  expect(table.columns[0]!.values).toEqual(['$100', '$110', '$85']);
});
