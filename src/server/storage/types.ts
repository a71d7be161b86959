/**
 * What the server keeps durably, behind one small interface with a SQLite and a PostgreSQL
 * implementation. A match is its setup plus an append-only action log; every state is derived by
 * replaying the log, so nothing else about a match is stored.
 */
import type {
  BotChoice,
  Outcome,
  SeatTakeover,
  StorageHealth,
  TableSettings,
  TableStatus,
} from '../../protocol/index.ts';

export type MatchStatus = TableStatus;

export interface StoredSeat {
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  readonly bot: BotChoice | null;
  /** The holder's display name once a human took the seat. */
  readonly name: string | null;
  /** SHA-256 (hex) of the seat token; the token itself is never stored. */
  readonly tokenHash: string | null;
  readonly claimedAt: number | null;
  /** While a bot plays this human seat (and, once the match is over, if a bot finished it). */
  readonly takeover?: SeatTakeover | null;
}

/** Everything fixed when the table is created. */
export interface MatchSetup {
  readonly id: string;
  readonly game: string;
  readonly rulesVersion: string;
  readonly players: number;
  /** From crypto.randomBytes; leaves the server only in the replay of a finished match. */
  readonly seed: string;
  readonly options: Record<string, unknown>;
  readonly settings: TableSettings;
  /** A hash of the creating client's address, to limit open tables per client. */
  readonly creator: string;
  readonly createdAt: number;
  readonly rematchOf: string | null;
  readonly seats: readonly StoredSeat[];
  /**
   * Until when (ms) a rematch's seats are kept for the previous match's players: nobody else may
   * join, and the table is not listed. Null for any other table.
   */
  readonly reservedUntil?: number | null;
}

/**
 * What one creator may have, checked in the same transaction as the new table's insert, so that
 * concurrent requests cannot all pass the check before any of them is counted.
 */
export interface CreationQuota {
  /** Tables still waiting for players. */
  readonly waiting: number;
  /** Tables created in the last `windowMs`, whatever became of them. */
  readonly perWindow: number;
  readonly windowMs: number;
  /** Unfinished tables with no human seat (they play on by themselves, on the server's bots). */
  readonly botsOnly: number;
}

/** Which quota a refused table would have passed. */
export type QuotaExceeded = 'waiting' | 'window' | 'bots-only';

export interface StoredMatch extends MatchSetup {
  readonly status: MatchStatus;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly outcome: Outcome | null;
  readonly rematch: string | null;
  /** Actions logged so far; filled in by `listMatches` only. */
  readonly seq?: number;
}

export interface LoggedAction {
  readonly seq: number;
  readonly seat: number;
  /** The action; null for a take-back. */
  readonly action: unknown;
  /**
   * True for a take-back: `seat` undid its last action still standing (see `src/core/takeback.ts`).
   * The log stays append-only; replaying it applies the entry as that undo.
   */
  readonly takeBack?: boolean;
  /** Server time (ms since the epoch) when the action was accepted. */
  readonly at: number;
}

/**
 * A bot takes a human seat over, or its player reclaims it. `seq` is how many actions the match had
 * applied then; `reason` is set for takeovers only.
 */
export interface ControlChange {
  readonly seat: number;
  readonly seq: number;
  readonly at: number;
  readonly kind: 'takeover' | 'reclaim';
  readonly reason: SeatTakeover['reason'] | null;
}

/** A playing match that can move without a person (bots, clocks, absence limits) once loaded. */
export interface PlayingMatch {
  readonly id: string;
  readonly settings: TableSettings;
  readonly bots: boolean;
}

/** One action to append; the action that ends its match carries the outcome, stored with it. */
export interface AppendEntry extends LoggedAction {
  readonly match: string;
  readonly finish?: { readonly outcome: Outcome };
}

export interface SeatClaim {
  readonly seat: number;
  readonly name: string;
  readonly tokenHash: string;
}

export interface ListQuery {
  readonly status: MatchStatus;
  readonly game?: string;
  readonly limit: number;
  /** Now (ms): tables reserved until later are left out. */
  readonly at: number;
}

export interface Storage {
  /** `sqlite` or `postgres`, and where (no password), for logs and the load test. */
  readonly kind: 'sqlite' | 'postgres';
  readonly description: string;
  /** Brings the schema up to date (Kysely migrations). Idempotent. */
  migrate(): Promise<void>;
  /**
   * Stores a new match. With a quota, counts the creator's tables first in the same transaction
   * (serialised per creator) and stores nothing if one is reached: the answer says which.
   */
  createMatch(setup: MatchSetup, quota?: CreationQuota): Promise<QuotaExceeded | null>;
  /**
   * Takes open human seats, all or none (false if any is taken or not a human seat). With `start`,
   * the match becomes `playing` in the same transaction.
   */
  claimSeats(match: string, claims: readonly SeatClaim[], at: number, start: boolean): Promise<boolean>;
  /**
   * Appends actions (of any matches) in one transaction: all are stored or none is. Each entry's
   * (match, seq) must be new; an entry with `finish` also marks its match finished.
   */
  append(entries: readonly AppendEntry[]): Promise<void>;
  /** Records the rematch of a finished match, once (false if it already has one). */
  setRematch(match: string, rematch: string): Promise<boolean>;
  /**
   * Appends change number `n` (counted from 0 per match) to the match's seat-control history and
   * sets the seat's current takeover, in one transaction.
   */
  recordControl(match: string, n: number, change: ControlChange): Promise<void>;
  /** The match, its whole log, and its seat-control history, in order. */
  loadMatch(
    id: string,
  ): Promise<{ match: StoredMatch; actions: LoggedAction[]; control: ControlChange[] } | undefined>;
  /** Every playing match (listed or not), with what it needs to move on its own. */
  playingMatches(): Promise<PlayingMatch[]>;
  /** Listed matches with a status, newest first (no logs). */
  listMatches(query: ListQuery): Promise<StoredMatch[]>;
  /** What is known of the database now, from memory: never waits for it (`/healthz`). */
  health(): StorageHealth;
  close(): Promise<void>;
}
