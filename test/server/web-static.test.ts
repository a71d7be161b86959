/**
 * The server serving a web client: files from its directory, index.html for any other page the
 * client routes itself, and JSON errors for the API as before. A small stand-in client (two files)
 * keeps this fast; test/web/live-*.test.ts serve the real build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { buildServer } from '../../src/server/app.ts';
import type { ProsperServer } from '../../src/server/app.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-web-static-'));
const web = join(dir, 'web');
const INDEX = '<!doctype html><title>Prosper</title><div id="root"></div>';
const ASSET = 'console.log("app");';
let server: ProsperServer;

beforeAll(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'index-abc123.js'), ASSET);
  server = await buildServer({
    db: { kind: 'sqlite', path: join(dir, 'db.sqlite') },
    logger: false,
    botWorkers: 1,
    webRoot: web,
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('serving the web client', () => {
  it('serves index.html at / and for any page the client routes, to be checked again on each load', async () => {
    for (const url of ['/', '/table/abcdefghij', '/replay/abcdefghij?step=3&seat=1', '/rules/prospectus']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves built assets as immutable, and a missing asset is a 404, not the page', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('keeps the API as it was: JSON answers, and JSON not_found for an unknown API route', async () => {
    const games = await get('/api/v1/games');
    expect(games.statusCode).toBe(200);
    expect(games.json().games.length).toBeGreaterThan(0);
    const unknown = await get('/api/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such route' } });
    const post = await server.app.inject({ method: 'POST', url: '/table/abcdefghij' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  it('does not serve files outside its directory', async () => {
    writeFileSync(join(dir, 'secret.txt'), 'not for the web');
    const res = await get('/../secret.txt');
    expect(res.body).not.toContain('not for the web');
    const encoded = await get('/%2e%2e/secret.txt');
    expect(encoded.body).not.toContain('not for the web');
  });
});

describe('prosper serve --web', () => {
  it('refuses a directory with no built client, as a usage error', async () => {
    const err: string[] = [];
    const code = await main(['serve', '--port', '0', '--web', join(dir, 'nothing')], {
      io: { out: () => {}, err: (t) => err.push(t), input: process.stdin, interactive: false },
      onInterrupt: () => () => {},
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/no index\.html/);
  });
});
