/**
 * Pocket Imperium's end: victory points from sector scoring, from the Tri-Prime controller's extra
 * sectors and from Prosperity cards, which add up to the total (pocket-imperium.end.winner), then
 * the tie-breaks: Tri-Prime held, ships on the board.
 */
import type { Outcome } from '../../../core/game.ts';
import { perSeat, recordOf } from '../outcome-table.ts';
import type { OutcomeTable } from '../outcome-table.ts';

interface TieBreak {
  readonly vp: number;
  readonly triPrime: number;
  readonly ships: number;
}

function tieBreaks(details: unknown, seats: number): TieBreak[] | null {
  const value = (details as { tieBreak?: unknown } | null)?.tieBreak;
  if (!Array.isArray(value) || value.length !== seats) return null;
  const ok = value.every(
    (t) => t && typeof t === 'object' && typeof t.triPrime === 'number' && typeof t.ships === 'number',
  );
  return ok ? (value as TieBreak[]) : null;
}

export function outcomeTable(outcome: Outcome): OutcomeTable | null {
  const seats = outcome.scores.length;
  const vp = recordOf(outcome.details, 'vp');
  const sector = perSeat(vp, 'sector', seats);
  const extra = perSeat(vp, 'extra', seats);
  const prosperity = perSeat(vp, 'prosperity', seats);
  const ties = tieBreaks(outcome.details, seats);
  const triRounds = perSeat(outcome.details, 'triRounds', seats);
  if (!sector || !extra || !prosperity || !ties) return null;
  return {
    columns: [
      { label: 'Sector scoring', values: sector },
      { label: "+ Extra sectors (Tri-Prime's choice)", values: extra },
      { label: '+ Prosperity cards', values: prosperity },
      { label: '= VP', values: outcome.scores, total: true },
      { label: 'Holds Tri-Prime (1st tie-break)', values: ties.map((t) => (t.triPrime ? 'yes' : '—')) },
      { label: 'Ships on the board (2nd tie-break)', values: ties.map((t) => t.ships) },
      ...(triRounds ? [{ label: 'Rounds scored holding Tri-Prime', values: triRounds }] : []),
    ],
    notes: [
      'Most VP wins; a tie goes to whoever holds Tri-Prime, then to the most ships on the board, else the place is shared.',
    ],
  };
}
