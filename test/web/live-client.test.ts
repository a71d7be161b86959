/** The table page's pure parts: the protocol client's log merging and backoff, and the turn logic. */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, PROTOCOL_VERSION } from '../../src/protocol/index.ts';
import type { TableInfo, VisibleEvent } from '../../src/protocol/index.ts';
import { backoffMs, mergeEvents, PROTOCOL } from '../../src/web/net/client.ts';
import {
  actedSince,
  nextHotSeat,
  shouldCover,
  tableTitle,
  turnState,
  warnAtMs,
} from '../../src/web/table/turns.ts';
import { seatPlayers } from '../../src/web/boards/seats.ts';

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
      chosen: [],
      revising: false,
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1], legal: [{}] })).toEqual({
      kind: 'yours',
      together: [1],
      chosen: [],
      revising: false,
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1], legal: [] })).toEqual({
      kind: 'acted',
      others: [1],
    });
    expect(turnState(t, { ...playing, viewer: 0, actors: [2], legal: null })).toEqual({
      kind: 'others',
      actors: [2],
      chosen: [],
    });
    expect(turnState(t, { ...playing, viewer: 'spectator', actors: [1], legal: null })).toEqual({
      kind: 'others',
      actors: [1],
      chosen: [],
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

  it('in a window where several choose at once, says who has chosen, from the log since the window opened', () => {
    const t = table([{}, { kind: 'bot' }, { kind: 'bot' }]);
    const planned = (seq: number, seat: number) => ({ seq, data: { seat } });
    // The window opened after seq 10; B and C have a plan in (their events name them), A has not.
    const log = [planned(9, 0), planned(11, 1), { seq: 12, data: { seat: 2 } }, { seq: 12 }];
    const done = actedSince(log, 10, [0, 1, 2]);
    expect(done).toEqual([1, 2]);
    // Before the bug fix this read "B and C choose at the same time".
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1, 2], legal: [{}] }, done)).toEqual({
      kind: 'yours',
      together: [],
      chosen: [1, 2],
      revising: false,
    });
    // Only B has chosen: C still chooses with you.
    expect(
      turnState(
        t,
        { ...playing, viewer: 0, actors: [0, 1, 2], legal: [{}] },
        actedSince(log.slice(0, 2), 10, [0, 1, 2]),
      ),
    ).toMatchObject({ kind: 'yours', together: [2], chosen: [1] });
    // You have chosen and may change it: the others are named as still choosing.
    const mine = actedSince([planned(11, 0)], 10, [0, 1, 2]);
    expect(turnState(t, { ...playing, viewer: 0, actors: [0, 1, 2], legal: [{}] }, mine)).toMatchObject({
      kind: 'yours',
      together: [1, 2],
      revising: true,
    });
    // A lone actor acting twice in a row has a turn of several steps: never "chosen".
    expect(actedSince([planned(11, 0)], 10, [0])).toEqual([]);
    // A spectator is told who is still choosing.
    expect(turnState(t, { ...playing, viewer: 'spectator', actors: [0, 1, 2], legal: null }, done)).toEqual({
      kind: 'others',
      actors: [0],
      chosen: [1, 2],
    });
  });

  it('names the turn in the tab title, and the time left when it runs short', () => {
    const players = seatPlayers(['Ann', 'Basil', 'Cara'], [false, true, true]);
    const t = table([{}, {}, {}]);
    const title = (update: Parameters<typeof turnState>[1], low: string | null = null) =>
      tableTitle('Prospectus', turnState(t, update), players, low);
    expect(title({ ...playing, viewer: 0, actors: [0], legal: [{}] })).toBe('Your turn · Prospectus');
    expect(title({ ...playing, viewer: 0, actors: [0], legal: [{}] }, '0:25')).toBe(
      '⚠ 0:25 left · Your turn · Prospectus',
    );
    expect(title({ ...playing, viewer: 0, actors: [1], legal: null })).toBe("Basil's turn · Prospectus");
    expect(title({ ...playing, viewer: 'spectator', actors: [1, 2], legal: null })).toBe(
      'Basil and Cara to play · Prospectus',
    );
    expect(title({ status: 'finished', viewer: 0, actors: [], legal: null })).toBe('Game over · Prospectus');
    expect(tableTitle('Prosperitea', 'cover', players)).toBe('Pass the device · Prosperitea');
    expect(tableTitle('Prosperitea', 'offline', players)).toBe('Connection lost · Prosperitea');
  });

  it('warns before the time runs out: half a minute of a bank, a quarter of a move up to an hour', () => {
    expect(warnAtMs({ kind: 'realtime', baseMs: 600_000, incrementMs: 5_000 })).toBe(30_000);
    expect(warnAtMs({ kind: 'realtime', baseMs: 24_000, incrementMs: 0 })).toBe(12_000);
    expect(warnAtMs({ kind: 'turn', perMoveMs: 180_000 })).toBe(45_000);
    expect(warnAtMs({ kind: 'turn', perMoveMs: 86_400_000 })).toBe(3_600_000);
    expect(warnAtMs({ kind: 'none' })).toBe(0);
  });
});
