/**
 * The boards in a real Chromium: every gallery fixture is drawn (and photographed under
 * test-results/web/), every legal action is reachable from the board itself, clicking a
 * highlighted element emits exactly the legal action it stands for, and a seat that may not act
 * sees nothing clickable.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../src/web/gallery/fixture.ts';
import { galleryForFile, PHONE } from './harness.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/web/', import.meta.url));
// Screenshots are taken with reduced motion, so no card is caught half-way through its entrance.
const LAPTOP = { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' } as const;

const held = galleryForFile(SHOTS);

interface PageElement {
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
}

/** The page's globals, typed here without the DOM library (this file is node code). */
interface PageGlobals {
  __prosperEmitted?: unknown[];
  history: { pushState(data: unknown, unused: string, url: string): void };
  innerWidth: number;
  getComputedStyle(element: unknown): { transitionDuration: string };
  document: {
    documentElement: { scrollWidth: number };
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    activeElement: PageElement | null;
  };
}

/** Shows a fixture: a page load the first time, then in-app navigation (much faster). */
async function openFixture(page: Page, f: Fixture): Promise<void> {
  const path = `/gallery/${f.game}/${f.id}`;
  if (page.url().startsWith(held.gallery.url))
    await page.evaluate((p) => (globalThis as unknown as PageGlobals).history.pushState(null, '', p), path);
  else await page.goto(held.gallery.url + path);
  await page.locator(`[data-fixture="${f.game}/${f.id}"] .board-area [class$="-board"]`).waitFor();
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobals).__prosperEmitted = [];
  });
}

async function emitted(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__prosperEmitted ?? []);
}

/** Indexes of legal actions that some element of the board (not the fallback list) offers. */
async function boardCoverage(page: Page): Promise<Set<number>> {
  const lists = await page.evaluate(() =>
    Array.from(
      (globalThis as unknown as PageGlobals).document.querySelectorAll(
        '.board-area [data-actions], .board-area [data-covers]',
      ),
      (el) => `${el.getAttribute('data-actions') ?? ''} ${el.getAttribute('data-covers') ?? ''}`,
    ),
  );
  return new Set(lists.flatMap((l) => l.split(/\s+/).filter(Boolean).map(Number)));
}

/** Clicks the first highlighted element (choosing the first entry if it opens a menu); returns the action index. */
async function clickFirstTarget(page: Page): Promise<number> {
  const target = page.locator('.board-area [data-actions]').first();
  const indices = (await target.getAttribute('data-actions'))!.split(' ').map(Number);
  await target.click();
  if (indices.length === 1) return indices[0]!;
  const item = page.locator('.choice-menu [data-action]').first();
  const index = Number(await item.getAttribute('data-action'));
  await item.click();
  return index;
}

function fixturesOf(game: string): Fixture[] {
  return (held.gallery.fixtures.find((g) => g.game === game)?.fixtures ?? []) as Fixture[];
}

describe.each(['prospectus', 'prosperitea', 'pocket-imperium'])('the %s board', (game) => {
  it('draws every fixture, offers every legal action on the board and emits the clicked one', async () => {
    const fixtures = fixturesOf(game);
    expect(fixtures.length).toBeGreaterThan(5);
    const page = await held.browser.newPage(LAPTOP);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const f of fixtures) {
      await openFixture(page, f);
      await page.screenshot({ path: join(SHOTS, `${game}--${f.id}.png`), fullPage: true });
      if (f.legal === null) {
        // Not an actor: nothing on the board may look clickable.
        expect(await page.locator('.board-area .act, .board-area .act-btn').count(), f.id).toBe(0);
        continue;
      }
      const covered = await boardCoverage(page);
      const missing = f.legal.map((_, i) => i).filter((i) => !covered.has(i));
      expect(
        missing.map((i) => f.labels?.[i]),
        `${f.id}: legal actions without a board element`,
      ).toEqual([]);
      if (await page.locator('.board-area [data-actions]').count()) {
        const index = await clickFirstTarget(page);
        expect(await emitted(page), f.id).toEqual([f.legal[index]]);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is readable on a phone', async () => {
    const page = await held.browser.newPage(PHONE);
    for (const f of fixturesOf(game).filter((x) => x.id === 'mid' || x.id === 'end')) {
      await openFixture(page, f);
      await page.screenshot({ path: join(SHOTS, `${game}--${f.id}--phone.png`), fullPage: true });
      // Nothing may stick out sideways: the page scrolls down only.
      const overflow = await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        return g.document.documentElement.scrollWidth - g.innerWidth;
      });
      expect(overflow, f.id).toBeLessThanOrEqual(0);
    }
    await page.close();
  });
});

describe('the build', () => {
  it('keeps the first load under 250 KB of gzipped JavaScript, each board in its own chunk', () => {
    const html = readFileSync(join(held.gallery.outDir, 'index.html'), 'utf8');
    const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(0);
    const gzipped = first.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(held.gallery.outDir, file))).length,
      0,
    );
    expect(gzipped).toBeLessThan(250 * 1024);
    expect(first.filter((f) => /Board/.test(f))).toEqual([]);
    const assets = readdirSync(join(held.gallery.outDir, 'assets'));
    for (const board of ['ProspectusBoard', 'ProsperiteaBoard', 'PocketImperiumBoard'])
      expect(assets.filter((a) => a.startsWith(`${board}-`) && a.endsWith('.js')).length, board).toBe(1);
  });
});

describe('motion', () => {
  it('animates price changes, and not at all when the player asks for reduced motion', async () => {
    const f = fixturesOf('prospectus').find((x) => x.id === 'mid')!;
    const transition = async (page: Page) => {
      await openFixture(page, f);
      return page
        .locator('.price-machine .liquid')
        .first()
        .evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).transitionDuration);
    };
    const moving = await held.browser.newPage({ viewport: LAPTOP.viewport });
    expect(await transition(moving)).not.toBe('0s');
    const still = await held.browser.newPage(LAPTOP);
    expect(await transition(still)).toBe('0s');
    await moving.close();
    await still.close();
  });
});

describe('actions from the board', () => {
  it('plans Pocket Imperium commands by clicking the three cards in order, then submitting', async () => {
    const f = fixturesOf('pocket-imperium').find((x) => x.id === 'plan')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    for (const command of ['exterminate', 'expand', 'explore'])
      await page.locator(`.planner [data-command="${command}"]`).click();
    await page.locator('.planner .act-btn').click();
    expect(await emitted(page)).toEqual([{ type: 'plan', order: ['exterminate', 'expand', 'explore'] }]);
    await page.close();
  });

  it('works from the keyboard alone: Tab to a highlighted element, Enter acts', async () => {
    const f = fixturesOf('prosperitea').find((x) => x.id === 'draft')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    const focused = () =>
      page.evaluate(() => {
        const active = (globalThis as unknown as PageGlobals).document.activeElement;
        return active?.closest('.board-area') ? active.getAttribute('data-actions') : null;
      });
    let actions: string | null = null;
    for (let tabs = 0; tabs < 80 && actions === null; tabs++) {
      await page.keyboard.press('Tab');
      actions = await focused();
    }
    expect(actions).not.toBeNull();
    await page.keyboard.press('Enter');
    expect(await emitted(page)).toEqual([f.legal![Number(actions)]]);
    await page.close();
  });

  it('keeps the plain list of legal actions as a fallback', async () => {
    const f = fixturesOf('prospectus').find((x) => x.id === 'play')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    const items = page.locator('.action-list [data-list-action]');
    expect(await items.count()).toBe(f.legal!.length);
    const last = f.legal!.length - 1;
    await items.nth(last).click();
    expect(await emitted(page)).toEqual([f.legal![last]]);
    await page.close();
  });

  it('offers a choice menu where one element carries several actions', async () => {
    const f = fixturesOf('prospectus').find((x) => x.id === 'play')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    const card = page.locator('.hand [data-actions]').first();
    const indices = (await card.getAttribute('data-actions'))!.split(' ').map(Number);
    expect(indices.length).toBeGreaterThan(1);
    await card.click();
    const items = page.locator('.choice-menu [data-action]');
    expect(await items.count()).toBe(indices.length);
    await items.nth(1).click();
    expect(await emitted(page)).toEqual([f.legal![indices[1]!]]);
    await expect(page.locator('.choice-menu').count()).resolves.toBe(0);
    await page.close();
  });

  it('closes the choice menu on Cancel without sending anything', async () => {
    const f = fixturesOf('prospectus').find((x) => x.id === 'play')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    await page.locator('.hand [data-actions]').first().click();
    await page.locator('.choice-menu').getByRole('menuitem', { name: 'Cancel' }).click();
    await expect(page.locator('.choice-menu').count()).resolves.toBe(0);
    expect(await emitted(page)).toEqual([]);
    await page.close();
  });
});

describe('around the boards', () => {
  it('links to the gallery from the top bar when it has fixtures, and tells a spectator they are watching', async () => {
    const f = fixturesOf('prospectus').find((x) => x.viewer === 'spectator')!;
    const page = await held.browser.newPage(LAPTOP);
    await openFixture(page, f);
    await page.locator('.site-header nav a', { hasText: 'Board gallery' }).waitFor();
    expect(await page.locator('.action-list summary').textContent()).toBe('You are watching');
    await page.close();
  });
});
