/**
 * Vite config of the web client (src/web → dist/web). JSX needs no plugin: Vite 8 compiles it with
 * oxc and React's automatic runtime. The board gallery reads recorded views from a directory of
 * JSON fixtures (written by test/web/make-fixtures.ts), served at /gallery-data/ by the dev and
 * preview servers only; the production build never contains them.
 */
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, InlineConfig, Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface WebConfigOptions {
  /** Where the built client goes (default dist/web). */
  readonly outDir?: string;
  /** Directory of gallery fixtures (default dist/gallery, or PROSPER_GALLERY_DIR). */
  readonly galleryDir?: string;
  /** Vite's console output (default info: the build prints each chunk's size, gzipped too). */
  readonly logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

const FIXTURE_NAME = /^\/gallery-data\/([a-z0-9-]+\.json)$/;

function galleryData(dir: string): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const match = FIXTURE_NAME.exec((req.url ?? '').split('?')[0]!);
    const file = match ? join(dir, match[1]!) : null;
    if (!file || !existsSync(file)) return next();
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    createReadStream(file).pipe(res);
  };
  return {
    name: 'prosper-gallery-data',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  };
}

/** Where the build lists its inputs, in the output directory; a dotfile, so the server never serves it. */
export const BUILD_RECORD = '.build.json';

/**
 * Writes `BUILD_RECORD`: when the build started and the project files that went into it, so that
 * `npm start` can tell a stale client by stat-ing them (bin/launch.js `webStatus`), as it does for
 * the CLI bundle, instead of building every time.
 */
function buildRecord(outDir: string): Plugin {
  let startedAt = 0;
  const inputs = new Set<string>(['vite.web.config.ts', 'src/web/index.html']);
  return {
    name: 'prosper-build-record',
    apply: 'build',
    buildStart: () => void (startedAt = Date.now()),
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        for (const id of item.moduleIds) {
          const file = relative(here, id.split('?')[0]!);
          if (!id.startsWith('\0') && !file.startsWith('..') && !file.startsWith('node_modules'))
            inputs.add(file.split('\\').join('/'));
        }
      }
    },
    writeBundle() {
      const record = { startedAt, inputs: [...inputs].sort() };
      writeFileSync(join(outDir, BUILD_RECORD), JSON.stringify(record, null, 2) + '\n');
    },
  };
}

export function webConfig(options: WebConfigOptions = {}): InlineConfig {
  const galleryDir = options.galleryDir ?? process.env.PROSPER_GALLERY_DIR ?? resolve(here, 'dist/gallery');
  const outDir = options.outDir ?? resolve(here, 'dist/web');
  return {
    configFile: false,
    root: resolve(here, 'src/web'),
    base: '/',
    publicDir: false,
    logLevel: options.logLevel ?? 'info',
    plugins: [galleryData(galleryDir), buildRecord(outDir)],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      reportCompressedSize: true,
      // A loaded machine makes the bundler's own timing report fire; it is noise here.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
  };
}

export default webConfig();
