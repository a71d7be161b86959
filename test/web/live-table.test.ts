/**
 * The table page tells the truth and forgives a misclick, in Chromium against a real server serving
 * the built client (`server-site.ts`): a lost network or a silent link is said within seconds, and a
 * move sent into it is reported until the server confirms it; the running clock sits beside the
 * turn line on a phone, stays in view and warns; the tab's title says whose turn it is; a costly
 * move asks in the page's own dialog; other players' moves are shown one at a time; the turn line
 * says "waiting only for you" and a spectator reads "You are watching"; the top bar hides the empty
 * gallery; the hot-seat cover's buttons are drawn like the page's. Screenshots: test-results/table/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/index.ts';
import type {
  ClientMessage,
  ClockSettings,
  SeatGrant,
  SeatSpec,
  ServerMessage,
} from '../../src/protocol/index.ts';
import { launchChromium } from './harness.ts';
import { clickSomething, createTable, holdSeats, joinTable, LAPTOP } from './live-driver.ts';
import type { PlayStats } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/table/', import.meta.url));
const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' } as const;
const HEURISTIC = { kind: 'bot', bot: 'heuristic' } as const;
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

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });

/** A screenshot at the other width too (laptop ⇄ phone), then back. */
async function shotBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const phone = size.width <= 400;
  await shot(page, `${name}--${phone ? 'phone' : 'laptop'}`);
  await page.setViewportSize(phone ? LAPTOP.viewport : PHONE.viewport);
  await page.waitForTimeout(100);
  await shot(page, `${name}--${phone ? 'laptop' : 'phone'}`);
  await page.setViewportSize(size);
}

/** A table created over HTTP whose seat 0 this browser context holds, and a page on it. */
async function open(
  game: string,
  seats: SeatSpec[],
  opts: {
    view?: typeof LAPTOP | typeof PHONE;
    clock?: ClockSettings;
    route?: (ws: WebSocketRoute) => void;
    /** Another person takes the open seats (over HTTP, and never shows up). */
    join?: boolean;
  } = {},
): Promise<{
  page: Page;
  context: BrowserContext;
  table: string;
  tokens: SeatGrant[];
  errors: string[];
}> {
  const created = await createTable(site.url, {
    game,
    seats,
    ...(opts.clock ? { clock: opts.clock } : {}),
  } as never);
  const table = created.table.id;
  if (opts.join)
    for (const seat of created.table.seats.filter((s) => s.kind === 'human' && !s.taken))
      await joinTable(site.url, table, `Absent ${seat.seat}`);
  const context = await browser.newContext(opts.view ?? LAPTOP);
  await holdSeats(context, table, 'Ann', created.tokens);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (opts.route) await page.routeWebSocket(/\/api\/v1\/ws$/, opts.route);
  await page.goto(`${site.url}/table/${table}`);
  await page.locator('.board-area [class$="-board"]').waitFor();
  await page.locator('.link-open').waitFor();
  return { page, context, table, tokens: created.tokens, errors };
}

/** Waits until it is the page's turn with every move shown, and clicks one board action. */
async function myTurn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): Attr | null } }).document;
    const root = doc.querySelector('.table-page');
    return (
      doc.querySelector('.turn-line[data-turn="yours"]') !== null &&
      // (A page without pacing has neither attribute: it is always up to date.)
      (root?.getAttribute('data-behind') ?? '0') === '0' &&
      (root?.getAttribute('data-latest-seq') ?? root?.getAttribute('data-seq')) ===
        root?.getAttribute('data-seq') &&
      doc.querySelector('.turn-line.is-pending') === null &&
      doc.querySelector('.board-area [data-actions]') !== null
    );
  });
}
interface Attr {
  getAttribute(name: string): string | null;
}

/** The log's lines as the engine wrote them, oldest first, folded chapters included. */
const logLines = (page: Page) => page.locator('.event-log .ev-text').allTextContents();

/** Clicks a board element with a single action (so no menu opens); returns its index in `legal`. */
async function clickOne(page: Page): Promise<number> {
  const single = page.locator('.board-area [data-actions]:not([data-actions*=" "])').first();
  const index = Number(await single.getAttribute('data-actions'));
  await single.click();
  return index;
}

describe('a truthful connection', () => {
  it('says at once that the device went offline, and reconnects as soon as it is back online', async () => {
    const { page, context, errors } = await open('prosperitea', [HUMAN, HEURISTIC]);
    await myTurn(page);
    const badge = page.locator('.table-head .link-state');
    expect(await badge.textContent()).toBe('connected');
    const start = Date.now();
    await context.setOffline(true);
    await page
      .locator('.turn-line.is-down', { hasText: 'Your device is offline' })
      .waitFor({ timeout: 3_000 });
    const said = Date.now() - start;
    expect(await badge.textContent()).toBe('offline — no network');
    expect(said).toBeLessThan(3_000);
    // A choice made now says it was not sent.
    await clickOne(page);
    await page.locator('.refusal[data-code="offline"]').waitFor();
    await shotBoth(page, 'offline');
    await context.setOffline(false);
    // Back by itself at once (the "online" event), whatever the backoff had grown to.
    await page.locator('.link-open').waitFor({ timeout: 5_000 });
    expect(await badge.textContent()).toBe('connected');
    expect(await page.locator('.refusal').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('finds a silent link within seconds of a move, says the move may not have arrived, then that it did', async () => {
    // Every socket goes through this route: `silent` swallows everything both ways (a network that
    // drops packets without closing anything); `answersLost` lets the page's action through and
    // then swallows what the server says (its ack and the update); `down` refuses new sockets,
    // until the test lets them pass again.
    let mode: 'pass' | 'silent' | 'answersLost' | 'down' = 'pass';
    const fromPage: ClientMessage[][] = [];
    const fromServer: ServerMessage[][] = [];
    const route = (ws: WebSocketRoute) => {
      if (mode === 'down') return void ws.close({ code: 1011, reason: 'network down (test)' });
      const server = ws.connectToServer();
      const sent: ClientMessage[] = [];
      const got: ServerMessage[] = [];
      fromPage.push(sent);
      fromServer.push(got);
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ClientMessage;
        sent.push(message);
        if (mode === 'silent') return;
        server.send(raw);
        if (mode === 'answersLost' && message.type === 'act') mode = 'silent';
      });
      server.onMessage((raw) => {
        if (mode === 'silent') return;
        got.push(JSON.parse(String(raw)) as ServerMessage);
        ws.send(raw);
      });
      ws.onClose(() => {
        // The page gave the silent link up: the network stays down until the test says.
        if (mode === 'silent') mode = 'down';
        void server.close();
      });
    };
    const { page, table, tokens, context, errors } = await open('prosperitea', [HUMAN, HEURISTIC], { route });

    for (const lost of ['silent', 'answersLost'] as const) {
      await myTurn(page);
      const acts = () =>
        fromPage.flat().filter((m): m is Extract<ClientMessage, { type: 'act' }> => m.type === 'act');
      const before = acts().length;
      mode = lost;
      const start = Date.now();
      await clickOne(page);
      await page.locator('.turn-line.is-pending').waitFor();
      // Found out within seconds (a ping goes out with the move), not after the 40 s it took before.
      await page.locator('.turn-line .unconfirmed').waitFor({ timeout: 10_000 });
      const found = Date.now() - start;
      expect(found).toBeLessThan(8_000);
      const sent = acts()[before]!;
      const notice = await page.locator('.turn-line .unconfirmed').textContent();
      expect(notice).toContain('Your last move');
      expect(notice).toContain('may not have arrived');
      await page.locator('.table-head .link-reconnecting').waitFor();
      if (lost === 'silent') await shotBoth(page, 'unconfirmed');
      mode = 'pass';
      // Back: the same action, same request id, goes out again, and the server's answer settles it.
      await page.locator('.turn-status', { hasText: 'arrived.' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.turn-line .unconfirmed').count()).toBe(0);
      const again = acts().slice(before + 1);
      expect(again.length).toBe(1);
      expect(again[0]).toEqual(sent);
      const answer = fromServer
        .at(-1)!
        .find((m): m is Extract<ServerMessage, { type: 'ack' }> => m.type === 'ack' && m.id === sent.id);
      // Stored once, as the next action after the one it was chosen against.
      expect(answer?.seq).toBe(sent.seq + 1);
      if (lost === 'silent') await shotBoth(page, 'confirmed');
    }

    // Nothing doubled and nothing missing: the log equals the one a fresh page gets from the server.
    const fresh = await browser.newContext(LAPTOP);
    await holdSeats(fresh, table, 'Ann', tokens);
    const copy = await fresh.newPage();
    await copy.goto(`${site.url}/table/${table}`);
    await myTurn(page);
    await myTurn(copy);
    expect(await copy.getAttribute('.table-page', 'data-seq')).toBe(
      await page.getAttribute('.table-page', 'data-seq'),
    );
    expect(await logLines(page)).toEqual(await logLines(copy));
    expect(errors).toEqual([]);
    await fresh.close();
    await context.close();
  }, 120_000);
});

describe('the clock where you look', () => {
  it('shows the running clock beside the turn line on a phone, keeps it in view, warns, and names the turn in the title', async () => {
    // Seat B is a person who never comes: once a bot plays Ann's seat, the game waits on B's clock
    // (rather than racing to its end between bots) while Ann takes her seat back.
    const { page, context, errors } = await open('prospectus', [HUMAN, HUMAN, HEURISTIC], {
      view: PHONE,
      clock: { kind: 'realtime', baseMs: 24_000, incrementMs: 0 },
      join: true,
    });
    await myTurn(page);
    expect(await page.title()).toBe('Your turn · Prospectus');
    const clock = page.locator('.turn-line .turn-clock.mine');
    await clock.waitFor();
    const inView = async () => {
      const box = (await clock.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await inView()).toBe(true);
    await shot(page, 'clock--phone');
    // Scrolled down to the price machine, the clock is still on screen.
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 1400),
    );
    await page.waitForTimeout(100);
    expect(await inView()).toBe(true);
    await shot(page, 'clock--phone-scrolled');
    // Under 12 s (half the bank): the warning, in the turn line and the title.
    await page.locator('.turn-line .turn-clock.mine.warn').waitFor({ timeout: 20_000 });
    expect(await page.locator('.hurry-note').textContent()).toContain('a bot plays your seat');
    expect(await inView()).toBe(true);
    expect(await page.title()).toMatch(/^⚠ 0:\d\d left · Your turn · Prospectus$/);
    await shotBoth(page, 'clock-warning');
    // Run out: a bot takes the seat; "Play again myself" is one of the page's buttons.
    const reclaim = page.getByRole('button', { name: 'Play again myself' });
    await reclaim.waitFor({ timeout: 20_000 });
    // Read again if the line was redrawn under the reading (a detached element has no style).
    const look = () =>
      reclaim.evaluate((b) => {
        const style = (
          globalThis as unknown as {
            getComputedStyle(e: unknown): { borderRadius: string; backgroundColor: string };
          }
        ).getComputedStyle(b);
        return { radius: style.borderRadius, background: style.backgroundColor };
      });
    await expect.poll(look).toEqual({ radius: '8px', background: 'rgb(255, 255, 255)' });
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    await shot(page, 'takeover--phone');
    await reclaim.click();
    await expect.poll(() => reclaim.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('a way back from a misclick', () => {
  it("asks the server's question for a costly move in the page's own dialog; Cancel and Escape send nothing", async () => {
    // The route puts a question on every legal action, as the server does for costly ones.
    const acts: Extract<ClientMessage, { type: 'act' }>[] = [];
    let legal: unknown[] = [];
    const route = (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ClientMessage;
        if (message.type === 'act') acts.push(message);
        server.send(raw);
      });
      server.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ServerMessage;
        if (message.type === 'update' && message.legal) {
          legal = message.legal;
          message.confirm = message.legal.map(() => 'This cannot be taken back. Go ahead?');
        }
        ws.send(JSON.stringify(message));
      });
    };
    for (const view of ['laptop', 'phone'] as const) {
      const { page, context, errors } = await open('prosperitea', [HUMAN, HEURISTIC], {
        route,
        view: view === 'phone' ? PHONE : LAPTOP,
      });
      // The browser's own confirm() must not be used: fail if one shows up.
      page.on('dialog', (d) => {
        errors.push(`native dialog: ${d.message()}`);
        void d.dismiss();
      });
      await myTurn(page);
      const before = acts.length;
      const dialog = page.locator('.confirm-dialog[open]');
      const index = await clickOne(page);
      await dialog.waitFor();
      expect(await dialog.locator('h2').textContent()).toBe('This cannot be taken back. Go ahead?');
      expect(await dialog.locator('.confirm-label').textContent()).toMatch(/^Your choice: .+/);
      // The safe answer has the focus.
      expect(
        await dialog
          .locator('.confirm-cancel')
          .evaluate(
            (b) => b === (b as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
          ),
      ).toBe(true);
      await shot(page, `confirm--${view}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await clickOne(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await page.waitForTimeout(300);
      expect(acts.length).toBe(before);
      // The board still offers its actions; this time the move is confirmed and sent.
      expect(await page.locator('.board-area [data-actions]').count()).toBeGreaterThan(0);
      const chosen = await clickOne(page);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => acts.length).toBe(before + 1);
      expect(chosen).toBe(index);
      expect(acts.at(-1)!.action).toEqual(legal[chosen]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 90_000);
});

/** Records every value `data-seq` takes on the page, with when (the page's clock, ms). */
async function watchSteps(page: Page): Promise<() => Promise<{ seq: number; at: number }[]>> {
  await page.evaluate(() => {
    const g = globalThis as unknown as {
      __steps: { seq: number; at: number }[];
      document: { querySelector(s: string): (Attr & object) | null; documentElement: object };
      MutationObserver: new (f: () => void) => { observe(n: object, o: object): void };
      performance: { now(): number };
    };
    g.__steps = [];
    const note = () => {
      const seq = Number(g.document.querySelector('.table-page')?.getAttribute('data-seq'));
      if (g.__steps.at(-1)?.seq !== seq) g.__steps.push({ seq, at: g.performance.now() });
    };
    note();
    new g.MutationObserver(note).observe(g.document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-seq'],
    });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { __steps: { seq: number; at: number }[] }).__steps);
}

describe("other players' moves", () => {
  it('are shown one at a time, highlighted, in order; your own at once; "Show now" and the setting skip the wait', async () => {
    const { page, context, errors } = await open('prospectus', [HUMAN, HEURISTIC, HEURISTIC, HEURISTIC]);
    const steps = await watchSteps(page);
    await myTurn(page);
    const mySeq = Number(await page.getAttribute('.table-page', 'data-seq'));
    await clickOne(page);
    // While the bots' moves are being shown: the move at the foot of the screen, its log lines
    // highlighted, the board inert until the last one.
    await page.locator('.move-shown').waitFor();
    expect(await page.locator('.event-log li.ev-fresh').count()).toBeGreaterThan(0);
    const shownText = await page.locator('.move-shown li').first().textContent();
    expect(shownText?.length).toBeGreaterThan(3);
    if (Number(await page.getAttribute('.table-page', 'data-behind')) > 0)
      expect(await page.locator('.board-area [data-actions]').count()).toBe(0);
    await shotBoth(page, 'pacing');
    await myTurn(page);
    const seen = await steps();
    const after = seen.filter((s) => s.seq > mySeq);
    const last = Number(await page.getAttribute('.table-page', 'data-latest-seq'));
    // Every move, in order, none skipped: my own first (at once), then each of the bots'.
    expect(after.map((s) => s.seq)).toEqual(Array.from({ length: last - mySeq }, (_, i) => mySeq + 1 + i));
    expect(last - mySeq).toBeGreaterThanOrEqual(3);
    const gaps = after.slice(1).map((s, i) => s.at - after[i]!.at);
    // Each move stayed on screen a while: nominally 450 ms after one's own, 900 ms after another's
    // (less for a long backlog). A busy machine delays a render, which shortens the gap after it:
    // the bound only tells "held" from "flashed by".
    expect(Math.min(...gaps)).toBeGreaterThan(250);

    // "Show now" shows everything at once.
    await clickOne(page);
    await page.locator('.pace-now').waitFor();
    await page.locator('.pace-now').click();
    await expect
      .poll(
        async () =>
          (await page.getAttribute('.table-page', 'data-seq')) ===
          (await page.getAttribute('.table-page', 'data-latest-seq')),
      )
      .toBe(true);

    // "At once": kept in this browser, and no move is held back any more.
    await myTurn(page);
    await page.locator('.pace-setting select').selectOption('off');
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
        ).localStorage.getItem('prosper.pace'),
      ),
    ).toBe('off');
    await page.reload();
    await page.locator('.link-open').waitFor();
    expect(await page.locator('.pace-setting select').inputValue()).toBe('off');
    const fast = await watchSteps(page);
    await myTurn(page);
    const from = Number(await page.getAttribute('.table-page', 'data-seq'));
    await clickOne(page);
    await myTurn(page);
    expect(await page.locator('.move-shown').count()).toBe(0);
    const jumped = (await fast()).filter((s) => s.seq > from);
    const end = Number(await page.getAttribute('.table-page', 'data-latest-seq'));
    expect(jumped.at(-1)?.seq).toBe(end);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the turn line and the list', () => {
  it('says "waiting only for you" when the others have chosen, and "You are watching" to a spectator', async () => {
    const { page, context, table, errors } = await open('pocket-imperium', [HUMAN, HEURISTIC, HEURISTIC]);
    const rng = Rng.fromSeed('turn-words');
    const stats: PlayStats = { board: 0, list: 0, planner: 0 };
    // The setup's placements, until the round's plans are due.
    for (let i = 0; i < 40 && !(await page.locator('.board-area .planner').count()); i++) {
      await myTurn(page).catch(() => undefined);
      if (await page.locator('.board-area .planner').count()) break;
      await clickSomething(page, rng, stats);
      await page.waitForTimeout(200);
    }
    await page.locator('.board-area .planner').waitFor();
    const line = page.locator('.turn-line[data-turn="yours"]');
    await line.filter({ hasText: 'waiting only for you' }).waitFor({ timeout: 10_000 });
    expect(await line.textContent()).not.toContain('at the same time');
    await shotBoth(page, 'waiting-only-for-you');

    const watcher = await browser.newContext(PHONE);
    const spectator = await watcher.newPage();
    await spectator.goto(`${site.url}/table/${table}`);
    await spectator.locator('.board-area [class$="-board"]').waitFor();
    expect(await spectator.locator('.action-list summary').textContent()).toBe('You are watching');
    expect(await spectator.locator('.turn-line').textContent()).toMatch(/^You are watching\./);
    await shotBoth(spectator, 'spectator');
    await watcher.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('around the table', () => {
  it('hides the board gallery from the top bar when it has no fixtures', async () => {
    const page = await browser.newPage(LAPTOP);
    await page.goto(`${site.url}/`);
    await page.locator('.game-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.site-header nav').textContent()).toBe('Lobby');
    await page.close();
  });

  it("draws the hot-seat cover's buttons as the page's own", async () => {
    const created = await createTable(site.url, {
      game: 'prosperitea',
      seats: [HUMAN, HUMAN, HEURISTIC],
      claim: [0, 1],
      names: ['Ann', 'Ben'],
    } as never);
    for (const [view, size] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext(size);
      await holdSeats(context, created.table.id, 'Ann', created.tokens);
      const page = await context.newPage();
      await page.goto(`${site.url}/table/${created.table.id}`);
      const other = page.locator('.cover .other-seats button');
      await other.first().waitFor();
      const look = await other.first().evaluate((b) => {
        const style = (
          globalThis as unknown as {
            getComputedStyle(e: unknown): {
              borderRadius: string;
              backgroundColor: string;
              fontFamily: string;
            };
          }
        ).getComputedStyle(b);
        return { radius: style.borderRadius, background: style.backgroundColor };
      });
      expect(look).toEqual({ radius: '8px', background: 'rgb(255, 255, 255)' });
      expect(await page.title()).toBe('Pass the device · Prosperitea');
      await shot(page, `cover--${view}`);
      await context.close();
    }
  }, 60_000);
});
