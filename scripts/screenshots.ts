/**
 * The README's pictures: each game's board half-way through a recorded bot game, as the acting seat
 * sees it, from the board gallery (docs/screenshots/<game>.png). Run: `npx tsx scripts/screenshots.ts`.
 * The fixtures are seeded, so the same code draws the same boards.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, startGallery } from '../test/web/harness.ts';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const FIXTURE = 'mid';

const gallery = await startGallery();
const browser = await launchChromium();
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  for (const { game } of gallery.fixtures) {
    await page.goto(`${gallery.url}/gallery/${game}/${FIXTURE}`);
    const board = page.locator(`[data-fixture="${game}/${FIXTURE}"] .board-area [class$="-board"]`);
    await board.waitFor();
    await board.screenshot({ path: `${OUT}${game}.png` });
    console.log(`docs/screenshots/${game}.png`);
  }
} finally {
  await browser.close();
  await gallery.close();
}
