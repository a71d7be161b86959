/**
 * The game log, newest at the bottom, kept scrolled to the latest line. Lines come in chapters
 * (rounds, or turns; `logChapters`): the newest chapter is open, older ones fold to a line that
 * opens them again, so a long game's log stays short.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { BoardEvent, PlayerInfo } from '../boards/contract.ts';
import { logChapters } from './logChapters.ts';
import type { LogChapter } from './logChapters.ts';

/** The seat an event is about, when its data names one (every game's events use `seat`). */
function seatOf(e: BoardEvent, players: readonly PlayerInfo[]): PlayerInfo | null {
  const seat = (e.data as { seat?: unknown } | undefined)?.seat;
  return typeof seat === 'number' ? (players[seat] ?? null) : null;
}

/** Whether an event is part of the move being shown (the live table's events carry a `seq`). */
function isFresh(e: BoardEvent, freshFrom: number | null): boolean {
  const seq = (e as { seq?: number }).seq;
  return freshFrom !== null && seq !== undefined && seq > freshFrom;
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
  const chapters = useMemo(() => logChapters(events), [events]);
  // Only what the player chose: a chapter not in here is open when it is the newest or holds the
  // move being shown, and folded otherwise.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggle = useCallback(
    (key: string, open: boolean) => setChosen((before) => new Map(before).set(key, !open)),
    [],
  );
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = body.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events]);
  // A log without a single turn marker (a game without rounds, or one still being set up) is a
  // plain list: a lone "Setup" fold would say nothing.
  const plain = chapters.length === 1 && chapters[0]!.key === 'setup';
  return (
    <section className="panel event-log" aria-label="Game log">
      <div className="log-head">
        <h2>Log</h2>
        {tools}
      </div>
      {events.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      <div ref={body} className="log-body" aria-live="polite" aria-relevant="additions">
        {chapters.map((chapter, i) => {
          const newest = i === chapters.length - 1;
          const open =
            plain ||
            (chosen.get(chapter.key) ?? (newest || chapter.lines.some((l) => isFresh(l.event, freshFrom))));
          return (
            <Chapter
              key={`${i}:${chapter.key}`}
              chapter={chapter}
              first={chapter.lines[0]?.event}
              last={chapter.lines.at(-1)?.event}
              count={chapter.lines.length}
              plain={plain}
              open={open}
              newest={newest}
              players={players}
              freshFrom={freshFrom}
              onToggle={toggle}
            />
          );
        })}
      </div>
    </section>
  );
}

interface ChapterProps {
  chapter: LogChapter;
  // The chapter's own identity, for `memo`: chapters are rebuilt on every update, but an older
  // one keeps its first and last event (the same objects), so only the newest is drawn again.
  first: BoardEvent | undefined;
  last: BoardEvent | undefined;
  count: number;
  plain: boolean;
  open: boolean;
  newest: boolean;
  players: readonly PlayerInfo[];
  freshFrom: number | null;
  onToggle: (key: string, open: boolean) => void;
}

const Chapter = memo(
  function Chapter({ chapter, plain, open, newest, players, freshFrom, onToggle }: ChapterProps) {
    const lines = (
      <ol>
        {chapter.lines.map(({ event, head, inTurn }, i) => {
          const who = seatOf(event, players);
          const classes = [
            'ev',
            `ev-${event.type}`,
            head ? 'ev-head' : inTurn ? 'ev-in-turn' : '',
            isFresh(event, freshFrom) ? 'ev-fresh' : '',
          ];
          return (
            <li key={i} className={classes.filter(Boolean).join(' ')}>
              {who && <SeatBadge player={who} />} <span className="ev-text">{event.text}</span>
            </li>
          );
        })}
      </ol>
    );
    if (plain) return <div className="log-chapter log-newest">{lines}</div>;
    // Folded by a click on the summary handled here, not by the browser, so the chapter's state is
    // the player's choice alone (the browser's toggle event would also fire for React's changes).
    const click = (e: MouseEvent) => {
      e.preventDefault();
      onToggle(chapter.key, open);
    };
    return (
      <details className={`log-chapter${newest ? ' log-newest' : ''}`} open={open} data-chapter={chapter.key}>
        <summary onClick={click}>
          <span className="log-chapter-title">{chapter.title}</span>{' '}
          <span className="log-count">
            {chapter.lines.length} {chapter.lines.length === 1 ? 'line' : 'lines'}
          </span>
        </summary>
        {lines}
      </details>
    );
  },
  (a, b) =>
    a.first === b.first &&
    a.last === b.last &&
    a.count === b.count &&
    a.chapter.key === b.chapter.key &&
    a.plain === b.plain &&
    a.open === b.open &&
    a.newest === b.newest &&
    a.players === b.players &&
    a.freshFrom === b.freshFrom &&
    a.onToggle === b.onToggle,
);
