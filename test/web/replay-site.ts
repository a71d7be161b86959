/**
 * The built client served by Vite's preview server on an ephemeral port, with `/api` passed to a
 * real Prosper server, for the replay and rules browser tests. (Once the server serves the client
 * itself, these tests can point Chromium at it directly.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { webConfig } from '../../vite.web.config.ts';

export interface Site {
  readonly url: string;
  readonly outDir: string;
  close(): Promise<void>;
}

/** Builds the client into a temporary directory and serves it; `api` is the server to pass `/api` to. */
export async function startSite(api?: string): Promise<Site> {
  const root = mkdtempSync(join(tmpdir(), 'prosper-site-'));
  const outDir = join(root, 'web');
  const config = webConfig({ outDir, galleryDir: join(root, 'no-gallery'), logLevel: 'warn' });
  await build(config);
  const server = await preview({
    ...config,
    preview: {
      host: '127.0.0.1',
      port: 0,
      strictPort: true,
      ...(api ? { proxy: { '/api': { target: api, changeOrigin: false } } } : {}),
    },
  });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    outDir,
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
