/**
 * Serves the built web client (`npm run build:web` → dist/web) beside the API, so one process and
 * one port are the whole site. The client routes in the browser (/table/<id>, /replay/<id>…), so
 * any other GET that names no file gets index.html and the client takes it from there.
 */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../protocol/index.ts';

/** Vite names every built asset after its content: a name never changes meaning, so it may be kept a year. */
const ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so it is checked again on every load. */
const REVALIDATE = 'no-cache';

/** Whether `dir` holds a built client (its index.html). */
export function isWebRoot(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** Requests the page's fallback never answers: the API speaks JSON, and a missing asset is a real 404. */
function wantsApp(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0]!;
  return !path.startsWith(`${API_PREFIX}/`) && path !== API_PREFIX && !path.startsWith(ASSETS);
}

/**
 * Registers the client's files at `/` and the fallback to index.html. Call it instead of setting a
 * not-found handler: API misses still get the JSON `not_found` error.
 */
export async function registerWebClient(app: FastifyInstance, root: string): Promise<void> {
  const dir = resolve(root);
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, path) => {
      const assets = `${sep}assets${sep}`;
      void reply.header('cache-control', path.includes(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((req, reply: FastifyReply) => {
    if (wantsApp(req)) {
      void reply.header('cache-control', REVALIDATE).sendFile('index.html');
      return;
    }
    void reply.status(404).send({ error: { code: 'not_found', message: 'no such route' } });
  });
}
