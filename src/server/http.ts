import type { FastifyInstance } from 'fastify';
import {
  API_PREFIX,
  CreateTableRequest,
  JoinRequest,
  LeaveRequest,
  PROTOCOL_VERSION,
  RematchRequest,
  TableParams,
  TablesQuery,
} from '../protocol/index.ts';
import type {
  CreateTableResponse,
  GamesResponse,
  HealthResponse,
  JoinResponse,
  ReplayScript,
  TableResponse,
  TablesResponse,
} from '../protocol/index.ts';
import { parseOr, ProtocolError } from './errors.ts';
import { clientKey } from './secrets.ts';
import type { Storage } from './storage/types.ts';
import type { TableService } from './tables.ts';

/** A table id that cannot exist is simply not found (it tells nothing about other tables). */
function tableId(params: unknown): string {
  const parsed = TableParams.safeParse(params);
  if (!parsed.success) throw new ProtocolError('not_found', 'no such table');
  return parsed.data.id;
}

/** The HTTP routes; bodies are checked with the protocol's zod schemas before anything else. */
export function registerHttpRoutes(app: FastifyInstance, tables: TableService, storage: Storage): void {
  // From memory, never waiting for the database (a stalled disk must not stall the probe). 503 when
  // the storage is not `ok`: a load balancer should send this node no players, whose actions it
  // would refuse.
  app.get('/healthz', async (_req, reply): Promise<HealthResponse> => {
    const health = storage.health();
    const ok = health.status === 'ok';
    void reply.status(ok ? 200 : 503);
    return { ok, version: PROTOCOL_VERSION, storage: health };
  });

  app.get(`${API_PREFIX}/games`, async (): Promise<GamesResponse> => ({ games: tables.games() }));

  app.post(`${API_PREFIX}/tables`, async (req, reply): Promise<CreateTableResponse> => {
    const body = parseOr(CreateTableRequest, req.body, 'create table');
    const created = await tables.create(body, clientKey(req.ip));
    void reply.status(201);
    return created;
  });

  app.get(`${API_PREFIX}/tables`, async (req): Promise<TablesResponse> => {
    const query = parseOr(TablesQuery, req.query, 'tables query');
    return { tables: await tables.list(query) };
  });

  app.get(`${API_PREFIX}/tables/:id`, async (req): Promise<TableResponse> => ({
    table: await tables.info(tableId(req.params)),
  }));

  app.post(`${API_PREFIX}/tables/:id/join`, async (req): Promise<JoinResponse> => {
    const id = tableId(req.params);
    return tables.join(id, parseOr(JoinRequest, req.body, 'join'));
  });

  app.get(`${API_PREFIX}/tables/:id/replay`, async (req): Promise<ReplayScript> =>
    tables.replay(tableId(req.params)),
  );

  app.post(`${API_PREFIX}/tables/:id/rematch`, async (req, reply): Promise<CreateTableResponse> => {
    const id = tableId(req.params);
    const body = parseOr(RematchRequest, req.body, 'rematch');
    const created = await tables.rematch(id, body.tokens);
    void reply.status(201);
    return created;
  });

  app.post(`${API_PREFIX}/tables/:id/leave`, async (req): Promise<TableResponse> => {
    const id = tableId(req.params);
    const body = parseOr(LeaveRequest, req.body, 'leave');
    return { table: await tables.leave(id, body.tokens) };
  });
}
