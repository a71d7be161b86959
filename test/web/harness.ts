/**
 * Browser-test harness: builds the client into a temporary directory, writes the gallery fixtures
 * beside it, serves both with Vite's preview server on an ephemeral port, and drives Debian's
 * Chromium through playwright-core (never a downloaded browser).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import { build, preview } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { webConfig } from '../../vite.web.config.ts';
import { galleryFiles, makeFixtures } from './fixtures.ts';
import type { GameFixtures } from './fixtures.ts';

export const CHROMIUM = process.env.PROSPER_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

export interface Gallery {
  readonly url: string;
  readonly outDir: string;
  readonly fixtures: readonly GameFixtures[];
  close(): Promise<void>;
}

/** Builds the client, writes the fixtures and serves both; `close` removes the temporary files. */
export async function startGallery(): Promise<Gallery> {
  const root = mkdtempSync(join(tmpdir(), 'prosper-web-'));
  const outDir = join(root, 'web');
  const galleryDir = join(root, 'gallery');
  mkdirSync(galleryDir);
  const fixtures = makeFixtures();
  for (const [name, text] of galleryFiles(fixtures)) writeFileSync(join(galleryDir, name), text);
  const config = webConfig({ outDir, galleryDir, logLevel: 'warn' });
  await build(config);
  const server = await preview({ ...config, preview: { host: '127.0.0.1', port: 0, strictPort: true } });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    outDir,
    fixtures,
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A browser context for tests that are not about the pacing of other players' moves: they are
 * shown at once, as a player may choose, so a whole game takes its own time and no more.
 */
export async function contextShowingMovesAtOnce(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // Runs in the page, where localStorage exists (this file's typecheck has no DOM library).
  await context.addInitScript(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'prosper.pace',
      'off',
    ),
  );
  return context;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A phone in portrait, with touch and reduced motion (no card caught half-way through its entrance). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;

/**
 * For one test file: the built gallery and a Chromium, started before its tests (and `shots`, the
 * screenshots' folder, made) and closed after them.
 */
export function galleryForFile(shots: string): { readonly gallery: Gallery; readonly browser: Browser } {
  const held = {} as { gallery: Gallery; browser: Browser };
  beforeAll(async () => {
    held.gallery = await startGallery();
    held.browser = await launchChromium();
    mkdirSync(shots, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await held.browser?.close();
    await held.gallery?.close();
  });
  return held;
}
