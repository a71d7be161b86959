/**
 * A real Prosper server on an ephemeral port serving a freshly built web client (built into a
 * temporary directory), as `prosper serve` does: the browser tests point Chromium at it directly,
 * with no proxy in between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { webConfig } from '../../vite.web.config.ts';
import type { ServerOptions } from '../../src/server/app.ts';
import { startTestServer } from '../server/harness.ts';
import type { TestServer } from '../server/harness.ts';

export interface ServerSite {
  /** http://127.0.0.1:port: the site and its API. */
  readonly url: string;
  readonly srv: TestServer;
  readonly outDir: string;
  close(): Promise<void>;
}

/** Builds the client and starts a server (SQLite in a temporary file) serving it. */
export async function startServerSite(options: Partial<ServerOptions> = {}): Promise<ServerSite> {
  const root = mkdtempSync(join(tmpdir(), 'prosper-live-'));
  const outDir = join(root, 'web');
  await build(webConfig({ outDir, galleryDir: join(root, 'no-gallery'), logLevel: 'warn' }));
  const srv = await startTestServer({ ...options, webRoot: outDir });
  return {
    url: srv.url,
    srv,
    outDir,
    close: async () => {
      await srv.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
