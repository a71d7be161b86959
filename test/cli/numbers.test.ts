import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prosper } from './harness.ts';

/**
 * Every number on the command line is read as plain decimal digits: `Number()` would take `1e1` as
 * 10, `0x10` as 16 and ` 5` as 5, so a typo could silently run ten times the games asked for.
 */
const NOT_WHOLE = ['1e1', '10abc', '-1', '0x10', '1.5', ' 5', '+3', '', 'Infinity', '99999999999999999999'];
const NOT_SECONDS = ['1e1', '10abc', '-1', '0x10', '.', '', 'Infinity', '1,5', '0'];

// Each command is kept short in case a value slips through (the flag under test comes last and wins).
const sim = ['sim', 'secret-bid', '--games', '1', '--workers', '0'];
const bench = ['bench', 'secret-bid', '--seconds', '0.01', '--no-scaling'];
const counts: [command: string[], flag: string][] = [
  [['new', 'secret-bid'], '--players'],
  [['play', 'secret-bid'], '--players'],
  [['play', 'secret-bid'], '--seat'],
  [sim, '--players'],
  [sim, '--games'],
  [sim, '--workers'],
  [bench, '--players'],
  [bench, '--reps'],
  [bench, '--rounds'],
];
const durations: [command: string[], flag: string][] = [
  [bench, '--seconds'],
  [bench, '--scaling-seconds'],
  [bench, '--turn-seconds'],
];

describe('numbers on the command line', () => {
  for (const [command, flag] of counts) {
    it.each(NOT_WHOLE)(`${command[0]} ${flag} refuses "%s" before doing anything`, async (value) => {
      const run = await prosper([...command, flag, value]);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(new RegExp(`^prosper: ${flag} must be a whole number`));
      expect(run.err).toContain(JSON.stringify(value));
      expect(run.out).toBe('');
    });
  }

  for (const [command, flag] of durations) {
    it.each(NOT_SECONDS)(`${command[0]} ${flag} refuses "%s" before measuring`, async (value) => {
      const run = await prosper([...command, flag, value]);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(new RegExp(`^prosper: ${flag} must be a number of seconds above 0`));
      expect(run.out).toBe('');
    });
  }

  it('still takes plain digits and decimal seconds', async () => {
    const run = await prosper(['new', 'secret-bid', '--players', '3', '--seed', '1']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out).players).toBe(3);
    const sim = await prosper(['sim', 'secret-bid', '--games', '010', '--workers', '0', '--json']);
    expect(JSON.parse(sim.out).summary.games).toBe(10);
  });

  it('reads a --view seat and a menu answer the same strict way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prosper-numbers-'));
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ game: 'secret-bid', players: 3, seed: '1', actions: [] }));
    for (const seat of ['1e0', '0x1', '1.0', ' 1']) {
      const run = await prosper(['replay', script, '--view', seat]);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(/--view takes a seat from 0 to 2 or "spectator"/);
    }
    const play = await prosper(['play', 'secret-bid', '--players', '2', '--seed', '4'], '1e0\n0x1\nq\n');
    expect(play.out.match(/Please type a number from 1 to \d+/g)).toHaveLength(2);
  });

  it('reads a game option that looks like a number only when it is plain decimal', async () => {
    const run = await prosper(['new', 'secret-bid', '--option', 'handSize=2e0']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/handSize/);
    const ok = await prosper(['new', 'secret-bid', '--option', 'handSize=2']);
    expect(JSON.parse(ok.out).options).toEqual({ handSize: 2 });
  });
});
