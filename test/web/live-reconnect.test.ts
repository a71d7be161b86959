/**
 * Reconnection at a live table, in Chromium against the built server run as a child process
 * (`prosper serve` on a temporary SQLite file and a fixed port chosen free at the start, serving the
 * built client): the server is killed with SIGKILL mid-game and started again on the same port and
 * database, and the page comes back by itself and plays on to the end; then only the socket is cut,
 * again and again, while the bot answers, and the page's log is checked against the replay's frames:
 * every event exactly once. Prosperitea, one person against the heuristic bot.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/index.ts';
import type { ClientMessage, ReplayFramesResponse, ServerMessage } from '../../src/protocol/index.ts';
import { webConfig } from '../../vite.web.config.ts';
import { api, installedCopy, startChildServer } from '../server/harness.ts';
import type { ChildServer } from '../server/harness.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { clickSomething, createTable, holdSeats, LAPTOP, pageState, playToEnd } from './live-driver.ts';
import type { PlayStats } from './live-driver.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/live/', import.meta.url));
const SEATS = [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }] as const;

let dir: string;
let bin: string;
let args: string[];
let port: number;
let server: ChildServer | null = null;
let browser: Browser;

/** A port nothing listens on now, kept for both lives of the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<ChildServer> {
  const child = await startChildServer(bin, args);
  // The fixed port (the harness's own `--port 0` comes first; the last one given wins).
  expect(child.url).toBe(`http://127.0.0.1:${port}`);
  return child;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'prosper-reconnect-'));
  const web = join(dir, 'web');
  await build(webConfig({ outDir: web, galleryDir: join(dir, 'no-gallery'), logLevel: 'warn' }));
  bin = installedCopy(join(dir, 'installed'));
  port = await freePort();
  args = [
    '--port',
    String(port),
    '--db',
    `sqlite:${join(dir, 'prosper.db')}`,
    '--web',
    web,
    '--log-level',
    'warn',
    '--bot-workers',
    '1',
  ];
  server = await startServer();
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.process.kill('SIGKILL');
  if (server) await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** The lines of the page's game log, oldest first (folded chapters included): the engine's words. */
const logLines = (page: Page) => page.locator('.event-log .ev-text').allTextContents();

/** Seat 0's events of the finished match, in order, as the replay serves them. */
async function replayTexts(base: string, table: string): Promise<string[]> {
  const reply = await api(base, `/tables/${table}/frames?viewer=0&views=false&count=2000`);
  expect(reply.status).toBe(200);
  const body = reply.body as ReplayFramesResponse;
  expect(body.frames.length).toBe(body.steps + 1);
  return body.frames.flatMap((f) => f.events.map((e) => e.text));
}

/** The page's log holds each of the replay's events once, in the same order, and nothing else. */
async function expectWholeLog(page: Page, base: string, table: string): Promise<number> {
  const lines = await logLines(page);
  const texts = await replayTexts(base, table);
  expect(texts.length).toBeGreaterThan(30);
  expect(lines.length).toBe(texts.length);
  const mismatched = texts
    .map((text, i) => ({ i, text, line: lines[i]! }))
    .filter(({ text, line }) => line !== text);
  expect(mismatched).toEqual([]);
  return lines.length;
}

async function openTable(): Promise<{ page: Page; table: string; errors: string[]; close(): Promise<void> }> {
  const created = await createTable(server!.url, { game: 'prosperitea', seats: [...SEATS], name: 'Ann' });
  const table = created.table.id;
  const context = await contextShowingMovesAtOnce(browser, LAPTOP);
  await holdSeats(context, table, 'Ann', created.tokens);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  return { page, table, errors, close: () => context.close() };
}

describe('reconnecting at a live table', () => {
  it('survives a server killed mid-game: shows it is reconnecting, comes back by itself, plays to the end', async () => {
    const { page, table, errors, close } = await openTable();
    await page.goto(`${server!.url}/table/${table}`);
    await page.locator('.board-area [class$="-board"]').waitFor();
    await page.locator('.link-open').waitFor();
    // Set on this document: still there afterwards means the page was never reloaded.
    await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const badge = page.locator('.table-head .link-state');
    let killedAt: number | null = null;
    const stats = await playToEnd(page, 'reconnect:kill', {
      onState: async (state, acted) => {
        if (killedAt !== null || acted < 8 || state.turn !== 'yours' || state.pending) return;
        killedAt = Number(state.seq);
        const before = await logLines(page);

        server!.process.kill('SIGKILL');
        expect(await server!.exited).toBe('SIGKILL');
        server = null;
        // The header says so, and counts its attempts while the server stays away.
        await page.locator('.table-head .link-reconnecting').waitFor({ timeout: 15_000 });
        expect(await badge.textContent()).toMatch(/connection lost — reconnecting/);
        await page.locator('.table-head .link-reconnecting', { hasText: 'attempt 3' }).waitFor();
        await page.screenshot({ path: join(SHOTS, 'reconnect--server-down.png'), fullPage: true });
        // Nothing breaks meanwhile: the same board and log, and a choice made now says it was not sent.
        expect(await page.locator('.board-area [class$="-board"]').count()).toBe(1);
        expect(await logLines(page)).toEqual(before);
        const offline: PlayStats = { board: 0, list: 0, planner: 0 };
        expect(await clickSomething(page, Rng.fromSeed('offline'), offline)).toBe(true);
        await page.locator('.refusal[data-code="offline"]').waitFor();
        expect(await page.locator('.refusal').textContent()).toMatch(/not connected to the server/i);
        await page.screenshot({ path: join(SHOTS, 'reconnect--offline-choice.png'), fullPage: true });

        server = await startServer();
        // Back by itself: the same document, the same table at the same point, the notice gone.
        await page.locator('.table-head .link-open').waitFor({ timeout: 30_000 });
        expect(await badge.textContent()).toBe('connected');
        await expect.poll(() => page.locator('.refusal').count()).toBe(0);
        expect(
          await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument),
        ).toBe(true);
        await expect.poll(async () => (await pageState(page)).seq).toBe(String(killedAt));
        expect(await page.locator('.table-head h1').textContent()).toContain(table);
        expect(await logLines(page)).toEqual(before);
        expect((await pageState(page)).turn).toBe('yours');
      },
    });
    expect(killedAt).not.toBeNull();
    expect(stats.board + stats.list).toBeGreaterThan(10);
    await page.locator('.end-panel').waitFor();
    await page.screenshot({ path: join(SHOTS, 'reconnect--end.png'), fullPage: true });
    await expectWholeLog(page, server!.url, table);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it('loses no event and repeats none when only the socket drops, again and again, while the bot answers', async () => {
    const { page, table, errors, close } = await openTable();
    // Every socket goes through a route that can cut it as a dead network would: right after the
    // page's action went out, before its ack and the bot's answer come back.
    const fromPage: ClientMessage[] = [];
    const fromServer: ServerMessage[] = [];
    let acts = 0;
    let drops = 0;
    await page.routeWebSocket(/\/api\/v1\/ws$/, (ws: WebSocketRoute) => {
      const upstream = ws.connectToServer();
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ClientMessage;
        fromPage.push(message);
        upstream.send(raw);
        if (message.type === 'act' && ++acts % 3 === 0 && drops < 6) {
          drops++;
          void upstream.close({ code: 1001, reason: 'dropped by the test' });
          void ws.close({ code: 1001, reason: 'dropped by the test' });
        }
      });
      upstream.onMessage((raw) => {
        fromServer.push(JSON.parse(String(raw)) as ServerMessage);
        ws.send(raw);
      });
    });
    await page.goto(`${server!.url}/table/${table}`);
    await page.locator('.board-area [class$="-board"]').waitFor();
    await playToEnd(page, 'reconnect:drops');
    await page.locator('.end-panel').waitFor();
    expect(drops).toBe(6);

    // Each drop was followed by a hello resuming from the last seq the page had, answered with the
    // events it had missed (its own action's and the bot's).
    const hellos = fromPage.filter((m) => m.type === 'hello');
    expect(hellos.length).toBe(drops + 1);
    expect(hellos[0]).not.toHaveProperty('lastSeq');
    const resumed = fromServer.filter(
      (m): m is Extract<ServerMessage, { type: 'update' }> =>
        m.type === 'update' && hellos.slice(1).some((h) => h.type === 'hello' && h.lastSeq === m.from),
    );
    expect(resumed.filter((u) => u.events.length > 0 && u.seq > u.from).length).toBeGreaterThanOrEqual(
      drops - 1,
    );
    const lines = await expectWholeLog(page, server!.url, table);
    expect(lines).toBeGreaterThan(30);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);
});
