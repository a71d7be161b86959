/**
 * The built client under the server's Content-Security-Policy, in a real Chromium against a real
 * server: the lobby and its create form, a table page of each game (created in the form, played a
 * few moves by clicking the board, one game to its end), a replay page stepped through, and each
 * game's rules, with not one `securitypolicyviolation` event, console error or page error. A
 * script the policy forbids is reported, so the listener is known to hear violations.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/index.ts';
import type { TableInfo } from '../../src/protocol/index.ts';
import { finishedBotMatch } from '../server/bot-match.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { changed, clickSomething, createInLobby, LAPTOP, pageState, playToEnd } from './live-driver.ts';
import type { LobbyTable } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

let site: ServerSite;
let browser: Browser;
let finished: TableInfo;

beforeAll(async () => {
  site = await startServerSite();
  browser = await launchChromium();
  finished = await finishedBotMatch(site.url, 'pocket-imperium');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Watched {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Violations the page reported, console errors and uncaught errors, in order. */
  problems(): Promise<string[]>;
}

/** A fresh browser context whose pages record every CSP violation before any of their scripts run. */
async function watchedPage(): Promise<Watched> {
  const context = await contextShowingMovesAtOnce(browser, LAPTOP);
  await context.addInitScript(() => {
    const w = globalThis as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    (
      globalThis as unknown as {
        document: { addEventListener(type: string, listener: (e: Record<string, unknown>) => void): void };
      }
    ).document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(
        `CSP: ${String(e['effectiveDirective'])} blocked ${String(e['blockedURI'])} (${String(e['sourceFile'])}:${String(e['lineNumber'])})`,
      ),
    );
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('dialog', (d) => void d.accept());
  return {
    page,
    context,
    problems: async () => [
      ...(await page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations)),
      ...errors,
    ],
  };
}

/** Opens `path` and checks the document came with the server's policy. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-security-policy'], path).toMatch(
    /script-src 'self';.*frame-ancestors 'none'/,
  );
}

const TABLES: readonly LobbyTable[] = [
  { game: 'prosperitea', name: 'Ann', seats: ['me', { bot: 'heuristic' }] },
  { game: 'prospectus', name: 'Ann', seats: ['me', { bot: 'random' }, { bot: 'heuristic' }] },
  { game: 'pocket-imperium', name: 'Ann', seats: ['me', { bot: 'heuristic' }] },
];

describe('the Content-Security-Policy', () => {
  it('reports what it forbids (the listener hears violations)', async () => {
    const { page, context, problems } = await watchedPage();
    await open(page, '/');
    await page.evaluate(() => {
      const doc = (
        globalThis as unknown as { document: { createElement(t: string): Record<string, unknown> } }
      ).document;
      const script = doc.createElement('script');
      script['textContent'] = 'globalThis.inlineRan = true';
      (doc as unknown as { head: { append(n: unknown): void } }).head.append(script);
    });
    await expect
      .poll(problems)
      .toEqual([
        expect.stringMatching(/^CSP: script-src-elem blocked inline/),
        expect.stringMatching(/^console: .*Content Security Policy/),
      ]);
    expect(
      await page.evaluate(() => (globalThis as unknown as { inlineRan?: boolean }).inlineRan),
    ).toBeUndefined();
    await context.close();
  });

  it('lets the lobby and its create form run with no violation', async () => {
    const { page, context, problems } = await watchedPage();
    await open(page, '/');
    await expect.poll(() => page.locator('.game-card').count()).toBe(3);
    await open(page, '/?new=pocket-imperium');
    await page.locator('.create-form').waitFor();
    expect(await problems()).toEqual([]);
    await context.close();
  });

  describe.each(TABLES)('a table of $game', (table) => {
    it('is created in the form, connects over WebSocket and is played by clicking, with no violation', async () => {
      const { page, context, problems } = await watchedPage();
      await open(page, '/');
      const id = await createInLobby(page, site.url, table);
      await page.locator('.board-area [class$="-board"]').waitFor();
      if (table.game === 'prosperitea') await playToEnd(page, 'csp-seed');
      else {
        const rng = Rng.fromSeed(`csp-${table.game}`);
        const stats = { board: 0, list: 0, planner: 0 };
        for (let acted = 0; acted < 6;) {
          const state = await pageState(page);
          if (state.end) break;
          if (state.turn !== 'yours' || state.pending) await changed(page, state);
          else if (await clickSomething(page, rng, stats)) {
            acted++;
            await changed(page, state);
          }
        }
      }
      // The table page reloaded: the client reconnects and shows the board again.
      await open(page, `/table/${id}`);
      await page.locator('.board-area [class$="-board"]').waitFor();
      expect(await problems()).toEqual([]);
      await context.close();
    }, 240_000);
  });

  it('lets a replay page step through a match with no violation', async () => {
    const { page, context, problems } = await watchedPage();
    await open(page, `/replay/${finished.id}`);
    await page.locator('.replay-board[data-step="0"] .board-area [class$="-board"]').waitFor();
    for (let step = 1; step <= 3; step++) {
      await page.keyboard.press('ArrowRight');
      await page.locator(`.replay-board[data-step="${step}"] .board-area [class$="-board"]`).waitFor();
    }
    expect(await problems()).toEqual([]);
    await context.close();
  });

  it.each(TABLES.map((t) => t.game))('lets the rules of %s show with no violation', async (game) => {
    const { page, context, problems } = await watchedPage();
    await open(page, `/rules/${game}`);
    await page.locator('.rules-text h1').waitFor();
    expect(await problems()).toEqual([]);
    await context.close();
  });
});
