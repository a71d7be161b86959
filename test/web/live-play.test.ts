/**
 * The live table page in a real Chromium against a real server serving the built client: for each
 * game one person plays against cheap bots to the end by clicking the board, while a spectator
 * watches the same table; the end screen shows the outcome and offers a rematch. Screenshots of
 * each game at its start, in the middle and at the end go to test-results/live/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatSpec, TableResponse } from '../../src/protocol/index.ts';
import { api } from '../server/harness.ts';
import { launchChromium } from './harness.ts';
import { createTable, holdSeats, LAPTOP, pageState, playToEnd, recordFrames } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/live/', import.meta.url));

/** One person (seat 0) and bots, sized so a game ends in well under a minute of clicking. */
const TABLES: Record<string, { seats: SeatSpec[]; options: Record<string, unknown> }> = {
  prosperitea: { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }], options: {} },
  prospectus: {
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'heuristic' }],
    options: {},
  },
  'pocket-imperium': {
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
    options: { prosperity: true },
  },
};

let site: ServerSite;
let browser: Browser;

beforeAll(async () => {
  site = await startServerSite();
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe.each(Object.keys(TABLES))('playing %s live', (game) => {
  it('one person plays against bots to the end by clicking the board; a spectator follows', async () => {
    const { seats, options } = TABLES[game]!;
    const created = await createTable(site.url, { game, seats, options });
    const id = created.table.id;

    const context = await browser.newContext(LAPTOP);
    await holdSeats(context, id, 'Ann', created.tokens);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${site.url}/table/${id}`);
    await page.locator('.board-area [class$="-board"]').waitFor();
    expect(await page.locator('.players li').count()).toBe(seats.length);
    expect(await page.locator('.players li[data-seat="0"] .you').count()).toBe(1);
    await shot(page, `${game}--start`);

    // A spectator in a fresh browser: no seats, so the page watches.
    const watcher = await browser.newContext(LAPTOP);
    const spectator = await watcher.newPage();
    const watched = recordFrames(spectator);
    await spectator.goto(`${site.url}/table/${id}`);
    await spectator.locator('.board-area [class$="-board"]').waitFor();
    expect(await spectator.getAttribute('.table-page', 'data-viewer')).toBe('spectator');
    const firstSeq = Number(await spectator.getAttribute('.table-page', 'data-seq'));

    let midShot = false;
    const stats = await playToEnd(page, `live:${game}`, {
      onState: async (state, acted) => {
        if (!midShot && acted >= 12 && state.turn === 'yours') {
          midShot = true;
          await shot(page, `${game}--mid`);
        }
      },
    });
    // Clicking the board did the playing; the list only stood in where the board offers nothing.
    expect(stats.board + stats.planner).toBeGreaterThan(stats.list);

    // The end: the result with its breakdown, a rematch, the replay.
    await page.locator('.outcome').waitFor();
    const info = ((await api(site.url, `/tables/${id}`)).body as TableResponse).table;
    expect(info.status).toBe('finished');
    const rows = await page.locator('.outcome tbody tr').count();
    expect(rows).toBe(seats.length);
    const winner = info.outcome!.ranks.indexOf(1);
    expect(await page.locator('.end-panel h2').textContent()).toContain(info.seats[winner]!.name!);
    expect(await page.getByRole('button', { name: 'Rematch' }).count()).toBe(1);
    expect(await page.locator('.action-list li').count()).toBe(0);
    await shot(page, `${game}--end`);

    // The spectator saw the game move to its end, never had a legal action, and sees the result.
    await spectator.locator('.end-panel').waitFor();
    expect(Number(await spectator.getAttribute('.table-page', 'data-seq'))).toBe(info.seq);
    expect(info.seq).toBeGreaterThan(firstSeq);
    expect(await spectator.getByRole('button', { name: 'Rematch' }).count()).toBe(0);
    const updates = watched
      .map((t) => JSON.parse(t) as { type: string; legal?: unknown; viewer?: unknown })
      .filter((m) => m.type === 'update');
    expect(updates.length).toBeGreaterThan(10);
    expect(updates.every((u) => u.viewer === 'spectator' && u.legal === null)).toBe(true);

    // The rematch: a new table with the same seats, where this browser holds seat 0 again.
    await page.getByRole('button', { name: 'Rematch' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/table/') && !url.pathname.endsWith(id));
    await page.locator('.board-area [class$="-board"]').waitFor();
    expect((await pageState(page)).viewer).toBe('0');
    const rematch = page.url().split('/table/')[1]!;
    const again = ((await api(site.url, `/tables/${rematch}`)).body as TableResponse).table;
    expect(again.rematchOf).toBe(id);
    expect(errors).toEqual([]);
    await context.close();
    await watcher.close();
  }, 240_000);
});
