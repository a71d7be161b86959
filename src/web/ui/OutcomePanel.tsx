/** The end of a game for any game: places, scores and the game's own breakdown. */
import { useEffect, useState } from 'react';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { OUTCOME_TABLES } from '../boards/outcome-table.ts';
import type { OutcomeTable, OutcomeTableOf } from '../boards/outcome-table.ts';
import { playerOf } from '../boards/seats.ts';
import { breakdown } from './outcome.ts';
import type { OutcomeInfo } from './outcome.ts';

/** The game's own table for this outcome once its module is loaded, else null. */
function useGameTable(game: string | undefined, outcome: OutcomeInfo): OutcomeTable | null {
  const [tableOf, setTableOf] = useState<{ game: string; of: OutcomeTableOf } | null>(null);
  useEffect(() => {
    const load = game ? OUTCOME_TABLES[game] : undefined;
    if (!game || !load) return;
    let live = true;
    load().then(
      (m) => live && setTableOf({ game, of: m.outcomeTable }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [game]);
  return tableOf && tableOf.game === game ? tableOf.of(outcome) : null;
}

/** The generic columns: the score, then each per-seat entry of the details named from its key. */
function genericTable(outcome: OutcomeInfo): OutcomeTable {
  const { columns, notes } = breakdown(outcome.details, outcome.scores.length);
  return {
    columns: [
      { label: 'Score', values: outcome.scores, total: true },
      ...columns.map((c) => ({ label: c.label, values: c.values.map((v) => String(v)) })),
    ],
    notes: notes.length ? [notes.join(' · ')] : [],
  };
}

export function OutcomePanel({
  outcome,
  players,
  game,
}: {
  outcome: OutcomeInfo;
  players: readonly PlayerInfo[];
  /** The game, whose own table (named columns that add up) replaces the generic one. */
  game?: string;
}) {
  const seats = outcome.scores
    .map((_, s) => s)
    .sort((a, b) => outcome.ranks[a]! - outcome.ranks[b]! || a - b);
  const { columns, notes } = useGameTable(game, outcome) ?? genericTable(outcome);
  return (
    <section className="panel outcome" aria-label="Result">
      <h2>Result</h2>
      <div className="outcome-table">
        <table>
          <thead>
            <tr>
              <th>Place</th>
              <th>Player</th>
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
                {columns.map((c) => (
                  <td key={c.label}>{c.total ? <b>{c.values[s]}</b> : c.values[s]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </section>
  );
}
