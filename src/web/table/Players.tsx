/** The players at the table: who they are, who acts, their clocks and whether they are here. */
import { useEffect, useState } from 'react';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import type { TableSnapshot } from '../net/client.ts';
import type { TableInfo } from '../../protocol/index.ts';

/** m:ss, or h:mm:ss, or days for turn-based clocks. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Re-renders every second while some clock runs. */
function useTick(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function Players({
  table,
  snapshot,
  players,
}: {
  table: TableInfo;
  snapshot: TableSnapshot;
  players: PlayerInfo[];
}) {
  const { update, receivedAt } = snapshot;
  const clocks = update?.clocks ?? null;
  const running = !!clocks && clocks.running.length > 0 && table.status === 'playing';
  const now = useTick(running);
  const linked = snapshot.link === 'open';
  return (
    <section className="panel players" aria-label="Players">
      <h2>Players</h2>
      <ul>
        {table.seats.map((seat) => {
          const acting = table.status === 'playing' && !!update?.actors.includes(seat.seat);
          const left = clocks?.remainingMs[seat.seat];
          const ticking = !!clocks?.running.includes(seat.seat);
          const shown = left === undefined ? null : ticking ? left - (now - receivedAt) : left;
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
              {acting && <span className="to-play">to play</span>}
              {shown !== null && (
                <span className={`clock${ticking ? ' ticking' : ''}${shown < 30_000 ? ' low' : ''}`}>
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
