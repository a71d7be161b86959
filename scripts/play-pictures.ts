/**
 * The pictures of the players' pages (docs/play/<game>.md): parts of each game's board, cropped from
 * the board gallery drawing seeded bot games (the gallery's fixtures, test/web/fixtures.ts, plus a
 * few moments of the same games picked here for what they show), so the same code draws the same
 * pictures. Writes docs/play/images/<game>/<name>.webp (lossy WebP, encoded by Chromium itself:
 * a fifth of the PNG's size) and docs/play/images/sizes.json (each picture's size in CSS pixels, so
 * the page reserves its place before it loads and a link to a section lands where it should).
 * Pictures no longer listed here are deleted.
 *
 * Run: `npx tsx scripts/play-pictures.ts` (builds the client and plays the games first, ~1 min).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { GEOMETRY } from '../src/games/pocket-imperium/map.ts';
import type { PiView } from '../src/games/pocket-imperium/state.ts';
import type { Fixture } from '../src/web/gallery/fixture.ts';
import { webConfig } from '../vite.web.config.ts';
import { launchChromium } from '../test/web/harness.ts';
import { fixtureOf, galleryFiles, makeFixtures, playGame } from '../test/web/fixtures.ts';

const OUT = fileURLToPath(new URL('../docs/play/images/', import.meta.url));
/** Device pixels per CSS pixel: sharp on most screens. Whole-board views, always shown shrunk, take 1. */
const SCALE = 1.5;
/** WebP quality: text and thin lines stay clean. */
const QUALITY = 0.85;
/** Space kept around a framed part of the map, in CSS pixels. */
const MAP_MARGIN = 6;

type Target =
  /** The first element matching a CSS selector. */
  | { readonly css: string }
  /** The smallest box holding every element matching any of the selectors. */
  | { readonly around: readonly string[] }
  /** Pocket Imperium: the part of the map holding these hexes. */
  | { readonly hexes: readonly number[] };

interface Picture {
  readonly game: string;
  readonly name: string;
  /** The fixture drawn: a gallery fixture's id, or one of the MOMENTS below. */
  readonly fixture: string;
  /** What to photograph; a function reads it off the fixture (e.g. the hexes of an invasion). */
  readonly target: Target | ((fixture: Fixture) => Target);
  /** Device pixels per CSS pixel (default SCALE). */
  readonly scale?: number;
}

/**
 * Moments the gallery does not keep, found in the gallery's own seeded games: the first step at
 * which `pick` holds, as the acting seat sees it.
 */
interface Moment {
  readonly game: string;
  readonly id: string;
  readonly players: number;
  readonly seed: string;
  readonly options?: object;
  pick(view: never): boolean;
}

const PI_GAME = { game: 'pocket-imperium', players: 4, seed: 'gallery-pi-1', options: { prosperity: true } };
const MOMENTS: readonly Moment[] = [
  {
    ...PI_GAME,
    id: 'play-invasion',
    // An invasion of another player's ships with ships already committed: a battle to come.
    pick: (v: PiView) =>
      !!v.attack &&
      v.attack.ships >= 2 &&
      v.owner[v.attack.target]! >= 0 &&
      v.owner[v.attack.target] !== v.actor,
  },
  {
    ...PI_GAME,
    id: 'play-fleet',
    // A fleet half-way along its path, ships left in the hex it came from.
    pick: (v: PiView) => !!v.fleet && v.fleet.steps === 1 && v.ships[v.fleet.from]! > 0,
  },
];

/** The hexes around a Pocket Imperium fixture's invasion or fleet, neighbours included. */
function aroundAction(fixture: Fixture): Target {
  const view = fixture.view as PiView;
  const { neighbours } = GEOMETRY[view.layout];
  const centre = view.attack ? [view.attack.target] : [view.fleet!.from, view.fleet!.at];
  return { hexes: [...new Set(centre.flatMap((h) => [h, ...neighbours[h]!]))] };
}

const P = 'prospectus';
const T = 'prosperitea';
const I = 'pocket-imperium';
const BOARD = '.board-area';

export const PICTURES: readonly Picture[] = [
  // Prospectus
  { game: P, name: 'board', fixture: 'mid', target: { css: `${BOARD} .prospectus-board` }, scale: 1 },
  { game: P, name: 'future-track', fixture: 'mid', target: { css: `${BOARD} .future-track` } },
  { game: P, name: 'price-machine', fixture: 'mid', target: { css: `${BOARD} .machine-box` } },
  { game: P, name: 'crystal-ball', fixture: 'mid', target: { css: `${BOARD} .ball-panel` } },
  { game: P, name: 'spells', fixture: 'mid', target: { css: `${BOARD} .hand` } },
  { game: P, name: 'screens', fixture: 'mid', target: { css: `${BOARD} .screens` } },
  { game: P, name: 'quantity', fixture: 'mid', target: { around: [`${BOARD} .status`, `${BOARD} .prompt`] } },
  {
    game: P,
    name: 'interrupt',
    fixture: 'interrupt',
    target: { around: [`${BOARD} .status`, `${BOARD} .this-turn`, `${BOARD} .prompt`] },
  },
  {
    game: P,
    name: 'council',
    fixture: 'council',
    target: { around: [`${BOARD} .status`, `${BOARD} .prompt`, `${BOARD} .future-track`] },
  },
  { game: P, name: 'draft', fixture: 'draft', target: { css: `${BOARD} .ball-panel` } },
  { game: P, name: 'result', fixture: 'end', target: { css: `${BOARD} .outcome` } },
  // Prosperitea
  { game: T, name: 'board', fixture: 'mid', target: { css: `${BOARD} .prosperitea-board` }, scale: 1 },
  { game: T, name: 'decks', fixture: 'source', target: { css: `${BOARD} .decks` } },
  { game: T, name: 'market', fixture: 'waiting', target: { css: `${BOARD} .market` } },
  { game: T, name: 'evergreens', fixture: 'waiting', target: { css: `${BOARD} .evergreens` } },
  { game: T, name: 'shop', fixture: 'end', target: { css: `${BOARD} .shop.mine` } },
  {
    game: T,
    name: 'filling',
    fixture: 'assign-ask',
    target: { around: [`${BOARD} .status`, `${BOARD} .pending.panel-box`] },
  },
  {
    game: T,
    name: 'request',
    fixture: 'request',
    target: { around: [`${BOARD} .status`, `${BOARD} .pending.panel-box`] },
  },
  {
    game: T,
    name: 'payout',
    fixture: 'payout',
    target: { around: [`${BOARD} .status`, `${BOARD} .prompt`] },
  },
  { game: T, name: 'result', fixture: 'end', target: { css: `${BOARD} .outcome` } },
  // Pocket Imperium
  { game: I, name: 'board', fixture: 'mid', target: { css: `${BOARD} .pi-board` }, scale: 1 },
  { game: I, name: 'map', fixture: 'plan', target: { css: `${BOARD} .map-box` } },
  { game: I, name: 'systems', fixture: 'plan', target: { hexes: [12, 13, 17, 18, 19, 22, 23, 26, 27] } },
  { game: I, name: 'planner', fixture: 'plan', target: { css: `${BOARD} .planner` } },
  { game: I, name: 'round', fixture: 'mid', target: { css: `${BOARD} .round-steps` } },
  { game: I, name: 'players', fixture: 'mid', target: { css: `${BOARD} .pi-players` } },
  { game: I, name: 'prosperity', fixture: 'mid', target: { css: `${BOARD} .chain` } },
  { game: I, name: 'fleet', fixture: 'play-fleet', target: aroundAction },
  { game: I, name: 'invasion', fixture: 'play-invasion', target: aroundAction },
  { game: I, name: 'exploit', fixture: 'exploit', target: { css: `${BOARD} .map-box` } },
  { game: I, name: 'two-players', fixture: 'duel-setup', target: { css: `${BOARD} .map-box` } },
  { game: I, name: 'result', fixture: 'end', target: { css: `${BOARD} .outcome` } },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function union(boxes: readonly Box[]): Box {
  if (boxes.length === 0) throw new Error('nothing to frame');
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

const grow = (b: Box, by: number): Box => ({
  x: b.x - by,
  y: b.y - by,
  width: b.width + 2 * by,
  height: b.height + 2 * by,
});

/** The page area to photograph, in page coordinates (whole CSS pixels). */
async function frame(page: Page, target: Target): Promise<Box> {
  const boxesOf = async (selector: string) => {
    const all = await page.locator(selector).all();
    const boxes = await Promise.all(all.map((l) => l.boundingBox()));
    return boxes.filter((b): b is Box => b !== null);
  };
  let box: Box;
  if ('css' in target) {
    const b = await page.locator(target.css).first().boundingBox();
    if (!b) throw new Error(`${target.css} is not shown`);
    box = b;
  } else if ('around' in target) {
    box = union((await Promise.all(target.around.map(boxesOf))).flat());
  } else {
    const hexes = union(
      (await Promise.all(target.hexes.map((h) => boxesOf(`${BOARD} [data-hex="${h}"]`)))).flat(),
    );
    const map = (await page.locator(`${BOARD} .map-box`).boundingBox())!;
    // Ships and labels stick out of their hex a little; never beyond the map's own frame.
    const grown = grow(hexes, MAP_MARGIN);
    const x = Math.max(grown.x, map.x);
    const y = Math.max(grown.y, map.y);
    box = {
      x,
      y,
      width: Math.min(grown.x + grown.width, map.x + map.width) - x,
      height: Math.min(grown.y + grown.height, map.y + map.height) - y,
    };
  }
  // The page scrolls: locators give viewport coordinates, a full-page clip wants page ones.
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const x = Math.floor(box.x + scroll.x);
  const y = Math.floor(box.y + scroll.y);
  return {
    x,
    y,
    width: Math.ceil(box.x + scroll.x + box.width) - x,
    height: Math.ceil(box.y + scroll.y + box.height) - y,
  };
}

/** The gallery's fixtures and the MOMENTS, each game's in one list. */
function allFixtures() {
  const games = makeFixtures();
  for (const m of MOMENTS) {
    const played = playGame(m.game, m.players, m.seed, m.options);
    const at = played.steps.findIndex((step) =>
      m.pick(played.game.view(step.state, step.actors[0]!) as never),
    );
    if (at < 0) throw new Error(`${m.game}: no step for ${m.id}`);
    const viewer = played.steps[at]!.actors[0]!;
    const fixture = fixtureOf(played, { id: m.id, title: m.id, note: '', at, viewer }, m.players);
    games.find((g) => g.game === m.game)!.fixtures.push(fixture);
  }
  return games;
}

/** Builds the client into a temporary directory and serves it with the fixtures (as the gallery's tests do). */
async function serveGallery() {
  const root = mkdtempSync(join(tmpdir(), 'prosper-pictures-'));
  const outDir = join(root, 'web');
  const galleryDir = join(root, 'gallery');
  mkdirSync(galleryDir);
  const games = allFixtures();
  for (const [name, text] of galleryFiles(games)) writeFileSync(join(galleryDir, name), text);
  const config = webConfig({ outDir, galleryDir, logLevel: 'warn' });
  await build(config);
  const server = await preview({ ...config, preview: { host: '127.0.0.1', port: 0, strictPort: true } });
  const { port } = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fixture: (game: string, id: string) =>
      games.find((g) => g.game === game)!.fixtures.find((f) => f.id === id)!,
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** PNG → lossy WebP, by the browser's own encoder. */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  const encoded = await page.evaluate(
    async ({ data, quality }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { type: blob.type, data: btoa(binary) };
    },
    { data: png.toString('base64'), quality: QUALITY },
  );
  if (encoded.type !== 'image/webp')
    throw new Error(`this Chromium cannot encode WebP (got ${encoded.type})`);
  return Buffer.from(encoded.data, 'base64');
}

async function main() {
  const gallery = await serveGallery();
  const browser = await launchChromium();
  const sizes: Record<string, [number, number]> = {};
  try {
    const pages = new Map<number, Page>();
    const pageAt = async (scale: number) => {
      if (!pages.has(scale))
        pages.set(
          scale,
          await browser.newPage({
            viewport: { width: 1280, height: 900 },
            deviceScaleFactor: scale,
            reducedMotion: 'reduce',
          }),
        );
      return pages.get(scale)!;
    };
    const encoder = await browser.newPage();
    for (const picture of PICTURES) {
      const page = await pageAt(picture.scale ?? SCALE);
      await page.goto(`${gallery.url}/gallery/${picture.game}/${picture.fixture}`);
      await page
        .locator(`[data-fixture="${picture.game}/${picture.fixture}"] ${BOARD} [class$="-board"]`)
        .waitFor();
      await page.evaluate(() => document.fonts.ready);
      const target =
        typeof picture.target === 'function'
          ? picture.target(gallery.fixture(picture.game, picture.fixture))
          : picture.target;
      const clip = await frame(page, target);
      const file = `${picture.game}/${picture.name}.webp`;
      mkdirSync(join(OUT, picture.game), { recursive: true });
      writeFileSync(join(OUT, file), await toWebp(encoder, await page.screenshot({ clip, fullPage: true })));
      sizes[file] = [clip.width, clip.height];
      console.log(`docs/play/images/${file} ${clip.width}×${clip.height}`);
    }
  } finally {
    await browser.close();
    await gallery.close();
  }
  // Remove pictures that are no longer made.
  for (const game of readdirSync(OUT, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const f of readdirSync(join(OUT, game.name)))
      if (!sizes[`${game.name}/${f}`]) rmSync(join(OUT, game.name, f));
  const sorted = Object.fromEntries(Object.entries(sizes).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(OUT, 'sizes.json'), JSON.stringify({ pictures: sorted }, null, 2) + '\n');
}

await main();
