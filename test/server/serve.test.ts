import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { installedCopy } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let interrupt: (() => void) | undefined;
  const code = main(argv, {
    io: { out: (t) => out.push(t), err: (t) => err.push(t), input: process.stdin, interactive: false },
    onInterrupt: (handler) => {
      interrupt = handler;
      return () => (interrupt = undefined);
    },
  });
  return { code, out, err, interrupt: () => interrupt?.() };
}

describe('prosper serve', () => {
  it('serves on the given port with a SQLite file (its directory created), prints the URL, and stops on Ctrl-C', async () => {
    const db = join(dir, 'nested', 'prosper.db');
    const serve = run(['serve', '--port', '0', '--db', `sqlite:${db}`, '--log-level', 'silent']);
    const deadline = Date.now() + 30_000;
    while (!serve.out.some((l) => l.includes('http://')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(serve.out.join('\n'))?.[0];
    expect(url).toBeDefined();
    expect(serve.out[0]).toContain(`database sqlite:${db}`);
    expect(existsSync(db)).toBe(true);
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toMatchObject({
      ok: true,
      version: 1,
      storage: { kind: 'sqlite', status: 'ok' },
    });
    serve.interrupt();
    expect(await serve.code).toBe(0);
    expect(serve.out.at(-1)).toBe('Prosper server stopped.');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('refuses a database URL it does not know, and a bad port, as usage errors', async () => {
    const bad = run(['serve', '--db', 'mysql://localhost/x']);
    expect(await bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/sqlite:PATH or postgres/);
    const port = run(['serve', '--port', '70000']);
    expect(await port.code).toBe(2);
    expect(port.err.join('\n')).toMatch(/--port/);
  });

  it('reads the database from PROSPER_DB when --db is not given', async () => {
    const db = join(dir, 'from-env.db');
    process.env['PROSPER_DB'] = `sqlite:${db}`;
    try {
      const serve = run(['serve', '--port', '0', '--log-level', 'silent']);
      const deadline = Date.now() + 30_000;
      while (!serve.out.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(serve.out[0]).toContain(`database sqlite:${db}`);
      serve.interrupt();
      expect(await serve.code).toBe(0);
      expect(existsSync(db)).toBe(true);
    } finally {
      delete process.env['PROSPER_DB'];
    }
  });
});

describe('prosper serve from the build', () => {
  it('runs from dist/ with the built bot worker: a bots-only match plays to the end', async () => {
    const bin = installedCopy(join(dir, 'installed'));
    const child = spawn(
      'node',
      [bin, 'serve', '--port', '0', '--db', `sqlite:${join(dir, 'built.db')}`, '--log-level', 'warn'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      while (!/http:\/\/\S+:\d+/.test(output) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)![0];
      const created = await fetch(`${url}/api/v1/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'prosperitea',
          players: 2,
          name: 'Ann',
          seats: [
            { kind: 'bot', bot: 'heuristic' },
            { kind: 'bot', bot: 'ismcts', ms: 10 },
          ],
        }),
      });
      const { table } = (await created.json()) as { table: { id: string } };
      let status = '';
      for (let i = 0; i < 600 && status !== 'finished'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (
          (await (await fetch(`${url}/api/v1/tables/${table.id}`)).json()) as { table: { status: string } }
        ).table.status;
      }
      expect(status).toBe('finished');
      // No bot fell back to random play: every decision came from the built worker.
      expect(output).not.toMatch(/bot failed/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
