/**
 * The replay frames endpoint over real HTTP against a real server: for each game a bots-only
 * match is played to the end, then every frame (each seat's view and the spectator's, page by
 * page) must equal an offline replay of the match's public script. Unfinished matches are refused,
 * bad queries get stable codes, and the cache stays within its bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, Viewer } from '../../src/core/index.ts';
import { namesFor, newGame } from '../../src/core/index.ts';
import { botNamesFor } from '../../src/bots/names.ts';
import { GAMES } from '../../src/games/registry.ts';
import { FRAME_LIMITS, ReplayFramesResponse, ReplayScript } from '../../src/protocol/index.ts';
import type { CreateTableResponse, ReplayFrame, TableInfo } from '../../src/protocol/index.ts';
import { ProtocolError } from '../../src/server/errors.ts';
import { ReplayFrames } from '../../src/server/replay-frames.ts';
import { BOT_LINEUPS, finishedBotMatch } from './bot-match.ts';
import { api, gameById, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

let srv: TestServer;
beforeAll(async () => {
  // Every page of every viewer of three matches is well over a minute's allowance from one address
  // (edge.test.ts tests the rate limit itself).
  srv = await startTestServer({ limits: { framesRequests: 100_000 } });
});
afterAll(async () => {
  await srv.drop();
});

interface Offline {
  readonly states: unknown[];
  readonly script: ReplayScript;
  readonly events: unknown[][];
  /** What the texts call each seat. */
  readonly names: readonly (string | null)[];
}

/** The match rebuilt from its public script with the engine alone. */
function replayOffline(game: AnyGame, script: ReplayScript, names: readonly string[] = []): Offline {
  const created = newGame(game, script.players, script.seed, script.options);
  if (!created.ok) throw new Error(created.error);
  const states = [created.value.state];
  const events: unknown[][] = [[]];
  for (const step of script.actions) {
    if (!('action' in step)) throw new Error('this offline replay knows no take-backs');
    const { seat, action } = step;
    const result = game.apply(states.at(-1), seat, action);
    if (!result.ok) throw new Error(result.error.message);
    states.push(result.state);
    events.push([...result.events]);
  }
  return { states, script, events, names };
}

/** What the frame of `step` must hold for `viewer`, computed offline. */
function expectedFrame(game: AnyGame, offline: Offline, step: number, viewer: Viewer): ReplayFrame {
  const state = offline.states[step];
  const entry = offline.script.actions[step - 1];
  const act = entry && 'action' in entry ? entry : undefined;
  return {
    step,
    seat: act ? act.seat : null,
    label: act
      ? game.render.action(
          act.action,
          game.view(offline.states[step - 1], act.seat),
          namesFor(act.seat, offline.names),
        )
      : null,
    clock: game.insights ? game.insights.clock(state) : null,
    actors: [...game.actors(state)],
    events: offline.events[step]!.flatMap((e) => {
      const shown = game.viewEvent(e, viewer, namesFor(viewer, offline.names));
      if (!shown) return [];
      return [
        {
          seq: step,
          type: shown.type,
          text: shown.text,
          ...(shown.data === undefined ? {} : { data: shown.data }),
        },
      ];
    }) as ReplayFrame['events'],
    view: game.view(state, viewer) as ReplayFrame['view'],
  };
}

async function frames(id: string, query: string): Promise<ReplayFramesResponse> {
  const reply = await api(srv.url, `/tables/${id}/frames?${query}`);
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(200);
  return ReplayFramesResponse.parse(reply.body);
}

const finished = new Map<string, TableInfo>();

describe.each(GAMES.map((g) => g.id))('%s frames', (gameId) => {
  it('match an offline replay for every seat and the spectator, page by page', async () => {
    const game = gameById(GAMES, gameId);
    const table = await finishedBotMatch(srv.url, gameId);
    finished.set(gameId, table);
    const script = ReplayScript.parse((await api(srv.url, `/tables/${table.id}/replay`)).body);
    // The bots' names at this table: the frames' texts call the seats by them.
    const names = botNamesFor(table.id, table.players);
    expect(new Set(names).size).toBe(table.players);
    expect(table.seats.map((s) => s.name?.split(' · ')[0])).toEqual(names);
    const offline = replayOffline(game, script, names);
    const steps = script.actions.length;
    expect(steps).toBe(table.seq);

    const viewers: Viewer[] = [...BOT_LINEUPS[gameId]!.map((_, s) => s), 'spectator'];
    // A page size that never lines up with the server's checkpoints.
    const page = 37;
    for (const viewer of viewers) {
      for (let from = 0; from <= steps; from += page) {
        const body = await frames(table.id, `viewer=${viewer}&from=${from}&count=${page}`);
        expect(body).toMatchObject({ table: table.id, game: gameId, viewer, steps, from });
        expect(body.outcome).toEqual(table.outcome);
        expect(body.frames.length).toBe(Math.min(page, steps - from + 1));
        body.frames.forEach((frame, i) =>
          expect(frame, `${gameId} viewer ${viewer} step ${from + i}`).toEqual(
            expectedFrame(game, offline, from + i, viewer),
          ),
        );
      }
    }

    // The light index (no views) carries the same frames without their views, in one request.
    const index = await frames(table.id, 'viewer=1&views=false');
    const texts = index.frames.flatMap((f) => [f.label ?? '', ...f.events.map((e) => e.text)]);
    for (const text of texts) expect(text).not.toMatch(/\bSeat \d|\bPlayer [A-D]\b/);
    expect(texts.some((t) => t.includes(`${names[0]} (A)`))).toBe(true);
    expect(texts.some((t) => /\b(You|you|your|Your)\b/.test(t))).toBe(true);
    expect(index.frames.length).toBe(steps + 1);
    index.frames.forEach((frame, step) => {
      const { view, ...rest } = expectedFrame(game, offline, step, 1);
      expect(view).toBeDefined();
      expect(frame).toEqual(rest);
    });

    // Markers: where the game's clock takes a new value, named by the game.
    const clocks = offline.states.map((s) => game.insights!.clock(s));
    const changes = clocks.flatMap((c, step) => (step === 0 || c !== clocks[step - 1] ? [step] : []));
    expect(index.markers.map((m) => m.step)).toEqual(changes);
    for (const m of index.markers) {
      expect(m.clock).toBe(clocks[m.step]);
      expect(m.label).toBe(game.insights!.clockLabel!(m.clock!));
    }
    expect(index.markers.length).toBeGreaterThan(3);
  });
});

describe('refusals', () => {
  const create = async (claim: number[]) => {
    const reply = await api(srv.url, '/tables', {
      body: {
        game: 'prosperitea',
        players: 2,
        name: 'Ann',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        claim,
      },
    });
    expect(reply.status).toBe(201);
    return (reply.body as CreateTableResponse).table;
  };

  it('refuses a match still waiting for players or still being played', async () => {
    const waiting = await create([0]);
    const playing = await create([0, 1]);
    expect(playing.status).toBe('playing');
    for (const t of [waiting, playing]) {
      const reply = await api(srv.url, `/tables/${t.id}/frames?viewer=0`);
      expect(reply.status).toBe(409);
      expect((reply.body as { error: { code: string } }).error.code).toBe('not_finished');
      const index = await api(srv.url, `/tables/${t.id}/frames?views=false`);
      expect((index.body as { error: { code: string } }).error.code).toBe('not_finished');
    }
  });

  it('answers bad queries with stable codes', async () => {
    const table = finished.get('prosperitea') ?? (await finishedBotMatch(srv.url, 'prosperitea'));
    const cases: [string, number, string][] = [
      [`/tables/${table.id}/frames?viewer=3`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?viewer=-1`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?viewer=north`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?viewer=`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?viewer=1.0`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?from=`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?from=1e1`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?views=yes`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?viewer=0&viewer=1`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?count=${FRAME_LIMITS.withViews.max + 1}`, 400, 'bad_request'],
      [
        `/tables/${table.id}/frames?views=false&count=${FRAME_LIMITS.withoutViews.max + 1}`,
        400,
        'bad_request',
      ],
      [`/tables/${table.id}/frames?count=0`, 400, 'bad_request'],
      [`/tables/${table.id}/frames?from=${table.seq + 1}`, 409, 'bad_seq'],
      [`/tables/${table.id}/frames?state=true`, 400, 'bad_request'],
      ['/tables/aaaaaaaaaa/frames', 404, 'not_found'],
      ['/tables/NOT-AN-ID/frames', 404, 'not_found'],
    ];
    for (const [path, status, code] of cases) {
      const reply = await api(srv.url, path);
      expect(reply.status, path).toBe(status);
      expect((reply.body as { error: { code: string } }).error.code, path).toBe(code);
    }
    // The last step alone, and the default count with views.
    const last = await frames(table.id, `from=${table.seq}`);
    expect(last.frames.map((f) => f.step)).toEqual([table.seq]);
    expect(last.frames[0]!.actors).toEqual([]);
    const first = await frames(table.id, '');
    expect(first.viewer).toBe('spectator');
    expect(first.frames.length).toBe(Math.min(FRAME_LIMITS.withViews.default, table.seq + 1));
  });

  it('reports a finished match this engine no longer replays as an internal error naming the rule', async () => {
    const storage = srv.server.storage;
    const id = 'retiredmv2';
    await storage.createMatch({
      id,
      game: 'prosperitea',
      rulesVersion: '0',
      players: 2,
      seed: 'old-seed',
      options: {},
      settings: {
        clock: { kind: 'none' },
        spectators: true,
        listed: false,
        takeover: { bot: { bot: 'random' }, absentMs: null },
      },
      creator: 'someone',
      createdAt: 1,
      rematchOf: null,
      seats: [0, 1].map((seat) => ({
        seat,
        kind: 'human',
        bot: null,
        name: null,
        tokenHash: null,
        claimedAt: null,
      })),
    });
    await storage.claimSeats(
      id,
      [0, 1].map((seat) => ({ seat, name: `P${seat}`, tokenHash: 'a'.repeat(64) })),
      2,
      true,
    );
    await storage.append([
      {
        match: id,
        seq: 1,
        seat: 0,
        action: { type: 'retired-move' },
        at: 3,
        finish: { outcome: { scores: [1, 0], ranks: [1, 2] } },
      },
    ]);
    const reply = await api(srv.url, `/tables/${id}/frames`);
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      error: {
        code: 'internal',
        message: "action 1 of this match no longer applies on this server's rules (core.action-shape)",
      },
    });
  });
});

describe('the frames cache', () => {
  const game = gameById(GAMES, 'pocket-imperium');
  const scripts = new Map<string, ReplayScript>();

  /** A source of finished scripts that counts how often each is read. */
  function source() {
    const reads = new Map<string, number>();
    return {
      reads,
      namedReplay: async (id: string) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        const script = scripts.get(id);
        if (!script) throw new ProtocolError('not_found', 'no such table');
        return { script, names: [] };
      },
    };
  }

  beforeAll(async () => {
    // Three real finished matches of the quickest game, under ids of their own.
    for (const id of ['cachetest2', 'cachetest3', 'cachetest4']) {
      const table = await finishedBotMatch(srv.url, 'pocket-imperium');
      scripts.set(id, ReplayScript.parse((await api(srv.url, `/tables/${table.id}/replay`)).body));
    }
  });

  it('replays a match once, however many pages and viewers are asked', async () => {
    const src = source();
    const frames = new ReplayFrames(src, [game]);
    await Promise.all([
      frames.frames('cachetest2', { viewer: 0 }),
      frames.frames('cachetest2', { viewer: 1 }),
    ]);
    await frames.frames('cachetest2', { viewer: 'spectator', from: 40 });
    expect(src.reads.get('cachetest2')).toBe(1);
    expect(frames.cached.matches).toBe(1);
    expect(frames.cached.bytes).toBeGreaterThan(0);
  });

  it('forgets the least recently used match beyond its match limit', async () => {
    const src = source();
    const frames = new ReplayFrames(src, [game], { maxMatches: 2 });
    await frames.frames('cachetest2', {});
    await frames.frames('cachetest3', {});
    await frames.frames('cachetest2', {}); // cachetest3 is now the least recently used
    await frames.frames('cachetest4', {});
    expect(frames.cached.matches).toBe(2);
    await frames.frames('cachetest2', {});
    expect(src.reads.get('cachetest2')).toBe(1);
    await frames.frames('cachetest3', {});
    expect(src.reads.get('cachetest3')).toBe(2);
  });

  it('keeps within its byte budget, always keeping the match just asked for', async () => {
    const src = source();
    const frames = new ReplayFrames(src, [game], { maxBytes: 1 });
    await frames.frames('cachetest2', {});
    await frames.frames('cachetest3', {});
    expect(frames.cached.matches).toBe(1);
    await frames.frames('cachetest3', {});
    expect(src.reads.get('cachetest3')).toBe(1);
    await frames.frames('cachetest2', {});
    expect(src.reads.get('cachetest2')).toBe(2);
  });

  it('does not remember a refusal: a match that finishes later is served', async () => {
    const src = source();
    const frames = new ReplayFrames(src, [game]);
    await expect(frames.frames('cachetest9', {})).rejects.toMatchObject({ code: 'not_found' });
    scripts.set('cachetest9', scripts.get('cachetest2')!);
    const body = await frames.frames('cachetest9', {});
    expect(body.steps).toBe(scripts.get('cachetest2')!.actions.length);
    expect(frames.cached.matches).toBe(1);
  });

  it('rebuilds states from checkpoints whatever their spacing', async () => {
    const script = scripts.get('cachetest2')!;
    const offline = replayOffline(game, script);
    for (const checkpointEvery of [1, 5, 1000]) {
      const frames = new ReplayFrames(source(), [game], { checkpointEvery });
      const body = await frames.frames('cachetest2', { viewer: 1, from: 7, count: 30 });
      body.frames.forEach((f) => expect(f).toEqual(expectedFrame(game, offline, f.step, 1)));
    }
  });
});
