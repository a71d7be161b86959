/**
 * `prosper play` names players as the site does (issue 25): the player is "you", each bot goes by
 * its name and letter ("Basil (A)"), introduced with its level; no "Seat N" and no "seat 2 (you)".
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { botNamesFor } from '../../src/bots/names.ts';
import { main } from '../../src/cli/main.ts';

/** Plays a whole game answering the first choice (and yes to every question); returns the output. */
async function playThrough(args: string[]): Promise<string> {
  const input = new PassThrough();
  let out = '';
  const code = await main(['play', ...args], {
    io: {
      out: (text) => {
        out += text.endsWith('> ') ? text : `${text}\n`;
        if (text.endsWith('> ')) setImmediate(() => input.write(/\(y\/n\)\n> $/.test(out) ? 'y\n' : '1\n'));
      },
      err: () => {},
      input,
      interactive: false,
    },
  });
  expect(code).toBe(0);
  return out;
}

describe('prosper play names the players', () => {
  it(
    'you, and bots by name and letter with their level, from the first line to the result',
    { timeout: 60_000 },
    async () => {
      const out = await playThrough([
        'pocket-imperium',
        '--players',
        '3',
        '--seat',
        '2',
        '--bots',
        'heuristic,random',
        '--seed',
        'names',
      ]);
      const [a, , c] = botNamesFor('play:pocket-imperium', 3);
      expect(a).not.toBe(c);
      expect(out.split('\n')[0]).toBe(
        `Pocket Imperium — you are B (seat 2), against ${a} · Casual bot (A) and ${c} · Beginner bot (C). ` +
          'Type a number, "v" to see the table again, "q" to quit.',
      );
      expect(out).not.toMatch(/\bSeat \d|\bPlayers? [A-C]\b|\(you\)/);
      // The log: the bots' moves by name, the player's own as "You".
      expect(out).toContain(`  · ${a} (A) places 2 ships on #`);
      expect(out).toMatch(/ {2}· You place 2 ships on #/);
      expect(out).toMatch(new RegExp(`^ {2}· ${c} \\(C\\) `, 'm'));
      // The table's rows and the result.
      expect(out).toMatch(/^You \(B\) /m);
      const result = out.slice(out.lastIndexOf('Game over.'));
      expect(result).toMatch(new RegExp(`^ {2}[★ ] ${a} \\(A\\): \\d+ — place \\d$`, 'm'));
      expect(result).toMatch(/^ {2}[★ ] You \(B\): \d+ — place \d$/m);
      expect(result).toMatch(new RegExp(`^ {2}[★ ] ${c} \\(C\\): \\d+ — place \\d$`, 'm'));
    },
  );
});
