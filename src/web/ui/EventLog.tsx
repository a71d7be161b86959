/** The game log, newest at the bottom, kept scrolled to the latest line. */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { BoardEvent, PlayerInfo } from '../boards/contract.ts';

/** The seat an event is about, when its data names one (every game's events use `seat`). */
function seatOf(e: BoardEvent, players: readonly PlayerInfo[]): PlayerInfo | null {
  const seat = (e.data as { seat?: unknown } | undefined)?.seat;
  return typeof seat === 'number' ? (players[seat] ?? null) : null;
}

const SEAT_WORD = /\bSeat (\d+)\b/g;

/**
 * The engines write "Seat 3" (people count from 1) since they know no names; the page does, so each
 * such mention becomes that player's badge and name, the way the players panel shows them. The
 * engine's own words stay on the line as `data-text`.
 */
export function withNames(text: string, players: readonly PlayerInfo[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(SEAT_WORD)) {
    const player = players[Number(match[1]) - 1];
    if (!player) continue;
    parts.push(text.slice(last, match.index), <SeatBadge key={match.index} player={player} withName />);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** Whether the text names that seat itself (its badge then comes with the name, not before the line). */
function names(text: string, player: PlayerInfo): boolean {
  return [...text.matchAll(SEAT_WORD)].some((m) => Number(m[1]) === player.seat + 1);
}

export function EventLog({
  events,
  players,
  freshFrom = null,
  tools,
}: {
  events: readonly BoardEvent[];
  players: readonly PlayerInfo[];
  /** Events after this `seq` are the move being shown: highlighted. */
  freshFrom?: number | null;
  /** Drawn beside the heading. */
  tools?: ReactNode;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events]);
  return (
    <section className="panel event-log" aria-label="Game log">
      <div className="log-head">
        <h2>Log</h2>
        {tools}
      </div>
      {events.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      <ol ref={list} aria-live="polite">
        {events.map((e, i) => {
          const who = seatOf(e, players);
          // The live table's events carry the `seq` of their action (the gallery's need not).
          const seq = (e as { seq?: number }).seq;
          const fresh = freshFrom !== null && seq !== undefined && seq > freshFrom;
          return (
            <li key={i} className={`ev ev-${e.type}${fresh ? ' ev-fresh' : ''}`} data-text={e.text}>
              {who && !names(e.text, who) && <SeatBadge player={who} />} {withNames(e.text, players)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
