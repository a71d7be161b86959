/**
 * The server's edge against a real server over real sockets: WebSocket connections per client
 * address, the upgrade's Origin, slow requests (raw `net` sockets trickling bytes), and the security
 * headers. Tests come from several loopback addresses (127.0.0.1, 127.0.0.2, …: Linux routes all of
 * 127/8 to lo), so the server keys on real socket addresses, as in production.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, errorOf, get, openSocket, pingPong, upgrade } from './edge-client.ts';
import { api, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

const WS_PATH = '/api/v1/ws';

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('WebSocket connections per client address', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ limits: { connectionsPerAddress: 4 } });
  });
  afterAll(() => srv.drop());

  it('refuses the upgrade past the cap with 429 rate_limited naming it; other addresses are not affected', async () => {
    const mine = await Promise.all([1, 2, 3, 4].map(() => openSocket(srv)));
    const refused = await upgrade(srv);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: 'at most 4 WebSocket connections per client address; close one first',
    });
    // Another address has slots of its own, and the connections held go on being served.
    const theirs = await openSocket(srv, { from: '127.0.0.2' });
    expect(await pingPong(theirs)).toEqual({ type: 'pong', id: 'alive' });
    expect(await pingPong(mine[0]!)).toEqual({ type: 'pong', id: 'alive' });
    expect(srv.server.webSockets.held('127.0.0.1')).toBe(4);
    await closeAll([...mine, theirs]);
  });

  it('gives a slot back when a connection closes, or when an upgrade fails its handshake', async () => {
    await until(() => srv.server.webSockets.held('127.0.0.1') === 0, 'earlier sockets are released');
    const sockets = await Promise.all([1, 2, 3, 4].map(() => openSocket(srv)));
    expect((await upgrade(srv)).ok).toBe(false);
    await closeAll([sockets[0]!]);
    await until(() => srv.server.webSockets.held('127.0.0.1') === 3, 'the closed socket is released');
    sockets[0] = await openSocket(srv);

    // A client dropping its TCP connection (no close handshake) frees its slot too.
    sockets[1]!.terminate();
    await until(() => srv.server.webSockets.held('127.0.0.1') === 3, 'the dropped socket is released');

    // Upgrades ws refuses after the gate (a bad Sec-WebSocket-Version) hold no slot afterwards.
    const port = new URL(srv.url).port;
    for (let i = 0; i < 5; i++) {
      const answer = await rawExchange(
        Number(port),
        `GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 99\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    await until(() => srv.server.webSockets.held('127.0.0.1') === 3, 'failed handshakes are released');
    sockets[1] = await openSocket(srv);
    expect((await upgrade(srv)).ok).toBe(false);
    await closeAll(sockets);
  });

  it('allows 64 per address by default', async () => {
    const plain = await startTestServer();
    try {
      const sockets = await Promise.all(Array.from({ length: 64 }, () => openSocket(plain)));
      const refused = await upgrade(plain);
      expect(refused.ok ? 'accepted' : refused.status).toBe(429);
      await closeAll(sockets);
    } finally {
      await plain.drop();
    }
  });

  it('keys on the socket address: X-Forwarded-For is ignored unless the proxy is trusted', async () => {
    const spoofed = await Promise.all(
      [1, 2, 3, 4].map((i) => openSocket(srv, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })),
    );
    expect((await upgrade(srv, { headers: { 'x-forwarded-for': '203.0.113.99' } })).ok).toBe(false);
    await closeAll(spoofed);

    // Behind a trusted proxy (here: loopback), each forwarded client has slots of its own.
    const proxied = await startTestServer({
      limits: { connectionsPerAddress: 2 },
      trustProxy: ['127.0.0.1'],
    });
    try {
      const client = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      const a = await Promise.all([1, 2].map(() => openSocket(proxied, client('203.0.113.7'))));
      const b = await Promise.all([1, 2].map(() => openSocket(proxied, client('203.0.113.8'))));
      expect((await upgrade(proxied, client('203.0.113.7'))).ok).toBe(false);
      expect(proxied.server.webSockets.held('203.0.113.8')).toBe(2);
      // An address the proxy list does not name is not believed when it forwards.
      const direct = await Promise.all(
        [1, 2].map((i) => openSocket(proxied, { from: '127.0.0.3', ...client(`198.51.100.${i}`) })),
      );
      expect((await upgrade(proxied, { from: '127.0.0.3', ...client('198.51.100.3') })).ok).toBe(false);
      await closeAll([...a, ...b, ...direct]);
    } finally {
      await proxied.drop();
    }
  });
});

describe('the WebSocket upgrade’s Origin', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ origins: ['https://play.example'] });
  });
  afterAll(() => srv.drop());

  it('refuses a page of another site with 403, and lets the site’s own pages and non-browser clients in', async () => {
    const own = new URL(srv.url).origin;
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:1', 'https://play.example.evil']) {
      const refused = await upgrade(srv, { origin });
      expect(refused.ok, origin).toBe(false);
      if (refused.ok) continue;
      expect(refused.status, origin).toBe(403);
      expect(errorOf(refused).code).toBe('bad_request');
      expect(errorOf(refused).message).toMatch(/pages of this site only/);
    }
    // No slot is held by a refused upgrade.
    expect(srv.server.webSockets.held('127.0.0.1')).toBe(0);
    const allowed = [
      await openSocket(srv, { origin: own }),
      await openSocket(srv),
      await openSocket(srv, { origin: 'https://play.example' }),
      // A proxy in front keeps the Host the browser asked for: its origin is the site's.
      await openSocket(srv, { origin: 'https://prosper.example', headers: { host: 'prosper.example' } }),
    ];
    for (const ws of allowed) expect(await pingPong(ws)).toEqual({ type: 'pong', id: 'alive' });
    await closeAll(allowed);
  });
});

/** Writes `text` on a raw connection and resolves with everything read until the server closes it. */
function rawExchange(port: number, text: string): Promise<string> {
  return trickle(port, [text], 0).then((r) => r.answer);
}

/**
 * Sends `chunks` one every `everyMs` on a raw TCP connection; resolves when the server closes it,
 * with what it answered and how many chunks had gone out.
 */
function trickle(
  port: number,
  chunks: readonly string[],
  everyMs: number,
): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < chunks.length && socket.writable) socket.write(chunks[sent++]!);
    }, everyMs);
    socket.on('connect', () => {
      if (everyMs === 0) while (sent < chunks.length) socket.write(chunks[sent++]!);
    });
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

describe('slow requests', () => {
  let srv: TestServer;
  let port: number;
  beforeAll(async () => {
    srv = await startTestServer({
      limits: { headersTimeoutMs: 500, requestTimeoutMs: 1_000, idleTimeoutMs: 1_500 },
    });
    port = Number(new URL(srv.url).port);
  });
  afterAll(() => srv.drop());

  const body = JSON.stringify({ game: 'prosperitea', players: 2, name: 'Slow', seats: [{ kind: 'human' }] });
  const head = (length: number) =>
    `POST /api/v1/tables HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('cuts a body sent one byte at a time, headers that trickle in, and a silent connection, and still answers others', async () => {
    // Each would take 10 s or more to finish at 50 ms a byte; the server cuts them long before.
    const slowBody = trickle(port, [head(body.length), ...body], 50);
    const slowHeaders = trickle(port, [...head(body.length)], 50);
    const upgradeHead =
      `GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';
    const slowUpgrade = trickle(port, [...upgradeHead], 50);
    const silent = trickle(port, [], 50);
    const [b, h, u, s] = await Promise.all([slowBody, slowHeaders, slowUpgrade, silent]);
    expect(b.sent).toBeLessThan(body.length + 1);
    expect(h.sent).toBeLessThan(head(body.length).length);
    expect(u.sent).toBeLessThan(upgradeHead.length);
    for (const cut of [b, h, u, s]) expect(cut.answer).toMatch(/^(HTTP\/1\.1 408 Request Timeout|$)/);
    // Nothing was created, and the server answers everyone else.
    expect((await api(srv.url, '/tables?status=waiting')).body).toEqual({ tables: [] });
    expect((await get(srv.url, '/healthz')).status).toBe(200);
    expect(srv.server.webSockets.held('127.0.0.1')).toBe(0);
  });

  it('leaves an established WebSocket alone past every timeout', async () => {
    const ws = await openSocket(srv);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await pingPong(ws)).toEqual({ type: 'pong', id: 'alive' });
    await closeAll([ws]);
  });

  it('sets the timeouts on the HTTP server by default', async () => {
    const plain = await startTestServer();
    try {
      const server = plain.server.app.server;
      expect({
        headers: server.headersTimeout,
        request: server.requestTimeout,
        idle: server.timeout,
        keepAlive: server.keepAliveTimeout,
      }).toEqual({ headers: 10_000, request: 30_000, idle: 90_000, keepAlive: 72_000 });
    } finally {
      await plain.drop();
    }
  });
});

describe('security headers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prosper-edge-'));
  let srv: TestServer;
  beforeAll(async () => {
    const web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Prosper</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log("app");');
    srv = await startTestServer({ webRoot: web });
  });
  afterAll(async () => {
    await srv.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are on the page, the API, the assets and the errors', async () => {
    const port = new URL(srv.url).port;
    const paths = [
      '/',
      '/table/abcdefghij',
      '/assets/index-abc123.js',
      '/assets/missing.js',
      '/api/v1/games',
      '/api/v1/tables/aaaaaaaaaa',
      '/api/v1/nowhere',
      '/healthz',
    ];
    for (const path of paths) {
      const { headers, status } = await get(srv.url, path);
      expect(status, path).toBeLessThan(500);
      expect(headers['content-security-policy'], path).toBe(
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self' data:;" +
          `font-src 'self';connect-src 'self' ws://127.0.0.1:${port} wss://127.0.0.1:${port};object-src 'none';` +
          "base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('name no WebSocket source for a Host that is not a plain host', async () => {
    const { headers } = await get(srv.url, '/', '127.0.0.1', { host: 'a b;script-src *' });
    expect(headers['content-security-policy']).toContain("connect-src 'self' ;");
  });
});
