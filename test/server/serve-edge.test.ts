/**
 * `prosper serve`'s options for the edge: the cap of WebSocket connections per client address, the
 * origins whose pages may open WebSockets, and the proxies whose X-Forwarded-For is believed. The
 * server runs in-process as the command starts it; clients connect over real sockets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { closeAll, openSocket, upgrade } from './edge-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-serve-edge-'));
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

/** Starts `prosper serve` with `args` on a fresh SQLite file; resolves with its WebSocket URL. */
async function serve(name: string, args: string[]) {
  const db = `sqlite:${join(dir, `${name}.db`)}`;
  const server = run(['serve', '--port', '0', '--db', db, '--log-level', 'silent', '--no-web', ...args]);
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!(url = /http:\/\/127\.0\.0\.1:\d+/.exec(server.out.join('\n'))?.[0])) {
    if (Date.now() > deadline) throw new Error(`prosper serve did not start: ${server.err.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ...server, wsUrl: `${url.replace(/^http/, 'ws')}/api/v1/ws` };
}

describe('prosper serve: edge options', () => {
  it('--limit, --origin and --trust-proxy reach the server', async () => {
    const server = await serve('edge', [
      '--limit',
      'connectionsPerAddress=2',
      '--origin',
      'https://play.example',
      '--origin',
      'https://other.example:8443/',
      '--trust-proxy',
      '127.0.0.2, 10.0.0.0/8',
    ]);
    try {
      const mine = [await openSocket(server), await openSocket(server, { origin: 'https://play.example' })];
      const third = await upgrade(server, { origin: 'https://other.example:8443' });
      expect(third.ok ? 'accepted' : third.status).toBe(429);
      const evil = await upgrade(server, { from: '127.0.0.3', origin: 'https://evil.example' });
      expect(evil.ok ? 'accepted' : evil.status).toBe(403);
      // The trusted proxy's clients are told apart by X-Forwarded-For; an untrusted one's are not.
      const forwarded = (ip: string, from: string) => ({ from, headers: { 'x-forwarded-for': ip } });
      const proxied = [
        await openSocket(server, forwarded('203.0.113.1', '127.0.0.2')),
        await openSocket(server, forwarded('203.0.113.2', '127.0.0.2')),
        await openSocket(server, forwarded('203.0.113.3', '127.0.0.2')),
      ];
      const untrusted = [
        await openSocket(server, forwarded('203.0.113.1', '127.0.0.4')),
        await openSocket(server, forwarded('203.0.113.2', '127.0.0.4')),
      ];
      const refused = await upgrade(server, forwarded('203.0.113.3', '127.0.0.4'));
      expect(refused.ok ? 'accepted' : refused.status).toBe(429);
      await closeAll([...mine, ...proxied, ...untrusted]);
    } finally {
      server.interrupt();
      expect(await server.code).toBe(0);
    }
  });

  it('refuses bad values as usage errors', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--limit', 'connectionsPerAddress=0'],
        /--limit connectionsPerAddress must be a whole number of at least 1/,
      ],
      [['--limit', 'connectionsPerAddress=many'], /--limit connectionsPerAddress must be a whole number/],
      [['--limit', 'connections=5'], /--limit takes NAME=N with NAME one of .*connectionsPerAddress/],
      [['--limit', 'toString=5'], /--limit takes NAME=N/],
      [['--limit', 'tablesPerWindow'], /--limit takes NAME=N/],
      [['--trust-proxy', '*'], /--trust-proxy takes addresses.*not "\*"/],
      [['--trust-proxy', 'true'], /--trust-proxy takes addresses/],
      [['--trust-proxy', '10.0.0.0/33'], /not "10\.0\.0\.0\/33"/],
      [['--trust-proxy', ','], /--trust-proxy takes addresses/],
      [['--origin', 'play.example'], /--origin takes an origin such as https:\/\/play\.example/],
      [['--origin', 'ftp://play.example'], /--origin takes an origin/],
    ];
    for (const [args, message] of cases) {
      const bad = run(['serve', '--port', '0', '--db', `sqlite:${join(dir, 'bad.db')}`, ...args]);
      expect(await bad.code, args.join(' ')).toBe(2);
      expect(bad.err.join('\n'), args.join(' ')).toMatch(message);
    }
  });

  it('takes named proxy ranges and IPv6 proxies', async () => {
    const server = await serve('ranges', ['--trust-proxy', 'loopback,uniquelocal,::1,fd00::/8']);
    const ws = await openSocket(server);
    await closeAll([ws]);
    server.interrupt();
    expect(await server.code).toBe(0);
  });
});
