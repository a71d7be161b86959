/**
 * The replay's data: the table's info, the light index of the match for the chosen viewer (labels
 * and log of every step) and the views, fetched a page at a time around the step shown and kept.
 * While a page is on its way the last view drawn stays on screen, marked as loading.
 */
import { useEffect, useRef, useState } from 'react';
import type { Viewer } from '../boards/contract.ts';
import type { TableInfo } from '../../protocol/index.ts';
import { ApiError, fetchIndex, fetchTable, fetchViews, VIEW_PAGE } from './api.ts';
import type { ReplayIndex } from './api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'error'; error: ApiError } | { state: 'ok'; data: T };

const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError
    ? err
    : new ApiError('network', err instanceof Error ? err.message : String(err), 0);

/** The table's public info (game, seats, status). */
export function useTable(id: string): Loaded<TableInfo> {
  const [result, setResult] = useState<{ id: string; loaded: Loaded<TableInfo> }>({
    id,
    loaded: { state: 'loading' },
  });
  useEffect(() => {
    const abort = new AbortController();
    fetchTable(id, abort.signal).then(
      (data) => setResult({ id, loaded: { state: 'ok', data } }),
      (err: unknown) =>
        !abort.signal.aborted && setResult({ id, loaded: { state: 'error', error: asApiError(err) } }),
    );
    return () => abort.abort();
  }, [id]);
  return result.id === id ? result.loaded : { state: 'loading' };
}

/** The match's index for a viewer; each viewer's is fetched once and kept while the page is open. */
export function useIndex(id: string, viewer: Viewer | null): Loaded<ReplayIndex> {
  const key = `${id}:${viewer}`;
  const [loaded, setLoaded] = useState<ReadonlyMap<string, Loaded<ReplayIndex>>>(new Map());
  const known = loaded.get(key);
  const settled = known !== undefined && known.state !== 'loading';
  useEffect(() => {
    if (viewer === null || settled) return;
    const abort = new AbortController();
    const done = (value: Loaded<ReplayIndex>) => setLoaded((m) => new Map(m).set(key, value));
    fetchIndex(id, viewer, abort.signal).then(
      (data) => done({ state: 'ok', data }),
      (err: unknown) => !abort.signal.aborted && done({ state: 'error', error: asApiError(err) }),
    );
    return () => abort.abort();
  }, [id, viewer, key, settled]);
  return known ?? { state: 'loading' };
}

/** Pages of views kept at most (a few viewers of a long match). */
const KEPT_PAGES = 48;

export interface ShownView {
  /** The view to draw, or undefined before any view of this viewer has arrived. */
  readonly view: unknown;
  /** The step that view belongs to. */
  readonly step: number;
  /** True while the asked step's view is still on its way (the view shown is the nearest one known). */
  readonly loading: boolean;
  readonly error: ApiError | null;
}

const pageKey = (id: string, viewer: Viewer, page: number) => `${id}:${viewer}:${page}`;

/** The view of `step` for `viewer`, fetching its page (and the neighbouring one near its edges). */
export function useView(
  id: string,
  viewer: Viewer | null,
  step: number | null,
  steps: number | null,
): ShownView | null {
  const [pages, setPages] = useState<ReadonlyMap<string, unknown[]>>(new Map());
  const [error, setError] = useState<ApiError | null>(null);
  const pending = useRef(new Set<string>());

  useEffect(() => {
    if (viewer === null || step === null || steps === null) return;
    const page = Math.floor(step / VIEW_PAGE);
    const wanted = [page];
    // Stepping on through a page boundary should not wait: fetch the neighbour early.
    if (step % VIEW_PAGE >= VIEW_PAGE - 10 && (page + 1) * VIEW_PAGE <= steps) wanted.push(page + 1);
    if (step % VIEW_PAGE < 10 && page > 0) wanted.push(page - 1);
    for (const p of wanted) {
      const key = pageKey(id, viewer, p);
      if (pages.has(key) || pending.current.has(key)) continue;
      pending.current.add(key);
      fetchViews(id, viewer, p).then(
        (views) => {
          pending.current.delete(key);
          setError(null);
          setPages((old) => {
            const next = new Map(old).set(key, views);
            for (const k of next.keys()) if (next.size > KEPT_PAGES) next.delete(k);
            return next;
          });
        },
        (err: unknown) => {
          pending.current.delete(key);
          setError(asApiError(err));
        },
      );
    }
  }, [id, viewer, step, steps, pages]);

  if (viewer === null || step === null) return null;
  const view = pages.get(pageKey(id, viewer, Math.floor(step / VIEW_PAGE)))?.[step % VIEW_PAGE];
  if (view !== undefined) return { view, step, loading: false, error };
  // Until it arrives, the nearest step of this viewer already here (say, while dragging the slider).
  let nearest: { view: unknown; step: number } | null = null;
  for (const [key, views] of pages) {
    const prefix = `${id}:${viewer}:`;
    if (!key.startsWith(prefix)) continue;
    const first = Number(key.slice(prefix.length)) * VIEW_PAGE;
    const candidate = Math.min(Math.max(step, first), first + views.length - 1);
    if (!nearest || Math.abs(candidate - step) < Math.abs(nearest.step - step))
      nearest = { view: views[candidate - first], step: candidate };
  }
  return nearest ? { ...nearest, loading: true, error } : { view: undefined, step, loading: true, error };
}
