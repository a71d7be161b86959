/**
 * What the boards tell a player that the physical table would (issue 25), in a real Chromium on the
 * gallery's fixtures: a way back from a Prospectus transaction, the turn order, each potion's
 * volatility, the spells removed at setup, tap-to-explain terms and a legend per board, a named
 * and sized label for every Pocket Imperium hex with its capacity and the sector outlines, short
 * bot names in the boards' sentences, each game's end table, accessible names that contain what
 * an element shows, and readable contrast. Screenshots: test-results/boards/.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../src/web/gallery/fixture.ts';
import { galleryForFile, PHONE } from './harness.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/boards/', import.meta.url));
const LAPTOP = { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' } as const;

const held = galleryForFile(SHOTS);

/** The page's globals, typed here without the DOM library (this file is node code). */
type Globals = Record<string, unknown>;

function fixture(game: string, id: string): Fixture {
  const f = held.gallery.fixtures.find((g) => g.game === game)?.fixtures.find((x) => x.id === id);
  if (!f) throw new Error(`no fixture ${game}/${id}`);
  return f as Fixture;
}

async function open(page: Page, f: Fixture): Promise<void> {
  await page.goto(`${held.gallery.url}/gallery/${f.game}/${f.id}`);
  await page.locator(`[data-fixture="${f.game}/${f.id}"] .board-area [class$="-board"]`).waitFor();
  await page.evaluate(() => {
    (globalThis as Globals).__prosperEmitted = [];
  });
}

const emitted = (page: Page) =>
  page.evaluate(() => ((globalThis as Globals).__prosperEmitted as unknown[]) ?? []);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('Prospectus', () => {
  it('offers Cancel while a quantity is chosen, and Cancel takes the transaction back', async () => {
    const f = fixture('prospectus', 'qty');
    const back = f.legal!.findIndex((a) => (a as { t: string }).t === 'back');
    expect(back).toBeGreaterThanOrEqual(0);
    const page = await held.browser.newPage(PHONE);
    await open(page, f);
    const cancel = page.locator('.qty-row').getByRole('button', { name: 'Cancel', exact: true });
    expect(await cancel.getAttribute('data-actions')).toBe(String(back));
    expect(await cancel.getAttribute('title')).toMatch(/^cancel (buying|selling) .+ and choose again/);
    await shot(page, 'prospectus--qty--phone');
    await cancel.click();
    expect(await emitted(page)).toEqual([{ t: 'back' }]);
    await page.close();
  });

  it('shows the turn order, each potion’s volatility and the spells removed at setup', async () => {
    const f = fixture('prospectus', 'council');
    const view = f.view as { players: number; active: number; removed: number[]; discards: number[][] };
    const page = await held.browser.newPage(LAPTOP);
    await open(page, f);
    const order = page.locator('.turn-order li');
    expect(await order.count()).toBe(view.players);
    expect(await order.first().textContent()).toMatch(/^1st/);
    expect(await page.locator('.turn-order li[aria-current="step"]').getAttribute('data-seat')).toBe(
      String(view.active),
    );
    expect(await page.locator('.turn-order').textContent()).toMatch(/every round/);
    // The rulebook's figures under each ability token.
    const figures = await page.locator('.price-machine .volatility tspan').allTextContents();
    expect(figures).toEqual([
      '±40',
      '4 div',
      '±36',
      '6 div',
      '±32',
      '8 div',
      '±28',
      '10 div',
      '±24',
      '12 div',
    ]);
    // Four players: the same two spells in every discard pile, said to be removed at setup.
    expect(view.removed).toHaveLength(2);
    const screens = page.locator('.screens .screen');
    for (let seat = 0; seat < view.players; seat++) {
      const text = (await screens.nth(seat).textContent())!;
      expect(text).toMatch(/removed at setup: /);
      if (view.discards[seat]!.length === view.removed.length) expect(text).not.toMatch(/played:/);
    }
    expect(await page.locator('.aside-tokens').textContent()).toMatch(/removed from every deck at setup/);
    expect(await page.locator('.aside-tokens').textContent()).not.toMatch(/out of this game/);
    await page.close();
  });

  it('explains a trade chip on a tap and names every potion’s ability in its legend', async () => {
    const f = fixture('prospectus', 'mid');
    const page = await held.browser.newPage(PHONE);
    await open(page, f);
    const chip = page.locator('.trade-chip .explain-term').first();
    await chip.scrollIntoViewIfNeeded();
    await chip.tap();
    const note = page.locator('.explain-note');
    expect(await note.textContent()).toMatch(/^(drafts|buys|sells|exchanges|takes) /);
    expect(await chip.getAttribute('aria-expanded')).toBe('true');
    await shot(page, 'prospectus--explain--phone');
    const overflow = await page.evaluate(() => {
      const d = (globalThis as Globals).document as { documentElement: { scrollWidth: number } };
      return d.documentElement.scrollWidth - ((globalThis as Globals).innerWidth as number);
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    expect(await note.count()).toBe(0);
    const legend = page.locator('.board-legend');
    await legend.locator('summary').tap();
    const text = (await legend.textContent())!;
    for (const name of ['Owl Spit', 'Pixie Dust', 'Goblin Wizz', 'Troll Sweat', 'Frog Juice'])
      expect(text).toContain(`${name}'s ability`);
    expect(text).toMatch(/volatility/);
    await shot(page, 'prospectus--legend--phone');
    await page.close();
  });

  it('ends with a table whose columns add up, and names the chamber’s potions', async () => {
    const f = fixture('prospectus', 'end');
    const page = await held.browser.newPage(LAPTOP);
    await open(page, f);
    const heads = await page.locator('.outcome th').allTextContents();
    expect(heads).toEqual([
      'Place',
      'Player',
      'Cash before the end',
      '+ Chamber bonus',
      '+ Sell-off',
      '= Money',
    ]);
    const rows = await page
      .locator('.outcome tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(
            (tr as unknown as { cells: ArrayLike<{ textContent: string }> }).cells,
            (c) => c.textContent,
          ),
        ),
      );
    for (const cells of rows) {
      const [cash, bonus, selloff, money] = cells.slice(2).map((c) => Number(c.replace('$', '')));
      expect(cash! + bonus! + selloff!).toBe(money);
    }
    expect(await page.locator('.outcome').textContent()).toMatch(/Council chamber: .*(Owl Spit|Frog Juice)/);
    await shot(page, 'prospectus--end');
    await page.close();
  });
});

describe('Prosperitea', () => {
  it('shows the turn order from the first player, explains a score on a tap, and calls bots by their short name', async () => {
    const f = fixture('prosperitea', 'assign-ask');
    const view = f.view as { players: number; first: number; current: number; scores: number[] };
    const page = await held.browser.newPage(PHONE);
    await open(page, f);
    const order = await page
      .locator('.turn-order li')
      .evaluateAll((lis) =>
        lis.map((li) => Number((li as unknown as { dataset: { seat: string } }).dataset.seat)),
      );
    expect(order).toEqual(Array.from({ length: view.players }, (_, k) => (view.first + k) % view.players));
    expect(await page.locator('.turn-order li[aria-current="step"]').getAttribute('data-seat')).toBe(
      String(view.current),
    );
    // The choices to ask another shop name its bot "Basil (B)", not "Basil · Casual bot".
    const asks = await page.locator('.pending .source-choices button').allTextContents();
    expect(asks.some((t) => /^Ask \w+ \([A-F]\) for /.test(t))).toBe(true);
    expect(asks.join(' ')).not.toMatch(/Casual bot/);
    const score = page.locator('.shop .score .explain-term').first();
    await score.scrollIntoViewIfNeeded();
    await score.tap();
    expect(await page.locator('.explain-note').textContent()).toMatch(
      new RegExp(
        `^Score: \\d+ prestige on display \\+ \\d+ for \\d+ Favor tokens? \\+ \\d+ for \\$\\d+ \\(1 per \\$5\\) = ${view.scores[0]}\\.$`,
      ),
    );
    await shot(page, 'prosperitea--score--phone');
    await page.close();
  });

  it('ends with a score that adds up', async () => {
    const page = await held.browser.newPage(LAPTOP);
    await open(page, fixture('prosperitea', 'end'));
    expect(await page.locator('.outcome th').allTextContents()).toEqual([
      'Place',
      'Player',
      'Prestige on display',
      '+ Favor tokens (1 each)',
      '+ Money (1 per $5)',
      '= Score',
    ]);
    await page.close();
  });
});

describe('Pocket Imperium', () => {
  it('names every hex with its level, sector, occupant and capacity, and shows the capacity', async () => {
    const f = fixture('pocket-imperium', 'mid');
    const view = f.view as { level: number[]; ships: number[]; sector: number[] };
    const page = await held.browser.newPage(LAPTOP);
    await open(page, f);
    const hexes = await page.locator('.hex-map [data-hex]').evaluateAll((gs) =>
      gs.map((g) => {
        const el = g as unknown as {
          getAttribute(n: string): string | null;
          querySelector(s: string): { textContent: string } | null;
        };
        return {
          hex: Number(el.getAttribute('data-hex')),
          role: el.getAttribute('role'),
          label: el.getAttribute('aria-label') ?? '',
          cap: el.querySelector('.hex-cap')?.textContent ?? '',
        };
      }),
    );
    expect(hexes.length).toBe(view.level.length);
    for (const h of hexes) {
      expect(h.label, `hex ${h.hex}`).toMatch(new RegExp(`^Hex ${h.hex}: `));
      expect(['img', 'button']).toContain(h.role);
      const cap = Number(h.cap.replace('≤', ''));
      expect(h.label).toContain(`keeps at most ${cap}`);
      expect(h.label).toContain(view.sector[h.hex]! >= 0 ? `sector ${view.sector[h.hex]}` : '');
      if (view.ships[h.hex]! > 0) expect(h.label).toMatch(/: \d+ ships?;/);
    }
    // A hex with an action is named by what it shows and then by what it does.
    const acting = hexes.filter((h) => h.role === 'button');
    expect(acting.length).toBeGreaterThan(0);
    for (const h of acting) expect(h.label).toMatch(/keeps at most \d: (add a ship|stop)/);
    await page.close();
  });

  it('outlines each sector card clearly: wide bright lines, only where a card ends', async () => {
    const page = await held.browser.newPage(LAPTOP);
    await open(page, fixture('pocket-imperium', 'mid'));
    const lines = await page.locator('.hex-map .sector-lines').evaluate((el) => {
      const style = (
        globalThis as unknown as { getComputedStyle(e: unknown): { stroke: string; strokeWidth: string } }
      ).getComputedStyle(el);
      return {
        stroke: style.stroke,
        width: parseFloat(style.strokeWidth),
        d: (el as unknown as { getAttribute(n: string): string }).getAttribute('d'),
      };
    });
    expect(lines.width).toBeGreaterThanOrEqual(3);
    const [r, g, b] = lines.stroke.match(/\d+/g)!.map(Number);
    expect(luminance(r!, g!, b!)).toBeGreaterThan(0.8);
    // Fewer edges than all the hexes' edges: the inside of a card is not outlined.
    expect(lines.d.split('M').length - 1).toBeLessThan(200);
    await page.close();
  });

  it('marks the seats that have carried out a step with a tick, their badges and commands undimmed', async () => {
    const page = await held.browser.newPage(LAPTOP);
    await open(page, fixture('pocket-imperium', 'exterminate'));
    const done = page.locator('.round-steps .turn-done');
    expect(await done.count()).toBeGreaterThan(0);
    const marks = await done.evaluateAll((els) => {
      type El = { parentElement: El | null };
      const { getComputedStyle: style } = globalThis as unknown as {
        getComputedStyle(e: El, pseudo?: string): { opacity: string; content: string };
      };
      return (els as unknown as El[]).map((el) => {
        let opacity = 1;
        for (let at: El | null = el; at; at = at.parentElement) opacity *= Number(style(at).opacity);
        return { opacity, tick: style(el, '::after').content };
      });
    });
    for (const m of marks) {
      expect(m.opacity).toBe(1);
      expect(m.tick).toContain('✓');
    }
    await page
      .locator('.round-steps')
      .first()
      .screenshot({ path: join(SHOTS, 'pocket-imperium--steps.png') });
    await page.close();
  });

  it('ends with its VP in named columns that add up, and its tie-breaks in words', async () => {
    const page = await held.browser.newPage(LAPTOP);
    await open(page, fixture('pocket-imperium', 'end'));
    const heads = await page.locator('.outcome th').allTextContents();
    expect(heads.slice(2, 6)).toEqual([
      'Sector scoring',
      "+ Extra sectors (Tri-Prime's choice)",
      '+ Prosperity cards',
      '= VP',
    ]);
    expect(heads.join(' ')).not.toMatch(/tie break|tri prime|tri rounds/);
    expect(heads.join(' ')).toMatch(/Holds Tri-Prime \(1st tie-break\)/);
    await shot(page, 'pocket-imperium--end');
    await page.close();
  });
});

/** Relative luminance of an sRGB colour (WCAG). */
function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

describe('every board', () => {
  const MIDS = [
    ['prospectus', 'mid'],
    ['prospectus', 'qty'],
    ['prosperitea', 'mid'],
    ['prosperitea', 'assign-ask'],
    ['pocket-imperium', 'mid'],
  ] as const;

  it.each(MIDS)(
    '%s %s: each clickable element’s accessible name contains the words it shows first',
    async (game, id) => {
      const page = await held.browser.newPage(LAPTOP);
      await open(page, fixture(game, id));
      const problems = await page.evaluate(() => {
        type El = {
          getAttribute(n: string): string | null;
          innerText?: string;
          textContent: string | null;
          namespaceURI: string;
        };
        const doc = (globalThis as Globals).document as { querySelectorAll(s: string): ArrayLike<El> };
        const out: string[] = [];
        for (const el of Array.from(doc.querySelectorAll('.board-area [data-actions]'))) {
          // SVG elements show pictures and numbers; their names are checked per board above.
          if (el.namespaceURI.endsWith('svg')) continue;
          // The first line with a word or a number (a glyph alone is a picture, not a label).
          const shown = (el.innerText ?? '')
            .split('\n')
            .map((l) => l.trim())
            .find((l) => /[\p{L}\p{N}]/u.test(l));
          if (!shown) continue;
          const name = el.getAttribute('aria-label') ?? el.innerText ?? '';
          if (!name.toLowerCase().replace(/\s+/g, ' ').includes(shown.toLowerCase().replace(/\s+/g, ' ')))
            out.push(`"${shown}" not in "${name}"`);
        }
        return out;
      });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each(MIDS)('%s %s: text that informs reads at 4.5:1 or more', async (game, id) => {
    const page = await held.browser.newPage(LAPTOP);
    await open(page, fixture(game, id));
    const problems = await page.evaluate(contrastProblems);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * In the page: every element of the board with text of its own, whose colour (with the opacity of
 * it and its ancestors) on the first opaque background behind it reads under 4.5:1. Elements on a
 * picture (a gradient, an SVG) are left out: their background is not one colour.
 */
function contrastProblems(): string[] {
  type Style = {
    color: string;
    backgroundColor: string;
    backgroundImage: string;
    opacity: string;
    visibility: string;
    display: string;
  };
  type El = {
    parentElement: El | null;
    childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
    namespaceURI: string;
    className: unknown;
    textContent: string | null;
    getClientRects(): ArrayLike<unknown>;
    closest(s: string): El | null;
  };
  const g = globalThis as unknown as {
    getComputedStyle(e: El): Style;
    document: { querySelectorAll(s: string): ArrayLike<El> };
  };
  // "rgb(r g b)", "rgba(r, g, b, a)", or "color(srgb r g b / a)" (what color-mix() computes to, 0–1).
  const rgba = (s: string): number[] => {
    const unit = s.startsWith('color(') ? 255 : 1;
    const m = s
      .replace(/^color\(srgb/, '')
      .match(/[\d.]+/g)
      ?.map(Number) ?? [0, 0, 0, 0];
    return [m[0]! * unit, m[1]! * unit, m[2]! * unit, m[3] ?? 1];
  };
  const lum = ([r, gr, b]: number[]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(gr!) + 0.0722 * lin(b!);
  };
  const over = (top: number[], a: number, under: number[]) =>
    top.slice(0, 3).map((c, i) => c * a + under[i]! * (1 - a));
  const out: string[] = [];
  for (const el of Array.from(g.document.querySelectorAll('.board-area [class$="-board"] *'))) {
    if (el.namespaceURI.endsWith('svg') || el.closest('svg')) continue;
    const own = Array.from(el.childNodes)
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!own || el.getClientRects().length === 0) continue;
    const style = g.getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.sr-only')) continue;
    // The backgrounds behind the text, nearest first, down to the first opaque one (else white).
    let opacity = 1;
    const layers: number[][] = [];
    let picture = false;
    for (let at: El | null = el; at; at = at.parentElement) {
      const s = g.getComputedStyle(at);
      opacity *= Number(s.opacity);
      if (s.backgroundImage !== 'none') picture = true;
      const bg = rgba(s.backgroundColor);
      if (bg[3]! > 0) layers.push(bg);
      if (bg[3] === 1 || picture) break;
    }
    if (picture) continue;
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) behind = over(layer, layer[3]!, behind);
    const fg = rgba(style.color);
    const seen = over(fg, fg[3]! * opacity, behind);
    const [hi, lo] = [lum(seen), lum(behind)].sort((a, b) => b - a);
    const ratio = (hi! + 0.05) / (lo! + 0.05);
    if (ratio < 4.5) out.push(`${ratio.toFixed(2)}:1 "${own.slice(0, 30)}" (${String(el.className)})`);
  }
  return out;
}
