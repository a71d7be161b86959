/**
 * Prospectus's end: the money each player had before the end, the council chamber bonus and the
 * sell-off, which add up to the final money (prospectus.end.*), and the chamber by potion name.
 */
import type { Outcome } from '../../../core/game.ts';
import { POTIONS } from '../../../games/prospectus/data.ts';
import { perSeat } from '../outcome-table.ts';
import type { OutcomeTable } from '../outcome-table.ts';

const dollars = (n: number) => `$${n}`;

export function outcomeTable(outcome: Outcome): OutcomeTable | null {
  const seats = outcome.scores.length;
  const bonus = perSeat(outcome.details, 'bonus', seats);
  const selloff = perSeat(outcome.details, 'selloff', seats);
  const chamber = perSeat(outcome.details, 'chamber', POTIONS.value.length);
  if (!bonus || !selloff || !chamber) return null;
  const cubes = chamber
    .map((n, p) => (n > 0 ? `${n} ${POTIONS.value[p]!.name}` : ''))
    .filter(Boolean)
    .join(', ');
  return {
    columns: [
      {
        label: 'Cash before the end',
        values: outcome.scores.map((m, s) => dollars(m - bonus[s]! - selloff[s]!)),
      },
      { label: '+ Chamber bonus', values: bonus.map(dollars) },
      { label: '+ Sell-off', values: selloff.map(dollars) },
      { label: '= Money', values: outcome.scores.map(dollars), total: true },
    ],
    notes: [
      `Council chamber: ${cubes || 'empty'}. The bonus pays $1 per chamber cube of a potion for each cube of it a player owned; the sell-off sold every cube at its final price.`,
      'Most money wins; equal money shares the place (the rulebook has no tie-break).',
    ],
  };
}
