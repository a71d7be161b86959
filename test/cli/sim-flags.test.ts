import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_WORKERS_PER_CORE } from '../../src/sim/pool.ts';
import { prosper } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-sim-flags-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
const aDir = join(dir, 'a-dir');
mkdirSync(aDir);

/** Runs a sim and records whether it got as far as starting (it listens for Ctrl-C from then on). */
async function sim(args: string[]) {
  let started = false;
  const run = await prosper(['sim', 'secret-bid', '--workers', '0', ...args], '', {
    onInterrupt: () => {
      started = true;
      return () => {};
    },
  });
  return { ...run, started };
}

describe('prosper sim output files', () => {
  it.each([
    ['--csv', join(dir, 'missing', 'games.csv'), /--csv: the directory .*missing does not exist/],
    ['--report', join(dir, 'missing', 'report.html'), /--report: the directory .*missing does not exist/],
    ['--csv', join(aFile, 'games.csv'), /--csv: .*a-file is not a directory/],
    ['--report', aDir, /--report: .*a-dir is a directory/],
  ])('checks %s %s before playing any game', async (flag, path, message) => {
    const run = await sim(['--games', '1000000', flag, path]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.started).toBe(false);
    expect(run.out).toBe('');
  });

  it('refuses one file for both the CSV and the report', async () => {
    const path = join(dir, 'both');
    const run = await sim(['--games', '2', '--csv', path, '--report', path]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/--csv and --report name the same file/);
    expect(run.started).toBe(false);
  });

  it('writes the CSV when its directory is fine', async () => {
    const path = join(dir, 'ok.csv');
    const run = await sim(['--games', '2', '--csv', path]);
    expect(run.code).toBe(0);
    expect(run.started).toBe(true);
    expect(existsSync(path)).toBe(true);
  });
});

describe('prosper sim --workers', () => {
  const cores = availableParallelism();

  it(`warns above the core count and caps at ${MAX_WORKERS_PER_CORE} per core`, async () => {
    const cap = MAX_WORKERS_PER_CORE * cores;
    const run = await prosper([
      'sim',
      'secret-bid',
      '--games',
      String(cap + 5),
      '--workers',
      '1000',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(run.err).toContain(`--workers 1000 is more than the ${cores} cores`);
    expect(run.err).toContain(`using ${cap} workers`);
    expect(JSON.parse(run.out).config.workers).toBe(cap);
  });

  it('warns but keeps a count between the cores and the cap', async () => {
    const run = await prosper([
      'sim',
      'secret-bid',
      '--games',
      '4',
      '--workers',
      String(cores + 1),
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(run.err).toContain(`--workers ${cores + 1} is more than the ${cores} cores`);
    expect(run.err).not.toContain('using');
    expect(JSON.parse(run.out).config.workers).toBe(cores + 1);
  });

  it('says nothing at or below the core count', async () => {
    const run = await prosper(['sim', 'secret-bid', '--games', '2', '--workers', String(cores), '--json']);
    expect(run.err).toBe('');
  });
});
