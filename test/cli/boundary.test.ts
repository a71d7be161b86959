import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import { newGame, playMatch } from '../../src/core/index.ts';
import { randomBot } from '../../src/bots/random.ts';
import { MAX_DEPTH, MAX_INPUT_BYTES } from '../../src/cli/boundary.ts';
import { GAMES } from '../../src/games/registry.ts';
import { BidState, secretBid } from '../fixtures/secret-bid.ts';
import { prosper } from './harness.ts';

/**
 * Saved states and scripts from outside: whatever they hold, the answer is one line on stderr saying
 * what is wrong, and exit code 2. Never a stack trace, an out-of-memory crash or a hang.
 */
const dir = mkdtempSync(join(tmpdir(), 'prosper-boundary-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `f${files++}.json`);
  writeFileSync(path, text);
  return path;
}

function expectOneClearError(run: { code: number; out: string; err: string }, message: RegExp) {
  expect(run.code).toBe(2);
  expect(run.out).toBe('');
  expect(run.err).toMatch(/^prosper: /);
  expect(run.err.trimEnd().split('\n')).toHaveLength(1);
  expect(run.err).not.toMatch(/\n\s+at /);
  expect(run.err).toMatch(message);
}

/** `{"e":[1],"up":…}` nested `depth` times: Prospectus's public screen record, as text (no recursion). */
function deepRecord(depth: number): string {
  return '{"e":[1],"up":'.repeat(depth) + 'null' + '}'.repeat(depth);
}

const prospectus = GAMES.find((g) => g.id === 'prospectus')!;

describe('nesting', () => {
  const created = newGame(prospectus, 3, 'deep');
  if (!created.ok) throw new Error(created.error);
  const withRecord = (depth: number) => {
    const state = JSON.stringify({ ...(created.value.state as object), record: null });
    return `{"game":"prospectus","state":${state.replace('"record":null', `"record":${deepRecord(depth)}`)}}`;
  };

  it('a saved Prospectus state with a screen record thousands deep is refused, not a stack overflow', async () => {
    const run = await prosper(['replay', file(withRecord(5000))], '', { games: GAMES });
    expectOneClearError(
      run,
      new RegExp(`nested more than ${MAX_DEPTH} levels deep \\(at state\\.record\\.up`),
    );
  });

  it('a record as long as a real game leaves still loads', async () => {
    const bots = [0, 1, 2].map((seat) => randomBot({ game: prospectus, seat, seed: `boundary:${seat}` }));
    const played = playMatch(prospectus, { players: 3, seed: 'long record', bots });
    let length = 0;
    for (let at = (played.state as { record: { up: unknown } | null }).record; at; at = at.up as never)
      length++;
    expect(length).toBeGreaterThan(50);
    const run = await prosper(
      ['replay', file(JSON.stringify({ game: 'prospectus', state: played.state }))],
      '',
      {
        games: GAMES,
      },
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
  });

  it('a Prospectus state with a pending quantity of 2^31 is one clear error, not an out-of-memory crash', async () => {
    // Walk a game to its first pending transaction, then tamper with its limit.
    const pick = (legal: unknown[], step: number) => legal[(step * 7) % legal.length];
    let state = created.value.state as { tx: { max: number } | null };
    for (let step = 0; !state.tx && step < 500; step++) {
      const seat = prospectus.actors(state)[0]!;
      state = prospectus.applyTrusted(state, seat, pick(prospectus.legalActions(state, seat), step))
        .state as never;
    }
    expect(state.tx).not.toBeNull();
    const tampered = { ...state, tx: { ...state.tx!, max: 2 ** 31 } };
    const run = await prosper(['replay', file(JSON.stringify({ game: 'prospectus', state: tampered }))], '', {
      games: GAMES,
    });
    expectOneClearError(run, /tx\.max/);
  });

  it.each([
    [
      'an action',
      (deep: string) =>
        `{"game":"secret-bid","players":2,"seed":"1","actions":[{"seat":0,"action":${deep}}]}`,
    ],
    ['the options', (deep: string) => `{"game":"secret-bid","players":2,"seed":"1","options":{"x":${deep}}}`],
    ['an unknown key', (deep: string) => `{"game":"secret-bid","players":2,"seed":"1","x":${deep}}`],
    ['the state', (deep: string) => `{"game":"secret-bid","state":${deep}}`],
  ])('a million levels in %s are refused as too deep', async (_where, make) => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expectOneClearError(await prosper(['replay', file(make(deep))]), /nested more than 512 levels deep/);
  });
});

describe('size', () => {
  it('a file above the limit is refused without being read', async () => {
    const path = join(dir, 'huge.json');
    writeFileSync(path, '');
    truncateSync(path, MAX_INPUT_BYTES + 1);
    expectOneClearError(
      await prosper(['replay', path]),
      /huge\.json is 16 MiB, more than the 16 MiB a script may be/,
    );
  });

  it('standard input above the limit is refused as soon as it passes it', async () => {
    const run = await prosper(['replay', '-'], ' '.repeat(MAX_INPUT_BYTES + 1));
    expectOneClearError(run, /standard input is more than the 16 MiB a script may be/);
  });

  it('a directory or a missing file is one clear error', async () => {
    expectOneClearError(await prosper(['replay', dir]), /cannot read .*directory/);
    expectOneClearError(await prosper(['replay', join(dir, 'none.json')]), /cannot read .*none\.json/);
  });
});

describe("a state that passes its shape but not the game's invariants", () => {
  const created = newGame(secretBid, 3, '1');
  if (!created.ok) throw new Error(created.error);
  const start = created.value.state as BidState;
  /** Secret Bid with a state schema that also checks an invariant, as each game's schema now does. */
  const checked = {
    ...secretBid,
    stateSchema: BidState.refine((s) => s.points.length === s.hands.length, {
      message: 'one score per player',
      path: ['points'],
    }),
  } as AnyGame;

  it("the schema's refusal becomes one clear error naming the field", async () => {
    const tampered = { game: 'secret-bid', state: { ...start, points: [0, 0, 0, 0, 0] } };
    const run = await prosper(['replay', file(JSON.stringify(tampered))], '', { games: [checked] });
    expectOneClearError(run, /not a valid secret-bid state: state\.points: one score per player/);
  });

  it('a schema that throws is one clear error', async () => {
    const throwing = {
      ...secretBid,
      stateSchema: BidState.refine(() => {
        throw new RangeError('Invalid array length');
      }),
    } as AnyGame;
    const run = await prosper(['replay', file(JSON.stringify({ game: 'secret-bid', state: start }))], '', {
      games: [throwing],
    });
    expectOneClearError(run, /the saved state could not be checked as a secret-bid state \(RangeError/);
  });

  it('an engine that fails on a saved state is one clear error, which does not repeat the message', async () => {
    const failing = {
      ...secretBid,
      actors: () => {
        throw new TypeError('hand of seat 2 is [4, 7]');
      },
    } as AnyGame;
    const run = await prosper(['replay', file(JSON.stringify({ game: 'secret-bid', state: start }))], '', {
      games: [failing],
    });
    expectOneClearError(run, /the engine failed on the saved state \(TypeError\)/);
    expect(run.err).not.toMatch(/4, 7/);
  });

  it('the same failure on a state the game set up itself is an engine bug, exit code 1', async () => {
    const failing = {
      ...secretBid,
      actors: () => {
        throw new TypeError('boom');
      },
    } as AnyGame;
    const script = { game: 'secret-bid', players: 3, seed: '1' };
    const run = await prosper(['replay', file(JSON.stringify(script))], '', { games: [failing] });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/internal error/);
  });
});
