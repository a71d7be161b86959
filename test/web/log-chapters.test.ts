/** The log's chapters (src/web/ui/logChapters.ts), from the events alone, for any game. */
import { describe, expect, it } from 'vitest';
import type { BoardEvent } from '../../src/web/boards/contract.ts';
import { logChapters, markerOf } from '../../src/web/ui/logChapters.ts';

const ev = (type: string, text: string, data?: unknown): BoardEvent => ({ type, text, data });
/** Each chapter's title with its lines, a turn's heading marked `#`, a line inside a turn `>`. */
const outline = (events: BoardEvent[]) =>
  logChapters(events).map((c) => [
    c.title,
    ...c.lines.map((l) => `${l.head ? '#' : l.inTurn ? '>' : ''}${l.event.text}`),
  ]);

describe('the log in chapters', () => {
  it('a round per chapter, a turn per heading, the setup before the first turn', () => {
    const events = [
      ev('draft', 'Ann drafts'),
      ev('turn', 'Round 1: your turn.', { type: 'turn', seat: 0, round: 1 }),
      ev('source', 'you source', { seat: 0 }),
      ev('turn', "Round 1: Ben's turn.", { type: 'turn', seat: 1, round: 1 }),
      ev('fill', 'Ben fills'),
      ev('turn', 'Round 2: your turn.', { type: 'turn', seat: 0, round: 2 }),
      ev('game-end', 'Game over.'),
    ];
    expect(outline(events)).toEqual([
      ['Setup', 'Ann drafts'],
      ['Round 1', '#Round 1: your turn.', '>you source', "#Round 1: Ben's turn.", '>Ben fills'],
      ['Round 2', '#Round 2: your turn.', '>Game over.'],
    ]);
    expect(logChapters(events).map((c) => c.key)).toEqual(['setup', 'round 1', 'round 2']);
  });

  it('a game that counts only turns: a chapter per turn, numbered as they come', () => {
    const events = [
      ev('turn', '— your turn —', { type: 'turn', seat: 0, turn: 0 }),
      ev('price', 'Owl Spit: $20 → $22'),
      ev('turn', "— Ben's turn —", { type: 'turn', seat: 1, turn: 1 }),
    ];
    expect(outline(events)).toEqual([
      ['Turn 1', '#— your turn —', '>Owl Spit: $20 → $22'],
      ['Turn 2', "#— Ben's turn —"],
    ]);
  });

  it('a round that begins with its own event (no turns inside)', () => {
    const events = [
      ev('place', 'Ann places'),
      ev('round', 'Round 1 begins; Ann starts.', { type: 'round', round: 1, start: 0 }),
      ev('expand', 'Ann expands'),
    ];
    expect(outline(events)).toEqual([
      ['Setup', 'Ann places'],
      ['Round 1', '#Round 1 begins; Ann starts.', '>Ann expands'],
    ]);
  });

  it('takes no other event for a marker, whatever its data', () => {
    expect(markerOf(ev('bid', 'x', { round: 3 }))).toBeNull();
    expect(markerOf(ev('turn', 'x'))).toBeNull();
    expect(markerOf(ev('turn', 'x', { round: '3' }))).toBeNull();
    expect(markerOf(ev('round', 'x', { round: 3 }))).toEqual({ unit: 'round', n: 3 });
    // A log without markers is one chapter (the log draws it as a plain list), every line kept.
    expect(outline([ev('a', '1'), ev('bid', '2', { round: 1 })])).toEqual([['Setup', '1', '2']]);
    expect(logChapters([])).toEqual([]);
  });
});
