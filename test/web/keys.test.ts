/**
 * Choosing from the keyboard, in Chromium on the gallery's recorded boards: a board element with
 * several legal actions opens its choice menu, whose choices the arrow keys, Home and End move
 * through and Escape closes; the plain list of legal actions moves the same way; and controls are
 * named by what they show (WCAG's "label in name"), checked in the accessibility tree.
 */
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../src/web/gallery/fixture.ts';
import { galleryForFile } from './harness.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/site/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' } as const;

const held = galleryForFile(SHOTS);

interface PageGlobals {
  __prosperEmitted?: unknown[];
}

function fixture(game: string, id: string): Fixture {
  const f = held.gallery.fixtures
    .find((g) => g.game === game)
    ?.fixtures.find((x) => (x as Fixture).id === id);
  if (!f) throw new Error(`no fixture ${game}/${id}`);
  return f as Fixture;
}

async function open(f: Fixture): Promise<Page> {
  const page = await held.browser.newPage(LAPTOP);
  await page.goto(`${held.gallery.url}/gallery/${f.game}/${f.id}`);
  await page.locator(`[data-fixture="${f.game}/${f.id}"] .board-area [class$="-board"]`).waitFor();
  return page;
}

/** Whether the element has the focus. */
const hasFocus = (locator: Locator) =>
  locator.evaluate(
    (el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );

const emitted = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).__prosperEmitted ?? []);

/** The text of the element that has the focus. */
const focused = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }
      ).document.activeElement?.textContent?.trim() ?? '',
  );

describe('the choice menu', () => {
  it('moves with the arrow keys, Home and End, wraps around, and Escape closes it sending nothing', async () => {
    const f = fixture('prospectus', 'play');
    const page = await open(f);
    const card = page.locator('.hand [data-actions]').first();
    const indices = (await card.getAttribute('data-actions'))!.split(' ').map(Number);
    expect(indices.length).toBeGreaterThan(1);
    const labels = indices.map((i) => f.labels![i]!);
    const choices = [...labels, 'Cancel'];

    await card.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // Every choice is a menu item named by its words, the title is the menu's name.
    const snapshot = await menu.ariaSnapshot();
    for (const label of choices) expect(snapshot).toContain(`menuitem "${label}"`);
    expect(await focused(page)).toBe(choices[0]);

    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(choices[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('Cancel');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(choices[0]);
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Cancel');
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe(choices[0]);
    await page.screenshot({ path: `${SHOTS}choice-menu-keys.png` });

    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await hasFocus(card)).toBe(true);
    expect(await emitted(page)).toEqual([]);

    // Space opens it again; Down then Enter takes the second choice.
    await page.keyboard.press(' ');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await emitted(page)).toEqual([f.legal![indices[1]!]]);
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.close();
  });

  it('Tab leaves it, closed, for what follows the element that opened it', async () => {
    const page = await open(fixture('prospectus', 'play'));
    const card = page.locator('.hand [data-actions]').first();
    await card.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await hasFocus(card)).toBe(false);
    expect(await emitted(page)).toEqual([]);
    await page.close();
  });
});

describe('the list of legal actions', () => {
  it('moves with the arrow keys, Home and End', async () => {
    const f = fixture('prosperitea', 'draft');
    const page = await open(f);
    const items = page.locator('.action-list [data-list-action]');
    const count = await items.count();
    expect(count).toBeGreaterThan(2);
    const label = (i: number) => f.labels![i]!;
    await items.first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(label(1));
    await page.keyboard.press('End');
    expect(await focused(page)).toBe(label(count - 1));
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe(label(0));
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe(label(count - 1));
    await page.keyboard.press('Home');
    expect(await focused(page)).toBe(label(0));
    await page.keyboard.press('Enter');
    expect(await emitted(page)).toEqual([f.legal![0]]);
    await page.close();
  });
});

describe('names', () => {
  it('a button is named by the words it shows, the action’s own words its description', async () => {
    const f = fixture('pocket-imperium', 'plan');
    const page = await open(f);
    for (const command of ['exterminate', 'expand', 'explore'])
      await page.locator(`.planner [data-command="${command}"]`).click();
    const submit = page.getByRole('button', { name: 'Submit plan', exact: true });
    expect(await submit.count()).toBe(1);
    const planned = f.legal!.findIndex(
      (a) => (a as { order?: string[] }).order?.join() === 'exterminate,expand,explore',
    );
    const label = f.labels![planned]!;
    expect(await submit.getAttribute('title')).toBe(label);
    expect(await page.locator('.board-area').ariaSnapshot()).toContain('button "Submit plan"');
    await submit.press('Enter');
    expect(await emitted(page)).toEqual([{ type: 'plan', order: ['exterminate', 'expand', 'explore'] }]);
    await page.close();
  });

  it('no button or link of the page has a name without the words it shows', async () => {
    for (const [game, id] of [
      ['prospectus', 'qty'],
      ['prosperitea', 'assign-ask'],
      ['pocket-imperium', 'expand'],
    ] as const) {
      const page = await open(fixture(game, id));
      const mismatches = await page.evaluate(() => {
        interface El {
          getAttribute(name: string): string | null;
          readonly innerText: string;
        }
        const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El> } })
          .document;
        const out: string[] = [];
        for (const el of Array.from(doc.querySelectorAll('button, a[href], summary, [role="menuitem"]'))) {
          const name = el.getAttribute('aria-label');
          const shown = (el.innerText ?? '').replace(/\s+/g, ' ').trim();
          if (name !== null && shown && !name.toLowerCase().includes(shown.toLowerCase()))
            out.push(`${shown} → ${name}`);
        }
        return out;
      });
      expect(mismatches, `${game}/${id}`).toEqual([]);
      await page.close();
    }
  });
});
