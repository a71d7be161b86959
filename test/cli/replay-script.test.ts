import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { prosper } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-script-'));
let files = 0;
function scriptFile(content: unknown): string {
  const path = join(dir, `s${files++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const real = { games: GAMES };

describe('the output of prosper new, plus an actions list, is a replay script', () => {
  for (const game of GAMES) {
    it(`for ${game.id}`, async () => {
      const created = await prosper(['new', game.id, '--seed', '5'], '', real);
      expect(created.code).toBe(0);
      const printed = JSON.parse(created.out);
      const seat = game.actors(printed.state)[0]!;
      const action = game.legalActions(printed.state, seat)[0];
      const script = { ...printed, actions: [{ seat, action }] };
      const run = await prosper(['replay', scriptFile(script)], '', real);
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      const replayed = JSON.parse(run.out);
      expect(replayed.applied).toBe(1);
      expect(replayed.hash).toBe(stateHash(game.applyTrusted(printed.state, seat, action).state));
      // As it stands, with an empty list, it replays to itself.
      const empty = JSON.parse(
        (await prosper(['replay', scriptFile({ ...printed, actions: [] })], '', real)).out,
      );
      expect(empty.hash).toBe(printed.hash);
    });
  }
});

describe('a replay script that is wrong says what is wrong and where', () => {
  const setup = { game: 'secret-bid', players: 3, seed: '1' };
  it.each([
    ['an array', [setup], /a replay script is a JSON object/],
    [
      'neither a state nor a setup',
      { game: 'secret-bid', seed: 1 },
      /needs "players" and "seed".*or "state"/,
    ],
    ['no game', { players: 3, seed: '1' }, /game: .*expected string/],
    ['players as text', { ...setup, players: 'three' }, /players: .*expected number, received string/],
    ['a seed that is neither text nor a number', { ...setup, seed: true }, /seed: .*text or a number/],
    ['an unknown key', { ...setup, moves: [] }, /unknown key "moves"/],
    [
      'a step without a seat',
      { ...setup, actions: [{ seat: 0, action: {} }, { action: {} }] },
      /actions\[1\]\.seat: .*expected number/,
    ],
    ['a negative seat', { ...setup, actions: [{ seat: -1, action: {} }] }, /actions\[0\]\.seat: .*>=0/],
    ['options that are not an object', { ...setup, options: 3 }, /options: .*expected record/],
  ])('%s', async (_what, script, message) => {
    const run = await prosper(['replay', scriptFile(script)]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).not.toMatch(/✖ Invalid input\n/);
    expect(run.out).toBe('');
  });

  it('a hash that does not match its state is refused: the state was changed after it was saved', async () => {
    const printed = JSON.parse((await prosper(['new', 'secret-bid', '--seed', '2'])).out);
    printed.state.points[1] = 5;
    const run = await prosper(['replay', scriptFile(printed)]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/"hash" .* does not match the state/);
    delete printed.hash;
    expect((await prosper(['replay', scriptFile(printed)])).code).toBe(0);
  });

  it('a bad saved state names the field', async () => {
    const printed = JSON.parse((await prosper(['new', 'secret-bid', '--seed', '2'])).out);
    delete printed.hash;
    printed.state.points = [0, 'x', 0];
    const run = await prosper(['replay', scriptFile(printed)]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/not a valid secret-bid state: state\.points\[1\]: .*expected number/);
  });
});
