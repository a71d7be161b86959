/**
 * HTTP request and response bodies. Every route is under `API_PREFIX` (`/api/v1`) except
 * `GET /healthz`. Errors always come back as `ErrorResponse` with a stable code.
 */
import { z } from 'zod';
import {
  BotName,
  ClockSettings,
  DisplayName,
  GameId,
  JsonValue,
  ProtocolErrorBody,
  Seat,
  SeatGrant,
  SeatSpec,
  SeatToken,
  TableId,
  TableInfo,
  TableStatus,
  TakeoverSettings,
} from './common.ts';

export const ErrorResponse = z.strictObject({ error: ProtocolErrorBody });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * What the server knows of its database, from memory (`/healthz` never waits for the database):
 * - `ok`: the last storage operation to fail was followed by a commit that succeeded (or none failed);
 * - `stalled`: an operation has waited longer than the stall limit (a few seconds) for the database;
 * - `failing`: an operation failed (the database refused or did not answer) and no commit has
 *   succeeded since: actions are refused with `storage_failed`;
 * - `lost`: SQLite only: the database file at the configured path is no longer the file the server
 *   opened (removed, or replaced): nothing can be stored until the server is restarted.
 */
export const StorageStatus = z.enum(['ok', 'stalled', 'failing', 'lost']);
export type StorageStatus = z.infer<typeof StorageStatus>;

export const StorageHealth = z.strictObject({
  kind: z.enum(['sqlite', 'postgres']),
  status: StorageStatus,
  /** How long the oldest storage operation in flight has been waiting (ms; 0 when none is). */
  pendingMs: z.number().int().min(0),
  /** When a write last committed (ms since the epoch), if one has since the server started. */
  lastCommitAt: z.number().int().nullable(),
  /** When a storage operation last failed, if one has. */
  lastFailureAt: z.number().int().nullable(),
});
export type StorageHealth = z.infer<typeof StorageHealth>;

/** `ok` is whether this server can take traffic: true exactly when its storage is `ok` (HTTP 200, else 503). */
export const HealthResponse = z.strictObject({
  ok: z.boolean(),
  version: z.number().int(),
  storage: StorageHealth,
});
export type HealthResponse = z.infer<typeof HealthResponse>;

// GET /api/v1/games ----------------------------------------------------------------------------

export const BotInfo = z.strictObject({
  name: BotName,
  /** `generic` bots play any game; `game` bots are the game's own (e.g. `heuristic`). */
  kind: z.enum(['generic', 'game']),
  /** For bots with a thinking-time budget: its limits and default, in ms per decision. */
  budgetMs: z
    .strictObject({ min: z.number().int(), max: z.number().int(), default: z.number().int() })
    .nullable(),
});
export type BotInfo = z.infer<typeof BotInfo>;

export const GameInfo = z.strictObject({
  id: GameId,
  name: z.string(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  rulesVersion: z.string(),
  options: z.strictObject({
    /** JSON Schema (draft 2020-12) of the options a table may set; build the create form from it. */
    schema: z.record(z.string(), JsonValue),
    /** The default table: what `{}` becomes. */
    defaults: z.record(z.string(), JsonValue),
  }),
  bots: z.array(BotInfo),
});
export type GameInfo = z.infer<typeof GameInfo>;

export const GamesResponse = z.strictObject({ games: z.array(GameInfo) });
export type GamesResponse = z.infer<typeof GamesResponse>;

// POST /api/v1/tables ---------------------------------------------------------------------------

export const CreateTableRequest = z
  .strictObject({
    game: GameId,
    players: z.number().int().min(1).max(16),
    /** Game options; omitted keys take the game's defaults. */
    options: z.record(z.string(), JsonValue).default({}),
    /** One entry per seat, in seat order. */
    seats: z.array(SeatSpec).min(1).max(16),
    /** The creator's display name, given to every seat the creator takes unless `names` says otherwise. */
    name: DisplayName,
    /**
     * Human seats the creator takes (several for hot-seat). Default: the first human seat. `[]`: none
     * (a table the creator only watches, or only shares).
     */
    claim: z.array(Seat).max(16).optional(),
    /**
     * Hot-seat: the name of each seat in `claim`, in the same order, so the device can be passed to
     * "Ben" rather than "Player B". Default: `name` for every claimed seat.
     */
    names: z.array(DisplayName).max(16).optional(),
    /**
     * Default: a move limit (`STRANGER_CLOCK`) at a listed table with a human seat the creator does
     * not take (anyone may sit there), else no clock. `{ "kind": "none" }` asks for none anyway.
     */
    clock: ClockSettings.optional(),
    spectators: z.boolean().default(true),
    listed: z.boolean().default(true),
    /** The bot that would finish the game for a timed-out or absent seat (default: the game's best cheap bot). */
    takeover: TakeoverSettings.optional(),
    /**
     * A tutorial table: the game's fixed, published tutorial seed instead of a secret one. It must
     * have exactly one human seat, seat 0, taken by the creator, and bots everywhere else; it is
     * never listed and has no clock, whatever `listed` and `clock` say.
     */
    tutorial: z.literal(true).optional(),
    /**
     * Whether players may take back their last action while it revealed nothing (`takeback`).
     * Default: on at a hot-seat table (the creator takes several seats) and at an unlisted one
     * (friends who share its code), off elsewhere.
     */
    takeBack: z.boolean().optional(),
  })
  .superRefine((req, ctx) => {
    if (req.names === undefined) return;
    // Checked here rather than against the default claim: a name list only means something
    // next to the seats it names.
    if (req.claim === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['names'],
        message: 'names needs claim: one name per claimed seat',
      });
    else if (req.names.length !== req.claim.length)
      ctx.addIssue({
        code: 'custom',
        path: ['names'],
        message: `one name per claimed seat: ${req.claim.length} claimed, ${req.names.length} names`,
      });
  });
export type CreateTableRequest = z.input<typeof CreateTableRequest>;
export type CreateTableParsed = z.output<typeof CreateTableRequest>;

/** The table, and a token for each seat the creator took (shown only in this reply). */
export const CreateTableResponse = z.strictObject({ table: TableInfo, tokens: z.array(SeatGrant) });
export type CreateTableResponse = z.infer<typeof CreateTableResponse>;

// GET /api/v1/tables?status=&game=&limit= ----------------------------------------------------------

export const TablesQuery = z.strictObject({
  status: TableStatus.default('waiting'),
  game: GameId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TablesQuery = z.input<typeof TablesQuery>;

/** Listed tables with that status, newest first. */
export const TablesResponse = z.strictObject({ tables: z.array(TableInfo) });
export type TablesResponse = z.infer<typeof TablesResponse>;

// GET /api/v1/tables/:id ---------------------------------------------------------------------------

export const TableParams = z.strictObject({ id: TableId });
export const TableResponse = z.strictObject({ table: TableInfo });
export type TableResponse = z.infer<typeof TableResponse>;

// POST /api/v1/tables/:id/join ------------------------------------------------------------------------

export const JoinRequest = z.strictObject({
  name: DisplayName,
  /** A particular open human seat; default: the first open one. */
  seat: Seat.optional(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

export const JoinResponse = z.strictObject({ table: TableInfo, seat: Seat, token: SeatToken });
export type JoinResponse = z.infer<typeof JoinResponse>;

// GET /api/v1/tables/:id/replay -----------------------------------------------------------------------

/**
 * A finished match as the script `prosper replay` reads: the seed is public once the game is over,
 * and every seat's actions are in order.
 */
export const ReplayScriptAction = z.strictObject({ seat: Seat, action: JsonValue });
export type ReplayScriptAction = z.infer<typeof ReplayScriptAction>;
export const ReplayScriptTakeBack = z.strictObject({ seat: Seat, takeBack: z.literal(true) });
export type ReplayScriptTakeBack = z.infer<typeof ReplayScriptTakeBack>;

export const ReplayScript = z.strictObject({
  game: GameId,
  rulesVersion: z.string(),
  players: z.number().int(),
  seed: z.string(),
  options: z.record(z.string(), JsonValue),
  /** Actions, and take-backs (`{seat, takeBack: true}`: undo that seat's last action still standing). */
  actions: z.array(z.union([ReplayScriptAction, ReplayScriptTakeBack])),
});
export type ReplayScript = z.infer<typeof ReplayScript>;

// POST /api/v1/tables/:id/rematch -----------------------------------------------------------------------

/**
 * Asks for a rematch of a finished table with one's seat tokens there. The first request creates
 * the rematch table (same game, options, seats and settings, a new seed); every request takes the
 * same seats at it for the tokens' holders. Others see it as `rematch` in the table info.
 */
export const RematchRequest = z.strictObject({
  tokens: z.array(SeatToken).min(1).max(16),
});
export type RematchRequest = z.infer<typeof RematchRequest>;

export const RematchResponse = CreateTableResponse;
export type RematchResponse = CreateTableResponse;

// POST /api/v1/tables/:id/leave --------------------------------------------------------------------------

/**
 * Leaves a tutorial table with one's seat tokens: the table's takeover bot plays those seats from
 * now on, so the match ends by itself. Refused (`invalid_table`) at any other table.
 */
export const LeaveRequest = z.strictObject({
  tokens: z.array(SeatToken).min(1).max(16),
});
export type LeaveRequest = z.infer<typeof LeaveRequest>;
