/**
 * Prosperitea's end: prestige on display, Favor tokens and money, which add up to the score
 * (prosperitea.end.score), and the tie-breaks (prosperitea.end.ties).
 */
import type { Outcome } from '../../../core/game.ts';
import { SCORING } from '../../../games/prosperitea/data.ts';
import { perSeat } from '../outcome-table.ts';
import type { OutcomeTable } from '../outcome-table.ts';

export function outcomeTable(outcome: Outcome): OutcomeTable | null {
  const seats = outcome.scores.length;
  const prestige = perSeat(outcome.details, 'prestige', seats);
  const favors = perSeat(outcome.details, 'favors', seats);
  const money = perSeat(outcome.details, 'money', seats);
  if (!prestige || !favors || !money) return null;
  const { perFavor, moneyPerPrestige } = SCORING.value;
  const rounds = (outcome.details as { rounds?: unknown }).rounds;
  const plural = (n: number) => (n === 1 ? '' : 's');
  return {
    columns: [
      { label: 'Prestige on display', values: prestige },
      {
        label: `+ Favor tokens (${perFavor} each)`,
        // Worth one point each, a count is its points; otherwise both.
        values: favors.map((n) => (perFavor === 1 ? n : `${n} → ${n * perFavor}`)),
      },
      {
        label: `+ Money (1 per $${moneyPerPrestige})`,
        values: money.map((m) => `$${m} → ${Math.floor(m / moneyPerPrestige)}`),
      },
      { label: '= Score', values: outcome.scores, total: true },
    ],
    notes: [
      ...(typeof rounds === 'number' ? [`${rounds} round${plural(rounds)} played.`] : []),
      'Ties break on prestige on display, then Favor tokens; still equal, the place is shared.',
    ],
  };
}
