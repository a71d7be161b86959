/**
 * Site-wide parts of the web client in a real Chromium against a real server: the log in chapters
 * (a long game's older rounds folded, the newest open, on the table page and in the replay); the
 * guest's name, changed from the header on any page and used by new tables and joins, a hostile
 * one staying text for strangers, an over-long one refused; the lobby's words (full rules, bot
 * levels as players know them); and, on every page changed, text contrast and styled buttons.
 * Screenshots go to test-results/site/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReplayFramesResponse,
  TableInfo,
  TableResponse,
  VisibleEvent,
} from '../../src/protocol/index.ts';
import { finishedBotMatch } from '../server/bot-match.ts';
import { api } from '../server/harness.ts';
import { contrastProblems } from './contrast.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { createTable, holdSeats } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/site/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;
/** A name a stranger might choose to break the page: it must stay these 39 characters of text. */
const HOSTILE = '<img src=x onerror="globalThis.pwned=1">';
/** The boards are drawn by their own code and tested with it; the site's checks leave them out. */
const BOARDS = '[class$="-board"]';

let site: ServerSite;
let browser: Browser;
/** A finished Prosperitea match of bots, and its events as a spectator reads them. */
let finished: TableInfo;
let frames: ReplayFramesResponse;

beforeAll(async () => {
  site = await startServerSite({ limits: { botTablesPerClient: 100 } });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
  finished = await finishedBotMatch(site.url, 'prosperitea');
  const reply = await api(site.url, `/tables/${finished.id}/frames?viewer=spectator&views=false&count=2000`);
  expect(reply.status).toBe(200);
  frames = reply.body as ReplayFramesResponse;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Opened {
  page: Page;
  /** Script errors, native dialogs and a hostile name's code having run: all must stay empty. */
  trouble: string[];
}

async function openPage(context: BrowserContext, path: string): Promise<Opened> {
  const page = await context.newPage();
  const trouble: string[] = [];
  page.on('pageerror', (e) => trouble.push(`error: ${e.message}`));
  page.on('dialog', (d) => {
    trouble.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(site.url + path);
  return { page, trouble };
}

/** Whether the hostile name's markup ran or became an element anywhere on the page. */
const injected = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as { pwned?: unknown; document: { querySelector(s: string): unknown } };
    return g.pwned !== undefined || g.document.querySelector('img[src="x"]') !== null;
  });

async function tableInfo(id: string): Promise<TableInfo> {
  return ((await api(site.url, `/tables/${id}`)).body as TableResponse).table;
}

const path = (page: Page) => new URL(page.url()).pathname;

const storedName = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'prosper.name',
    ),
  );

const headerName = (page: Page) => page.locator('.site-header .guest-name-text').textContent();

/** Changes the name from the header, as a person does: the button, the field, Save. */
async function changeName(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Playing as / }).click();
  await page.getByRole('textbox', { name: 'Your display name' }).fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
}

/** Buttons drawn as the browser's bare default (grey face, outset border, its small font). */
function unstyledButtons(page: Page): Promise<string[]> {
  return page.evaluate((exclude) => {
    interface El {
      readonly textContent: string | null;
      closest(s: string): unknown;
      getBoundingClientRect(): { width: number };
    }
    const g = globalThis as unknown as {
      document: { querySelectorAll(s: string): ArrayLike<El> };
      getComputedStyle(el: El): { backgroundColor: string; borderTopStyle: string; fontSize: string };
    };
    return Array.from(g.document.querySelectorAll('button'))
      .filter((b) => b.getBoundingClientRect().width > 0 && !b.closest(exclude))
      .filter((b) => {
        const s = g.getComputedStyle(b);
        return (
          s.backgroundColor === 'rgb(239, 239, 239)' ||
          s.borderTopStyle === 'outset' ||
          s.fontSize === '13.3333px'
        );
      })
      .map((b) => (b.textContent ?? '').trim());
  }, BOARDS);
}

/** Contrast and buttons of a page as it is now, and its picture. */
async function checkLook(page: Page, shot: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
  expect(await contrastProblems(page, BOARDS), shot).toEqual([]);
  expect(await unstyledButtons(page), shot).toEqual([]);
}

// ---- The log ----------------------------------------------------------------------------------

/** The round a Prosperitea turn event names (the log's chapter marks). */
const roundOf = (e: VisibleEvent): number | null =>
  e.type === 'turn' ? ((e.data as { round?: number } | undefined)?.round ?? null) : null;

const allEvents = () => frames.frames.flatMap((f) => f.events);

/** Chapter titles the log must show after `step`: the setup, then each round begun by then. */
function chaptersAt(step: number): string[] {
  const rounds = frames.frames
    .slice(1, step + 1)
    .flatMap((f) => f.events.map(roundOf))
    .filter((r): r is number => r !== null);
  return ['Setup', ...[...new Set(rounds)].map((r) => `Round ${r}`)];
}

const chapterTitles = (page: Page) => page.locator('.event-log .log-chapter-title').allTextContents();
const openChapters = (page: Page) =>
  page
    .locator('.event-log details.log-chapter')
    .evaluateAll((list) => list.map((d) => (d as unknown as { open: boolean }).open));
const chapter = (page: Page, title: string): Locator =>
  page.locator('.event-log details.log-chapter', {
    has: page.locator('.log-chapter-title', { hasText: new RegExp(`^${title}$`) }),
  });

describe('the log', () => {
  it('of a long game: a chapter per round, only the newest open, every line there once, in order', async () => {
    const events = allEvents();
    expect(events.length).toBeGreaterThan(150);
    const context = await browser.newContext(LAPTOP);
    const { page, trouble } = await openPage(context, `/table/${finished.id}?watch`);
    await page.locator('.event-log .ev').last().waitFor();

    const titles = chaptersAt(frames.steps);
    expect(titles.length).toBeGreaterThan(5);
    expect(await chapterTitles(page)).toEqual(titles);
    // Every line, folded or not, in the order the server sent them.
    expect((await page.locator('.event-log .ev-text').allTextContents()).map((t) => t.trim())).toEqual(
      events.map((e) => e.text.trim()),
    );
    expect(await openChapters(page)).toEqual(titles.map((_, i) => i === titles.length - 1));
    // What shows is the last round: from its first turn to the end.
    const lastRound = events.findIndex((e) => roundOf(e) !== null && `Round ${roundOf(e)}` === titles.at(-1));
    expect(await page.locator('.event-log .ev:visible').count()).toBe(events.length - lastRound);
    // A round's turns: each starts with its heading, its lines under it.
    const newest = chapter(page, titles.at(-1)!);
    expect(await newest.locator('li').first().getAttribute('class')).toContain('ev-head');
    expect(await newest.locator('li.ev-in-turn').count()).toBeGreaterThan(0);
    await page.locator('.event-log').screenshot({ path: `${SHOTS}log-folded.png` });

    // An older round opens with a click, and with the keyboard.
    const first = chapter(page, 'Round 1');
    await first.locator('summary').click();
    expect(await first.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(await first.locator('.ev').first().isVisible()).toBe(true);
    const second = chapter(page, 'Round 2');
    await second.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await second.locator('.ev').first().isVisible()).toBe(true);
    await page.keyboard.press(' ');
    expect(await second.locator('.ev').first().isVisible()).toBe(false);
    await page
      .locator('.event-log .log-body')
      .evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 0));
    await page.locator('.event-log').screenshot({ path: `${SHOTS}log-round-1-open.png` });
    await checkLook(page, 'table-finished-laptop');
    expect(trouble).toEqual([]);
    await context.close();

    const phone = await browser.newContext(PHONE);
    const small = await openPage(phone, `/table/${finished.id}?watch`);
    await small.page.locator('.event-log .ev').last().waitFor();
    await small.page.locator('.event-log').scrollIntoViewIfNeeded();
    await small.page.locator('.event-log').screenshot({ path: `${SHOTS}log-phone.png` });
    await checkLook(small.page, 'table-finished-phone');
    await phone.close();
  });

  it('folds a round when the next begins, and keeps open what the player opened', async () => {
    // The replay draws the same log up to a step: step to where round 2 has begun.
    const firstOf = (round: number) =>
      frames.frames.findIndex((f) => f.events.some((e) => roundOf(e) === round));
    const context = await browser.newContext(LAPTOP);
    const { page, trouble } = await openPage(
      context,
      `/replay/${finished.id}?step=${firstOf(2)}&seat=spectator`,
    );
    await expect
      .poll(() => chapterTitles(page), { timeout: 20_000 })
      .toEqual(['Setup', 'Round 1', 'Round 2']);
    expect(await openChapters(page)).toEqual([false, false, true]);
    await chapter(page, 'Setup').locator('summary').click();
    expect(await openChapters(page)).toEqual([true, false, true]);

    // On, one step at a time, until round 3 begins.
    for (let step = firstOf(2); step < firstOf(3); step++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => chapterTitles(page)).toEqual(chaptersAt(firstOf(3)));
    expect(await openChapters(page)).toEqual([true, false, false, true]);
    await checkLook(page, 'replay-laptop');
    expect(trouble).toEqual([]);
    await context.close();
  });
});

// ---- The guest's name -------------------------------------------------------------------------

describe("the guest's name", () => {
  it('is made up on the first visit, changed from the header, refused when too long, kept, and used by new tables', async () => {
    const context = await contextShowingMovesAtOnce(browser, LAPTOP);
    const { page, trouble } = await openPage(context, '/');
    const button = page.getByRole('button', { name: /^Playing as / });
    await button.waitFor();
    const guest = (await headerName(page))!;
    expect(guest).toMatch(/^Guest \d{4}$/);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await storedName(page)).toBe(guest);

    // Too long: refused with the reason, nothing kept.
    await changeName(page, 'x'.repeat(41));
    const problem = page.getByRole('alert').filter({ hasText: 'too long' });
    expect(await problem.textContent()).toBe('That name is too long: at most 40 characters (41 now).');
    expect(await page.getByRole('textbox', { name: 'Your display name' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.screenshot({ path: `${SHOTS}name-too-long-laptop.png` });
    expect(await headerName(page)).toBe(guest);
    expect(await storedName(page)).toBe(guest);
    // Escape closes the form, keeping the old name, and gives the focus back to the button.
    await page.keyboard.press('Escape');
    expect(await page.locator('.guest-name-form').count()).toBe(0);
    expect(
      await button.evaluate(
        (b) =>
          b === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      ),
    ).toBe(true);

    // A name that looks like markup is a name like any other: text.
    await changeName(page, HOSTILE);
    expect(await page.locator('.guest-name-form').count()).toBe(0);
    expect(await headerName(page)).toBe(HOSTILE);
    expect(await storedName(page)).toBe(HOSTILE);
    await page.reload();
    expect(await headerName(page)).toBe(HOSTILE);
    expect(await injected(page)).toBe(false);

    // Play now: the new table's seat has that name.
    await page
      .locator('.game-card[data-game="prosperitea"]')
      .getByRole('button', { name: 'Play now against bots' })
      .click();
    await expect.poll(() => path(page), { timeout: 20_000 }).toMatch(/^\/table\/[a-z2-7]{10}$/);
    const played = path(page).slice('/table/'.length);
    expect((await tableInfo(played)).seats[0]).toMatchObject({ kind: 'human', name: HOSTILE });
    await page.locator('.players').getByText(HOSTILE, { exact: true }).waitFor();
    expect(await injected(page)).toBe(false);
    await checkLook(page, 'table-playing-laptop');

    // The create form starts from it too; its table waits for a stranger.
    await page.goto(`${site.url}/?new=prosperitea`);
    const yourName = page.getByLabel('Your name', { exact: true });
    expect(await yourName.inputValue()).toBe(HOSTILE);
    await checkLook(page, 'create-laptop');
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.locator('.share-link').waitFor();
    const waiting = (
      (await api(site.url, '/tables?status=waiting')).body as { tables: TableInfo[] }
    ).tables.find((t) => t.seats[0]?.name === HOSTILE);
    expect(waiting).toBeDefined();
    expect(trouble).toEqual([]);

    // A stranger: the name is text in the lobby's list and on the join page, never markup.
    const strangers = await contextShowingMovesAtOnce(browser, LAPTOP);
    const stranger = await openPage(strangers, '/');
    const row = stranger.page.locator(`.open-table[data-table="${waiting!.id}"]`);
    await expect
      .poll(() => row.locator('.seat-list li').first().textContent(), { timeout: 15_000 })
      .toBe(`A ${HOSTILE}`);
    await checkLook(stranger.page, 'lobby-laptop');
    await row.getByRole('link', { name: /^Join/ }).click();
    await expect
      .poll(() => stranger.page.locator('.join-page .seat-list li').first().textContent())
      .toBe(`A ${HOSTILE}`);
    // The header works on this page as on any: the join form, untouched, follows the new name.
    const joinName = stranger.page.getByLabel('Your name', { exact: true });
    expect(await joinName.inputValue()).toMatch(/^Guest \d{4}$/);
    await changeName(stranger.page, 'Bea Stranger');
    expect(await joinName.inputValue()).toBe('Bea Stranger');
    await checkLook(stranger.page, 'join-laptop');
    await stranger.page.getByRole('button', { name: /^Join/ }).click();
    await expect.poll(() => path(stranger.page), { timeout: 20_000 }).toBe(`/table/${waiting!.id}`);
    expect((await tableInfo(waiting!.id)).seats[1]).toMatchObject({ name: 'Bea Stranger', taken: true });
    // And watching the game the name's owner plays, it is text among the players.
    await stranger.page.goto(`${site.url}/table/${played}?watch`);
    await stranger.page.locator('.players').getByText(HOSTILE, { exact: true }).waitFor();
    expect(await injected(stranger.page)).toBe(false);
    expect(stranger.trouble).toEqual([]);
    await strangers.close();
    await context.close();
  });

  it('is checked by the server too: too long, empty or with control characters, in words', async () => {
    const created = await createTable(site.url, {
      game: 'prosperitea',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      claim: [0],
    });
    const join = (name: string) => api(site.url, `/tables/${created.table.id}/join`, { body: { name } });
    const refusal = async (name: string) => {
      const reply = await join(name);
      expect(reply.status).toBe(400);
      return (reply.body as { error: { code: string; message: string } }).error;
    };
    expect(await refusal('y'.repeat(41))).toEqual({
      code: 'bad_request',
      message: 'join: name: a name may be at most 40 characters',
    });
    expect((await refusal('   ')).message).toBe('join: name: a name may not be empty');
    expect((await refusal('bell\u0007')).message).toBe(
      'join: name: a name may not contain control characters',
    );
    expect((await join(HOSTILE)).status).toBe(200);
    expect((await tableInfo(created.table.id)).seats[1]!.name).toBe(HOSTILE);
  });

  it('fits the header on a phone, cut short, whole in the form', async () => {
    const context = await browser.newContext(PHONE);
    const { page, trouble } = await openPage(context, '/');
    await changeName(page, 'Bartholomew Augustine of the Tea Gardens');
    expect(await headerName(page)).toBe('Bartholomew Augustine of the Tea Gardens');
    // Nothing scrolls sideways, and the button keeps "Playing as" in its name.
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    expect(await page.getByRole('button', { name: /^Playing as Bartholomew/ }).count()).toBe(1);
    await checkLook(page, 'lobby-phone');
    await changeName(page, 'z'.repeat(45));
    await page.getByRole('alert').filter({ hasText: 'too long' }).waitFor();
    await page.screenshot({ path: `${SHOTS}name-too-long-phone.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${site.url}/?new=pocket-imperium`);
    await page.locator('.create-form').waitFor();
    await checkLook(page, 'create-phone');
    expect(trouble).toEqual([]);
    await context.close();
  });
});

// ---- The lobby's words, and the pages around a table ------------------------------------------

describe('the lobby', () => {
  it("links each game's full rules, and names bots by the level players know", async () => {
    const context = await browser.newContext(LAPTOP);
    const { page, trouble } = await openPage(context, '/');
    const card = page.locator('.game-card[data-game="pocket-imperium"]');
    await card.getByRole('link', { name: 'Full rules of Pocket Imperium', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/rules/pocket-imperium');
    await page.locator('.rules-text h1').waitFor();
    await checkLook(page, 'rules-laptop');

    await page.goto(`${site.url}/?new=pocket-imperium`);
    await page.getByLabel('Seat B: who plays it').selectOption('bot');
    const levels = await page.getByLabel('Seat B: bot').locator('option').allTextContents();
    // From the gentlest to the strongest, each with a line on what playing it is like.
    expect(levels.map((l) => l.split(' — ')[0])).toEqual(['Beginner', 'Casual', 'Strong']);
    expect(levels.every((l) => / — \w/.test(l))).toBe(true);
    const words = await page.locator('.create-page').innerText();
    expect(words).not.toMatch(/ISMCTS|heuristic|searches the game/i);

    // A waiting table's bot seat reads as the table will show it: a name and a level.
    const created = await createTable(site.url, {
      game: 'prosperitea',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'human' }],
      claim: [0],
    });
    await page.goto(`${site.url}/`);
    const row = page.locator(`.open-table[data-table="${created.table.id}"]`);
    await row.waitFor();
    expect(await row.locator('.seat-list li').nth(1).textContent()).toMatch(/^B \S+ · Casual bot$/);
    expect(await page.locator('.lobby').innerText()).not.toMatch(/ISMCTS|heuristic/i);
    expect(trouble).toEqual([]);
    await context.close();
  });

  it('hot-seat: the cover and its buttons, styled, at laptop and phone widths', async () => {
    for (const [size, device] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      const created = await createTable(site.url, {
        game: 'prosperitea',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        claim: [0, 1],
        names: ['Ann', 'Ben'],
      } as Parameters<typeof createTable>[1]);
      const context = await browser.newContext(device);
      await holdSeats(context, created.table.id, 'Ann', created.tokens);
      const { page, trouble } = await openPage(context, `/table/${created.table.id}`);
      await page.locator('.cover button.primary').waitFor();
      await checkLook(page, `hot-seat-cover-${size}`);
      expect(trouble).toEqual([]);
      if (size === 'phone') {
        // The checks see what they are for: faint text, and a button left as the browser draws it.
        // (The page's CSP refuses style attributes; the CSSOM sets the colour.)
        await page.evaluate(() => {
          interface Node {
            textContent: string;
            style: { color: string };
            append(...nodes: Node[]): void;
          }
          const doc = (
            globalThis as unknown as { document: { body: Node; createElement(tag: string): Node } }
          ).document;
          const faint = doc.createElement('p');
          faint.textContent = 'faint';
          faint.style.color = '#aaa';
          const bare = doc.createElement('button');
          bare.textContent = 'bare';
          doc.body.append(faint, bare);
        });
        expect((await contrastProblems(page, BOARDS)).map((p) => p.text)).toEqual(['faint']);
        expect(await unstyledButtons(page)).toEqual(['bare']);
      }
      await context.close();
    }
  });
});
