/**
 * The lobby in a real Chromium against a real server: the games with their player ranges and rules
 * links; a table built through the create form for each game (options, seats, clock), checked
 * against what the server stored; a second browser joining by the shared link; the open tables
 * list; "play now against bots"; and bad input refused in the form. Screenshots go to
 * test-results/lobby/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClockSettings,
  CreateTableResponse,
  GamesResponse,
  Json,
  SeatInfo,
  TableInfo,
  TableResponse,
} from '../../src/protocol/index.ts';
import { STRANGER_CLOCK } from '../../src/protocol/index.ts';
import { api } from '../server/harness.ts';
import type { TestServer } from '../server/harness.ts';
import { Rng } from '../../src/core/index.ts';
import { SPELL_IDS } from '../../src/games/prospectus/data.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import { changed, clickSomething, pageState } from './live-driver.ts';
import type { PlayStats } from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/lobby/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;

let srv: TestServer;
let site: ServerSite;
let browser: Browser;
let games: GamesResponse['games'];

beforeAll(async () => {
  // The server serves the client, as `prosper serve` does: the table page's WebSocket needs no proxy.
  site = await startServerSite();
  srv = site.srv;
  browser = await launchChromium();
  games = ((await api(srv.url, '/games')).body as GamesResponse).games;
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A page that fails the test on any script error. */
async function openPage(context?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = context
    ? await context.newPage()
    : await browser.newPage({ ...LAPTOP, permissions: ['clipboard-read', 'clipboard-write'] });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function tableInfo(id: string): Promise<TableInfo> {
  const reply = await api(srv.url, `/tables/${id}`);
  expect(reply.status).toBe(200);
  return (reply.body as TableResponse).table;
}

function storedCredentials(
  page: Page,
  id: string,
): Promise<{ name: string; grants: { seat: number }[] } | null> {
  return page.evaluate((key) => {
    // Runs in the page: its globals are not in this file's (Node) types.
    const raw = (
      globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
    ).localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { name: string; grants: { seat: number }[] }) : null;
  }, `prosper.table.${id}`);
}

const path = (page: Page) => new URL(page.url()).pathname;

/** Every input and select on the page has a name a screen reader can read out. */
async function unlabelled(page: Page): Promise<string[]> {
  return page.locator('input, select').evaluateAll((els) =>
    (
      els as unknown as {
        id: string;
        labels: ArrayLike<unknown> | null;
        getAttribute(n: string): string | null;
      }[]
    )
      .filter((el) => (el.labels?.length ?? 0) === 0 && !el.getAttribute('aria-label'))
      .map((el) => el.id || '(no id)'),
  );
}

describe('the lobby', () => {
  it('lists the three games with their player ranges, and their rules links open the rules page', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    for (const [id, range] of [
      ['prospectus', '3–4 players'],
      ['prosperitea', '2–6 players'],
      ['pocket-imperium', '2–4 players'],
    ] as const) {
      const card = page.locator(`.game-card[data-game="${id}"]`);
      await expect.poll(() => card.locator('.players span').textContent()).toBe(range);
      const server = games.find((g) => g.id === id)!;
      expect(range).toBe(`${server.minPlayers}–${server.maxPlayers} players`);
      expect((await card.locator('p').nth(1).textContent())!.length).toBeGreaterThan(80);
      await expect
        .poll(() => card.getByRole('button', { name: 'Play now against bots' }).isEnabled())
        .toBe(true);
    }
    await page.screenshot({ path: join(SHOTS, 'lobby.png'), fullPage: true });
    expect(await unlabelled(page)).toEqual([]);

    for (const game of games) {
      await page.goto(`${site.url}/`);
      await page.locator(`.game-card[data-game="${game.id}"]`).getByRole('link', { name: /rules/i }).click();
      expect(path(page)).toBe(`/rules/${game.id}`);
      await page.locator('.rules-text h1, .rules-text h2').first().waitFor();
    }
    // A phone: nothing scrolls sideways, on the lobby or in the form.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const where of ['/', '/?new=prospectus']) {
      await page.goto(`${site.url}${where}`);
      await page.locator('.game-card, .create-form').first().waitFor();
      const widths = await page.evaluate(() => {
        const win = globalThis as unknown as {
          innerWidth: number;
          document: { documentElement: { scrollWidth: number } };
        };
        return { scroll: win.document.documentElement.scrollWidth, inner: win.innerWidth };
      });
      expect(widths.scroll, where).toBeLessThanOrEqual(widths.inner);
    }
    await page.screenshot({ path: join(SHOTS, 'form--phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** What one game's table is built with through the form, and what the server must then hold. */
interface FormPlan {
  readonly players: number;
  /** Per seat: 'me', 'open', or a bot and its thinking time (for ISMCTS). */
  readonly seats: readonly ('me' | 'open' | { bot: string; ms?: number })[];
  setOptions(page: Page): Promise<void>;
  setClock(page: Page): Promise<void>;
  readonly spectators: boolean;
  readonly listed: boolean;
  readonly options: Record<string, Json>;
  readonly clock: ClockSettings;
}

const PLANS: Record<string, FormPlan> = {
  prospectus: {
    players: 4,
    seats: ['me', 'open', { bot: 'ismcts', ms: 300 }, { bot: 'random' }],
    async setOptions(page) {
      await page.getByRole('checkbox', { name: 'Hourglass' }).uncheck();
      await page.getByRole('checkbox', { name: 'Pulsa Pugnum' }).check();
      await page.getByLabel('Screens', { exact: true }).selectOption('hidden-quantities');
    },
    async setClock(page) {
      await page.getByRole('radio', { name: /^Real time/ }).check();
      await page.getByLabel('Time bank (minutes)').fill('15');
      await page.getByLabel('Increment per move (seconds)').fill('7');
    },
    spectators: false,
    listed: true,
    options: {
      // Every spell but the Hourglass and Swap: a deck the default does not give.
      spells: SPELL_IDS.filter((id) => id !== 'hourglass' && id !== 'swap-tokens'),
      screens: 'hidden-quantities',
    },
    clock: { kind: 'realtime', baseMs: 15 * 60_000, incrementMs: 7_000 },
  },
  prosperitea: {
    // Prosperitea has no options: its table differs from the default in seats, clock and listing.
    players: 5,
    seats: ['me', { bot: 'heuristic' }, 'open', 'open', { bot: 'ismcts', ms: 250 }],
    async setOptions() {},
    async setClock(page) {
      await page.getByRole('radio', { name: /^Turn-based/ }).check();
      await page.getByLabel('Hours per move').fill('48');
    },
    spectators: true,
    listed: false,
    options: {},
    clock: { kind: 'turn', perMoveMs: 48 * 3_600_000 },
  },
  'pocket-imperium': {
    players: 3,
    seats: [{ bot: 'heuristic' }, 'me', 'open'],
    async setOptions(page) {
      await page.getByLabel('Edition').selectOption('classic');
      await page.getByRole('checkbox', { name: 'Prosperity expansion' }).uncheck();
    },
    // The standard clock: listed with a seat anyone may take, so a move limit.
    async setClock() {},
    spectators: true,
    listed: true,
    options: { preset: 'classic', prosperity: false },
    clock: STRANGER_CLOCK,
  },
};

const SEAT_CHOICE = { me: 'me', open: 'open' } as const;

async function fillSeats(page: Page, plan: FormPlan): Promise<void> {
  await page.getByLabel('Number of players').selectOption(String(plan.players));
  for (const [seat, want] of plan.seats.entries()) {
    const letter = 'ABCDEF'[seat]!;
    const row = page.locator(`tr[data-seat="${seat}"]`);
    await page
      .getByLabel(`Seat ${letter}: who plays it`)
      .selectOption(typeof want === 'string' ? SEAT_CHOICE[want] : 'bot');
    if (typeof want === 'string') continue;
    await page.getByLabel(`Seat ${letter}: bot`).selectOption(want.bot);
    if (want.ms !== undefined) await row.getByLabel('Thinking time (ms per move)').fill(String(want.ms));
  }
}

function expectSeats(seats: readonly SeatInfo[], plan: FormPlan, creator: string): void {
  expect(
    seats.map((s) => ({
      kind: s.kind,
      bot: s.bot,
      taken: s.taken,
      name: s.kind === 'human' ? s.name : null,
    })),
  ).toEqual(
    plan.seats.map((want) =>
      typeof want === 'string'
        ? { kind: 'human', bot: null, taken: want === 'me', name: want === 'me' ? creator : null }
        : {
            kind: 'bot',
            bot: want.ms === undefined ? { bot: want.bot } : { bot: want.bot, ms: want.ms },
            taken: true,
            name: null,
          },
    ),
  );
}

describe.each(Object.keys(PLANS))('creating a %s table through the form', (gameId) => {
  it('sends exactly the options, seats and clock chosen, shows the join link, and a second browser joins by it', async () => {
    const plan = PLANS[gameId]!;
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await page
      .locator(`.game-card[data-game="${gameId}"]`)
      .getByRole('link', { name: 'Create a table' })
      .click();
    await page.locator('.create-form').waitFor();
    expect(new URL(page.url()).search).toBe(`?new=${gameId}`);

    await page.getByLabel('Your name').fill('Ann Creator');
    await fillSeats(page, plan);
    await plan.setOptions(page);
    await plan.setClock(page);
    if (!plan.spectators) await page.getByRole('checkbox', { name: /^Spectators allowed/ }).uncheck();
    if (!plan.listed) await page.getByRole('checkbox', { name: /^Listed in the lobby/ }).uncheck();
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `form--${gameId}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Create table' }).click();

    // The join link to share, with a copy button.
    const share = page.locator('.share-url');
    await share.waitFor();
    const link = await share.inputValue();
    const id = /\/join\/([a-z2-7]{10})$/.exec(link)?.[1];
    expect(link).toBe(`${site.url}/join/${id}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Copied.').waitFor();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(link);
    await page.screenshot({ path: join(SHOTS, `created--${gameId}.png`), fullPage: true });

    const table = await tableInfo(id!);
    expect(table.game).toBe(gameId);
    expect(table.status).toBe('waiting');
    expect(table.players).toBe(plan.players);
    expect(table.options).toEqual(plan.options);
    expect(table.settings.clock).toEqual(plan.clock);
    expect(table.settings.spectators).toBe(plan.spectators);
    expect(table.settings.listed).toBe(plan.listed);
    expectSeats(table.seats, plan, 'Ann Creator');

    const mine = plan.seats.flatMap((s, seat) => (s === 'me' ? [seat] : []));
    const saved = await storedCredentials(page, id!);
    expect(saved?.name).toBe('Ann Creator');
    expect(saved?.grants.map((g) => g.seat)).toEqual(mine);

    await page.getByRole('button', { name: 'Go to your table' }).click();
    await expect.poll(() => path(page)).toBe(`/table/${id}`);

    // A second browser opens the shared link, gives a name and takes the first open seat.
    const other = await contextShowingMovesAtOnce(browser, LAPTOP);
    const guest = await openPage(other);
    await guest.page.goto(link);
    await guest.page.getByLabel('Your name').waitFor();
    expect(await guest.page.locator('.seat-list li').allTextContents()).toHaveLength(plan.players);
    expect(await guest.page.locator('.seat-list').textContent()).toContain('Ann Creator');
    await guest.page.screenshot({ path: join(SHOTS, `join--${gameId}.png`), fullPage: true });
    await guest.page.getByLabel('Your name').fill('Bea Guest');
    await guest.page.getByRole('button', { name: /^Join/ }).click();
    await expect.poll(() => path(guest.page)).toBe(`/table/${id}`);

    const firstOpen = plan.seats.indexOf('open');
    const after = await tableInfo(id!);
    expect(after.seats[firstOpen]).toMatchObject({ kind: 'human', taken: true, name: 'Bea Guest' });
    const guestSaved = await storedCredentials(guest.page, id!);
    expect(guestSaved?.name).toBe('Bea Guest');
    expect(guestSaved?.grants.map((g) => g.seat)).toEqual([firstOpen]);
    expect(await storedCredentials(guest.page, 'zzzzzzzzzz')).toBeNull();

    expect(errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await other.close();
    await page.close();
  });
});

describe('hot-seat and the keyboard', () => {
  it('a creator who takes every human seat names each, goes straight to the started table holding a token for each, and the cover passes the device by name', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/?new=prosperitea`);
    await page.getByLabel('Your name').fill('Hot Seat');
    await page.getByLabel('Number of players').selectOption('3');
    await page.getByLabel('Seat B: who plays it').selectOption('bot');
    // One seat of yours: no name per seat, your name is the seat's.
    expect(await page.getByLabel('Seat A: Name').count()).toBe(0);
    await page.getByLabel('Seat C: who plays it').selectOption('me');
    expect(await page.locator('.create-form').textContent()).toContain('Hot-seat: you play seats A, C');
    // Two: a name per seat, the first following yours until changed, the others by letter.
    expect(await page.getByLabel('Seat A: Name').inputValue()).toBe('Hot Seat');
    expect(await page.getByLabel('Seat C: Name').inputValue()).toBe('Player C');
    await page.getByLabel('Your name').fill('Ann');
    expect(await page.getByLabel('Seat A: Name').inputValue()).toBe('Ann');
    await page.getByLabel('Seat C: Name').fill('');
    await page.getByRole('button', { name: 'Create table' }).click();
    expect(await page.locator('.form-summary li').allTextContents()).toEqual([
      'Seat C: name: Enter a name the other players will see.',
    ]);
    await page.getByLabel('Seat C: Name').fill('Cleo');
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'form--hot-seat.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create table' }).click();
    await expect.poll(() => path(page)).toMatch(/^\/table\/[a-z2-7]{10}$/);
    const id = path(page).slice('/table/'.length);
    const table = await tableInfo(id);
    expect(table.status).toBe('playing');
    expect(table.seats.map((s) => [s.kind, s.name])).toEqual([
      ['human', 'Ann'],
      ['bot', expect.any(String)],
      ['human', 'Cleo'],
    ]);
    expect((await storedCredentials(page, id))?.grants.map((g) => g.seat)).toEqual([0, 2]);

    // The table opens on the cover, naming whoever of the two acts first.
    const cover = page.locator('.cover');
    const heading = cover.locator('h2');
    await page.locator('.cover h2', { hasText: /^Pass the device to/ }).waitFor();
    const passTo = async () => (await heading.textContent())!.replace(/\s+/g, ' ').trim();
    // The bots may still be moving as the table opens: the cover names whoever of the two acts next
    // by the latest update, and names the other when a bot's move hands the turn over before the
    // first has anything to do. The test follows the cover until one of them has played.
    const rng = Rng.fromSeed('lobby:hot-seat');
    const stats: PlayStats = { board: 0, list: 0, planner: 0 };
    let secondName = '';
    for (let tries = 0; stats.board + stats.planner + stats.list === 0; tries++) {
      expect(tries).toBeLessThan(5);
      const first = await passTo();
      const firstName = first.endsWith('Ann') ? 'Ann' : 'Cleo';
      secondName = firstName === 'Ann' ? 'Cleo' : 'Ann';
      expect(first).toMatch(new RegExp(`^Pass the device to [AC] ${firstName}$`));
      await cover.getByRole('button', { name: `I am ${firstName}: show my seat` }).click();
      await page.locator('.board-area [class$="-board"]').waitFor();

      // The first seat plays until it has nothing left to choose: the cover then names the other.
      for (let acted = 0; !(await pageState(page)).cover; acted++) {
        expect(acted).toBeLessThan(200);
        const state = await pageState(page);
        if (state.turn === 'yours' && !state.pending) {
          if (await clickSomething(page, rng, stats)) await changed(page, state);
        } else await changed(page, state);
      }
      await page.locator('.cover h2', { hasText: /^Pass the device to/ }).waitFor();
    }
    expect(stats.board + stats.planner + stats.list).toBeGreaterThan(0);
    expect(await passTo()).toMatch(new RegExp(`^Pass the device to [AC] ${secondName}$`));
    expect(await cover.textContent()).not.toContain('Player');
    await page.screenshot({ path: join(SHOTS, 'hot-seat--cover.png'), fullPage: true });
    await cover.getByRole('button', { name: `I am ${secondName}: show my seat` }).click();
    await expect.poll(async () => (await pageState(page)).viewer).toBe(secondName === 'Ann' ? '0' : '2');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the form works from the keyboard: Enter opens it, Tab reaches an option, arrows choose, Enter in a field sends', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    const create = page
      .locator('.game-card[data-game="pocket-imperium"]')
      .getByRole('link', { name: 'Create a table' });
    await expect.poll(() => create.isVisible()).toBe(true);
    await create.focus();
    await page.keyboard.press('Enter');
    await page.locator('.create-form').waitFor();
    await page.getByLabel('Your name').focus();
    // The field starts from this browser's guest name: select it, type over it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keys Only');
    // Tab on to the edition select, choose Classic with the arrow keys, and send with Enter from a field.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document
          .activeElement;
        return el?.id ?? '';
      });
      if (focused.endsWith('option-preset')) break;
    }
    await page.keyboard.press('ArrowDown');
    await page.getByLabel('Your name').focus();
    await page.keyboard.press('Enter');
    await page.locator('.share-url').waitFor();
    const id = /\/join\/([a-z2-7]{10})$/.exec(await page.locator('.share-url').inputValue())![1]!;
    const table = await tableInfo(id);
    expect(table.options).toEqual({ preset: 'classic', prosperity: true });
    expect(table.seats[0]!.name).toBe('Keys Only');
    // The button to go on has the focus.
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe(`/table/${id}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('open tables and play now', () => {
  it('lists a waiting table as it appears, and its join link and the join-by-code box open its join page', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await page
      .locator('.open-tables')
      .getByText(/No table is waiting|Join/)
      .first()
      .waitFor();

    // Created after the page loaded: the list is refreshed by itself.
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'pocket-imperium',
        players: 2,
        seats: [{ kind: 'bot', bot: 'heuristic' }, { kind: 'human' }],
        name: 'Lister',
        claim: [],
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as CreateTableResponse).table.id;
    const row = page.locator(`.open-table[data-table="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Pocket Imperium');
    expect(await row.locator('.seat-open').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'lobby--open-table.png'), fullPage: true });

    await row.getByRole('link', { name: /^Join/ }).click();
    expect(path(page)).toBe(`/join/${id}`);
    await page.getByLabel('Your name').waitFor();
    expect(await page.locator('h1').textContent()).toContain(id);

    await page.goto(`${site.url}/`);
    await page.getByLabel('Table code or link').fill(`  ${id.toUpperCase()} `);
    await page.getByRole('button', { name: 'Find table' }).click();
    expect(path(page)).toBe(`/join/${id}`);
    await page.goto(`${site.url}/`);
    await page.getByLabel('Table code or link').fill('not a code');
    await page.getByRole('button', { name: 'Find table' }).click();
    expect(await page.locator('#join-code-problem').textContent()).toContain('10 characters');
    expect(path(page)).toBe('/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(['prospectus', 'prosperitea', 'pocket-imperium'])(
    '"play now" creates a started %s table: you and the game\'s bots',
    async (gameId) => {
      const context = await contextShowingMovesAtOnce(browser, LAPTOP);
      const { page, errors } = await openPage(context);
      await page.goto(`${site.url}/`);
      const button = page
        .locator(`.game-card[data-game="${gameId}"]`)
        .getByRole('button', { name: 'Play now against bots' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      await expect.poll(() => path(page)).toMatch(/^\/table\/[a-z2-7]{10}$/);
      const id = path(page).slice('/table/'.length);
      const table = await tableInfo(id);
      expect(table.game).toBe(gameId);
      expect(table.status).toBe('playing');
      // Under this browser's guest name, made up on its first visit.
      expect(table.seats[0]).toMatchObject({
        kind: 'human',
        taken: true,
        name: expect.stringMatching(/^Guest \d{4}$/),
      });
      expect(table.seats.slice(1).length).toBeGreaterThan(0);
      for (const s of table.seats.slice(1)) expect(s.bot).toEqual({ bot: 'heuristic' });
      expect((await storedCredentials(page, id))?.grants.map((g) => g.seat)).toEqual([0]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('bad input', () => {
  it('the create form refuses an empty or too long name and a wrong spell count, and shows the server refusing', async () => {
    const { page, errors } = await openPage();
    const before = ((await api(srv.url, '/tables?status=waiting')).body as { tables: unknown[] }).tables
      .length;
    await page.goto(`${site.url}/?new=prospectus`);
    await page.locator('.create-form').waitFor();

    await page.getByLabel('Your name').fill('   ');
    await page.getByRole('button', { name: 'Create table' }).click();
    const nameProblem = page.locator('.field .problem').first();
    expect(await nameProblem.textContent()).toContain('Enter a name');
    await expect
      .poll(() =>
        page
          .locator('[aria-invalid="true"]')
          .first()
          .evaluate(
            (el) =>
              (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement ===
              el,
          ),
      )
      .toBe(true);
    expect(await page.locator('.form-summary').textContent()).toContain('One thing to fix');
    expect(await page.locator('.form-summary li').allTextContents()).toEqual([
      'Your name: Enter a name the other players will see.',
    ]);

    await page.getByLabel('Your name').fill('x'.repeat(41));
    await page.getByRole('button', { name: 'Create table' }).click();
    expect(await nameProblem.textContent()).toContain('too long');

    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('checkbox', { name: 'Hourglass' }).uncheck();
    await page.getByRole('button', { name: 'Create table' }).click();
    expect(await page.locator('fieldset.multi .problem').textContent()).toContain(
      'Choose exactly 10 (9 chosen)',
    );
    // The summary's entry takes the keyboard to the field in trouble.
    await page.getByLabel('Your name').focus();
    await page.locator('.form-summary').getByRole('link', { name: 'Spell deck' }).click();
    await expect
      .poll(() =>
        page
          .locator('fieldset.multi')
          .evaluate(
            (el) =>
              (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement ===
              el,
          ),
      )
      .toBe(true);
    await page.screenshot({ path: join(SHOTS, 'form--refused.png'), fullPage: true });
    await page.getByRole('checkbox', { name: 'Hourglass' }).check();

    // The screens are one choice now, so no two options of the form can contradict each other; the
    // old open-screens switch still exists for old tables, and only the server knows it does not go
    // with hidden quantities. A request carrying both is refused and its message shown.
    await page.getByLabel('Screens', { exact: true }).selectOption('hidden-quantities');
    await page.route('**/api/v1/tables', (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { options: Record<string, Json> };
      void route.continue({
        postData: JSON.stringify({ ...body, options: { ...body.options, openScreens: true } }),
      });
    });
    await page.getByRole('button', { name: 'Create table' }).click();
    const refusal = page.getByText(/^The server refused the table:/);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('openScreens');
    expect(path(page)).toBe('/');

    const after = ((await api(srv.url, '/tables?status=waiting')).body as { tables: unknown[] }).tables
      .length;
    expect(after).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the join page refuses an empty or too long name, and says when a table does not exist', async () => {
    const created = await api(srv.url, '/tables', {
      body: {
        game: 'prosperitea',
        players: 2,
        seats: [{ kind: 'human' }, { kind: 'human' }],
        name: 'Host',
        listed: false,
      },
    });
    const id = (created.body as CreateTableResponse).table.id;
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/join/${id}`);
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: /^Join/ }).click();
    expect(await page.locator('#join-name-problem').textContent()).toContain('Enter a name');
    await page.getByLabel('Your name').fill('y'.repeat(41));
    await page.getByRole('button', { name: /^Join/ }).click();
    expect(await page.locator('#join-name-problem').textContent()).toContain('too long');
    expect(path(page)).toBe(`/join/${id}`);
    expect((await tableInfo(id)).seats[1]!.taken).toBe(false);
    await page.screenshot({ path: join(SHOTS, 'join--refused.png'), fullPage: true });

    await page.goto(`${site.url}/join/abcdefgh23`);
    expect(await page.locator('h1').textContent()).toBe('No such table');
    expect(errors).toEqual([]);
    await page.close();
  });
});
