import { Migrator, sql } from 'kysely';
import type { CompiledQuery, Kysely, SelectQueryBuilder, Selectable, Transaction } from 'kysely';
import type { BotChoice, Outcome, SeatTakeover, TableSettings } from '../../protocol/index.ts';
import type { ProbedStorage } from './guard.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './migrations.ts';
import type {
  AppendEntry,
  ControlChange,
  CreationQuota,
  ListQuery,
  LoggedAction,
  MatchSetup,
  MatchStatus,
  PlayingMatch,
  QuotaExceeded,
  SeatClaim,
  StoredMatch,
  StoredSeat,
} from './types.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 6 columns a row. */
const ROWS_PER_INSERT = 500;

/** The `kind` of a take-back's log row (an action's is null). */
const TAKE_BACK_KIND = 'take-back';

/** The first key of the advisory lock a creator's quota check holds (PostgreSQL): "pros". */
const CREATOR_LOCK = 0x70726f73;

type CreatorQuery = SelectQueryBuilder<Database, 'matches', { n: string | number | bigint }>;

/** Thrown inside a transaction to roll it back when a claim cannot be made. */
class ClaimRefused extends Error {}

const num = (value: number | string) => Number(value);
const numOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The storage on any Kysely dialect. Everything dialect-specific (connection, pragmas, schema) is
 * set up by `open.ts`; the queries here are plain enough for both SQLite and PostgreSQL.
 */
export class SqlStorage implements ProbedStorage {
  constructor(
    readonly kind: 'sqlite' | 'postgres',
    readonly description: string,
    private readonly db: Kysely<Database>,
    /** PostgreSQL schema holding the tables (and Kysely's migration table); none for SQLite. */
    private readonly schema?: string,
    /**
     * Runs compiled writes as one transaction. The SQLite worker takes them in one message
     * (`SqliteWorker.transaction`); by default, Kysely's transaction, one statement at a time.
     */
    private readonly writeAll: (queries: readonly CompiledQuery[]) => Promise<void> = (queries) =>
      db.transaction().execute(async (trx) => {
        for (const query of queries) await trx.executeQuery(query);
      }),
  ) {}

  async migrate(): Promise<void> {
    const migrator = new Migrator({
      db: this.db,
      provider: migrationProvider,
      ...(this.schema ? { migrationTableSchema: this.schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      const why = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
      throw new Error(`database migration failed: ${why}`);
    }
  }

  async createMatch(setup: MatchSetup, quota?: CreationQuota): Promise<QuotaExceeded | null> {
    return this.db.transaction().execute(async (trx) => {
      if (quota) {
        const exceeded = await this.quotaExceeded(trx, setup, quota);
        if (exceeded) return exceeded;
      }
      await trx
        .insertInto('matches')
        .values({
          id: setup.id,
          game: setup.game,
          rules_version: setup.rulesVersion,
          players: setup.players,
          seed: setup.seed,
          options: JSON.stringify(setup.options),
          settings: JSON.stringify(setup.settings),
          listed: setup.settings.listed ? 1 : 0,
          status: 'waiting',
          outcome: null,
          creator: setup.creator,
          created_at: setup.createdAt,
          started_at: null,
          finished_at: null,
          rematch_of: setup.rematchOf,
          rematch: null,
          reserved_until: setup.reservedUntil ?? null,
        })
        .execute();
      await trx
        .insertInto('seats')
        .values(
          setup.seats.map((s) => ({
            match_id: setup.id,
            seat: s.seat,
            kind: s.kind,
            bot: s.bot ? JSON.stringify(s.bot) : null,
            name: s.name,
            token_hash: s.tokenHash,
            claimed_at: s.claimedAt,
          })),
        )
        .execute();
      return null;
    });
  }

  /**
   * Counts the creator's tables against the quota inside the creating transaction. SQLite runs one
   * transaction at a time; PostgreSQL takes a lock on the creator for the rest of the transaction,
   * so two requests of one creator are counted one after the other, never both before either.
   */
  private async quotaExceeded(
    trx: Transaction<Database>,
    setup: MatchSetup,
    quota: CreationQuota,
  ): Promise<QuotaExceeded | null> {
    if (this.kind === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${CREATOR_LOCK}, hashtext(${setup.creator}))`.execute(trx);
    const count = async (filter: (q: CreatorQuery) => CreatorQuery): Promise<number> => {
      const row = await filter(
        trx
          .selectFrom('matches')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('creator', '=', setup.creator),
      ).executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    // Only a table that will wait for players counts against the waiting tables.
    const willWait = setup.seats.some((s) => s.kind === 'human' && s.tokenHash === null);
    if (willWait && (await count((q) => q.where('status', '=', 'waiting'))) >= quota.waiting)
      return 'waiting';
    const since = setup.createdAt - quota.windowMs;
    if ((await count((q) => q.where('created_at', '>', since))) >= quota.perWindow) return 'window';
    if (setup.seats.every((s) => s.kind === 'bot')) {
      const unfinishedBotsOnly = await count((q) =>
        q
          .where('status', '!=', 'finished')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('seats')
                  .select('seats.seat')
                  .whereRef('seats.match_id', '=', 'matches.id')
                  .where('seats.kind', '=', 'human'),
              ),
            ),
          ),
      );
      if (unfinishedBotsOnly >= quota.botsOnly) return 'bots-only';
    }
    return null;
  }

  async claimSeats(
    match: string,
    claims: readonly SeatClaim[],
    at: number,
    start: boolean,
  ): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const claim of claims) {
          const result = await trx
            .updateTable('seats')
            .set({ name: claim.name, token_hash: claim.tokenHash, claimed_at: at })
            .where('match_id', '=', match)
            .where('seat', '=', claim.seat)
            .where('kind', '=', 'human')
            .where('token_hash', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new ClaimRefused();
        }
        if (start) {
          const result = await trx
            .updateTable('matches')
            .set({ status: 'playing', started_at: at })
            .where('id', '=', match)
            .where('status', '=', 'waiting')
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new ClaimRefused();
        }
      });
      return true;
    } catch (err) {
      if (err instanceof ClaimRefused) return false;
      throw err;
    }
  }

  async append(entries: readonly AppendEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // Compiled first and written in one go: on SQLite, one round trip to its worker per batch.
    const queries: CompiledQuery[] = [];
    for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
      queries.push(
        this.db
          .insertInto('actions')
          .values(
            entries.slice(i, i + ROWS_PER_INSERT).map((e) => ({
              match_id: e.match,
              seq: e.seq,
              seat: e.seat,
              action: JSON.stringify(e.takeBack ? null : e.action),
              at: e.at,
              kind: e.takeBack ? TAKE_BACK_KIND : null,
            })),
          )
          .compile(),
      );
    }
    for (const entry of entries) if (entry.finish) queries.push(finish(this.db, entry).compile());
    await this.writeAll(queries);
  }

  async setRematch(match: string, rematch: string): Promise<boolean> {
    const result = await this.db
      .updateTable('matches')
      .set({ rematch })
      .where('id', '=', match)
      .where('rematch', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordControl(match: string, n: number, change: ControlChange): Promise<void> {
    const takeover: SeatTakeover | null =
      change.kind === 'takeover' ? { reason: change.reason ?? 'time', at: change.at, seq: change.seq } : null;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('seat_control')
        .values({
          match_id: match,
          n,
          seat: change.seat,
          seq: change.seq,
          at: change.at,
          kind: change.kind,
          reason: change.reason,
        })
        .execute();
      await trx
        .updateTable('seats')
        .set({ takeover: takeover === null ? null : JSON.stringify(takeover) })
        .where('match_id', '=', match)
        .where('seat', '=', change.seat)
        .execute();
    });
  }

  async playingMatches(): Promise<PlayingMatch[]> {
    const rows = await this.db
      .selectFrom('matches')
      .select(['id', 'settings'])
      .select((eb) =>
        eb
          .selectFrom('seats')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('seats.match_id', '=', 'matches.id')
          .where('seats.kind', '=', 'bot')
          .as('bots'),
      )
      .where('status', '=', 'playing')
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      settings: JSON.parse(row.settings) as TableSettings,
      bots: Number(row.bots ?? 0) > 0,
    }));
  }

  async loadMatch(
    id: string,
  ): Promise<{ match: StoredMatch; actions: LoggedAction[]; control: ControlChange[] } | undefined> {
    const row = await this.db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const seats = await this.seatsOf([id]);
    const actions = await this.db
      .selectFrom('actions')
      .select(['seq', 'seat', 'action', 'at', 'kind'])
      .where('match_id', '=', id)
      .orderBy('seq')
      .execute();
    const control = await this.db
      .selectFrom('seat_control')
      .select(['seat', 'seq', 'at', 'kind', 'reason'])
      .where('match_id', '=', id)
      .orderBy('n')
      .execute();
    return {
      match: toMatch(row, seats.get(id) ?? []),
      actions: actions.map((a) => ({
        seq: a.seq,
        seat: a.seat,
        action: JSON.parse(a.action) as unknown,
        at: num(a.at),
        ...(a.kind === TAKE_BACK_KIND ? { takeBack: true } : {}),
      })),
      control: control.map((c) => ({
        seat: c.seat,
        seq: c.seq,
        at: num(c.at),
        kind: c.kind === 'reclaim' ? 'reclaim' : 'takeover',
        reason: c.reason === 'time' || c.reason === 'absent' ? c.reason : null,
      })),
    };
  }

  async listMatches(query: ListQuery): Promise<StoredMatch[]> {
    let select = this.db
      .selectFrom('matches')
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('actions')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('actions.match_id', '=', 'matches.id')
          .as('seq'),
      )
      .where('status', '=', query.status)
      .where('listed', '=', 1)
      .where((eb) => eb.or([eb('reserved_until', 'is', null), eb('reserved_until', '<=', query.at)]));
    if (query.game) select = select.where('game', '=', query.game);
    const rows = await select.orderBy('created_at', 'desc').orderBy('id').limit(query.limit).execute();
    const seats = await this.seatsOf(rows.map((r) => r.id));
    return rows.map((row) => ({ ...toMatch(row, seats.get(row.id) ?? []), seq: Number(row.seq ?? 0) }));
  }

  async ping(write: boolean): Promise<void> {
    if (!write) {
      await sql`select 1`.execute(this.db);
    } else if (this.kind === 'postgres') {
      // Takes a transaction id, so it fails where commits would (a read-only standby, say).
      await sql`select txid_current()`.execute(this.db);
    } else {
      // Rewrites the header's user_version unchanged: a real commit, with its fsync.
      const row = await sql<{ user_version: number }>`pragma user_version`.execute(this.db);
      const version = Number(row.rows[0]?.user_version ?? 0);
      await sql.raw(`pragma user_version = ${version}`).execute(this.db);
    }
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  private async seatsOf(ids: readonly string[]): Promise<Map<string, StoredSeat[]>> {
    const bySeat = new Map<string, StoredSeat[]>();
    if (ids.length === 0) return bySeat;
    const rows = await this.db
      .selectFrom('seats')
      .selectAll()
      .where('match_id', 'in', ids)
      .orderBy('match_id')
      .orderBy('seat')
      .execute();
    for (const row of rows) {
      const list = bySeat.get(row.match_id) ?? [];
      list.push({
        seat: row.seat,
        kind: row.kind === 'bot' ? 'bot' : 'human',
        bot: row.bot === null ? null : (JSON.parse(row.bot) as BotChoice),
        name: row.name,
        tokenHash: row.token_hash,
        claimedAt: numOrNull(row.claimed_at),
        takeover: row.takeover === null ? null : (JSON.parse(row.takeover) as SeatTakeover),
      });
      bySeat.set(row.match_id, list);
    }
    return bySeat;
  }
}

function finish(db: Kysely<Database>, entry: AppendEntry) {
  return db
    .updateTable('matches')
    .set({ status: 'finished', outcome: JSON.stringify(entry.finish!.outcome), finished_at: entry.at })
    .where('id', '=', entry.match);
}

function toMatch(row: Selectable<Database['matches']>, seats: StoredSeat[]): StoredMatch {
  return {
    id: row.id,
    game: row.game,
    rulesVersion: row.rules_version,
    players: row.players,
    seed: row.seed,
    options: JSON.parse(row.options) as Record<string, unknown>,
    settings: JSON.parse(row.settings) as TableSettings,
    creator: row.creator,
    createdAt: num(row.created_at),
    rematchOf: row.rematch_of,
    reservedUntil: numOrNull(row.reserved_until),
    seats,
    status: row.status as MatchStatus,
    startedAt: numOrNull(row.started_at),
    finishedAt: numOrNull(row.finished_at),
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    rematch: row.rematch,
  };
}
