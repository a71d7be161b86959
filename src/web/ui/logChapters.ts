/**
 * The log in chapters: a game of 19 rounds writes some 600 lines, too many to read as one list.
 * Chapters and turns come from the events themselves, for any game, by one convention: an event
 * of type `round` or `turn` whose data carries a number `round` (or, for a game that counts only
 * turns, `turn`) marks where a turn starts. A chapter is a round (each marker with a new `round`
 * number opens one, and every marker inside it starts a turn), or, without rounds, a turn. What
 * comes before the first marker is the setup.
 */
import type { BoardEvent } from '../boards/contract.ts';

export interface LogLine {
  readonly event: BoardEvent;
  /** Whether this event marks the start of a turn (drawn as the turn's heading). */
  readonly head: boolean;
  /** Whether it falls inside a turn (after a heading), and is drawn indented under it. */
  readonly inTurn: boolean;
}

export interface LogChapter {
  /** Stable for the chapter's lifetime in a log: "setup", "round 3", "turn 12". */
  readonly key: string;
  /** "Setup", "Round 3", "Turn 12". */
  readonly title: string;
  readonly lines: readonly LogLine[];
}

type Marker = { readonly unit: 'round'; readonly n: number } | { readonly unit: 'turn' };

const MARKER_TYPES: ReadonlySet<string> = new Set(['round', 'turn']);

/** What the event marks, if it starts a turn. */
export function markerOf(event: BoardEvent): Marker | null {
  if (!MARKER_TYPES.has(event.type)) return null;
  const data = event.data as { round?: unknown; turn?: unknown } | null | undefined;
  if (!data || typeof data !== 'object') return null;
  if (typeof data.round === 'number') return { unit: 'round', n: data.round };
  if (typeof data.turn === 'number') return { unit: 'turn' };
  return null;
}

/**
 * The events in chapters, in order: every event exactly once. Turns are numbered as they come
 * (the engines' own turn counters may start at 0); rounds by the round the event names.
 */
export function logChapters(events: readonly BoardEvent[]): LogChapter[] {
  const chapters: { key: string; title: string; lines: LogLine[] }[] = [];
  let turns = 0;
  let inTurn = false;
  for (const event of events) {
    const marker = markerOf(event);
    const current = chapters.at(-1);
    if (marker) {
      const key = marker.unit === 'round' ? `round ${marker.n}` : `turn ${++turns}`;
      if (current?.key !== key)
        chapters.push({
          key,
          title: key.charAt(0).toUpperCase() + key.slice(1),
          lines: [],
        });
      inTurn = true;
      chapters.at(-1)!.lines.push({ event, head: true, inTurn: false });
      continue;
    }
    if (!current) chapters.push({ key: 'setup', title: 'Setup', lines: [] });
    chapters.at(-1)!.lines.push({ event, head: false, inTurn });
  }
  return chapters;
}
