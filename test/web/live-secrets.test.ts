/**
 * Secrets at a live table, in Chromium against a real server: two people in two browsers never
 * see each other's hand (not in the page, not in any WebSocket frame), one of them reloads
 * mid-game and carries on; and hot-seat passes one device between two seats without the second
 * player seeing the first one's hand. Prospectus: each hand is a secret set of spells.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEqual } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { SPELLS } from '../../src/games/prospectus/data.ts';
import type { ReplayScript, UpdateMessage } from '../../src/protocol/index.ts';
import { api, gameById } from '../server/harness.ts';
import { rebuild } from '../server/wire-check.ts';
import { contextShowingMovesAtOnce, launchChromium } from './harness.ts';
import {
  changed,
  createTable,
  holdSeats,
  joinTable,
  LAPTOP,
  pageState,
  playToEnd,
  recordFrames,
} from './live-driver.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/live/', import.meta.url));
const GAME = 'prospectus';
const SEATS = [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }] as const;

interface PvView {
  hand: number[] | null;
  money: (number | null)[];
  cubes: (number[] | null)[];
}

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

const updatesOf = (frames: readonly string[]) =>
  frames.map((t) => JSON.parse(t) as { type: string }).filter((m): m is UpdateMessage => m.type === 'update');

const lastView = (frames: readonly string[], viewer: number) =>
  updatesOf(frames)
    .filter((u) => u.viewer === viewer)
    .at(-1)?.view as PvView | undefined;

/** The rules text of each spell, which only its holder's page shows. */
const spellText = (id: number) => SPELLS.value[id]!.text;

async function bodyText(page: Page): Promise<string> {
  return (await page.locator('body').textContent()) ?? '';
}

/** The texts of `other`'s spells that `mine` does not also hold: none may be on the page. */
function foreignTexts(other: readonly number[], mine: readonly number[]): string[] {
  const own = new Set(mine.map(spellText));
  return [...new Set(other.map(spellText))].filter((t) => !own.has(t));
}

describe('secrets at a live table', () => {
  it("two people in two browsers: neither page nor socket ever holds the other's hand; a reload carries on", async () => {
    const created = await createTable(site.url, { game: GAME, seats: [...SEATS], name: 'Ann' });
    const id = created.table.id;
    const bob = await joinTable(site.url, id, 'Bob');

    const annContext = await contextShowingMovesAtOnce(browser, LAPTOP);
    await holdSeats(annContext, id, 'Ann', created.tokens);
    const bobContext = await contextShowingMovesAtOnce(browser, LAPTOP);
    await holdSeats(bobContext, id, 'Bob', [bob]);
    const ann = await annContext.newPage();
    const bobPage = await bobContext.newPage();
    const annFrames = recordFrames(ann);
    const bobFrames = recordFrames(bobPage);
    const errors: string[] = [];
    for (const p of [ann, bobPage]) {
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('dialog', (d) => void d.accept());
    }
    await ann.goto(`${site.url}/table/${id}`);
    await bobPage.goto(`${site.url}/table/${id}`);
    await ann.locator('.board-area [class$="-board"]').waitFor();
    await bobPage.locator('.board-area [class$="-board"]').waitFor();

    // Ann's page never shows the rules text of a spell only Bob holds (checked as they play).
    const leaks: string[] = [];
    let reloaded = false;
    let domChecks = 0;
    const check = async () => {
      const annHand = lastView(annFrames, 0)?.hand ?? [];
      const bobHand = lastView(bobFrames, 1)?.hand ?? [];
      const text = await bodyText(ann);
      for (const t of foreignTexts(bobHand, annHand)) if (text.includes(t)) leaks.push(t);
      domChecks++;
    };
    await check();
    expect(domChecks).toBe(1);
    // The check can fail: Bob's own page does show his spells.
    const bobText = await bodyText(bobPage);
    for (const t of foreignTexts(lastView(bobFrames, 1)!.hand!, [])) expect(bobText).toContain(t);

    const [annStats, bobStats] = await Promise.all([
      playToEnd(ann, 'secrets:ann', {
        onState: async (state, acted) => {
          if (acted % 5 === 0) await check();
          if (!reloaded && acted >= 15 && state.turn !== 'yours') {
            reloaded = true;
            const log = await ann.locator('.event-log li').count();
            const seq = Number(state.seq);
            await ann.reload();
            await ann.locator('.board-area [class$="-board"]').waitFor();
            await ann.locator('.link-open').waitFor();
            // The whole log again, and the game where it was (or further on).
            expect(Number((await pageState(ann)).seq)).toBeGreaterThanOrEqual(seq);
            expect(await ann.locator('.event-log li').count()).toBeGreaterThanOrEqual(log);
          }
        },
      }),
      playToEnd(bobPage, 'secrets:bob'),
    ]);
    expect(reloaded).toBe(true);
    expect(annStats.board + bobStats.board).toBeGreaterThan(20);
    await bobPage.locator('.end-panel').waitFor();
    await check();
    expect(leaks).toEqual([]);

    // Every frame Ann received, against the real match: her own hand, never Bob's screen or hand,
    // and never Bob's token.
    const script = (await api(site.url, `/tables/${id}/replay`)).body as ReplayScript;
    const history = rebuild(gameById(GAMES, GAME), script);
    const annUpdates = updatesOf(annFrames);
    expect(annUpdates.length).toBeGreaterThan(20);
    for (const u of annUpdates) {
      expect(u.viewer).toBe(0);
      const state = history.states[u.seq] as { hands: number[][] };
      const view = u.view as unknown as PvView;
      const sorted = (h: number[]) => [...h].sort((a, b) => a - b);
      expect(view.hand).toEqual(sorted(state.hands[0]!));
      // Screens open at the final sell-off; until then Bob's money and cubes stay behind his.
      if (u.status === 'playing') {
        expect(view.money[1]).toBeNull();
        expect(view.cubes[1]).toBeNull();
      }
      const bobs = sorted(state.hands[1]!);
      if (!jsonEqual(bobs, view.hand))
        expect(JSON.stringify(u)).not.toContain(`"hand":${JSON.stringify(bobs)}`);
    }
    for (const text of annFrames) expect(text).not.toContain(bob.token);
    expect(errors).toEqual([]);
    await annContext.close();
    await bobContext.close();
  }, 300_000);

  it("hot-seat: the cover hides the first seat's hand, and the second never sees it", async () => {
    const created = await createTable(site.url, {
      game: GAME,
      seats: [...SEATS],
      claim: [0, 1],
      name: 'Cleo',
    });
    const id = created.table.id;
    expect(created.tokens.length).toBe(2);
    const context = await contextShowingMovesAtOnce(browser, LAPTOP);
    await holdSeats(context, id, 'Cleo', created.tokens);
    const page = await context.newPage();
    const frames = recordFrames(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${site.url}/table/${id}`);

    // It opens on the cover: no board, no hand, only public updates received so far.
    await page.locator('.cover').waitFor();
    expect(await page.locator('.board-area').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'hot-seat--cover.png'), fullPage: true });
    expect(updatesOf(frames).every((u) => u.viewer === 'spectator')).toBe(true);

    let covers = 0;
    let passes = 0;
    const seen = new Map<number, number[]>();
    const coverChecks = async (): Promise<void> => {
      const state = await pageState(page);
      if (state.cover) {
        covers++;
        expect(await page.locator('.board-area').count()).toBe(0);
        // The page asked for the public view as it covered (an update of the previous seat may
        // still have been on its way, and is dropped): the last one received is the public one.
        await expect.poll(() => updatesOf(frames).at(-1)?.viewer).toBe('spectator');
        const text = await bodyText(page);
        for (const hand of seen.values())
          for (const t of foreignTexts(hand, [])) expect(text).not.toContain(t);
        if (covers === 1) await page.screenshot({ path: join(SHOTS, 'hot-seat--pass.png'), fullPage: true });
        await page.locator('.cover button.primary').click();
        await changed(page, state);
        await page.locator('.board-area [class$="-board"]').waitFor();
        passes++;
      }
      const now = await pageState(page);
      if (now.viewer === '0' || now.viewer === '1') {
        const me = Number(now.viewer);
        const mine = lastView(frames, me)?.hand;
        if (!mine) return;
        seen.set(me, mine);
        const other = seen.get(1 - me);
        // After the pass: the other seat's spells (as last seen by its own player) are not shown.
        if (other) {
          const text = await bodyText(page);
          for (const t of foreignTexts(other, mine))
            expect(text, `seat ${me} sees seat ${1 - me}'s ${t}`).not.toContain(t);
        }
      }
    };
    const stats = await playToEnd(page, 'hot-seat', {
      onState: async (state) => {
        if (state.cover) await coverChecks();
        else if (state.turn === 'yours') await coverChecks();
      },
    });
    expect(covers).toBeGreaterThan(3);
    expect(passes).toBe(covers);
    expect(seen.size).toBe(2);
    expect(stats.board).toBeGreaterThan(10);
    await page.locator('.outcome').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
