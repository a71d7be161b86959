import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleStatus, chooseLaunch } from '../../bin/launch.js';
import { prosper } from './harness.ts';
import { GAMES } from '../../src/games/registry.ts';

const repo = new URL('../../', import.meta.url);

describe('the build', () => {
  // An installed copy with no sources: bin/ and the build's dist/ only. Nothing there can compile
  // TypeScript or bundle a registry (no src/, no node_modules/ with tsx or esbuild), so whatever
  // runs, on the main thread or in a simulation worker, is the built code.
  const copy = mkdtempSync(join(tmpdir(), 'prosper-installed-'));
  const node = (args: string[]) =>
    execFileSync('node', [join(copy, 'bin/prosper.js'), ...args], { encoding: 'utf8' });

  beforeAll(() => {
    execFileSync('node', ['scripts/build.mjs', '--outdir', join(copy, 'dist')], { cwd: repo });
    mkdirSync(join(copy, 'bin'));
    for (const file of ['prosper.js', 'launch.js'])
      cpSync(new URL(`bin/${file}`, repo), join(copy, 'bin', file));
  });

  it('runs prosper new from the bundle alone', async () => {
    const built = JSON.parse(node(['new', 'prospectus', '--seed', '3']));
    const source = JSON.parse(
      (await prosper(['new', 'prospectus', '--seed', '3'], '', { games: GAMES })).out,
    );
    expect(built).toEqual(source);
  });

  it('simulates on worker threads that run the built worker', () => {
    const out = node([
      'sim',
      'prosperitea',
      '--games',
      '3',
      '--workers',
      '2',
      '--bots',
      'random',
      '--seed',
      '1',
      '--json',
    ]);
    expect(JSON.parse(out).summary.completed).toBe(3);
  });

  it('lists the sources that went into each entry', () => {
    const manifest = JSON.parse(readFileSync(join(copy, 'dist/manifest.json'), 'utf8'));
    expect(manifest.entries.prosper.file).toBe('prosper.mjs');
    expect(manifest.entries.prosper.inputs).toContain('src/cli/main.ts');
    expect(manifest.entries['sim-worker'].file).toBe('sim-worker.cjs');
    expect(manifest.entries['sim-worker'].inputs).toContain('src/sim/worker.ts');
    expect(manifest.entries['sim-worker'].inputs).toContain('src/games/registry.ts');
    expect(manifest.entries.prosper.inputs.every((f: string) => f.startsWith('src/'))).toBe(true);
  });
});

describe('which code bin/prosper.js runs', () => {
  /** A fake checkout: two sources, a build that started at `builtAt` (ms), sources saved at `savedAt`. */
  function checkout({ sources = true, built = true, builtAt = 2_000_000, savedAt = 1_000_000 } = {}) {
    const root = mkdtempSync(join(tmpdir(), 'prosper-launch-'));
    const inputs = ['src/cli/main.ts', 'src/sim/worker.ts'];
    if (sources) {
      for (const input of inputs) {
        mkdirSync(join(root, input, '..'), { recursive: true });
        writeFileSync(join(root, input), '');
        utimesSync(join(root, input), savedAt / 1000, savedAt / 1000);
      }
    }
    if (built) {
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'dist/prosper.mjs'), '');
      writeFileSync(join(root, 'dist/sim-worker.cjs'), '');
      writeFileSync(join(root, 'dist/bot-worker.cjs'), '');
      writeFileSync(join(root, 'dist/sqlite-worker.cjs'), '');
      const entries = {
        prosper: { file: 'prosper.mjs', inputs: [inputs[0]] },
        'sim-worker': { file: 'sim-worker.cjs', inputs },
        'bot-worker': { file: 'bot-worker.cjs', inputs },
        'sqlite-worker': { file: 'sqlite-worker.cjs', inputs: [] },
      };
      writeFileSync(join(root, 'dist/manifest.json'), JSON.stringify({ startedAt: builtAt, entries }));
    }
    return { root, url: pathToFileURL(`${root}/`) };
  }

  it('the bundle, when it was built after every source it holds was saved', () => {
    expect(chooseLaunch(checkout().url)).toEqual({ use: 'bundle' });
  });

  it('the sources, in a development checkout that was never built', () => {
    expect(chooseLaunch(checkout({ built: false }).url)).toEqual({
      use: 'source',
      reason: 'dist/ has not been built',
    });
  });

  it('the sources, when one was saved after the build started', () => {
    const { root, url } = checkout();
    utimesSync(join(root, 'src/sim/worker.ts'), 2_000, 2_000);
    expect(chooseLaunch(url)).toEqual({ use: 'source', reason: 'src/sim/worker.ts changed since the build' });
  });

  it('the sources, when one the bundle holds is gone, or a bundle file is', () => {
    const gone = checkout();
    rmSync(join(gone.root, 'src/cli/main.ts'));
    writeFileSync(join(gone.root, 'src/cli/other.ts'), '');
    expect(bundleStatus(gone.url)).toEqual({
      fresh: false,
      reason: 'src/cli/main.ts is gone since the build',
    });
    const partial = checkout();
    rmSync(join(partial.root, 'dist/sim-worker.cjs'));
    expect(chooseLaunch(partial.url)).toEqual({ use: 'source', reason: 'dist/sim-worker.cjs is missing' });
  });

  it('the bundle in an installed copy without sources, and nothing without either', () => {
    expect(chooseLaunch(checkout({ sources: false }).url)).toEqual({ use: 'bundle' });
    expect(chooseLaunch(checkout({ sources: false, built: false }).url)).toEqual({
      use: 'none',
      reason: 'dist/ has not been built',
    });
  });
});
