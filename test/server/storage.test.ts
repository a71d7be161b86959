/** The storage interface, the same tests on SQLite (a temp file) and PostgreSQL (a fresh schema). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableSettings } from '../../src/protocol/index.ts';
import { openStorage, parseDbUrl, describeDb } from '../../src/server/storage/open.ts';
import type { MatchSetup, Storage, StoredSeat } from '../../src/server/storage/types.ts';
import { freshDb } from './harness.ts';
import type { DbKind } from './harness.ts';

const SETTINGS: TableSettings = {
  clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 5_000 },
  spectators: true,
  listed: true,
  takeover: { bot: { bot: 'random' }, absentMs: null },
};

function seats(): StoredSeat[] {
  return [
    { seat: 0, kind: 'human', bot: null, name: null, tokenHash: null, claimedAt: null, takeover: null },
    { seat: 1, kind: 'human', bot: null, name: null, tokenHash: null, claimedAt: null, takeover: null },
    {
      seat: 2,
      kind: 'bot',
      bot: { bot: 'ismcts', ms: 250 },
      name: null,
      tokenHash: null,
      claimedAt: null,
      takeover: null,
    },
  ];
}

/** A listing time after every table the tests make (none of them is reserved then). */
const NOW = 9_000_000_000_000;

let counter = 0;
function setup(overrides: Partial<MatchSetup> = {}): MatchSetup {
  counter++;
  return {
    id: `match${String(counter).padStart(5, 'a')}`.slice(0, 10),
    game: 'secret-bid',
    rulesVersion: '1',
    players: 3,
    seed: 'f'.repeat(32),
    options: { handSize: 3, note: 'ünïcödé "quoted"' },
    settings: SETTINGS,
    creator: 'creator-a',
    createdAt: 1_700_000_000_000 + counter,
    rematchOf: null,
    seats: seats(),
    reservedUntil: null,
    ...overrides,
  };
}

describe.each<DbKind>(['sqlite', 'postgres'])('storage on %s', (kind) => {
  let storage: Storage;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDb(kind);
    drop = db.drop;
    storage = await openStorage(db.location);
    // Migrating twice is harmless.
    await storage.migrate();
  });
  afterAll(async () => {
    await storage.close();
    await drop();
  });

  it('stores a match setup and reads it back exactly', async () => {
    const s = setup();
    await storage.createMatch(s);
    const loaded = await storage.loadMatch(s.id);
    expect(loaded).toEqual({
      match: { ...s, status: 'waiting', startedAt: null, finishedAt: null, outcome: null, rematch: null },
      actions: [],
      control: [],
    });
    expect(await storage.loadMatch('nosuchmatc')).toBeUndefined();
  });

  it('claims seats all or nothing, never twice, and starts the match in the same transaction', async () => {
    const s = setup();
    await storage.createMatch(s);
    expect(
      await storage.claimSeats(s.id, [{ seat: 0, name: 'Ann', tokenHash: 'a'.repeat(64) }], 10, false),
    ).toBe(true);
    // Seat 0 again, together with seat 1: refused whole, seat 1 stays open.
    expect(
      await storage.claimSeats(
        s.id,
        [
          { seat: 1, name: 'Bob', tokenHash: 'b'.repeat(64) },
          { seat: 0, name: 'Eve', tokenHash: 'e'.repeat(64) },
        ],
        11,
        true,
      ),
    ).toBe(false);
    // A bot seat cannot be claimed.
    expect(
      await storage.claimSeats(s.id, [{ seat: 2, name: 'Eve', tokenHash: 'e'.repeat(64) }], 11, false),
    ).toBe(false);
    let loaded = (await storage.loadMatch(s.id))!.match;
    expect(loaded.status).toBe('waiting');
    expect(loaded.seats.map((x) => x.name)).toEqual(['Ann', null, null]);
    expect(
      await storage.claimSeats(s.id, [{ seat: 1, name: 'Bob', tokenHash: 'b'.repeat(64) }], 12, true),
    ).toBe(true);
    loaded = (await storage.loadMatch(s.id))!.match;
    expect(loaded).toMatchObject({ status: 'playing', startedAt: 12 });
    expect(loaded.seats[1]).toEqual({
      seat: 1,
      kind: 'human',
      bot: null,
      name: 'Bob',
      tokenHash: 'b'.repeat(64),
      claimedAt: 12,
      takeover: null,
    });
    // Starting twice is refused.
    expect(await storage.claimSeats(s.id, [], 13, true)).toBe(false);
  });

  it('appends actions of several matches in one transaction, in order, and finishes a match with its last action', async () => {
    const a = setup();
    const b = setup();
    await storage.createMatch(a);
    await storage.createMatch(b);
    await storage.append([
      { match: a.id, seq: 1, seat: 0, action: { type: 'bid', card: 3 }, at: 100 },
      { match: b.id, seq: 1, seat: 2, action: 'pass', at: 101 },
      { match: a.id, seq: 2, seat: 1, action: { nested: [1, { x: null }], text: 'é"\\' }, at: 102 },
    ]);
    await storage.append([
      {
        match: a.id,
        seq: 3,
        seat: 2,
        action: { type: 'pass' },
        at: 103,
        finish: { outcome: { scores: [1, 0, 2], ranks: [2, 3, 1], details: { rounds: 4 } } },
      },
    ]);
    const loaded = (await storage.loadMatch(a.id))!;
    expect(loaded.actions).toEqual([
      { seq: 1, seat: 0, action: { type: 'bid', card: 3 }, at: 100 },
      { seq: 2, seat: 1, action: { nested: [1, { x: null }], text: 'é"\\' }, at: 102 },
      { seq: 3, seat: 2, action: { type: 'pass' }, at: 103 },
    ]);
    expect(loaded.match).toMatchObject({
      status: 'finished',
      finishedAt: 103,
      outcome: { scores: [1, 0, 2], ranks: [2, 3, 1], details: { rounds: 4 } },
    });
    expect((await storage.loadMatch(b.id))!.actions).toHaveLength(1);
  });

  it('a batch with a duplicate seq is refused whole: nothing of it is stored', async () => {
    const s = setup();
    await storage.createMatch(s);
    await storage.append([{ match: s.id, seq: 1, seat: 0, action: 1, at: 1 }]);
    await expect(
      storage.append([
        { match: s.id, seq: 2, seat: 0, action: 2, at: 2 },
        { match: s.id, seq: 1, seat: 0, action: 'again', at: 3 },
      ]),
    ).rejects.toThrow();
    expect((await storage.loadMatch(s.id))!.actions.map((x) => x.action)).toEqual([1]);
  });

  it('stores large batches (more rows than one INSERT takes)', async () => {
    const s = setup();
    await storage.createMatch(s);
    const entries = Array.from({ length: 1234 }, (_, i) => ({
      match: s.id,
      seq: i + 1,
      seat: i % 3,
      action: { i },
      at: i,
    }));
    await storage.append(entries);
    const loaded = (await storage.loadMatch(s.id))!.actions;
    expect(loaded).toHaveLength(1234);
    expect(loaded.every((x, i) => x.seq === i + 1 && (x.action as { i: number }).i === i)).toBe(true);
  });

  it('lists listed matches by status and game, newest first, with their action counts', async () => {
    const hidden = setup({ settings: { ...SETTINGS, listed: false }, createdAt: 2_000_000_000_000 });
    const older = setup({ game: 'other-game', createdAt: 2_000_000_000_001 });
    const newer = setup({ createdAt: 2_000_000_000_002 });
    for (const s of [hidden, older, newer]) await storage.createMatch(s);
    await storage.append([{ match: newer.id, seq: 1, seat: 0, action: 0, at: 5 }]);
    const waiting = await storage.listMatches({ status: 'waiting', limit: 2, at: NOW });
    expect(waiting.map((m) => m.id)).toEqual([newer.id, older.id]);
    expect(waiting.map((m) => m.seq)).toEqual([1, 0]);
    expect(
      (await storage.listMatches({ status: 'waiting', game: 'other-game', limit: 10, at: NOW })).map(
        (m) => m.id,
      ),
    ).toEqual([older.id]);
    expect(
      (await storage.listMatches({ status: 'waiting', limit: 100, at: NOW })).some((m) => m.id === hidden.id),
    ).toBe(false);
  });

  it("keeps each match's seat-control history in order, and each seat's current takeover on its row", async () => {
    const s = setup();
    await storage.createMatch(s);
    await storage.recordControl(s.id, 0, { seat: 1, seq: 4, at: 40, kind: 'takeover', reason: 'time' });
    await storage.recordControl(s.id, 1, { seat: 0, seq: 5, at: 50, kind: 'takeover', reason: 'absent' });
    await storage.recordControl(s.id, 2, { seat: 1, seq: 7, at: 70, kind: 'reclaim', reason: null });
    // Number 2 again: refused, and the seat row is left as it was.
    await expect(
      storage.recordControl(s.id, 2, { seat: 0, seq: 8, at: 80, kind: 'reclaim', reason: null }),
    ).rejects.toThrow();
    const loaded = (await storage.loadMatch(s.id))!;
    expect(loaded.control).toEqual([
      { seat: 1, seq: 4, at: 40, kind: 'takeover', reason: 'time' },
      { seat: 0, seq: 5, at: 50, kind: 'takeover', reason: 'absent' },
      { seat: 1, seq: 7, at: 70, kind: 'reclaim', reason: null },
    ]);
    expect(loaded.match.seats.map((x) => x.takeover)).toEqual([
      { reason: 'absent', at: 50, seq: 5 },
      null,
      null,
    ]);
  });

  it('lists playing matches, listed or not, with whether they have bot seats', async () => {
    const humans = seats().map((x) => (x.kind === 'bot' ? { ...x, kind: 'human' as const, bot: null } : x));
    const withBot = setup({ settings: { ...SETTINGS, listed: false } });
    const onlyHumans = setup({ seats: humans });
    const waiting = setup();
    for (const m of [withBot, onlyHumans, waiting]) await storage.createMatch(m);
    for (const m of [withBot, onlyHumans]) await storage.claimSeats(m.id, [], 1, true);
    const playing = await storage.playingMatches();
    expect(playing.find((p) => p.id === withBot.id)).toEqual({
      id: withBot.id,
      settings: withBot.settings,
      bots: true,
    });
    expect(playing.find((p) => p.id === onlyHumans.id)).toMatchObject({ bots: false });
    expect(playing.some((p) => p.id === waiting.id)).toBe(false);
  });

  it('records a rematch once', async () => {
    const s = setup();
    await storage.createMatch(s);
    expect(await storage.setRematch(s.id, 'rematch001')).toBe(true);
    expect(await storage.setRematch(s.id, 'rematch002')).toBe(false);
    expect((await storage.loadMatch(s.id))!.match.rematch).toBe('rematch001');
  });

  it('leaves a reserved table out of the lists until its reservation ends', async () => {
    const reserved = setup({ createdAt: 3_000_000_000_000, reservedUntil: 3_000_000_060_000 });
    await storage.createMatch(reserved);
    expect((await storage.loadMatch(reserved.id))!.match.reservedUntil).toBe(3_000_000_060_000);
    const listed = async (at: number) =>
      (await storage.listMatches({ status: 'waiting', limit: 100, at })).some((m) => m.id === reserved.id);
    expect(await listed(3_000_000_059_999)).toBe(false);
    expect(await listed(3_000_000_060_000)).toBe(true);
  });

  describe("a creator's quota", () => {
    const QUOTA = { waiting: 3, perWindow: 5, windowMs: 60_000, botsOnly: 1 };
    const bots = () => seats().map((x) => ({ ...x, kind: 'bot' as const, bot: { bot: 'random' } }));

    it('counts waiting tables, and tables that started are not waiting', async () => {
      const mine = (createdAt: number) => setup({ creator: 'waiting-1', createdAt });
      for (let i = 0; i < 3; i++) expect(await storage.createMatch(mine(i), QUOTA)).toBeNull();
      const over = mine(3);
      expect(await storage.createMatch(over, QUOTA)).toBe('waiting');
      expect(await storage.loadMatch(over.id)).toBeUndefined();
      // Another creator is not counted with this one.
      expect(await storage.createMatch(setup({ creator: 'waiting-2' }), QUOTA)).toBeNull();
    });

    it('counts every table created in the window, whatever became of it', async () => {
      const t0 = 4_000_000_000_000;
      const mine = (createdAt: number) => setup({ creator: 'window-1', createdAt });
      for (let i = 0; i < 5; i++) {
        const s = mine(t0 + i);
        expect(await storage.createMatch(s, QUOTA)).toBeNull();
        // Started at once (hot-seat, bots): no longer waiting, still counted.
        await storage.claimSeats(s.id, [], t0 + i, true);
      }
      expect(await storage.createMatch(mine(t0 + 10), QUOTA)).toBe('window');
      expect(await storage.createMatch(mine(t0 + 60_005), QUOTA)).toBeNull();
    });

    it('counts unfinished tables of bots only', async () => {
      const mine = (createdAt: number) => setup({ creator: 'bots-1', createdAt, seats: bots() });
      const first = mine(1);
      expect(await storage.createMatch(first, QUOTA)).toBeNull();
      await storage.claimSeats(first.id, [], 1, true);
      expect(await storage.createMatch(mine(2), QUOTA)).toBe('bots-only');
      // A table with a human seat is not a bots-only table.
      expect(await storage.createMatch(setup({ creator: 'bots-1', createdAt: 3 }), QUOTA)).toBeNull();
      await storage.append([
        {
          match: first.id,
          seq: 1,
          seat: 0,
          action: 0,
          at: 4,
          finish: { outcome: { scores: [1, 0, 0], ranks: [1, 2, 2] } },
        },
      ]);
      expect(await storage.createMatch(mine(5), QUOTA)).toBeNull();
    });

    it('holds under concurrent requests: 200 at once, exactly the quota is created', async () => {
      const quota = { ...QUOTA, waiting: 20, perWindow: 1000 };
      const verdicts = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          storage.createMatch(setup({ creator: 'race-1', createdAt: 5_000_000_000_000 + i }), quota),
        ),
      );
      expect(verdicts.filter((v) => v === null)).toHaveLength(20);
      expect(verdicts.filter((v) => v === 'waiting')).toHaveLength(180);
    });
  });
});

describe('database locations', () => {
  it('parses sqlite: and postgres:// locations, keeps passwords out of descriptions, refuses others', () => {
    expect(parseDbUrl('sqlite:./data/prosper.db')).toEqual({ kind: 'sqlite', path: './data/prosper.db' });
    expect(parseDbUrl('sqlite:///abs/x.db')).toEqual({ kind: 'sqlite', path: '/abs/x.db' });
    const pg = parseDbUrl('postgres://me:secret@db.local:5433/prosper?schema=games');
    expect(pg).toEqual({
      kind: 'postgres',
      url: 'postgres://me:secret@db.local:5433/prosper',
      schema: 'games',
    });
    expect(describeDb(pg)).toBe('postgres://me:***@db.local:5433/prosper (schema games)');
    expect(parseDbUrl('postgresql://localhost/x')).toMatchObject({ kind: 'postgres', schema: 'public' });
    expect(() => parseDbUrl('mysql://x')).toThrow(/sqlite:PATH or postgres/);
    expect(() => parseDbUrl('sqlite:')).toThrow(/needs a path/);
    expect(() => parseDbUrl('postgres://x/y?schema=Robert%27);DROP')).toThrow(/identifier/);
  });
});
