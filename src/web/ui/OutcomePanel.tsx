/** The end of a game for any game: places, scores and the game's own breakdown. */
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import { breakdown } from './outcome.ts';
import type { OutcomeInfo } from './outcome.ts';

export function OutcomePanel({ outcome, players }: { outcome: OutcomeInfo; players: readonly PlayerInfo[] }) {
  const seats = outcome.scores
    .map((_, s) => s)
    .sort((a, b) => outcome.ranks[a]! - outcome.ranks[b]! || a - b);
  const { columns, notes } = breakdown(outcome.details, outcome.scores.length);
  return (
    <section className="panel outcome" aria-label="Result">
      <h2>Result</h2>
      <div className="outcome-table">
        <table>
          <thead>
            <tr>
              <th>Place</th>
              <th>Player</th>
              <th>Score</th>
              {columns.map((c) => (
                <th key={c.label}>{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => (
              <tr key={s} className={outcome.ranks[s] === 1 ? 'winner' : ''}>
                <td>{outcome.ranks[s] === 1 ? '1 ★' : outcome.ranks[s]}</td>
                <td>
                  <SeatBadge player={playerOf(players, s)} withName />
                </td>
                <td>
                  <b>{outcome.scores[s]}</b>
                </td>
                {columns.map((c) => (
                  <td key={c.label}>{String(c.values[s])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.length > 0 && <p className="muted">{notes.join(' · ')}</p>}
    </section>
  );
}
