/** The game log, newest at the bottom, kept scrolled to the latest line. */
import { useEffect, useRef } from 'react';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { BoardEvent, PlayerInfo } from '../boards/contract.ts';

/** The seat an event is about, when its data names one (every game's events use `seat`). */
function seatOf(e: BoardEvent, players: readonly PlayerInfo[]): PlayerInfo | null {
  const seat = (e.data as { seat?: unknown } | undefined)?.seat;
  return typeof seat === 'number' ? (players[seat] ?? null) : null;
}

export function EventLog({
  events,
  players,
}: {
  events: readonly BoardEvent[];
  players: readonly PlayerInfo[];
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events]);
  return (
    <section className="panel event-log" aria-label="Game log">
      <h2>Log</h2>
      {events.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      <ol ref={list} aria-live="polite">
        {events.map((e, i) => {
          const who = seatOf(e, players);
          return (
            <li key={i} className={`ev ev-${e.type}`}>
              {who && <SeatBadge player={who} />} {e.text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
