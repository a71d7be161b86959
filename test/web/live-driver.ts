/**
 * Driving the live table page in Chromium as a player would: tables are created in the lobby's form
 * (or over HTTP, their seat tokens put where the lobby keeps them), and the player clicks what the board
 * highlights (elements with `data-actions`; the planner's cards; the list only when the board
 * offers nothing), until the end screen shows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { Rng } from '../../src/core/index.ts';
import type { CreateTableResponse, SeatGrant, SeatSpec } from '../../src/protocol/index.ts';
import { api } from '../server/harness.ts';

export const LAPTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;

export async function createTable(
  base: string,
  body: {
    game: string;
    seats: SeatSpec[];
    options?: Record<string, unknown>;
    claim?: number[];
    name?: string;
  },
): Promise<CreateTableResponse> {
  const reply = await api(base, '/tables', {
    body: { players: body.seats.length, name: 'Ann', ...body },
  });
  if (reply.status !== 201) throw new Error(`create failed: ${JSON.stringify(reply.body)}`);
  return reply.body as CreateTableResponse;
}

/** A table as a person sets it up in the lobby's create form. */
export interface LobbyTable {
  readonly game: string;
  /** The creator's name. */
  readonly name: string;
  /** Per seat, in order: this screen's person, or a bot by its server name. */
  readonly seats: readonly ('me' | { bot: string })[];
  /** Sets the options in the form (left at the server's defaults when absent). */
  readonly setOptions?: (page: Page) => Promise<void>;
}

/**
 * Creates a table the way a person does: the lobby at `/`, the game's "Create a table", the form
 * filled and sent. A table whose seats are all taken starts at once and the page follows to it;
 * returns its id once the address is `/table/<id>`.
 */
export async function createInLobby(page: Page, base: string, table: LobbyTable): Promise<string> {
  await page.goto(`${base}/`);
  await page
    .locator(`.game-card[data-game="${table.game}"]`)
    .getByRole('link', { name: 'Create a table' })
    .click();
  await page.locator('.create-form').waitFor();
  await page.getByLabel('Your name').fill(table.name);
  await page.getByLabel('Number of players').selectOption(String(table.seats.length));
  for (const [seat, want] of table.seats.entries()) {
    const letter = String.fromCharCode(65 + seat);
    await page.getByLabel(`Seat ${letter}: who plays it`).selectOption(want === 'me' ? 'me' : 'bot');
    if (want !== 'me') await page.getByLabel(`Seat ${letter}: bot`).selectOption(want.bot);
  }
  await table.setOptions?.(page);
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL((url) => /^\/table\/[a-z2-7]{10}$/.test(url.pathname), { timeout: 20_000 });
  return new URL(page.url()).pathname.slice('/table/'.length);
}

export async function joinTable(base: string, table: string, name: string): Promise<SeatGrant> {
  const reply = await api(base, `/tables/${table}/join`, { body: { name } });
  if (reply.status !== 200) throw new Error(`join failed: ${JSON.stringify(reply.body)}`);
  const body = reply.body as { seat: number; token: string };
  return { seat: body.seat, token: body.token };
}

/** Puts seat tokens where the lobby saves them (src/web/net/credentials.ts), before any page script runs. */
export async function holdSeats(
  context: BrowserContext,
  table: string,
  name: string,
  grants: readonly SeatGrant[],
): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem(key!, value!);
    },
    [`prosper.table.${table}`, JSON.stringify({ table, name, grants })],
  );
}

/** The little of the DOM these page functions use (the tests are typechecked without the DOM library). */
interface El {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
}
interface Doc {
  querySelector(selector: string): El | null;
}

export interface PageState {
  readonly seq: string | null;
  readonly viewer: string | null;
  readonly turn: string | null;
  readonly pending: boolean;
  readonly end: boolean;
  readonly cover: boolean;
  readonly refusal: string | null;
  /** Other players' moves are still being shown one by one: the board is not the latest yet. */
  readonly behind: boolean;
}

export function pageState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: Doc }).document;
    const root = doc.querySelector('.table-page');
    const turn = doc.querySelector('.turn-line[data-turn]');
    return {
      seq: root?.getAttribute('data-seq') || null,
      viewer: root?.getAttribute('data-viewer') ?? null,
      turn: turn?.getAttribute('data-turn') ?? null,
      pending: !!doc.querySelector('.turn-line.is-pending'),
      end: !!doc.querySelector('.end-panel'),
      cover: !!doc.querySelector('.cover'),
      refusal: doc.querySelector('.refusal')?.textContent ?? null,
      behind:
        !!root &&
        (root.getAttribute('data-behind') !== '0' ||
          root.getAttribute('data-seq') !== root.getAttribute('data-latest-seq')),
    };
  });
}

/** Waits until the page shows something else than `before` (a new update, the end, the cover). */
export async function changed(page: Page, before: PageState, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    (b) => {
      const doc = (globalThis as unknown as { document: Doc }).document;
      const root = doc.querySelector('.table-page');
      return (
        (root?.getAttribute('data-seq') || null) !== b.seq ||
        !!doc.querySelector('.end-panel') !== b.end ||
        !!doc.querySelector('.cover') !== b.cover ||
        (doc.querySelector('.turn-line[data-turn]')?.getAttribute('data-turn') ?? null) !== b.turn ||
        !!doc.querySelector('.refusal')
      );
    },
    before,
    { timeout: timeoutMs, polling: 50 },
  );
}

export interface PlayStats {
  board: number;
  list: number;
  planner: number;
}

/**
 * Clicks one action on the board (or, when the board offers none, in the list). False when the
 * page moved on under the click (a new update replaced the element): the caller looks again.
 */
export async function clickSomething(page: Page, rng: Rng, stats: PlayStats): Promise<boolean> {
  const quick = { timeout: 3_000 };
  try {
    const played = await clickAction(page, rng, stats, quick);
    // A costly move asks first, in the page's own dialog: the player confirms.
    const confirm = page.locator(CONFIRM_OK);
    if (played && (await confirm.count())) await confirm.click(quick);
    return played;
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') return false;
    throw err;
  }
}

/** One action: the planner, a board element (and its menu), or else the plain list. */
async function clickAction(
  page: Page,
  rng: Rng,
  stats: PlayStats,
  quick: { timeout: number },
): Promise<boolean> {
  const planner = page.locator('.board-area .planner');
  if (await planner.count()) {
    // The planner takes three cards in order, then Submit.
    for (let k = 0; k < 3; k++) {
      const cards = planner.locator('.command-card:not([disabled])');
      await cards.nth(rng.int(await cards.count())).click(quick);
    }
    await planner.locator('[data-actions]').click(quick);
    stats.planner++;
    return true;
  }
  const targets = page.locator('.board-area [data-actions]');
  const n = await targets.count();
  if (n > 0) {
    const target = targets.nth(rng.int(n));
    const many = ((await target.getAttribute('data-actions', quick)) ?? '').split(' ').length > 1;
    // A hex partly under its sector's number (which offers the same score) is clicked where it shows.
    await target.click({ timeout: 2_000 }).catch(() => target.dispatchEvent('click', undefined, quick));
    if (many) {
      const items = page.locator('.choice-menu [data-action]');
      await items.first().waitFor(quick);
      await items.nth(rng.int(await items.count())).click(quick);
    }
    stats.board++;
    return true;
  }
  const list = page.locator('.action-list');
  if (!(await list.evaluate((d) => (d as unknown as { open: boolean }).open, undefined, quick)))
    await list.locator('summary').click(quick);
  const buttons = list.locator('[data-list-action]');
  const count = await buttons.count();
  // Nothing to choose after all (the page moved on, or is sending): the caller looks again.
  if (count === 0) return false;
  await buttons.nth(rng.int(count)).click(quick);
  stats.list++;
  return true;
}

/**
 * Plays the page's seat until the end screen shows. `onUpdate` runs on every new state (for
 * screenshots, or to reload mid-game); `maxActions` bounds a game that would not end.
 */
export async function playToEnd(
  page: Page,
  seed: string,
  opts: { maxActions?: number; onState?: (state: PageState, acted: number) => Promise<void> } = {},
): Promise<PlayStats> {
  const rng = Rng.fromSeed(seed);
  const stats: PlayStats = { board: 0, list: 0, planner: 0 };
  const max = opts.maxActions ?? 1500;
  let stalled = 0;
  let lastSeq: string | null = null;
  for (let acted = 0; ;) {
    const before = await pageState(page);
    if (before.end) return stats;
    // A page that stops moving on fails at once with what it shows, not at the test's timeout.
    stalled = before.seq === lastSeq && !before.cover ? stalled + 1 : 0;
    lastSeq = before.seq;
    if (stalled > STALL_LOOPS)
      throw new Error(`the page stopped moving on: ${await stallReport(page, before)}`);
    await opts.onState?.(before, acted);
    // The callback may have moved the page on (reloaded it, passed the device).
    const state = opts.onState ? await pageState(page) : before;
    if (state.end) return stats;
    if (state.refusal && !state.refusal.includes('moved on'))
      throw new Error(`an action was refused: ${state.refusal}`);
    if (state.cover) {
      // Hot-seat: the next player takes the device.
      await page.locator('.cover button.primary').click();
      await changed(page, state);
    } else if (state.turn === 'yours' && !state.pending && state.behind) {
      // The moves before this turn are still being shown one by one: "Show now", as a player may.
      await page
        .locator('.turn-show-now')
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      if ((await pageState(page)).behind) await changed(page, state);
    } else if (await openConfirmation(page)) {
      // The page's own dialog opened after the click that asked for it had returned: confirm.
      await page.locator(CONFIRM_OK).click({ timeout: 3_000 });
      await changed(page, state);
    } else if (state.turn === 'yours' && !state.pending) {
      if (++acted > max) throw new Error(`no end after ${max} actions`);
      const settled = await pageState(page);
      if (await clickSomething(page, rng, stats)) await changed(page, settled);
    } else await changed(page, state);
  }
}

/** Loops of `playToEnd` on one update (clicks that found nothing, menus that closed) before it gives up. */
const STALL_LOOPS = 25;
const CONFIRM_OK = '.confirm-dialog[open] .confirm-ok';

function openConfirmation(page: Page): Promise<boolean> {
  return page
    .locator(CONFIRM_OK)
    .count()
    .then((n) => n > 0);
}

async function stallReport(page: Page, state: PageState): Promise<string> {
  const text = await page.evaluate(() =>
    ((globalThis as unknown as { document: { body: El } }).document.body.textContent ?? '').slice(0, 600),
  );
  return `${JSON.stringify(state)} — ${text}`;
}

/** Everything a page's WebSockets received, as text (for leak checks). */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) =>
      frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()),
    ),
  );
  return frames;
}
