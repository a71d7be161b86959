/**
 * The replay page in a real Chromium against a real server: for each game a bots-only match is
 * created over HTTP and played to the end by the server; the page then steps forward and back
 * (buttons and arrow keys), jumps to a round, drags the slider, switches whose view it shows, and a
 * shared link opens on the same step and seat. What the page shows is checked against the frames
 * endpoint. Screenshots go to test-results/replay/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ReplayFramesResponse } from '../../src/protocol/index.ts';
import type { CreateTableResponse, TableInfo } from '../../src/protocol/index.ts';
import { API } from '../../src/web/replay/api.ts';
import { parsePlace, placePath, resolvePlace } from '../../src/web/replay/url.ts';
import { finishedBotMatch } from '../server/bot-match.ts';
import { api } from '../server/harness.ts';
import { launchChromium } from './harness.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/replay/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;
const GAMES = ['prospectus', 'prosperitea', 'pocket-imperium'] as const;

let site: ServerSite;
let browser: Browser;
const tables = new Map<string, TableInfo>();

beforeAll(async () => {
  // Several finished bot matches from one address: more bots-only tables than a stranger may run.
  site = await startServerSite({ limits: { botTablesPerClient: 100 } });
  await Promise.all(GAMES.map(async (game) => tables.set(game, await finishedBotMatch(site.url, game))));
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function index(table: string, viewer: number | 'spectator'): Promise<ReplayFramesResponse> {
  const reply = await api(site.url, `/tables/${table}/frames?viewer=${viewer}&views=false`);
  expect(reply.status).toBe(200);
  return ReplayFramesResponse.parse(reply.body);
}

/** Waits until the board shows `step` (its view arrived), and returns the address's place. */
async function atStep(page: Page, step: number): Promise<void> {
  await page.locator(`.replay-board[data-step="${step}"] .board-area [class$="-board"]`).waitFor();
  await expect.poll(() => parsePlace(new URL(page.url()).search).step).toBe(step);
}

/** The words of each line of the log, oldest first, folded chapters included. */
async function logLines(page: Page): Promise<string[]> {
  return (await page.locator('.event-log .ev-text').allTextContents()).map((t) => t.trim());
}

/** What the log must hold at `step`: every event text of steps 1…step, for that viewer. */
function expectedLog(frames: ReplayFramesResponse, step: number): string[] {
  return frames.frames.slice(1, step + 1).flatMap((f) => f.events.map((e) => e.text.trim()));
}

describe.each(GAMES)('replaying %s', (game) => {
  it('steps, jumps to a round, switches seat and reopens a shared link on the same step', async () => {
    const table = tables.get(game)!;
    const page = await browser.newPage(LAPTOP);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const seat0 = await index(table.id, 0);
    const steps = seat0.steps;
    expect(steps).toBe(table.seq);

    // Opening the bare address starts at the setup from the first seat, and says so in the address.
    await page.goto(`${site.url}/replay/${table.id}`);
    await atStep(page, 0);
    expect(new URL(page.url()).search).toBe('?step=0&seat=1');
    await expect.poll(() => page.locator('.replay-count').textContent()).toBe(`Step 0 of ${steps}`);
    expect(await page.locator('.replay .action-list').isVisible()).toBe(false);
    await page.screenshot({ path: join(SHOTS, `${game}--start.png`), fullPage: true });

    // Forward with the arrow key and the button, back with the key.
    await page.keyboard.press('ArrowRight');
    await atStep(page, 1);
    await page.getByRole('button', { name: 'Next step' }).click();
    await atStep(page, 2);
    await page.keyboard.press('ArrowRight');
    await atStep(page, 3);
    expect(await page.locator('.replay-now b').textContent()).toBe(seat0.frames[3]!.label);
    expect(await logLines(page)).toEqual(expectedLog(seat0, 3));
    await page.keyboard.press('ArrowLeft');
    await atStep(page, 2);
    expect(await page.locator('.replay-now b').textContent()).toBe(seat0.frames[2]!.label);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await atStep(page, 1);

    // Jump to a round from the list: its first step, with its label chosen.
    const marker = seat0.markers[Math.min(3, seat0.markers.length - 1)]!;
    await page.getByLabel('Jump to').selectOption({ index: seat0.markers.indexOf(marker) });
    await atStep(page, marker.step);
    expect(await page.getByLabel('Jump to').locator('option:checked').textContent()).toContain(
      `step ${marker.step}`,
    );
    expect(await logLines(page)).toEqual(expectedLog(seat0, marker.step));
    // Page Down goes on to the next round.
    const after = seat0.markers[seat0.markers.indexOf(marker) + 1]!;
    await page.keyboard.press('PageDown');
    await atStep(page, after.step);

    // The slider goes anywhere, across pages of views.
    const mid = Math.floor(steps * 0.6);
    await page.locator('.replay-slider').fill(String(mid));
    await atStep(page, mid);
    await page.screenshot({ path: join(SHOTS, `${game}--mid.png`), fullPage: true });

    // Another seat's view: its own log, its own board; the address says which.
    const seat1 = await index(table.id, 1);
    await page.locator('[data-viewer="1"]').click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?step=${mid}&seat=2`);
    await atStep(page, mid);
    expect(await page.locator('[data-viewer="1"]').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => logLines(page)).toEqual(expectedLog(seat1, mid));
    await page.screenshot({ path: join(SHOTS, `${game}--mid-seat2.png`), fullPage: true });

    // The spectator sees only what is public.
    const spectator = await index(table.id, 'spectator');
    await page.locator('[data-viewer="spectator"]').click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?step=${mid}&seat=spectator`);
    await expect.poll(() => logLines(page)).toEqual(expectedLog(spectator, mid));

    // The share link reopens on the same step from the same seat, in a fresh page.
    await page.locator('[data-viewer="1"]').click();
    await page.keyboard.press('ArrowRight');
    await atStep(page, mid + 1);
    const shared = await page.locator('[data-share-link]').getAttribute('href');
    expect(shared).toBe(`${site.url}${placePath(table.id, mid + 1, 1)}`);
    const other = await browser.newPage(LAPTOP);
    await other.goto(shared!);
    await atStep(other, mid + 1);
    expect(await other.locator('[data-viewer="1"]').getAttribute('aria-pressed')).toBe('true');
    expect(await other.locator('.replay-now b').textContent()).toBe(seat1.frames[mid + 1]!.label);
    expect(await logLines(other)).toEqual(expectedLog(seat1, mid + 1));
    // …and so does a reload.
    await page.reload();
    await atStep(page, mid + 1);
    expect(new URL(page.url()).search).toBe(`?step=${mid + 1}&seat=2`);
    await other.close();

    // The end: the outcome with its places.
    await page.keyboard.press('End');
    await atStep(page, steps);
    await page.locator('.outcome').waitFor();
    expect(await page.locator('.outcome tbody tr').count()).toBe(table.players);
    await page.screenshot({ path: join(SHOTS, `${game}--end.png`), fullPage: true });
    await page.keyboard.press('Home');
    await atStep(page, 0);
    expect(await page.locator('.outcome').count()).toBe(0);

    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the replay page', () => {
  it('fits a phone: no sideways scrolling, the controls wrap', async () => {
    const table = tables.get('prospectus')!;
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    await page.goto(`${site.url}/replay/${table.id}?step=20&seat=2`);
    await atStep(page, 20);
    const widths = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
        .document;
      return {
        scroll: doc.documentElement.scrollWidth,
        inner: (globalThis as unknown as { innerWidth: number }).innerWidth,
      };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await page.screenshot({ path: join(SHOTS, 'prospectus--phone.png'), fullPage: false });
    await page.close();
  });

  it('says when a match has not finished, and when there is no such table', async () => {
    const created = await api(site.url, '/tables', {
      body: { game: 'prosperitea', players: 2, name: 'Ann', seats: [{ kind: 'human' }, { kind: 'human' }] },
    });
    const { table } = created.body as CreateTableResponse;
    const page = await browser.newPage(LAPTOP);
    await page.goto(`${site.url}/replay/${table.id}`);
    await expect.poll(() => page.locator('.replay-problem').textContent()).toContain('has not finished yet');
    await page.goto(`${site.url}/replay/aaaaaaaaaa`);
    await expect.poll(() => page.locator('.replay-problem').textContent()).toContain('There is no table');
    await page.close();
  });

  it('clamps an address past the end to the last step and ignores an unknown seat', async () => {
    const table = tables.get('pocket-imperium')!;
    const page = await browser.newPage(LAPTOP);
    await page.goto(`${site.url}/replay/${table.id}?step=99999&seat=9`);
    await atStep(page, table.seq);
    expect(new URL(page.url()).search).toBe(`?step=${table.seq}&seat=1`);
    await page.close();
  });

  it('reads and writes its place in the address (seats counted from 1)', () => {
    expect(API).toBe(API_PREFIX);
    expect(parsePlace('?step=12&seat=2')).toEqual({ step: 12, viewer: 1 });
    expect(parsePlace('step=0&seat=spectator')).toEqual({ step: 0, viewer: 'spectator' });
    expect(parsePlace('?step=-1&seat=0')).toEqual({ step: null, viewer: null });
    expect(parsePlace('?step=1e3&seat=x')).toEqual({ step: null, viewer: null });
    expect(placePath('abc', 5, 'spectator')).toBe('/replay/abc?step=5&seat=spectator');
    expect(placePath('abc', 5, 2)).toBe('/replay/abc?step=5&seat=3');
    expect(resolvePlace({ step: 50, viewer: 3 }, 40, 3)).toEqual({ step: 40, viewer: 0 });
    expect(resolvePlace({ step: null, viewer: 'spectator' }, 40, 3)).toEqual({
      step: 0,
      viewer: 'spectator',
    });
  });
});
