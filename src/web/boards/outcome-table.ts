/**
 * A game's own end-of-game table: named columns that add up to the score, in the game's words. Each
 * board directory may provide one (`<game>/outcome.ts`), loaded with the board; the result panel
 * falls back to the generic breakdown of `outcome.details` for a game without one, or for details
 * of a shape the table does not know (a table finished under older rules).
 */
import type { Outcome } from '../../core/game.ts';

export interface OutcomeColumn {
  readonly label: string;
  readonly values: readonly (string | number)[];
  /** The total the other columns add up to (drawn in bold, last). */
  readonly total?: boolean;
}

export interface OutcomeTable {
  /** Columns in reading order: the parts, then the total, then what breaks ties. */
  readonly columns: readonly OutcomeColumn[];
  readonly notes: readonly string[];
}

/** What a game's `outcome.ts` exports. */
export type OutcomeTableOf = (outcome: Outcome) => OutcomeTable | null;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The details' per-seat numbers under `key`, or null when they are not that. */
export function perSeat(details: unknown, key: string, seats: number): number[] | null {
  const value = isRecord(details) ? details[key] : undefined;
  return Array.isArray(value) && value.length === seats && value.every((v) => typeof v === 'number')
    ? (value as number[])
    : null;
}

/** A record of the details under `key`, or null. */
export function recordOf(details: unknown, key: string): Record<string, unknown> | null {
  const value = isRecord(details) ? details[key] : undefined;
  return isRecord(value) ? value : null;
}

/** Lazily loaded tables, by game id: each is its own small chunk, loaded with the result. */
export const OUTCOME_TABLES: Readonly<Record<string, () => Promise<{ outcomeTable: OutcomeTableOf }>>> = {
  prospectus: () => import('./prospectus/outcome.ts'),
  prosperitea: () => import('./prosperitea/outcome.ts'),
  'pocket-imperium': () => import('./pocket-imperium/outcome.ts'),
};
