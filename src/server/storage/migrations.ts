import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * The schema, as Kysely migrations kept in code (no files to find at run time, so the built server
 * carries them). Applied in name order; never edit a migration that has shipped, add one.
 * Times are integer milliseconds since the epoch; JSON values are text, exactly as the server wrote
 * them, so both databases read back the same bytes.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_matches': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('matches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('rules_version', 'text', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('listed', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('creator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('rematch_of', 'text')
        .addColumn('rematch', 'text')
        .execute();
      await db.schema
        .createIndex('matches_by_status')
        .on('matches')
        .columns(['status', 'listed', 'created_at'])
        .execute();
      await db.schema
        .createIndex('matches_by_creator')
        .on('matches')
        .columns(['creator', 'status'])
        .execute();

      await db.schema
        .createTable('seats')
        .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('bot', 'text')
        .addColumn('name', 'text')
        .addColumn('token_hash', 'text')
        .addColumn('claimed_at', 'bigint')
        .addPrimaryKeyConstraint('seats_pk', ['match_id', 'seat'])
        .execute();

      await db.schema
        .createTable('actions')
        .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_pk', ['match_id', 'seq'])
        .execute();
    },
  },
  /**
   * Bots taking human seats over (a clock ran out, a player stayed away) and players reclaiming
   * them: an append-only history per match, numbered from 0, beside the action log (`seq` is how
   * many actions the match had applied when it happened). Each seat's current takeover is kept on
   * its row too, so table lists need not read the history.
   */
  '0002_seat_control': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('seat_control')
        .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id'))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addPrimaryKeyConstraint('seat_control_pk', ['match_id', 'n'])
        .execute();
      await db.schema.alterTable('seats').addColumn('takeover', 'text').execute();
    },
  },
  /**
   * A rematch keeps its seats for the last match's players until `reserved_until` (and stays out of
   * the lobby until then). Tables a creator made lately are counted by their creation time.
   */
  '0003_reservations_and_quotas': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('matches').addColumn('reserved_until', 'bigint').execute();
      await db.schema
        .createIndex('matches_by_creator_time')
        .on('matches')
        .columns(['creator', 'created_at'])
        .execute();
    },
  },
  /**
   * Take-backs (issue 25): a log row whose `kind` is 'take-back' undoes its seat's last action still
   * standing (its `action` is JSON null). Null for every ordinary action, so older rows need nothing.
   */
  '0004_take_back': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('actions').addColumn('kind', 'text').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** Column types as Kysely sees them (bigint columns come back as strings from pg: read with Number). */
export interface Database {
  matches: {
    id: string;
    game: string;
    rules_version: string;
    players: number;
    seed: string;
    options: string;
    settings: string;
    listed: number;
    status: string;
    outcome: string | null;
    creator: string;
    created_at: number | string;
    started_at: number | string | null;
    finished_at: number | string | null;
    rematch_of: string | null;
    rematch: string | null;
    reserved_until: number | string | null;
  };
  seats: {
    match_id: string;
    seat: number;
    kind: string;
    bot: string | null;
    name: string | null;
    token_hash: string | null;
    claimed_at: number | string | null;
    /** JSON `SeatTakeover` while a bot plays this human seat (and, once finished, if one finished it). */
    takeover: string | null;
  };
  actions: {
    match_id: string;
    seq: number;
    seat: number;
    action: string;
    at: number | string;
    /** 'take-back' for a take-back; null for an action. */
    kind: string | null;
  };
  seat_control: {
    match_id: string;
    n: number;
    seat: number;
    seq: number;
    at: number | string;
    kind: string;
    reason: string | null;
  };
}
