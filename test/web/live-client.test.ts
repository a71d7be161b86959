/** The table page's pure parts: the protocol client's log merging and backoff, and the turn logic. */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, PROTOCOL_VERSION } from '../../src/protocol/index.ts';
import type { TableInfo, VisibleEvent } from '../../src/protocol/index.ts';
import { backoffMs, mergeEvents, PROTOCOL } from '../../src/web/net/client.ts';
import { nextHotSeat, shouldCover, turnState } from '../../src/web/table/turns.ts';

const ev = (seq: number, text = `e${seq}`): VisibleEvent => ({ seq, type: 't', text });

describe('the protocol client', () => {
  it('speaks the protocol module’s version and path', () => {
    expect(PROTOCOL.v).toBe(PROTOCOL_VERSION);
    expect(PROTOCOL.wsPath).toBe(`${API_PREFIX}/ws`);
  });

  it('appends the events after the log it has, and replaces what a resent range covers', () => {
    const log = [ev(1), ev(2), ev(2, 'e2b'), ev(3)];
    expect(mergeEvents(log, { from: 3, events: [ev(4)] })).toEqual([...log, ev(4)]);
    // After a reconnection asking from seq 2, the events of 3 come again: no duplicates.
    expect(mergeEvents(log, { from: 2, events: [ev(3), ev(4)] })).toEqual([
      ev(1),
      ev(2),
      ev(2, 'e2b'),
      ev(3),
      ev(4),
    ]);
    // A hello without lastSeq sends the whole log.
    expect(mergeEvents(log, { from: 0, events: [ev(1), ev(2)] })).toEqual([ev(1), ev(2)]);
    expect(mergeEvents(log, { from: 3, events: [] })).toEqual(log);
  });

  it('backs off from half a second, doubling, to at most ten, with jitter of a quarter either way', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffMs(a, mid))).toEqual([
      500, 1000, 2000, 4000, 8000, 10000, 10000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(375);
    expect(backoffMs(0, () => 0.999999)).toBe(625);
  });
});

const table = (seats: Partial<TableInfo['seats'][number]>[]): TableInfo =>
  ({
    seats: seats.map((s, seat) => ({
      seat,
      kind: 'human',
      bot: null,
      name: `P${seat}`,
      taken: true,
      connected: true,
      controlledByBot: false,
      takeover: null,
      ...s,
    })),
  }) as TableInfo;

describe('turns', () => {
  const playing = { status: 'playing' as const };

  it('hot-seat covers when the seat shown has nothing to choose and another held seat has', () => {
    expect(shouldCover({ ...playing, viewer: 0, actors: [1], legal: null }, 0, [0, 1])).toBe(true);
    // A bot's turn, or a seat this device does not hold: stay.
    expect(shouldCover({ ...playing, viewer: 0, actors: [2], legal: null }, 0, [0, 1])).toBe(false);
    // Still choosing (a simultaneous window): stay.
    expect(shouldCover({ ...playing, viewer: 0, actors: [0, 1], legal: [{}] }, 0, [0, 1])).toBe(false);
    // Already covered, an update of another viewer, or the game over: nothing to do.
    expect(
      shouldCover({ ...playing, viewer: 'spectator', actors: [1], legal: null }, 'spectator', [0, 1]),
    ).toBe(false);
    expect(shouldCover({ ...playing, viewer: 1, actors: [1], legal: null }, 0, [0, 1])).toBe(false);
    expect(shouldCover({ status: 'finished', viewer: 0, actors: [1], legal: null }, 0, [0, 1])).toBe(false);
  });

  it('passes the device to the held seat that must act, else the first', () => {
    expect(nextHotSeat({ actors: [2, 1] }, [0, 1])).toBe(1);
    expect(nextHotSeat({ actors: [2] }, [0, 1])).toBe(0);
    expect(nextHotSeat(null, [3])).toBe(3);
  });

  it('says whose turn it is and why the viewer waits', () => {
    const t = table([{}, {}, { kind: 'bot' }]);
    expect(turnState(t, { ...playing, viewer: 0, actors: [0], legal: [{}] })).toEqual({
      kind: 'yours',
      together: [],
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1], legal: [{}] })).toEqual({
      kind: 'yours',
      together: [1],
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1], legal: [] })).toEqual({
      kind: 'acted',
      others: [1],
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [2], legal: null })).toEqual({
      kind: 'others',
      actors: [2],
    });
    expect(turnState(t, { ...playing, viewer: 'spectator', actors: [1], legal: null })).toEqual({
      kind: 'others',
      actors: [1],
    });
    expect(turnState(t, { status: 'finished', viewer: 0, actors: [], legal: null })).toEqual({
      kind: 'over',
    });
    const away = table([{ controlledByBot: true, takeover: { reason: 'time', at: 1, seq: 3 } }, {}]);
    expect(turnState(away, { ...playing, viewer: 0, actors: [0], legal: null })).toEqual({
      kind: 'bot-plays-you',
      reason: 'time',
    });
    const open = table([{}, { taken: false, name: null }]);
    expect(turnState(open, { status: 'waiting', viewer: 0, actors: [], legal: null })).toEqual({
      kind: 'waiting-players',
      open: 1,
    });
  });
});
