/**
 * Seat tokens this browser holds, per table, in localStorage: the lobby saves them when it creates
 * or joins a table, the table page reads them to act (one seat online, several for hot-seat). A
 * token is the only way to act for a seat, so it never goes anywhere but the `hello` message.
 */
import type { SeatGrant } from '../../protocol/index.ts';

export interface TableCredentials {
  readonly table: string;
  /** The display name this browser used at that table. */
  readonly name: string;
  /** One grant per seat this browser plays there (several: hot-seat). */
  readonly grants: readonly SeatGrant[];
}

const PREFIX = 'prosper.table.';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (private modes, sandboxed frames): play on without remembering.
    return null;
  }
}

function isGrant(value: unknown): value is SeatGrant {
  if (!value || typeof value !== 'object') return false;
  const g = value as Record<string, unknown>;
  return Number.isInteger(g.seat) && typeof g.token === 'string';
}

/** The seats this browser holds at `table`, or null. Anything unreadable counts as nothing. */
export function loadCredentials(table: string): TableCredentials | null {
  const raw = storage()?.getItem(PREFIX + table);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TableCredentials>;
    if (typeof parsed.name !== 'string' || !Array.isArray(parsed.grants)) return null;
    const grants = parsed.grants.filter(isGrant);
    return grants.length ? { table, name: parsed.name, grants } : null;
  } catch {
    return null;
  }
}

/** Adds grants for `table` (merging with seats already held there, a seat's newest token winning). */
export function saveCredentials(table: string, name: string, grants: readonly SeatGrant[]): TableCredentials {
  const bySeat = new Map<number, SeatGrant>();
  for (const g of loadCredentials(table)?.grants ?? []) bySeat.set(g.seat, g);
  for (const g of grants) bySeat.set(g.seat, { seat: g.seat, token: g.token });
  const merged: TableCredentials = {
    table,
    name,
    grants: [...bySeat.values()].sort((a, b) => a.seat - b.seat),
  };
  storage()?.setItem(PREFIX + table, JSON.stringify(merged));
  return merged;
}

export function forgetCredentials(table: string): void {
  storage()?.removeItem(PREFIX + table);
}
