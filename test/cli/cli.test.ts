import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashJson, newGame, Rng, stateHash } from '../../src/core/index.ts';
import { secretBid } from '../fixtures/secret-bid.ts';
import { prosper } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-cli-'));
function scriptFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** A legal action log for Secret Bid, produced by the engine itself with seeded random choices. */
function randomLog(players: number, seed: string, steps: number) {
  const created = newGame(secretBid, players, seed);
  if (!created.ok) throw new Error(created.error);
  let state = created.value.state as Parameters<typeof secretBid.actors>[0];
  const rng = Rng.fromSeed('log');
  const actions: { seat: number; action: unknown }[] = [];
  for (let i = 0; i < steps && secretBid.actors(state).length; i++) {
    const seat = secretBid.actors(state)[0]!;
    const action = rng.pick(secretBid.legalActions(state, seat));
    actions.push({ seat, action });
    state = secretBid.applyTrusted(state, seat, action).state;
  }
  return { actions, state };
}

describe('prosper new', () => {
  it('prints the initial state with its hash', async () => {
    const run = await prosper([
      'new',
      'secret-bid',
      '--players',
      '3',
      '--seed',
      '7',
      '--option',
      'handSize=2',
    ]);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.out);
    const expected = newGame(secretBid, 3, '7', { handSize: 2 });
    expect(expected.ok && printed.hash === stateHash(expected.value.state)).toBe(true);
    expect(printed.state.hands.map((h: number[]) => h.length)).toEqual([2, 2, 2]);
    expect(printed.options).toEqual({ handSize: 2 });
  });

  it('refuses a player count the game does not allow', async () => {
    const run = await prosper(['new', 'secret-bid', '--players', '9']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/2–4 players/);
  });

  it('takes "__proto__" as an option name like any other (refused), not as a prototype', async () => {
    const run = await prosper(['new', 'secret-bid', '--option', '__proto__={"handSize":5}']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/Unrecognized key: "__proto__"/);
  });

  it('refuses an unknown game and bad options', async () => {
    expect((await prosper(['new', 'chess'])).err).toMatch(/unknown game "chess"/);
    const bad = await prosper(['new', 'secret-bid', '--option', 'handSize=99']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/bad options/);
  });
});

describe('prosper replay', () => {
  const { actions, state } = randomLog(3, '11', 20);
  const script = { game: 'secret-bid', players: 3, seed: '11', options: {}, actions };

  it('rebuilds the same state as the core replay, with actors, legal actions and hash', async () => {
    const run = await prosper(['replay', scriptFile('ok.json', script)]);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.out);
    expect(printed.ok).toBe(true);
    expect(printed.applied).toBe(actions.length);
    expect(printed.hash).toBe(stateHash(state));
    expect(printed.actors).toEqual(secretBid.actors(state));
    for (const seat of printed.actors)
      expect(printed.legal[seat]).toEqual(secretBid.legalActions(state, seat));
  });

  it('gives the same hash every time', async () => {
    const a = JSON.parse((await prosper(['replay', scriptFile('a.json', script)])).out);
    const b = JSON.parse((await prosper(['replay', scriptFile('b.json', script)])).out);
    expect(a.hash).toBe(b.hash);
  });

  it('shows a viewer only their view and their own legal actions', async () => {
    const run = await prosper(['replay', scriptFile('v.json', script), '--view', 'spectator']);
    const printed = JSON.parse(run.out);
    expect(printed.state).toBeUndefined();
    expect(printed.view.hand).toBeNull();
    expect(printed.legal).toEqual({});
    const seat1 = JSON.parse((await prosper(['replay', scriptFile('v1.json', script), '--view', '1'])).out);
    expect(seat1.view.hand).toEqual(state.hands[1]!.slice().sort((x, y) => x - y));
    expect(Object.keys(seat1.legal).every((s) => s === '1')).toBe(true);
  });

  it("hashes the viewer's view, not the state the viewer may not see", async () => {
    for (const viewer of ['1', 'spectator'] as const) {
      const run = await prosper(['replay', scriptFile(`h${viewer}.json`, script), '--view', viewer]);
      const printed = JSON.parse(run.out);
      const seen = secretBid.view(state, viewer === 'spectator' ? viewer : 1);
      expect(printed.view).toEqual(seen);
      expect(printed.hash).toBe(hashJson(seen));
      expect(printed.hash).not.toBe(stateHash(state));
    }
  });

  it("shows a viewer only that another seat's action was refused, and their own refusal in full", async () => {
    // Which card seat 1 does not hold is theirs to know: its refusal tells them, and only them.
    const created = newGame(secretBid, 3, '11');
    if (!created.ok) throw new Error(created.error);
    const start = created.value.state as Parameters<typeof secretBid.actors>[0];
    const missing = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((c) => !start.hands[1]!.includes(c))!;
    const bad = { ...script, actions: [{ seat: 1, action: { type: 'bid', card: missing } }] };
    const full = JSON.parse((await prosper(['replay', scriptFile('r.json', bad)])).out);
    expect(full.error.message).toBeTruthy();
    for (const viewer of ['0', '2', 'spectator']) {
      const run = await prosper(['replay', scriptFile(`r${viewer}.json`, bad), '--view', viewer]);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.out)).toEqual({ ok: false, applied: 0, error: { index: 0, seat: 1 } });
    }
    const own = JSON.parse((await prosper(['replay', scriptFile('r1.json', bad), '--view', '1'])).out);
    expect(own.error).toEqual(full.error);
  });

  it('starts from a saved state', async () => {
    const created = newGame(secretBid, 2, '5');
    if (!created.ok) throw new Error(created.error);
    const run = await prosper([
      'replay',
      scriptFile('state.json', { game: 'secret-bid', state: created.value.state, actions: [] }),
    ]);
    expect(JSON.parse(run.out).hash).toBe(stateHash(created.value.state));
  });

  it('stops at an illegal action with exit code 2 and the rule it breaks', async () => {
    const bad = {
      ...script,
      actions: [...actions.slice(0, 3), { seat: 0, action: { type: 'bid', card: 42 } }],
    };
    const run = await prosper(['replay', scriptFile('bad.json', bad)]);
    expect(run.code).toBe(2);
    const printed = JSON.parse(run.out);
    expect(printed.ok).toBe(false);
    // The three recorded actions apply; the fourth (a card nobody holds) is refused.
    expect(printed.applied).toBe(3);
    expect(printed.error.index).toBe(3);
    expect(printed.error.rule).toMatch(/^(bid|object)\.[a-z-]+$/);
  });

  it('refuses a malformed script or state with a clear message', async () => {
    const notJson = await prosper(['replay', scriptFile('x.json', '{nope')]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/not JSON/);
    const noPlayers = await prosper(['replay', scriptFile('y.json', { game: 'secret-bid', seed: 1 })]);
    expect(noPlayers.code).toBe(2);
    expect(noPlayers.err).toMatch(/a replay script needs "players" and "seed"/);
    const badState = await prosper([
      'replay',
      scriptFile('z.json', { game: 'secret-bid', state: { hands: 3 } }),
    ]);
    expect(badState.code).toBe(2);
    expect(badState.err).toMatch(/not a valid secret-bid state/);
  });
});

describe('prosper sim', () => {
  it('gives identical results whatever the number of workers', async () => {
    const args = [
      'sim',
      'secret-bid',
      '--players',
      '3',
      '--games',
      '12',
      '--seed',
      '3',
      '--json',
      '--rotate',
    ];
    const inline = JSON.parse((await prosper([...args, '--workers', '0'])).out);
    const one = JSON.parse((await prosper([...args, '--workers', '1'])).out);
    const two = JSON.parse((await prosper([...args, '--workers', '2'])).out);
    const stable = (s: { summary: Record<string, unknown> }) => {
      const { seconds: _s, actionsPerSecond: _a, gamesPerSecond: _g, ...rest } = s.summary;
      return rest;
    };
    expect(one.summary.completed).toBe(12);
    expect(stable(two)).toEqual(stable(one));
    expect(stable(inline)).toEqual(stable(one));
    const shares = one.summary.bySeat.map((s: { winShare: number }) => s.winShare);
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('stops on Ctrl-C, lets the games in play finish and summarises those, exit code 130', async () => {
    let interrupt: (() => void) | undefined;
    const pending = prosper(['sim', 'secret-bid', '--games', '1000000', '--workers', '1', '--json'], '', {
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => (interrupt = undefined);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(interrupt).toBeDefined();
    interrupt!();
    const run = await pending;
    expect(run.code).toBe(130);
    expect(run.err).toMatch(/stopping/);
    const out = JSON.parse(run.out);
    expect(out.stopped).toBe(true);
    expect(out.summary.completed).toBeLessThan(1_000_000);
    // Listening stops with the run: a later Ctrl-C is the shell's again.
    expect(interrupt).toBeUndefined();
  });

  it('refuses more games than one run can count', async () => {
    const run = await prosper(['sim', 'secret-bid', '--games', String(2 ** 30 + 1)]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/--games must be a whole number from 1 to 1073741824/);
  });

  it('prints a readable summary by seat and by bot', async () => {
    const run = await prosper(['sim', 'secret-bid', '--games', '6', '--workers', '1', '--bots', 'random']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/by seat/);
    expect(run.out).toMatch(/by bot/);
    expect(run.out).toMatch(/actions\/s/);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'refuses "%s", a name every object inherits, as an unknown bot',
    async (name) => {
      for (const command of [
        ['sim', 'secret-bid', '--games', '2', '--workers', '0'],
        ['play', 'secret-bid', '--players', '2'],
      ]) {
        const run = await prosper([...command, '--bots', name], 'q\n');
        expect(run.code).toBe(2);
        expect(run.err).toContain(`unknown bot "${name}"`);
      }
    },
  );

  it('refuses an unknown bot before starting', async () => {
    const run = await prosper(['sim', 'secret-bid', '--games', '2', '--bots', 'oracle']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/unknown bot "oracle"/);
  });
});

describe('prosper play', () => {
  it('plays a whole game from typed answers and shows the result', async () => {
    const run = await prosper(['play', 'secret-bid', '--players', '2', '--seed', '4'], '1\n'.repeat(40));
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Your hand:/);
    expect(run.out).toMatch(/ {2}1\. /);
    expect(run.out).toMatch(/Game over\./);
  });

  it('plays the first registered game when none is named (what npm start runs)', async () => {
    const run = await prosper(['play', '--players', '2', '--seed', '1'], 'q\n');
    expect(run.out).toMatch(/^Secret Bid — you are A \(seat 1\), against \w+ · Beginner bot \(B\)\./);
  });

  it('asks again after an answer that is not on the menu, and quits on q', async () => {
    const run = await prosper(['play', 'secret-bid', '--players', '2', '--seed', '4'], 'zebra\n99\nq\n');
    expect(run.out).toMatch(/Please type a number from 1 to \d+/);
    expect(run.out).toMatch(/Game abandoned/);
  });
});

describe('prosper bench', () => {
  it('a time box too short for two games still measures scaling, on two games', async () => {
    const run = await prosper([
      'bench',
      '--seconds',
      '0.01',
      '--scaling-seconds',
      '0.001',
      '--reps',
      '1',
      '--turn-seconds',
      '0.05',
      '--rounds',
      '1',
      '--json',
    ]);
    expect(run.err).toBe('');
    const [scaling] = JSON.parse(run.out).scaling;
    expect(scaling.games).toBe(2);
    expect(scaling.runs.map((r: { workers: number }) => r.workers)).toEqual([1, 2]);
    expect(scaling.runs[0].perWorker).toEqual([2]);
  });

  it('reports throughput beside the calibration figure', async () => {
    const run = await prosper([
      'bench',
      '--seconds',
      '0.05',
      '--scaling-seconds',
      // Long enough for a worker to start and play two games on a busy 2-core machine (0.25 s was not).
      '1',
      '--reps',
      '1',
      '--turn-seconds',
      '0.05',
      '--rounds',
      '2',
      '--json',
    ]);
    expect(run.err).toBe('');
    const printed = JSON.parse(run.out);
    const scaling = printed.scaling[0];
    expect(scaling.game).toBe('secret-bid');
    expect(scaling.runs.map((r: { workers: number }) => r.workers)).toEqual([1, 2]);
    expect(scaling.ratio).toBeCloseTo(scaling.one / scaling.two, 9);
    expect(scaling.repRatios).toEqual([scaling.runs[0].seconds / scaling.runs[1].seconds]);
    // A rate is positive, or null in JSON (NaN) when the run is too short to have a warm window.
    const rateOk = (x: unknown) => x === null || (typeof x === 'number' && x > 0);
    expect(scaling.runs.every((r: { steadyRate: unknown }) => rateOk(r.steadyRate))).toBe(true);
    expect(rateOk(scaling.steadyRatio)).toBe(true);
    // The time-boxed first run is sized by --scaling-seconds, not by --seconds (5 × 0.05 s before).
    expect(scaling.runs[0].seconds).toBeGreaterThanOrEqual(1);
    for (const run of scaling.runs as {
      seconds: number;
      steadyRate: number | null;
      startUp: number | null;
    }[])
      if (run.steadyRate !== null)
        expect(run.startUp).toBeCloseTo(run.seconds - scaling.games / run.steadyRate, 9);
    // One probe of the machine's own two-thread speed-up per back-to-back pair.
    expect(scaling.repCapacities).toHaveLength(scaling.repRatios.length);
    expect(scaling.repCapacities.every((c: number) => c > 0)).toBe(true);
    expect([scaling.startUpOne, scaling.startUpTwo]).toEqual([
      scaling.runs[0].startUp,
      scaling.runs[1].startUp,
    ]);
    const [one, two] = scaling.runs as { perWorker: number[] }[];
    expect(one!.perWorker).toEqual([scaling.games]);
    expect(two!.perWorker.reduce((a, b) => a + b, 0)).toBe(scaling.games);
    expect(scaling.lowestShare).toBeCloseTo(Math.min(...two!.perWorker) / scaling.games, 12);
    // Warm one- and two-worker simulations taking turns: one ratio per measured round.
    const [turns] = printed.interleaved;
    expect(turns).toMatchObject({ game: 'secret-bid', rounds: 2, turnSeconds: 0.05 });
    expect(turns.roundRatios).toHaveLength(2);
    expect(Math.min(turns.oneRate, turns.twoRate)).toBeGreaterThan(0);
    expect(turns.ratio).toBeCloseTo(turns.twoRate / turns.oneRate, 12);
    expect(printed.calibration.actionsPerSecond).toBeGreaterThan(0);
    expect(printed.games[0].game).toBe('secret-bid');
    expect(printed.games[0].ratioToCalibration).toBeGreaterThan(0);
    expect(printed.games[0].ismctsIterationsPerSecond).toBeGreaterThan(0);
  });
});

describe('prosper bench arguments', () => {
  it.each([
    ['--scaling-seconds', '0', /--scaling-seconds must be a number of seconds above 0/],
    ['--seconds', 'soon', /--seconds must be a number of seconds above 0/],
    ['--reps', '0', /--reps must be a whole number of at least 1/],
    ['--turn-seconds', '-1', /--turn-seconds must be a number of seconds above 0/],
    ['--rounds', '0', /--rounds must be a whole number of at least 1/],
  ])('refuses %s %s before measuring anything', async (flag, value, message) => {
    const run = await prosper(['bench', flag, value]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.out).toBe('');
  });
});

describe('the installed command', () => {
  it('runs through bin/prosper.js', () => {
    const out = execFileSync('node', ['bin/prosper.js', '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/Usage: prosper/);
    expect(out).toMatch(/sim/);
  });

  it('simulates on worker threads when node itself was given V8 options', () => {
    // A worker refuses process-wide options (--max-old-space-size, --stack-size, --expose-gc, …) in an
    // explicit execArgv; inherited, they are fine. Handing workers a filtered copy of the parent's
    // options once broke every such run.
    const v8 = ['--max-old-space-size=4096', '--stack-size=2000'];
    const sim = ['sim', 'prosperitea', '--games', '2', '--workers', '1', '--bots', 'random', '--json'];
    const out = execFileSync('node', [...v8, 'bin/prosper.js', ...sim], { encoding: 'utf8' });
    expect(JSON.parse(out).summary.completed).toBe(2);
  });
});

describe('prosper sim reports', () => {
  it('writes a self-contained HTML report with charts and a CSV row per game', async () => {
    const html = join(dir, 'report.html');
    const csv = join(dir, 'games.csv');
    const run = await prosper([
      'sim',
      'secret-bid',
      '--players',
      '3',
      '--games',
      '9',
      '--workers',
      '1',
      '--rotate',
      '--bots',
      'random,random:tag=b',
      '--report',
      html,
      '--csv',
      csv,
    ]);
    expect(run.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).not.toMatch(/<script/);
    for (const title of [
      'Win share by seat',
      'Win share by bot',
      'Score distribution',
      'Game length',
      'points over the game',
    ])
      expect(page).toContain(title);
    expect(page.match(/<svg/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatch(/^game,seed,bot0,score0,rank0/);
    expect(run.out).toMatch(/ratings/);
  });
});
