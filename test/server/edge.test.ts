/**
 * The server's edge against a real server over real sockets: WebSocket connections per client
 * address, the upgrade's Origin, slow requests (raw `net` sockets trickling bytes), the replay-frames
 * rate limit and answer cache, and the security headers. Tests come from several loopback addresses
 * (127.0.0.1, 127.0.0.2, …: Linux routes all of 127/8 to lo), so the server keys on real socket
 * addresses, as in production.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableInfo } from '../../src/protocol/index.ts';
import { AnswerCache, ReplayFrames } from '../../src/server/replay-frames.ts';
import { GAMES } from '../../src/games/registry.ts';
import { finishedBotMatch } from './bot-match.ts';
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

describe('replay frames: rate limit and answer cache', () => {
  let srv: TestServer;
  let match: TableInfo;
  beforeAll(async () => {
    srv = await startTestServer({ limits: { framesRequests: 5, framesWindowMs: 60_000 } });
    match = await finishedBotMatch(srv.url, 'pocket-imperium');
  }, 120_000);
  afterAll(() => srv.drop());

  it('refuses a flood from one address after the limit with 429 rate_limited; another address is served', async () => {
    const path = (i: number) => `/api/v1/tables/${match.id}/frames?from=${i}&count=10`;
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push(await get(srv.url, path(i), '127.0.0.4'));
    expect(flood.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = flood[5]!;
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited' });
    expect(errorOf(refused).message).toMatch(
      /^replay frames: at most 5 requests per 60 s from one address; retry in /,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    // Another address is served, and the limit is this route's alone.
    expect((await get(srv.url, path(0), '127.0.0.5')).status).toBe(200);
    expect((await get(srv.url, `/api/v1/tables/${match.id}`, '127.0.0.4')).status).toBe(200);
    expect((await get(srv.url, `/api/v1/tables/${match.id}/replay`, '127.0.0.4')).status).toBe(200);
  });

  it('answers a repeated query from the cache with exactly the fresh answer; refusals are not cached', async () => {
    const path = `/api/v1/tables/${match.id}/frames?viewer=1&from=20&count=40`;
    const frames = srv.server.frames;
    const answers = frames.answers;
    const hits = answers.hits;
    const first = await get(srv.url, path, '127.0.0.6');
    const entries = answers.entries;
    const built = frames.built;
    const second = await get(srv.url, path, '127.0.0.6');
    expect(first.status).toBe(200);
    expect(frames.built).toBe(built);
    expect(answers.hits).toBe(hits + 1);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('public, max-age=3600');
    // The same query spelled otherwise is the same answer.
    const respelled = await get(
      srv.url,
      `/api/v1/tables/${match.id}/frames?count=40&from=20&viewer=1&views=1`,
      '127.0.0.6',
    );
    expect(respelled.text).toBe(first.text);
    expect([frames.built, answers.hits]).toEqual([built, hits + 2]);
    // A fresh replay of the match, with no cache at all, gives the same JSON.
    const fresh = new ReplayFrames(srv.server.tables, GAMES, { maxAnswerBytes: 0 });
    expect(first.text).toBe(JSON.stringify(await fresh.frames(match.id, { viewer: 1, from: 20, count: 40 })));
    expect(fresh.answers.entries).toBe(0);

    // A match still being played is refused, and the refusal is not kept.
    const playing = await api(srv.url, '/tables', {
      body: {
        game: 'prosperitea',
        players: 2,
        name: 'A',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        claim: [0, 1],
      },
    });
    const id = (playing.body as { table: TableInfo }).table.id;
    const notYet = await get(srv.url, `/api/v1/tables/${id}/frames`, '127.0.0.6');
    expect([notYet.status, errorOf(notYet).code]).toEqual([409, 'not_finished']);
    expect(answers.entries).toBe(entries);
  });

  it('allows 120 requests a minute per address by default', async () => {
    const plain = await startTestServer();
    try {
      const reply = await get(plain.url, '/api/v1/tables/aaaaaaaaaa/frames');
      expect(reply.status).toBe(404);
      expect(reply.headers['x-ratelimit-limit']).toBe('120');
      expect((await get(plain.url, '/api/v1/games')).headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await plain.drop();
    }
  });
});

describe('the answer cache', () => {
  it('keeps the most recently used answers within its bytes, dropping the least recently used first', () => {
    const cache = new AnswerCache(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'y'.repeat(40));
    expect(cache.get('a')).toBe('x'.repeat(40)); // a is now the most recent
    cache.set('c', 'z'.repeat(40));
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([
      'x'.repeat(40),
      undefined,
      'z'.repeat(40),
    ]);
    expect(cache.bytes).toBe(80);
    cache.set('huge', 'h'.repeat(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(80);
    cache.set('a', 'x'.repeat(10));
    expect([cache.bytes, cache.entries]).toEqual([50, 2]);
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
