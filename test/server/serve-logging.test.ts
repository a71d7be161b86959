/**
 * `prosper serve`'s log: quiet by default (the lobby polls every 4 seconds, and each poll was two
 * JSON lines), a line per request with `--log-requests`, the level from `--log-level` or
 * `LOG_LEVEL`. The command runs as a child process, since pino writes to the process's own stdout.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/io.ts';
import { logSettings } from '../../src/cli/serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-serve-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = fileURLToPath(new URL('../../bin/prosper.js', import.meta.url));

interface LogLine {
  msg?: string;
  req?: { url?: string };
}

/**
 * Runs `prosper serve` with `args`, makes the requests a lobby page makes (the games, the open
 * tables three times, a table that does not exist), stops it and returns everything it wrote.
 */
async function serveAndPoll(name: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--db', `sqlite:${join(dir, `${name}.db`)}`, '--no-web', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: '', ...env } },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    let url: string | undefined;
    while (!(url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0])) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await (await fetch(`${url}/api/v1/games`)).text();
    for (let i = 0; i < 3; i++) await (await fetch(`${url}/api/v1/tables?status=waiting`)).text();
    expect((await fetch(`${url}/api/v1/tables/aaaaaaaaaa`)).status).toBe(404);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  const lines = out.split('\n').filter((l) => l.trim() !== '');
  const json = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
  return { lines, json, requests: json.filter((l) => l.req?.url !== undefined) };
}

describe('prosper serve: its log', () => {
  it('by default writes its start and stop lines, and no line per request', async () => {
    const { lines, json } = await serveAndPoll('quiet', []);
    expect(lines[0]).toMatch(/^Prosper is serving on http:\/\/127\.0\.0\.1:\d+/);
    expect(lines.at(-1)).toBe('Prosper server stopped.');
    // Not a JSON line at all: no request, and no info line (the server's own start included).
    expect(json).toEqual([]);
  }, 90_000);

  it('--log-requests writes each request coming and answered', async () => {
    const { requests } = await serveAndPoll('requests', ['--log-requests']);
    const urls = requests.filter((l) => l.msg === 'incoming request').map((l) => l.req!.url);
    expect(urls).toEqual([
      '/api/v1/games',
      '/api/v1/tables?status=waiting',
      '/api/v1/tables?status=waiting',
      '/api/v1/tables?status=waiting',
      '/api/v1/tables/aaaaaaaaaa',
    ]);
  }, 90_000);

  it('LOG_LEVEL sets the level, and alone still logs no request', async () => {
    const { json, requests } = await serveAndPoll('env', [], { LOG_LEVEL: 'info' });
    expect(json.some((l) => l.msg?.startsWith('Server listening'))).toBe(true);
    expect(requests).toEqual([]);
  }, 90_000);

  it('refuses a level it does not know, and request lines a level would hide', () => {
    expect(logSettings({}, {})).toEqual({ level: 'warn', logRequests: false });
    expect(logSettings({ logRequests: true }, {})).toEqual({ level: 'info', logRequests: true });
    expect(logSettings({ logLevel: 'debug' }, { LOG_LEVEL: 'error' })).toEqual({
      level: 'debug',
      logRequests: false,
    });
    expect(() => logSettings({}, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL takes one of/);
    expect(() => logSettings({ logLevel: 'warn', logRequests: true }, {})).toThrow(UsageError);
    expect(() => logSettings({ logRequests: true }, { LOG_LEVEL: 'silent' })).toThrow(
      /--log-requests logs at level info: it cannot go with LOG_LEVEL silent/,
    );
  });
});
