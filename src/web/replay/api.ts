/**
 * The replay page's requests: the table's public info and its frames (docs/server.md, "Replay
 * frames"). Types come from the protocol module; only types, so this chunk carries no schema code.
 */
import type { Viewer } from '../boards/contract.ts';
import type { ReplayFrame, ReplayFramesResponse, TableInfo, TableResponse } from '../../protocol/index.ts';

/** The protocol's `API_PREFIX` (pinned to it by test/web/replay-url.test.ts). */
export const API = '/api/v1';

/** Frames per request with views: the server's default page (its maximum is 100). */
export const VIEW_PAGE = 50;
/** Frames per request without views: the server's maximum. */
export const INDEX_PAGE = 2000;

/** A refusal from the server, with its stable code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    signal: signal ?? null,
    headers: { accept: 'application/json' },
  });
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok)
    throw new ApiError(body?.error?.code ?? 'http', body?.error?.message ?? res.statusText, res.status);
  return body as T;
}

export async function fetchTable(id: string, signal?: AbortSignal): Promise<TableInfo> {
  return (await getJson<TableResponse>(`/tables/${id}`, signal)).table;
}

function framesPath(id: string, viewer: Viewer, from: number, count: number, views: boolean): string {
  return `/tables/${id}/frames?viewer=${viewer}&from=${from}&count=${count}&views=${views}`;
}

/** A whole match without views: who acted, labels, clocks and the viewer's events of every step. */
export interface ReplayIndex {
  readonly viewer: Viewer;
  readonly steps: number;
  readonly markers: ReplayFramesResponse['markers'];
  readonly outcome: ReplayFramesResponse['outcome'];
  readonly frames: readonly ReplayFrame[];
}

export async function fetchIndex(id: string, viewer: Viewer, signal?: AbortSignal): Promise<ReplayIndex> {
  const first = await getJson<ReplayFramesResponse>(framesPath(id, viewer, 0, INDEX_PAGE, false), signal);
  const frames = [...first.frames];
  while (frames.length <= first.steps) {
    const next = await getJson<ReplayFramesResponse>(
      framesPath(id, viewer, frames.length, INDEX_PAGE, false),
      signal,
    );
    if (next.frames.length === 0) break;
    frames.push(...next.frames);
  }
  return { viewer, steps: first.steps, markers: first.markers, outcome: first.outcome, frames };
}

/** The views of one page of steps: page p holds steps p·VIEW_PAGE … p·VIEW_PAGE + VIEW_PAGE − 1. */
export async function fetchViews(id: string, viewer: Viewer, page: number): Promise<unknown[]> {
  const body = await getJson<ReplayFramesResponse>(framesPath(id, viewer, page * VIEW_PAGE, VIEW_PAGE, true));
  return body.frames.map((f) => f.view);
}
