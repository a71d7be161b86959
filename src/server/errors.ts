/**
 * Every error the server reports, mapped to a reply in one place. A game's refusal is not an error
 * here: it travels as the game's `RuleError`, untouched (see `refused` in the protocol).
 */
import { z } from 'zod';
import type { ProtocolErrorBody, ProtocolErrorCode } from '../protocol/index.ts';

export class ProtocolError extends Error {
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
    /** The match's sequence number when it helps the client (stale_seq, bad_seq). */
    readonly seq?: number,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export const HTTP_STATUS: Readonly<Record<ProtocolErrorCode, number>> = {
  bad_request: 400,
  unsupported_version: 400,
  too_large: 413,
  rate_limited: 429,
  too_many_tables: 429,
  not_found: 404,
  unknown_game: 404,
  unknown_bot: 400,
  invalid_table: 400,
  not_authenticated: 401,
  already_authenticated: 409,
  bad_token: 403,
  not_your_seat: 403,
  taken_over: 409,
  spectators_not_allowed: 403,
  seat_taken: 409,
  table_full: 409,
  not_started: 409,
  not_finished: 409,
  stale_seq: 409,
  bad_seq: 409,
  takeback_disabled: 409,
  nothing_to_take_back: 409,
  revealed_information: 409,
  someone_acted_since: 409,
  busy: 503,
  storage_failed: 503,
  internal: 500,
};

/**
 * A seat as a person reads it in a message: counted from 1, as the board and the engines' texts
 * count them (JSON fields stay 0-based).
 */
export function seatWord(seat: number): string {
  return `seat ${seat + 1}`;
}

/** A short, safe account of a zod failure: paths and messages only, never the input's values. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Parses input with a schema or throws `bad_request` naming what is wrong. */
export function parseOr<T>(schema: z.ZodType<T, unknown>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ProtocolError('bad_request', `${what}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

interface FastifyLikeError {
  readonly code?: unknown;
  readonly statusCode?: unknown;
}

/**
 * Any thrown value as a protocol error body and an HTTP status. Fastify's own errors (body too
 * large, bad JSON, wrong content type) become `too_large` or `bad_request`; anything unexpected
 * becomes `internal` with no detail (the log has it).
 */
export function toErrorReply(err: unknown): { status: number; body: ProtocolErrorBody; seq?: number } {
  if (err instanceof ProtocolError) {
    return {
      status: HTTP_STATUS[err.code],
      body: { code: err.code, message: err.message },
      ...(err.seq === undefined ? {} : { seq: err.seq }),
    };
  }
  if (err instanceof z.ZodError) {
    return { status: 400, body: { code: 'bad_request', message: describeZodError(err) } };
  }
  const fastify = (err ?? {}) as FastifyLikeError;
  if (fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastify.statusCode === 413) {
    return { status: 413, body: { code: 'too_large', message: 'the request body is too large' } };
  }
  if (typeof fastify.code === 'string' && fastify.code.startsWith('FST_ERR_CTP')) {
    return {
      status: 400,
      body: { code: 'bad_request', message: 'the body must be JSON (Content-Type: application/json)' },
    };
  }
  if (typeof fastify.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    return { status: fastify.statusCode, body: { code: 'bad_request', message: 'bad request' } };
  }
  return { status: 500, body: { code: 'internal', message: 'internal server error' } };
}

/** Whether the error is the server's fault (logged at error level) rather than the client's. */
export function isServerFault(status: number): boolean {
  return status >= 500 && status !== 503;
}
