/**
 * Clients for the edge tests: HTTP requests and WebSocket upgrades from a chosen loopback address
 * (Linux routes all of 127/8 to lo, so 127.0.0.2 is another client to the server), each on a
 * connection of its own, with the answer that refused an upgrade.
 */
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import type { ErrorResponse } from '../../src/protocol/index.ts';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** A GET over a fresh connection from `from` (a loopback address). */
export function get(base: string, path: string, from = '127.0.0.1', headers: Record<string, string> = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress: from, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

export type Upgrade = { readonly ok: true; readonly ws: WebSocket } | ({ readonly ok: false } & Reply);

/** A WebSocket upgrade from `from`: the open socket, or the HTTP answer that refused it. */
export function upgrade(
  srv: { readonly wsUrl: string },
  opts: { from?: string; origin?: string; headers?: Record<string, string> } = {},
): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(srv.wsUrl, {
      localAddress: opts.from ?? '127.0.0.1',
      ...(opts.origin === undefined ? {} : { origin: opts.origin }),
      headers: opts.headers ?? {},
    });
    ws.once('open', () => resolve({ ok: true, ws }));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ ok: false, status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    ws.once('error', reject);
  });
}

export async function openSocket(
  srv: { readonly wsUrl: string },
  opts: Parameters<typeof upgrade>[1] = {},
): Promise<WebSocket> {
  const result = await upgrade(srv, opts);
  if (!result.ok) throw new Error(`upgrade refused: ${result.status} ${result.text}`);
  return result.ws;
}

/** A ping answered by a pong: the connection is alive and served. */
export async function pingPong(ws: WebSocket): Promise<unknown> {
  const pong = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
  ws.send(JSON.stringify({ type: 'ping', id: 'alive' }));
  return pong;
}

export function closeAll(sockets: readonly WebSocket[]): Promise<void> {
  return Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  ).then(() => undefined);
}

export function errorOf(reply: Reply): ErrorResponse['error'] {
  return (JSON.parse(reply.text) as ErrorResponse).error;
}
