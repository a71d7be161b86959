/** The players at the table: who they are, who acts, their clocks and whether they are here. */
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import type { TableSnapshot } from '../net/client.ts';
import type { TableInfo } from '../../protocol/index.ts';
import { formatClock, timeLeft, useNow } from './clock.ts';
import { warnAtMs } from './turns.ts';

export function Players({
  table,
  snapshot,
  players,
  done = [],
}: {
  table: TableInfo;
  snapshot: TableSnapshot;
  players: PlayerInfo[];
  /** Actors that have chosen and wait for the others (`actedSince`). */
  done?: readonly number[];
}) {
  const { update, receivedAt } = snapshot;
  const clocks = update?.clocks ?? null;
  const running = !!clocks && clocks.running.length > 0 && table.status === 'playing';
  const now = useNow(running);
  const linked = snapshot.link === 'open';
  const warnAt = warnAtMs(table.settings.clock);
  return (
    <section className="panel players" aria-label="Players">
      <h2>Players</h2>
      <ul>
        {table.seats.map((seat) => {
          const acting = table.status === 'playing' && !!update?.actors.includes(seat.seat);
          const ticking = !!clocks?.running.includes(seat.seat);
          const shown = timeLeft(clocks, seat.seat, receivedAt, now);
          const you = update?.viewer === seat.seat;
          // With the link down this page cannot know who is here: it says so rather than guess.
          const presence = !linked
            ? 'unknown'
            : seat.kind === 'bot'
              ? 'bot'
              : seat.controlledByBot
                ? 'a bot plays this seat'
                : !seat.taken
                  ? 'open seat'
                  : seat.connected
                    ? 'online'
                    : 'offline';
          return (
            <li key={seat.seat} className={acting ? 'acting' : ''} data-seat={seat.seat}>
              <span className="who">
                <SeatBadge player={playerOf(players, seat.seat)} withName />
                {you && <b className="you"> (you)</b>}
              </span>
              <span className={`presence presence-${presence.replace(/ /g, '-')}`}>
                <span className="dot" aria-hidden="true" />
                {presence}
              </span>
              {acting && (
                <span className="to-play">{done.includes(seat.seat) ? 'has chosen' : 'to play'}</span>
              )}
              {shown !== null && (
                <span
                  className={`clock${ticking ? ' ticking' : ''}${ticking && shown <= warnAt ? ' low' : ''}`}
                >
                  {formatClock(shown)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
