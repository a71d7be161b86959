import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { prosper } from './harness.ts';

/**
 * A seed is a key to every hand: whoever knows it can recompute the deal. So a seed the CLI picks
 * comes from the operating system's random source (128 bits), and `play` shows it only once the
 * game is over. The random source is replaced here by a recorder, so the tests see which bytes made
 * the seed and that the clock plays no part.
 */
const drawn: Buffer[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const randomBytes = (size: number) => {
    const bytes = real.randomBytes(size);
    drawn.push(bytes);
    return bytes;
  };
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});

const lastSeed = () => drawn.at(-1)!.toString('hex');

describe('seeds the CLI picks itself', () => {
  it('play draws 128 random bits and shows them only after the game is over', async () => {
    drawn.length = 0;
    const run = await prosper(['play', 'secret-bid', '--players', '2'], '1\n'.repeat(40));
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.length).toBeGreaterThanOrEqual(16);
    const seed = lastSeed();
    const over = run.out.indexOf('Game over.');
    expect(over).toBeGreaterThan(0);
    expect(run.out.indexOf(seed)).toBeGreaterThan(over);
    // The seed replays the same game.
    const again = await prosper(['play', 'secret-bid', '--players', '2', '--seed', seed], '1\n'.repeat(40));
    expect(again.out).toBe(run.out);
  });

  it('play shows the seed of an abandoned game once it is abandoned, not before', async () => {
    drawn.length = 0;
    const run = await prosper(['play', 'secret-bid', '--players', '2'], 'v\nq\n');
    const seed = lastSeed();
    expect(run.out.indexOf(seed)).toBeGreaterThan(run.out.indexOf('Game abandoned'));
  });

  it('new and sim draw theirs the same way and print them with their output', async () => {
    drawn.length = 0;
    const created = JSON.parse((await prosper(['new', 'secret-bid'])).out);
    expect(created.seed).toBe(lastSeed());
    expect(created.seed).toMatch(/^[0-9a-f]{32}$/);
    const sim = JSON.parse(
      (await prosper(['sim', 'secret-bid', '--games', '2', '--workers', '0', '--json'])).out,
    );
    expect(sim.config.seed).toBe(lastSeed());
    expect(drawn).toHaveLength(2);
  });

  it('a seed given on the command line is used as it is', async () => {
    drawn.length = 0;
    const created = JSON.parse((await prosper(['new', 'secret-bid', '--seed', 'abc'])).out);
    expect(created.seed).toBe('abc');
    expect(drawn).toHaveLength(0);
  });
});
