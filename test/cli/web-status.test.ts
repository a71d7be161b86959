/** How `npm start` tells whether the built web client is older than its sources (bin/launch.js). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { webStatus } from '../../bin/launch.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A checkout whose client was built at `builtAt` (ms) from two sources saved at `savedAt`. */
function checkout({ builtAt = 2_000_000, savedAt = 1_000_000, record = true, index = true } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'prosper-webstatus-'));
  dirs.push(root);
  const inputs = ['src/web/main.tsx', 'src/web/styles.css'];
  mkdirSync(join(root, 'src/web'), { recursive: true });
  for (const input of inputs) {
    writeFileSync(join(root, input), '');
    utimesSync(join(root, input), savedAt / 1000, savedAt / 1000);
  }
  mkdirSync(join(root, 'dist/web'), { recursive: true });
  if (index) writeFileSync(join(root, 'dist/web/index.html'), '<!doctype html>');
  if (record)
    writeFileSync(join(root, 'dist/web/.build.json'), JSON.stringify({ startedAt: builtAt, inputs }));
  return { root, url: pathToFileURL(`${root}/`) };
}

describe('whether the web client needs building', () => {
  it('not when it was built after every source it holds was saved', () => {
    expect(webStatus(checkout().url)).toEqual({ fresh: true });
  });

  it('yes when a source was saved after the build started', () => {
    const { root, url } = checkout();
    utimesSync(join(root, 'src/web/styles.css'), 2_000, 2_000);
    expect(webStatus(url)).toEqual({ fresh: false, reason: 'src/web/styles.css changed since the build' });
  });

  it('yes when a source is gone, when it was never built, or its page is missing', () => {
    const gone = checkout();
    rmSync(join(gone.root, 'src/web/main.tsx'));
    expect(webStatus(gone.url)).toEqual({ fresh: false, reason: 'src/web/main.tsx is gone since the build' });
    expect(webStatus(checkout({ record: false }).url)).toEqual({
      fresh: false,
      reason: 'the web client has not been built',
    });
    expect(webStatus(checkout({ index: false }).url)).toEqual({
      fresh: false,
      reason: 'dist/web/index.html is missing',
    });
  });
});
