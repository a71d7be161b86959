/**
 * The rules pages: each `docs/rules/<game>.md` rendered in a real Chromium with its headings, a
 * table of contents and an anchor for every rule id; each document its own chunk, and the
 * markdown library outside the first load. Screenshots go to test-results/rules/.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRules, slug } from '../../src/web/rules/markdown.ts';
import { launchChromium } from './harness.ts';
import { startServerSite } from './server-site.ts';
import type { ServerSite } from './server-site.ts';

const SHOTS = fileURLToPath(new URL('../../test-results/rules/', import.meta.url));
const DOCS = fileURLToPath(new URL('../../docs/rules/', import.meta.url));
const GAMES = ['prospectus', 'prosperitea', 'pocket-imperium'] as const;

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

const markdownOf = (game: string) => readFileSync(join(DOCS, `${game}.md`), 'utf8');

/** Headings of levels 2 and 3, read from the markdown itself, without inline code marks. */
function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.replace(/`/g, '').trim());
}

/** Rule ids as the document defines them: a list item opening with the id in code, maybe bold. */
function definedRules(game: string, markdown: string): string[] {
  const ids = [...markdown.matchAll(/^\s*[-*] (?:\*\*)?`([a-z0-9-]+(?:\.[a-z0-9-]+)+)`/gm)].map((m) => m[1]!);
  return [...new Set(ids.map((id) => (id.startsWith(`${game}.`) ? id : `${game}.${id}`)))];
}

describe.each(GAMES)('the %s rules page', (game) => {
  it('shows every heading in the text and the contents, and an anchor for every rule id', async () => {
    const markdown = markdownOf(game);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/rules/${game}`);
    await page.locator('.rules-text h1').waitFor();
    await page.screenshot({ path: join(SHOTS, `${game}.png`) });

    const expected = headings(markdown);
    expect(expected.length).toBeGreaterThan(5);
    const shown = await page.locator('.rules-text h2, .rules-text h3').allTextContents();
    expect(shown.map((h) => h.replace(/\s*#$/, '').trim())).toEqual(expected);
    expect(await page.locator('.rules-toc li a').allTextContents()).toEqual(expected);
    // A contents entry leads to its heading.
    const target = expected[2]!;
    await page.locator('.rules-toc li a', { hasText: target }).first().click();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${slug(target)}`);

    const rules = definedRules(game, markdown);
    expect(rules.length).toBeGreaterThan(30);
    const anchors = await page
      .locator('.rules-text a.rule-id')
      .evaluateAll((els) => (els as unknown as { id: string }[]).map((el) => el.id));
    expect(anchors).toEqual(rules);

    // An address naming a rule id opens on it, marked.
    const rule = rules[Math.floor(rules.length / 2)]!;
    await page.goto(`${site.url}/rules/${game}#${rule}`);
    await page.locator('.rules-text h1').waitFor();
    const marked = page.locator('.rules-text a.rule-id:target');
    await expect.poll(() => marked.getAttribute('id')).toBe(rule);
    expect(await marked.isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, `${game}--rule.png`) });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('rules rendering', () => {
  it('shows raw HTML in a rules file as text, never as markup', () => {
    const doc = renderRules(
      '# T\n\n## A <b>bold</b> heading\n\n<script>alert(1)</script>\n\n- `x.y` — a rule\n',
      'g',
    );
    expect(doc.html).not.toContain('<script>');
    expect(doc.html).toContain('&lt;script&gt;');
    expect(doc.toc).toEqual([{ depth: 2, text: 'A <b>bold</b> heading', id: 'a-bboldb-heading' }]);
    expect(doc.rules).toEqual(['g.x.y']);
  });

  it('links later mentions of a rule to its definition, and gives repeated headings distinct anchors', () => {
    const doc = renderRules(
      '# T\n\n## Turn\n\nSee `g.turn.order`.\n\n- **`turn.order`** — clockwise.\n\n## Turn\n\n- `g.turn.order` again\n',
      'g',
    );
    expect(doc.rules).toEqual(['g.turn.order']);
    expect(doc.toc.map((t) => t.id)).toEqual(['turn', 'turn-1']);
    expect(doc.html.match(/id="g\.turn\.order"/g)).toHaveLength(1);
    expect(doc.html.match(/class="rule-ref" href="#g\.turn\.order"/g)).toHaveLength(2);
  });
});

describe('the rules chunks', () => {
  it('loads each rules text as its own chunk, with the markdown library outside the first load', () => {
    const html = readFileSync(join(site.outDir, 'index.html'), 'utf8');
    const first = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(0);
    const firstJs = first.map((f) => readFileSync(join(site.outDir, f), 'utf8')).join('\n');
    const gzipped = first.reduce((sum, f) => sum + gzipSync(readFileSync(join(site.outDir, f))).length, 0);
    expect(gzipped).toBeLessThan(250 * 1024);

    const assets = readdirSync(join(site.outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const read = (f: string) => readFileSync(join(site.outDir, 'assets', f), 'utf8');
    const holders = GAMES.map((game) => {
      // The document's title line is in its chunk alone.
      const title = markdownOf(game).split('\n')[0]!.slice(2);
      const files = assets.filter((f) => read(f).includes(title));
      expect(files, game).toHaveLength(1);
      expect(firstJs.includes(title), game).toBe(false);
      return files[0]!;
    });
    expect(new Set(holders).size).toBe(GAMES.length);
    // marked's own error text marks where the library went: not into the first load.
    const markedFiles = assets.filter((f) =>
      read(f).includes('Please report this to https://github.com/markedjs/marked'),
    );
    expect(markedFiles).toHaveLength(1);
    expect(first.some((f) => f.endsWith(markedFiles[0]!))).toBe(false);
    expect(holders).not.toContain(markedFiles[0]);
  });
});
