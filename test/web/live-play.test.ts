/**
 * From the lobby to the end, in a real Chromium against a real server serving the built client:
 * for each game one person creates a table against cheap bots in the lobby's form, follows it to
 * the table page and plays to the end by clicking the board, while a spectator watches the same
 * table; the end screen shows the outcome and offers a rematch. Nothing is created or played
 * through the API (it is only read, to check what the page shows). Screenshots of each game at its
 * start, in the middle and at the end go to test-results/live/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatInfo, TableResponse } from '../../src/protocol/index.ts';
import { api } from '../server/harness.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { createInLobby, LAPTOP, pageState, playToEnd, recordFrames } from './live-driver.ts';
import type { LobbyTable } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import { botLevel } from '../../src/bots/names.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/live/', import.meta.url));

/**
 * One person (seat 0) and bots, sized so a game ends in well under a minute of clicking, as set in
 * the create form; `options` is what the server must then hold.
 */
const TABLES: Record<string, LobbyTable & { options: Record<string, unknown> }> = {
  prosperitea: { game: 'prosperitea', name: 'Ann', seats: ['me', { bot: 'heuristic' }], options: {} },
  prospectus: {
    game: 'prospectus',
    name: 'Ann',
    seats: ['me', { bot: 'random' }, { bot: 'heuristic' }],
    options: {},
  },
  'pocket-imperium': {
    game: 'pocket-imperium',
    name: 'Ann',
    seats: ['me', { bot: 'heuristic' }],
    setOptions: (page) => page.getByRole('checkbox', { name: 'Prosperity expansion' }).check(),
    options: { prosperity: true },
  },
};

/** What the server must hold for the seats the form was given. */
function seatsOf(table: LobbyTable): Pick<SeatInfo, 'kind' | 'bot' | 'name' | 'taken'>[] {
  return table.seats.map((want) =>
    want === 'me'
      ? { kind: 'human', bot: null, name: table.name, taken: true }
      : {
          kind: 'bot',
          bot: { bot: want.bot },
          // A name of its own (drawn per table) and its level: "Mallow · Casual bot".
          name: expect.stringMatching(new RegExp(`^\\p{L}+ · ${botLevel(want.bot)}$`, 'u')) as string,
          taken: true,
        },
  );
}

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
  it('one person creates a table against bots in the lobby and plays it to the end by clicking the board; a spectator follows', async () => {
    const table = TABLES[game]!;
    const { seats } = table;

    // In the lobby: the game's "Create a table", the form, and on to the table (it starts at once:
    // every seat is taken, so there is no link to share and the page goes straight to it).
    const context = await contextShowingMovesAtOnce(browser, LAPTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    const id = await createInLobby(page, site.url, table);
    await page.locator('.board-area [class$="-board"]').waitFor();
    const created = ((await api(site.url, `/tables/${id}`)).body as TableResponse).table;
    expect(created.game).toBe(game);
    expect(created.status).toBe('playing');
    expect(created.options).toMatchObject(table.options);
    expect(created.seats.map(({ kind, bot, name, taken }) => ({ kind, bot, name, taken }))).toEqual(
      seatsOf(table),
    );
    expect(await page.locator('.table-page h1, .table-page h2').first().textContent()).toContain(
      created.gameName,
    );
    expect((await pageState(page)).viewer).toBe('0');
    expect(await page.locator('.players li').count()).toBe(seats.length);
    expect(await page.locator('.players li[data-seat="0"] .you').count()).toBe(1);
    await shot(page, `${game}--start`);

    // A spectator in a fresh browser: no seats, so the page watches.
    const watcher = await contextShowingMovesAtOnce(browser, LAPTOP);
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
