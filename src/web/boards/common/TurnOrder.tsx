/** Who plays after whom, who starts the round and whose turn it is, as the table would show it. */
import type { ReactNode } from 'react';
import type { PlayerInfo, Viewer } from '../contract.ts';
import { playerOf, shortName } from '../seats.ts';
import { SeatBadge } from './SeatBadge.tsx';
import './common.css';

/** The seats clockwise from `first`: the order of a round. */
export function clockwiseFrom(first: number, seats: number): number[] {
  return Array.from({ length: seats }, (_, k) => (first + k) % seats);
}

export function TurnOrder({
  players,
  viewer,
  order,
  now,
  note,
  label = 'Turn order',
}: {
  players: readonly PlayerInfo[];
  viewer: Viewer;
  /** Seats in the order they play this round, the first one first. */
  order: readonly number[];
  /** The seat whose turn it is, or null (between rounds, game over). */
  now: number | null;
  /** A few words after the list ("Ada starts every round"). */
  note?: ReactNode;
  label?: string;
}) {
  return (
    <div className="turn-order" role="group" aria-label={label}>
      <span className="turn-order-label">{label}:</span>
      <ol>
        {order.map((seat, i) => {
          const player = playerOf(players, seat);
          return (
            <li
              key={seat}
              className={seat === now ? 'now' : ''}
              aria-current={seat === now ? 'step' : undefined}
              data-seat={seat}
            >
              {i === 0 && <span className="first-mark">1st</span>}
              <SeatBadge player={player} />
              {seat === viewer ? 'you' : shortName(player)}
              {seat === now && <span className="sr-only"> (playing now)</span>}
            </li>
          );
        })}
      </ol>
      {note && <span className="muted">{note}</span>}
    </div>
  );
}
