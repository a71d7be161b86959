/**
 * The server's edge: what a stranger's connection meets before any route runs. Slow requests are
 * cut (Node's HTTP timeouts), every answer carries security headers (`@fastify/helmet`), and a
 * WebSocket upgrade must come from this site (its `Origin`) and from an address holding fewer than
 * `connectionsPerAddress` connections. See docs/server.md, "Security headers and origins" and
 * "Limits".
 */
import type { ServerOptions as HttpServerOptions } from 'node:http';
import helmet from '@fastify/helmet';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProtocolError } from './errors.ts';

export interface EdgeLimits {
  /** Open WebSocket connections per client address (upgrades beyond it: 429 `rate_limited`). */
  readonly connectionsPerAddress: number;
  /** Time to receive a request's headers, from its first byte or the connection's opening (ms). */
  readonly headersTimeoutMs: number;
  /** Time to receive a whole request, body included (ms). */
  readonly requestTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (ms; WebSockets excepted: ws turns it off). */
  readonly idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_EDGE_LIMITS: EdgeLimits = {
  connectionsPerAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Longer than the keep-alive timeout, which governs idle connections between requests; this one
  // catches a client that stops reading an answer (or a request stuck mid-way).
  idleTimeoutMs: 90_000,
  // Fastify's default: longer than the 60 s idle timeout of the usual load balancers and proxies, so
  // the proxy, not this server, closes an idle upstream connection (no race on its reuse).
  keepAliveTimeoutMs: 72_000,
};

/**
 * Fastify's server options for the timeouts. Node checks the header and request deadlines on an
 * interval (30 s by default, which would let a slow request live up to 30 s past its deadline), so
 * the interval follows the shortest deadline.
 */
export function timeoutOptions(limits: EdgeLimits): {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: HttpServerOptions;
} {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(shortest / 4))),
    },
  };
}

/**
 * The key of a client: its address (the socket's, or the proxy's client when `trustProxy` names the
 * proxy), IPv4-mapped IPv6 as IPv4, and IPv6 by its /64, which one subscriber usually holds whole.
 * `@fastify/rate-limit` keys the same way by default.
 */
export function clientAddress(req: FastifyRequest): string {
  return normalizeIP(req.ip, 64);
}

/** A Host header as a CSP source may hold it: a name or an address, and a port. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** WebSockets to the host the page came from; `'self'` covers them in CSP 3 browsers, not in older ones. */
function sameHostWebSockets(req: { headers: { host?: string | undefined } }): string {
  const host = req.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * The Content-Security-Policy the built client runs under: its scripts and styles are files of this
 * site (Vite emits no inline script or style; React sets `style` props through the CSSOM, which CSP
 * does not govern), the favicon is a `data:` URL, and it talks to its own API and WebSocket only.
 * Nothing may frame the site. `upgrade-insecure-requests` (helmet's default) is left out: the server
 * also runs on plain HTTP on a LAN address, where it would break every asset.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", sameHostWebSockets],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Security headers on every answer (the page, the API, the assets). HSTS is left to whoever
 * terminates TLS: this server speaks plain HTTP, and a year-long HSTS sent through a proxy would
 * bind every subdomain of the site's operator.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: CSP_DIRECTIVES as unknown as Record<string, Iterable<string | typeof sameHostWebSockets>>,
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}

/** Origins as browsers send them (`scheme://host[:port]`, default ports left out); throws on anything else. */
export function normalizeOrigins(origins: readonly string[]): Set<string> {
  return new Set(
    origins.map((text) => {
      const url = new URL(text);
      if (url.origin === 'null' || !['http:', 'https:'].includes(url.protocol))
        throw new Error(`${text} is not an http(s) origin`);
      return url.origin;
    }),
  );
}

/**
 * Whether a WebSocket upgrade may proceed. Browsers always send `Origin` on a WebSocket upgrade and
 * the page cannot change it, so a page of another site opening a socket here is told apart by it;
 * non-browser clients (the CLI, the load test) send none and are let in. The site's own pages send
 * an origin whose host is the host they connected to (`Host`, or `X-Forwarded-Host` from a trusted
 * proxy); `allowed` adds origins a proxy in front rewrites the host for.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
  if (allowed.has(url.origin)) return true;
  if (!host) return false;
  try {
    // The host as the origin's scheme spells it: `example.org:443` is `example.org` for https.
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

/**
 * The WebSocket route's gate (an `onRequest` hook): checks the origin, then takes one of the
 * client address's connection slots, which its socket gives back when it closes, whether the
 * upgrade completed or not.
 */
export class WebSocketGate {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly maxPerAddress: number,
    private readonly origins: ReadonlySet<string>,
  ) {}

  /** Connections held by an address now (for tests). */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }

  readonly onRequest = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    // A plain GET of the WebSocket path is no upgrade: the route answers it 404.
    if (!req.ws) return;
    if (!originAllowed(req.headers.origin, req.host, this.origins)) {
      req.log.info({ origin: req.headers.origin?.slice(0, 200) }, 'cross-origin websocket refused');
      // bad_request's status is 400; a browser-visible refusal of another site's page is a 403.
      return reply.status(403).send({
        error: {
          code: 'bad_request',
          message: 'WebSocket connections are accepted from pages of this site only (Origin does not match)',
        },
      });
    }
    const socket = req.raw.socket;
    if (socket.destroyed) return; // gone already: 'close' may have fired, so take no slot
    const address = clientAddress(req);
    const held = this.held(address);
    if (held >= this.maxPerAddress)
      throw new ProtocolError(
        'rate_limited',
        `at most ${this.maxPerAddress} WebSocket connections per client address; close one first`,
      );
    this.open.set(address, held + 1);
    socket.once('close', () => this.release(address));
  };

  private release(address: string): void {
    const held = this.held(address) - 1;
    if (held > 0) this.open.set(address, held);
    else this.open.delete(address);
  }
}
