/**
 * "Why not?" in Chromium against a real server serving the built client: clicking a board element
 * that is not highlighted shows, beside it and in a live region, the game's own refusal of the
 * action it would have been (rule id linked to the player's guide), and changes nothing. One board
 * per game. Screenshots: test-results/why-not/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesFor } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import type { SeatSpec } from '../../src/protocol/index.ts';
import { gameById } from '../server/harness.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { createTable, holdSeats, joinTable, LAPTOP } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/why-not/', import.meta.url));
const HUMAN = { kind: 'human' } as const;

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

/**
 * A started table whose seat 0 this page holds; the other seats are taken by people who never
 * come, so nothing moves unless the page moves it. `as` picks the viewer: the seat, or a spectator.
 */
async function open(game: string, players: number, as: 'seat' | 'spectator' = 'seat') {
  const seats: SeatSpec[] = Array.from({ length: players }, () => HUMAN);
  const created = await createTable(site.url, { game, seats, claim: [0] });
  const table = created.table.id;
  for (let seat = 1; seat < players; seat++) await joinTable(site.url, table, `Absent ${seat}`);
  const context = await contextShowingMovesAtOnce(browser, LAPTOP);
  if (as === 'seat') await holdSeats(context, table, 'Ann', created.tokens);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}/table/${table}${as === 'spectator' ? '?watch' : ''}`);
  await page.locator('.board-area [class$="-board"]').waitFor();
  await page.locator('.link-open').waitFor();
  await page.locator('.table-page[data-seq]:not([data-seq=""])').waitFor();
  return { page, table, errors, close: () => context.close() };
}

/** What the engine says to seat 0 about `action` in the match as the server holds it now. */
async function engineSays(game: string, table: string, action: unknown) {
  const live = await site.srv.server.tables.open(table);
  const rules = gameById(GAMES, game);
  const names = namesFor(0, live.seatNames());
  const state = live.stateForServer();
  const refusal = rules.check(state, 0, action, names);
  const label = rules.render.action(action, rules.view(state, 0), names);
  return { refusal, label, seq: live.seq };
}

/** Clicks the element, waits for the answer in the bubble, and returns its text and rule link. */
async function ask(page: Page, selector: string, nth: number) {
  const element = page.locator(selector).nth(nth);
  await expect(element.getAttribute('data-why-not')).resolves.not.toBeNull();
  // Not highlighted: it carries no legal action.
  await expect(element.getAttribute('data-actions')).resolves.toBeNull();
  await element.click();
  const box = page.locator('.why-not-bubble .why-not-box');
  await box.locator(':scope[data-answer="refused"], :scope[data-answer="allowed"]').waitFor();
  return {
    heading: (await box.locator('.why-not-head b').textContent()) ?? '',
    text: (await page.locator('.why-not-bubble').textContent()) ?? '',
    href: await box.locator('a').getAttribute('href'),
    live: await page.locator('.why-not-bubble').getAttribute('aria-live'),
    role: await page.locator('.why-not-bubble').getAttribute('role'),
  };
}

interface Case {
  readonly game: string;
  readonly players: number;
  /** The elements clicked, and which one. */
  readonly selector: string;
  readonly nth: number;
  /** The action a click on it would have been (read from the page where the board says so). */
  readonly action: (page: Page) => Promise<unknown>;
}

const CASES: readonly Case[] = [
  {
    game: 'prosperitea',
    players: 2,
    // The first Standard order in the market: start filling it.
    selector: '.market .order-grid .order-card[data-why-not]',
    nth: 0,
    action: async () => ({ type: 'fill', slot: 0 }),
  },
  {
    game: 'prospectus',
    players: 3,
    // The third potion's tube: buy it.
    selector: '.tube[data-why-not]',
    nth: 2,
    action: async () => ({ t: 'tx', kind: 'buy', potion: 2 }),
  },
  {
    game: 'pocket-imperium',
    players: 2,
    // A hex nobody may place on now (setup: the placing step).
    selector: 'g.space[data-why-not]',
    nth: 0,
    action: async (page) => ({
      type: 'place',
      hex: Number(await page.locator('g.space[data-why-not]').first().getAttribute('data-hex')),
    }),
  },
];

describe('a click on an element that is not highlighted says why not', () => {
  it.each(CASES.map((c) => [c.game, c] as const))(
    '%s: the engine’s refusal, beside the element and read out, with its rule linked; nothing changes',
    async (_name, c) => {
      const { page, table, errors, close } = await open(c.game, c.players);
      const action = await c.action(page);
      const before = await engineSays(c.game, table, action);
      expect(before.refusal).not.toBeNull();
      const answer = await ask(page, c.selector, c.nth);
      // Headed by what the click would have done, in the game's words.
      expect(answer.heading.toLowerCase()).toBe(before.label.toLowerCase());
      expect(answer.text).toContain('Not allowed');
      expect(answer.text).toContain(before.refusal!.message);
      expect(answer.text).toContain(before.refusal!.rule);
      expect(answer.href).toBe(`/play/${c.game}#${before.refusal!.rule}`);
      expect({ live: answer.live, role: answer.role }).toEqual({ live: 'polite', role: 'status' });
      await page.screenshot({ path: join(SHOTS, `${c.game}.png`) });

      // Asking moved nothing: the same seq on the server and on the page.
      expect((await engineSays(c.game, table, action)).seq).toBe(before.seq);
      expect(await page.locator('.table-page').getAttribute('data-seq')).toBe(String(before.seq));
      // Escape closes it; the region stays, empty, for the next answer.
      await page.keyboard.press('Escape');
      await expect(page.locator('.why-not-box').count()).resolves.toBe(0);
      await expect(page.locator('.why-not-bubble').count()).resolves.toBe(1);
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  it('a spectator’s clicks ask nothing, and the page has no bubble for them', async () => {
    const { page, errors, close } = await open('pocket-imperium', 2, 'spectator');
    await expect(page.locator('[data-why-not]').count()).resolves.toBe(0);
    await page.locator('g.space').first().click();
    await expect(page.locator('.why-not-bubble').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
