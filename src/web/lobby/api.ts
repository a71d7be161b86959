/**
 * The lobby's requests (docs/server.md, "HTTP"). Types come from the protocol module; only types, so
 * the first load carries no schema code. The server validates every body again; its refusal comes
 * back as an `ApiError` with the server's own message, shown as is.
 */
import type {
  CreateTableRequest,
  CreateTableResponse,
  GameInfo as ServerGame,
  GamesResponse,
  JoinRequest,
  JoinResponse,
  TableInfo,
  TableResponse,
  TablesResponse,
} from '../../protocol/index.ts';
import { API, ApiError } from '../replay/api.ts';

export { ApiError };
export type { ServerGame };

async function request<T>(path: string, init: { body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      signal: init.signal ?? null,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiError('network', 'The server could not be reached. Check your connection and try again.', 0);
  }
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok)
    throw new ApiError(body?.error?.code ?? 'http', body?.error?.message ?? res.statusText, res.status);
  return body as T;
}

export async function fetchGames(signal?: AbortSignal): Promise<ServerGame[]> {
  return (await request<GamesResponse>('/games', signal ? { signal } : {})).games;
}

export async function fetchWaitingTables(signal?: AbortSignal): Promise<TableInfo[]> {
  return (await request<TablesResponse>('/tables?status=waiting', signal ? { signal } : {})).tables;
}

export async function fetchTableInfo(id: string, signal?: AbortSignal): Promise<TableInfo> {
  return (await request<TableResponse>(`/tables/${id}`, signal ? { signal } : {})).table;
}

export function createTable(body: CreateTableRequest): Promise<CreateTableResponse> {
  return request<CreateTableResponse>('/tables', { body });
}

export function joinTable(id: string, body: JoinRequest): Promise<JoinResponse> {
  return request<JoinResponse>(`/tables/${id}/join`, { body });
}

/** Where a table is played, and the address to share so others join it. */
export const tablePath = (id: string): string => `/table/${id}`;
export const joinPath = (id: string): string => `/join/${id}`;

export { NAME_MAX, nameProblem } from '../net/nameRules.ts';

/** A table id from what someone pasted: the code itself, or a join or table link. */
export function tableIdFrom(text: string): string | null {
  const match = /([a-z2-7]{10})\/?$/.exec(text.trim().toLowerCase().replace(/\s+/g, ''));
  return match ? match[1]! : null;
}
