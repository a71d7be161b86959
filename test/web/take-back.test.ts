/**
 * Take-back in Chromium, on a hot-seat table against a real server serving the built client: the
 * player who placed a ship hands over, takes the move back from the cover, is called back to the
 * device and finds the same choices again, with "You took back: …" in the log; the button is only
 * there while the server allows it. Screenshots: test-results/take-back/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/index.ts';
import { launchChromium } from './harness.ts';
import { clickSomething, createTable, holdSeats, LAPTOP } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/take-back/', import.meta.url));
const HUMAN = { kind: 'human' } as const;

let site: ServerSite;
let browser: Browser;

beforeAll(async () => {
  site = await startServerSite({ botDelayMs: 0 });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

/** The names of the legal actions the page offers now (the action list's buttons). */
async function offered(page: Page): Promise<string[]> {
  const list = page.locator('.action-list');
  if (!(await list.evaluate((d) => (d as unknown as { open: boolean }).open)))
    await list.locator('summary').click();
  return list.locator('[data-list-action]').allTextContents();
}

describe('take-back in the lobby’s create form', () => {
  it('is ticked for a hot-seat table, unticked for a listed one with a stranger’s seat, and as the creator says', async () => {
    const context = await browser.newContext(LAPTOP);
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await page
      .locator('.game-card[data-game="pocket-imperium"]')
      .getByRole('link', { name: 'Create a table' })
      .click();
    await page.locator('.create-form').waitFor();
    await page.getByLabel('Your name').fill('Ann');
    await page.getByLabel('Number of players').selectOption('2');
    const box = page.getByRole('checkbox', { name: /Take-backs allowed/ });
    await page.getByLabel('Seat A: who plays it').selectOption('me');
    await page.getByLabel('Seat B: who plays it').selectOption('me');
    expect(await box.isChecked()).toBe(true);
    await page.getByLabel('Seat B: who plays it').selectOption('open');
    expect(await box.isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: /Listed in the lobby/ }).uncheck();
    expect(await box.isChecked()).toBe(true);
    await shot(page, 'create-form');
    // The creator's own choice stands: off, and the table says so.
    await box.uncheck();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/tables')),
      page.getByRole('button', { name: 'Create table' }).click(),
    ]);
    expect((request.postDataJSON() as { takeBack: boolean }).takeBack).toBe(false);
    const reply = await (await request.response())!.json();
    expect((reply as { table: { settings: { takeBack: boolean } } }).table.settings.takeBack).toBe(false);
    await context.close();
  }, 60_000);
});

describe('take-back at a hot-seat table', () => {
  it('a player takes back a move from the cover and is called back to make it again', async () => {
    const created = await createTable(site.url, {
      game: 'pocket-imperium',
      seats: [HUMAN, HUMAN],
      claim: [0, 1],
      names: ['Ann', 'Ben'],
    } as never);
    expect(created.table.settings.takeBack).toBe(true);
    const context = await browser.newContext(LAPTOP);
    await holdSeats(context, created.table.id, 'Ann', created.tokens);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/table/${created.table.id}`);

    // The cover names whoever places first; that player shows their seat.
    const show = page.locator('.cover button.primary');
    await show.waitFor();
    const first = (await page.locator('.cover h2').textContent())!.includes('Ann') ? 'Ann' : 'Ben';
    await show.click();
    await page.locator('.table-page[data-seq="0"] .board-area').waitFor();
    expect(await page.locator('.take-back').count()).toBe(0);
    const before = await offered(page);
    expect(before.length).toBeGreaterThan(0);

    // A placement, then the device goes to the other player: the cover offers the take-back.
    const rng = Rng.fromSeed('take-back');
    expect(await clickSomething(page, rng, { board: 0, list: 0, planner: 0 })).toBe(true);
    const takeBack = page.locator('.take-back button');
    await takeBack.waitFor();
    expect(await takeBack.textContent()).toBe(`Take back ${first}’s last move`);
    await shot(page, 'cover-with-take-back');
    await takeBack.click();

    // Taken back: the cover now calls the same player back, and offers no second take-back.
    await page.waitForFunction(
      (name) => {
        const doc = (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document;
        return (
          !!doc.querySelector('.cover h2')?.textContent.includes(name) && !doc.querySelector('.take-back')
        );
      },
      first,
      { timeout: 15_000 },
    );
    await shot(page, 'cover-after-take-back');
    await page.locator('.cover button.primary').click();
    await page.locator('.table-page[data-seq="2"] .board-area').waitFor();
    expect(await offered(page)).toEqual(before);
    await page.getByText('You took back: ').first().waitFor();
    await shot(page, 'seat-after-take-back');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
