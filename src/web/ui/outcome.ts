/** The end of a game for any game: its breakdown (`outcome.details`) as per-seat columns. */
import type { Outcome } from '../../core/game.ts';

/** The engine's outcome of a finished game, as the server will send it. */
export type OutcomeInfo = Outcome;

interface Column {
  readonly label: string;
  readonly values: readonly unknown[];
}

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Per-seat columns from the details, and what is left as notes. */
export function breakdown(details: unknown, seats: number): { columns: Column[]; notes: string[] } {
  const columns: Column[] = [];
  const notes: string[] = [];
  const perSeat = (v: unknown): v is unknown[] => Array.isArray(v) && v.length === seats;
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isRecord(details)) return { columns, notes: details === undefined ? [] : [JSON.stringify(details)] };
  for (const [key, value] of Object.entries(details)) {
    if (perSeat(value) && value.every(isRecord)) {
      for (const sub of Object.keys(value[0] as object))
        columns.push({
          label: `${words(key)}: ${words(sub)}`,
          values: value.map((v) => (v as Record<string, unknown>)[sub]),
        });
    } else if (perSeat(value)) columns.push({ label: words(key), values: value });
    else if (isRecord(value) && Object.values(value).every(perSeat))
      for (const [sub, values] of Object.entries(value))
        columns.push({ label: `${words(key)}: ${words(sub)}`, values: values as unknown[] });
    else notes.push(`${words(key)}: ${Array.isArray(value) ? value.join(' / ') : JSON.stringify(value)}`);
  }
  return { columns, notes };
}
