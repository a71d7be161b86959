/**
 * "Learn to play" in a real Chromium against a real server, for each game: the lobby's button opens
 * a tutorial table (checked on the server: the tutorial seed's deal, unlisted, the learner against
 * Casual bots), and the test does what the panel says, step after step: Next on an explanation, a
 * click on the ringed element when it asks for a move. At every step it checks that the ring sits
 * on an element that exists and is visible. On a laptop it follows the script to its end (how the
 * game is scored, "Play a real game"); on a 390 px phone it follows the first steps, some with the
 * keyboard alone, and leaves half-way. Screenshots: test-results/learn/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableInfo, TableResponse, TablesResponse } from '../../src/protocol/index.ts';
import { tutorialSeed } from '../../src/server/tutorial.ts';
import { api } from '../server/harness.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/learn/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;
const GAMES = ['prosperitea', 'pocket-imperium', 'prospectus'] as const;

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

const path = (page: Page) => new URL(page.url()).pathname;

async function tableInfo(id: string): Promise<TableInfo> {
  const reply = await api(site.url, `/tables/${id}`);
  expect(reply.status).toBe(200);
  return (reply.body as TableResponse).table;
}

async function listed(status: string): Promise<string[]> {
  return ((await api(site.url, `/tables?status=${status}`)).body as TablesResponse).tables.map((t) => t.id);
}

/** From the lobby's card, "Learn to play": resolves with the tutorial table's id. */
async function learnFromLobby(page: Page, game: string): Promise<string> {
  await page.goto(`${site.url}/`);
  const button = page
    .locator(`.game-card[data-game="${game}"]`)
    .getByRole('button', { name: /learn to play/i });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await expect.poll(() => path(page), { timeout: 15_000 }).toMatch(/^\/table\/[a-z2-7]{10}$/);
  return path(page).slice('/table/'.length);
}

interface PanelState {
  readonly step: string;
  readonly kind: string;
  readonly ready: boolean;
  readonly count: string;
}

async function panelState(page: Page): Promise<PanelState> {
  const panel = page.locator('.tutorial');
  await panel.waitFor({ timeout: 15_000 });
  const [step, kind, ready, count] = await Promise.all([
    panel.getAttribute('data-step'),
    panel.getAttribute('data-kind'),
    panel.getAttribute('data-ready'),
    panel.locator('.tutorial-count').textContent(),
  ]);
  return { step: step ?? '', kind: kind ?? '', ready: ready === 'true', count: count ?? '' };
}

/**
 * The ring points at an element that exists and is visible, and is drawn around it. Resolves with
 * whether the ring asks for a click, or null when nothing is pointed at yet (within a moment).
 */
async function checkRing(page: Page, what: string): Promise<'click' | 'look' | null> {
  const target = page.locator('[data-tutorial-target]');
  const ring = page.locator('.tutorial-ring:not([hidden])');
  try {
    await ring.waitFor({ timeout: 3_000 });
  } catch {
    return null;
  }
  await expect.poll(() => target.count(), { message: `${what}: one element pointed at` }).toBe(1);
  expect(await target.isVisible(), `${what}: the target is visible`).toBe(true);
  // The ring is drawn on the next frame after the element moves: compare once both are still.
  await expect
    .poll(
      async () => {
        const boxes = await page.evaluate(() => {
          // Runs in the page: its globals are not in this file's (Node) types.
          const doc = (globalThis as unknown as { document: { querySelector(s: string): Box | null } })
            .document;
          interface Box {
            getBoundingClientRect(): { x: number; y: number; width: number; height: number };
          }
          const box = (s: string) => {
            const r = doc.querySelector(s)?.getBoundingClientRect();
            return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
          };
          return { t: box('[data-tutorial-target]'), r: box('.tutorial-ring:not([hidden])') };
        });
        const { t, r } = boxes;
        if (!t || !r) return 'missing';
        const off = Math.max(
          Math.abs(r.x + 5 - t.x),
          Math.abs(r.y + 5 - t.y),
          Math.abs(r.width - 10 - t.width),
          Math.abs(r.height - 10 - t.height),
        );
        return off <= 2 ? 'on it' : `off by ${off}px`;
      },
      { message: `${what}: the ring is drawn around the target` },
    )
    .toBe('on it');
  return (await ring.getAttribute('class'))?.includes('click') ? 'click' : 'look';
}

/** How long a step may wait for the bots before the test calls it stuck. */
const NEXT_STEP_MS = 60_000;

interface Followed {
  readonly steps: string[];
  readonly rings: number;
}

/**
 * Does what the panel says until `stop` says so: Next on explanations and tips without a move, a
 * click on the ringed element when it asks for one (and on the choice menu's item it then rings),
 * waiting while the bots play. `keyboard`: Next, "Show me" and the move by keys alone.
 */
async function follow(
  page: Page,
  stop: (state: PanelState, seen: readonly string[]) => boolean,
  { keyboard = false, shots = '' }: { keyboard?: boolean; shots?: string } = {},
): Promise<Followed> {
  const seen: string[] = [];
  let rings = 0;
  let stuckSince = Date.now();
  let last = '';
  for (;;) {
    const state = await panelState(page);
    const key = `${state.step}:${state.ready}`;
    if (key !== last) {
      last = key;
      stuckSince = Date.now();
      if (!seen.includes(state.step)) {
        seen.push(state.step);
        if (shots) await page.screenshot({ path: join(SHOTS, `${shots}--${seen.length}-${state.step}.png`) });
      }
    }
    if (stop(state, seen)) return { steps: seen, rings };
    if (Date.now() - stuckSince > NEXT_STEP_MS) {
      await page.screenshot({ path: join(SHOTS, `${shots || 'follow'}--stuck.png`) });
      throw new Error(`stuck at step ${state.step} (${state.count})`);
    }
    const panel = page.locator('.tutorial');
    if (state.kind === 'read' || state.kind === 'tip' || (state.kind === 'do' && state.ready)) {
      const ring = await checkRing(page, `${state.step} (${state.count})`);
      if (ring !== null) rings++;
      if (ring === 'click') {
        if (keyboard) {
          // "Show me" takes the focus to the element; Enter there makes the move.
          await panel.getByRole('button', { name: 'Show me' }).first().focus();
          await page.keyboard.press('Enter');
          await expect.poll(() => page.locator('[data-tutorial-target]:focus').count()).toBe(1);
          await page.keyboard.press('Enter');
        } else await page.locator('[data-tutorial-target]').click();
        // The move is answered, or a choice menu opens, and the ring moves on.
        await page.waitForTimeout(150);
        continue;
      }
      const next = panel.getByRole('button', { name: state.kind === 'tip' ? 'Got it' : 'Next' });
      if (state.kind !== 'do' && (await next.count())) {
        if (keyboard) {
          await next.focus();
          await page.keyboard.press('Enter');
        } else await next.click();
        await expect.poll(async () => (await panelState(page)).step).not.toBe(state.step);
        continue;
      }
    }
    // Waiting for the bots, or for the table to answer.
    await page.waitForTimeout(250);
  }
}

describe.each(GAMES)('Learn to play %s', (game) => {
  it('opens a tutorial table from the lobby, follows every step to the end and offers a real game', async () => {
    const context = await contextShowingMovesAtOnce(browser, LAPTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const id = await learnFromLobby(page, game);

    const table = await tableInfo(id);
    expect(table.settings).toMatchObject({ tutorial: true, listed: false, clock: { kind: 'none' } });
    expect(table.status).toBe('playing');
    expect(table.seats[0]).toMatchObject({ kind: 'human', taken: true });
    for (const s of table.seats.slice(1)) expect(s.bot).toEqual({ bot: 'heuristic' });
    expect((await site.srv.server.storage.loadMatch(id))!.match.seed).toBe(tutorialSeed(game));
    expect([...(await listed('playing')), ...(await listed('waiting'))]).not.toContain(id);

    const followed = await follow(page, (state) => state.kind === 'finale', { shots: game });
    expect(followed.steps.length).toBeGreaterThanOrEqual(8);
    expect(followed.rings).toBeGreaterThanOrEqual(followed.steps.length);
    const panel = page.locator('.tutorial');
    await expect.poll(() => panel.locator('h2').first().textContent()).toMatch(/ends|wins/);
    expect(await checkRing(page, 'finale')).not.toBeNull();
    await page.screenshot({ path: join(SHOTS, `${game}--finale.png`) });

    await panel.getByRole('button', { name: 'Play a real game' }).click();
    await expect.poll(() => path(page), { timeout: 15_000 }).not.toBe(`/table/${id}`);
    const real = await tableInfo(path(page).slice('/table/'.length));
    expect(real.game).toBe(game);
    expect(real.settings.tutorial).toBeUndefined();
    expect((await site.srv.server.storage.loadMatch(real.id))!.match.seed).toMatch(/^[0-9a-f]{32}$/);
    await page.locator('.board-area').waitFor();
    expect(await page.locator('.tutorial').count()).toBe(0);
    // The tutorial was left: a bot plays the learner's seat there now.
    expect((await tableInfo(id)).seats[0]!.controlledByBot).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 420_000);

  it('on a 390 px phone, follows the first steps (some by keyboard alone) and leaves half-way', async () => {
    const context = await contextShowingMovesAtOnce(browser, PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const id = await learnFromLobby(page, game);
    const followed = await follow(page, (_state, seen) => seen.length > 5, {
      keyboard: true,
      shots: `${game}--phone`,
    });
    expect(followed.steps.length).toBe(6);
    const width = await page.evaluate(() => {
      const win = globalThis as unknown as {
        innerWidth: number;
        document: { documentElement: { scrollWidth: number } };
      };
      return win.document.documentElement.scrollWidth - win.innerWidth;
    });
    expect(width).toBeLessThanOrEqual(0);

    // Hidden, the panel leaves the board free; shown again, it is where it was.
    const state = await panelState(page);
    await page.locator('.tutorial').getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('button', { name: /Learn to play: step/ }).click();
    expect((await panelState(page)).step).toBe(state.step);

    await page.locator('.tutorial').getByRole('button', { name: 'Leave tutorial' }).click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/');
    const left = await tableInfo(id);
    expect(left.seats[0]!.controlledByBot).toBe(true);
    const stored = await page.evaluate(
      (key) =>
        (
          globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
        ).localStorage.getItem(key),
      `prosper.table.${id}`,
    );
    expect(stored).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
