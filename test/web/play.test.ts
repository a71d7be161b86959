/**
 * The players' guides (`/play/<game>`) in a real Chromium against a real server serving a freshly
 * built client: each guide shows its sections and every picture (loaded, at its size, with an
 * alternative text) at a laptop and a phone width without sideways scrolling; an address naming a
 * rule id opens on the section explaining it; the lobby's game cards and a table's header link to
 * the guide; and a move the server refuses at the table links, by its rule id, to the right
 * section. In the build each guide is its own chunk and the pictures are assets. Screenshots go to
 * test-results/play/.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionForRule } from '../../src/web/play/guide.ts';
import type { ClientMessage } from '../../src/protocol/index.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { createTable, holdSeats, LAPTOP } from './live-driver.ts';
import { GAMES, IMAGES, PLAY, guideOf } from './play-docs.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/play/', import.meta.url));
const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' } as const;
const NAMES: Record<string, string> = {
  prospectus: 'Prospectus',
  prosperitea: 'Prosperitea',
  'pocket-imperium': 'Pocket Imperium',
};
/** A rule per game whose refusal should land on a given section (checked against the markdown too). */
const RULES: Record<string, readonly [string, string]> = {
  prospectus: ['prospectus.council.open-demand', '1. Sell to the council'],
  prosperitea: ['prosperitea.coop.no-reask', 'Asking for help'],
  'pocket-imperium': ['pocket-imperium.exterminate.battle', 'Exterminate'],
};

let site: ServerSite;
let browser: Browser;

beforeAll(async () => {
  site = await startServerSite();
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The little of the DOM these page functions use (the tests are typechecked without the DOM library). */
interface Img {
  readonly complete: boolean;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly alt: string;
  getAttribute(name: string): string | null;
}

/** Scrolls every picture into view (they load lazily) and waits until each has loaded. */
async function loadPictures(page: Page) {
  const pictures = page.locator('.play-text img');
  for (const img of await pictures.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        img.evaluate((el) => (el as unknown as Img).complete && (el as unknown as Img).naturalWidth > 0),
      )
      .toBe(true);
  }
  return pictures.evaluateAll((els) =>
    (els as unknown as Img[]).map((el) => ({
      alt: el.alt,
      src: el.getAttribute('src') ?? '',
      width: Number(el.getAttribute('width')),
      height: Number(el.getAttribute('height')),
      natural: [el.naturalWidth, el.naturalHeight],
    })),
  );
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth <= root.clientWidth;
  });

describe.each(GAMES)('the %s guide', (game) => {
  const guide = guideOf(game);

  it('shows every section and every picture, loaded, at a laptop and a phone width', async () => {
    for (const [label, options] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await browser.newPage(options);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.url}/play/${game}`);
      await page.locator('.play-text h1').waitFor();
      expect(await page.locator('.play-text h1').textContent()).toBe(`How to play ${NAMES[game]}`);
      expect(await page.title()).toBe(`How to play ${NAMES[game]} · Prosper`);

      const headings = await page.locator('.play-text h2, .play-text h3').allTextContents();
      expect(headings.map((h) => h.replace(/\s*#$/, '').trim())).toEqual(guide.sections.map((s) => s.text));
      // The contents are folded on a phone; they list the same sections either way.
      const contents = page.locator('.play-toc details');
      expect(await contents.evaluate((el) => (el as unknown as { open: boolean }).open)).toBe(
        label === 'laptop',
      );
      if (label === 'phone') await page.locator('.play-toc summary').click();
      expect(await page.locator('.play-toc li a').allTextContents()).toEqual(
        guide.sections.map((s) => s.text),
      );

      const shown = await loadPictures(page);
      expect(shown.map((p) => p.alt)).toEqual(guide.pictures.map((p) => p.alt));
      for (const picture of shown) {
        expect(picture.alt.length, picture.src).toBeGreaterThan(30);
        expect(picture.src, picture.src).toMatch(/^\/assets\/[^/]+\.webp$/);
        // The file holds 1 or 1.5 device pixels per CSS pixel of the size the markup reserves.
        const scale = picture.natural[0]! / picture.width;
        expect(
          [1, 1.5].some((k) => Math.abs(scale - k) < 0.01),
          picture.src,
        ).toBe(true);
        expect(Math.abs(picture.natural[1]! - picture.height * scale), picture.src).toBeLessThanOrEqual(1);
      }
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.evaluate(() =>
        (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
      );
      await page.screenshot({ path: join(SHOTS, `${game}--${label}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('opens on the section explaining a rule id, ringed, with a note linking to the exact rule', async () => {
    const [rule, heading] = RULES[game]!;
    const section = sectionForRule(guide.sections, rule)!;
    expect(section.text).toBe(heading);
    for (const [label, options] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await browser.newPage(options);
      await page.goto(`${site.url}/play/${game}#${rule}`);
      const target = page.locator('.play-text .play-target');
      await expect.poll(() => target.getAttribute('id')).toBe(section.id);
      expect(await page.locator('.play-target').count()).toBe(1);
      // The heading is at the top of the screen, the note right under it.
      const box = (await target.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(100);
      const note = page.locator(`[id="${section.id}"] + .play-rule-note`);
      expect(await note.isVisible()).toBe(true);
      expect(await note.locator('code').textContent()).toBe(rule);
      await page.screenshot({ path: join(SHOTS, `${game}--rule--${label}.png`) });
      if (label === 'laptop') {
        await note.getByRole('link', { name: 'full rules' }).click();
        await page.waitForURL(`${site.url}/rules/${game}#${rule}`);
        // Ringed even though it was drawn after the page loaded (the browser's :target is not).
        const exact = page.locator('.rules-text a.rule-id.is-target');
        await expect.poll(() => exact.getAttribute('id')).toBe(rule);
        expect(await exact.isVisible()).toBe(true);
      }
      await page.close();
    }
  });
});

it('says so when a rule id is not explained, and ignores an address that is no rule id', async () => {
  const page = await browser.newPage(LAPTOP);
  await page.goto(`${site.url}/play/prospectus#prospectus.no-such.rule`);
  const note = page.locator('.play-rule-note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(/not explained on this page/);
  expect(await page.locator('.play-target').count()).toBe(0);
  await page.goto(`${site.url}/play/prosperitea#"><img src=x onerror=alert(1)>`);
  await page.locator('.play-text h1').waitFor();
  expect(await page.locator('.play-rule-note').count()).toBe(0);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  await page.goto(`${site.url}/play/chess`);
  expect(await page.locator('h1').textContent()).toBe('No guide for “chess”');
  await page.close();
});

it("opens each guide from its game's card in the lobby", async () => {
  const page = await browser.newPage(LAPTOP);
  for (const game of GAMES) {
    await page.goto(`${site.url}/`);
    await page
      .locator(`.game-card[data-game="${game}"]`)
      .getByRole('link', { name: `How to play ${NAMES[game]}` })
      .click();
    await page.waitForURL(`${site.url}/play/${game}`);
    expect(await page.locator('.play-text h1').textContent()).toBe(`How to play ${NAMES[game]}`);
  }
  await page.close();
});

it("links a table to its guide, and a refused move's rule id to the section explaining it", async () => {
  // Pocket Imperium, you against a bot: your first move places ships during the setup. The page
  // sends the hex clicked; the test changes it to Tri-Prime on its way, which the server refuses
  // under the setup's placement rule.
  const created = await createTable(site.url, {
    game: 'pocket-imperium',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
  });
  for (const [label, options] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await contextShowingMovesAtOnce(browser, options);
    await holdSeats(context, created.table.id, 'Ann', created.tokens);
    const page = await context.newPage();
    let rewritten = 0;
    await page.routeWebSocket(/\/api\/v1\/ws$/, (ws: WebSocketRoute) => {
      const upstream = ws.connectToServer();
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ClientMessage;
        if (message.type === 'act' && rewritten === 0) {
          rewritten++;
          upstream.send(JSON.stringify({ ...message, action: { type: 'place', hex: 19 } }));
        } else upstream.send(raw);
      });
      upstream.onMessage((raw) => ws.send(raw));
    });
    await page.goto(`${site.url}/table/${created.table.id}`);
    await page.locator('.board-area [class$="-board"]').waitFor();

    // "How to play" beside the board opens the guide in a new tab, leaving the table open.
    const howTo = page.locator('.table-head').getByRole('link', { name: 'How to play' });
    expect(await howTo.getAttribute('href')).toBe('/play/pocket-imperium');
    const [guideTab] = await Promise.all([context.waitForEvent('page'), howTo.click()]);
    await guideTab.locator('.play-text h1').waitFor();
    expect(new URL(guideTab.url()).pathname).toBe('/play/pocket-imperium');
    await guideTab.close();

    // A move refused by the server: its rule id links to the guide's section on setting up.
    const hex = page.locator('.board-area [data-actions]').first();
    await hex.waitFor();
    await hex.click();
    const refusal = page.locator('.refusal[data-rule="pocket-imperium.setup.placement"]');
    await refusal.waitFor();
    expect(rewritten).toBe(1);
    await page.screenshot({ path: join(SHOTS, `table-refusal--${label}.png`) });
    const link = refusal.getByRole('link', { name: 'pocket-imperium.setup.placement' });
    expect(await link.getAttribute('href')).toBe('/play/pocket-imperium#pocket-imperium.setup.placement');
    const [sectionTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const target = sectionTab.locator('.play-text .play-target');
    await expect.poll(() => target.getAttribute('id')).toBe('setting-up');
    expect(await sectionTab.locator('#setting-up + .play-rule-note').isVisible()).toBe(true);
    await sectionTab.screenshot({ path: join(SHOTS, `table-refusal--guide--${label}.png`) });
    await context.close();
  }
});

describe('the guides in the build', () => {
  it('loads each guide as its own chunk, outside the first load, with its pictures as assets', () => {
    const html = readFileSync(join(site.outDir, 'index.html'), 'utf8');
    const first = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const firstJs = first.map((f) => readFileSync(join(site.outDir, f), 'utf8')).join('\n');
    const assets = readdirSync(join(site.outDir, 'assets'));
    const read = (f: string) => readFileSync(join(site.outDir, 'assets', f), 'utf8');
    const js = assets.filter((f) => f.endsWith('.js'));
    const holders = GAMES.map((game) => {
      // A sentence of the guide's own (its first paragraph) is in its chunk alone.
      const markdown = readFileSync(join(PLAY, `${game}.md`), 'utf8');
      const sentence = markdown.split('\n-->\n')[1]!.trim().split('\n')[0]!;
      const files = js.filter((f) => read(f).includes(sentence));
      expect(files, game).toHaveLength(1);
      expect(firstJs.includes(sentence), game).toBe(false);
      return files[0]!;
    });
    expect(new Set(holders).size).toBe(GAMES.length);
    const pictures = GAMES.flatMap((g) => readdirSync(join(IMAGES, g)));
    expect(assets.filter((f) => f.endsWith('.webp'))).toHaveLength(pictures.length);
  });
});
