import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

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
    expect(await health.json()).toEqual({ ok: true, version: 1 });
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
