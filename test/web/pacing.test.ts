/**
 * Pacing other players' moves (`src/web/table/pacing.ts`), without a browser, with Vitest's fake
 * timers for the clock: each move shown in order and held a moment, the viewer's own at once, a
 * backlog caught up, "Show now", the setting, and never an update of another viewer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateMessage, Viewer } from '../../src/protocol/index.ts';
import { CATCH_UP_STEPS, MAX_BACKLOG, PACE_MS, Pacer } from '../../src/web/table/pacing.ts';

function update(viewer: Viewer, seq: number, from = seq - 1): UpdateMessage {
  return {
    type: 'update',
    table: 't',
    viewer,
    seq,
    status: 'playing',
    view: { seq },
    actors: [0],
    legal: null,
    confirm: null,
    labels: null,
    from,
    events: [],
    clocks: null,
    outcome: null,
  };
}

let pacer: Pacer;
const shown = () => pacer.snapshot().update?.seq ?? null;

beforeEach(() => {
  vi.useFakeTimers();
  pacer = new Pacer('normal');
});

afterEach(() => {
  pacer.stop();
  vi.useRealTimers();
});

describe('the pacer', () => {
  it("shows other players' moves one at a time, each held for the pace, in order", async () => {
    pacer.push(update(0, 5, 0), false);
    // The first update is shown at once, with nothing highlighted.
    expect(pacer.snapshot()).toMatchObject({ behind: 0, freshFrom: null });
    expect(shown()).toBe(5);
    // Three bot moves arrive in the same instant.
    pacer.push(update(0, 6), false);
    pacer.push(update(0, 7), false);
    pacer.push(update(0, 8), false);
    expect(shown()).toBe(6);
    expect(pacer.snapshot()).toMatchObject({ behind: 2, freshFrom: 5 });
    await vi.advanceTimersByTimeAsync(PACE_MS.normal - 1);
    expect(shown()).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(pacer.snapshot()).toMatchObject({ behind: 1, freshFrom: 6 });
    expect(shown()).toBe(7);
    await vi.advanceTimersByTimeAsync(PACE_MS.normal);
    expect(pacer.snapshot()).toMatchObject({ behind: 0, freshFrom: 7 });
    expect(shown()).toBe(8);
    // The last one is highlighted for its moment, then no longer.
    await vi.advanceTimersByTimeAsync(PACE_MS.normal);
    expect(pacer.snapshot()).toMatchObject({ behind: 0, freshFrom: null });
    expect(shown()).toBe(8);
  });

  it("shows the viewer's own move at once, even behind others' moves", async () => {
    pacer.push(update(0, 1, 0), false);
    pacer.push(update(0, 2), false);
    pacer.push(update(0, 3), false);
    expect(pacer.snapshot().behind).toBe(1);
    pacer.push(update(0, 4), true);
    expect(pacer.snapshot()).toMatchObject({ behind: 0 });
    expect(shown()).toBe(4);
    // A bot's answer comes after a short beat (half the pace), not at once.
    pacer.push(update(0, 5), false);
    expect(shown()).toBe(4);
    await vi.advanceTimersByTimeAsync(PACE_MS.normal / 2);
    expect(shown()).toBe(5);
  });

  it('catches up a long backlog faster, and at once on "Show now" or with pacing off', async () => {
    pacer.push(update(0, 1, 0), false);
    for (let seq = 2; seq <= 11; seq++) pacer.push(update(0, seq), false);
    expect(pacer.snapshot().behind).toBe(9);
    // Nine waiting: each is held for a third of the pace at most, so the whole backlog takes
    // about CATCH_UP_STEPS moves' time, not nine.
    await vi.advanceTimersByTimeAsync(PACE_MS.normal);
    expect(shown()).toBeGreaterThan(2);
    await vi.advanceTimersByTimeAsync(PACE_MS.normal * CATCH_UP_STEPS);
    expect(pacer.snapshot().behind).toBeLessThanOrEqual(3);
    pacer.flush();
    expect(pacer.snapshot()).toMatchObject({ behind: 0 });
    expect(shown()).toBe(11);
    // Turned off: what waits shows at once, and nothing waits afterwards.
    pacer.push(update(0, 12), false);
    pacer.push(update(0, 13), false);
    pacer.setPace('off');
    expect(shown()).toBe(13);
    pacer.push(update(0, 14), false);
    expect(shown()).toBe(14);
    expect(pacer.snapshot().behind).toBe(0);
  });

  it('jumps over a flood of moves, keeping the last few to show and highlighting what it jumped', async () => {
    pacer.push(update(0, 1, 0), false);
    // Move 2 is shown at once; one more than MAX_BACKLOG wait behind it.
    const last = 2 + MAX_BACKLOG + 1;
    for (let seq = 2; seq <= last; seq++) pacer.push(update(0, seq), false);
    expect(pacer.snapshot().behind).toBe(CATCH_UP_STEPS);
    await vi.advanceTimersByTimeAsync(PACE_MS.normal);
    // The next move shown is one of the last few; the log lines since seq 2 are all highlighted.
    expect(shown()).toBeGreaterThan(last - CATCH_UP_STEPS - 1);
    expect(pacer.snapshot().freshFrom).toBe(2);
    await vi.advanceTimersByTimeAsync(PACE_MS.normal * CATCH_UP_STEPS);
    expect(shown()).toBe(last);
  });

  it('replaces an update of the same action in place, and keeps nothing of another viewer', () => {
    pacer.push(update(0, 1, 0), false);
    pacer.push(update(0, 2), false);
    pacer.push(update(0, 3), false);
    const again = {
      ...update(0, 3),
      clocks: { kind: 'turn' as const, at: 1, remainingMs: [1], running: [0] },
    };
    pacer.push(again, false);
    expect(pacer.snapshot().behind).toBe(1);
    pacer.flush();
    expect(pacer.snapshot().update).toBe(again);
    // Hot-seat: the seat's view is dropped (null), then another viewer's comes: shown at once,
    // with nothing of the previous viewer left queued.
    pacer.push(update(0, 4), false);
    pacer.push(update(0, 5), false);
    pacer.push(null, false);
    expect(pacer.snapshot()).toEqual({ update: null, behind: 0, freshFrom: null });
    pacer.push(update('spectator', 5, 0), false);
    expect(pacer.snapshot()).toMatchObject({ behind: 0, freshFrom: null });
    expect(pacer.snapshot().update?.viewer).toBe('spectator');
    // Even without the null in between, another viewer's update empties the queue.
    pacer.push(update('spectator', 6), false);
    pacer.push(update('spectator', 7), false);
    pacer.push(update(1, 7, 0), false);
    expect(pacer.snapshot()).toMatchObject({ behind: 0, update: { viewer: 1 } });
  });
});
