/**
 * Building blocks shared by the HTTP bodies and the WebSocket messages. Game-agnostic: views,
 * actions and option values are plain JSON whose shape only the game knows.
 */
import { z } from 'zod';
import { jsonBoundsProblem } from '../core/json-bounds.ts';
import type { JsonBounds } from '../core/json-bounds.ts';

/** Bumped on any incompatible change; HTTP paths carry it (`/api/v1/…`) and `hello` states it. */
export const PROTOCOL_VERSION = 1;
export const API_PREFIX = `/api/v${PROTOCOL_VERSION}`;

/** The lower-case base-32 alphabet of RFC 4648: no 0/1/8/9, so no O/0 or l/1 confusion in a code. */
export const TABLE_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const TABLE_ID_LENGTH = 10;

/** A table's id is also its join code: 10 base-32 characters (50 random bits). */
export const TableId = z.string().regex(/^[a-z2-7]{10}$/, 'a table id is 10 characters a–z, 2–7');
export type TableId = z.infer<typeof TableId>;

/** 256 random bits in base64url (43 characters). Shown once to its holder, stored only as a hash. */
export const SeatToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a seat token is 43 base64url characters');
export type SeatToken = z.infer<typeof SeatToken>;

export const MAX_SEATS = 16;
export const Seat = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);
export type Seat = z.infer<typeof Seat>;

export const Viewer = z.union([Seat, z.literal('spectator')]);
export type Viewer = z.infer<typeof Viewer>;

/** Sequence number: how many actions the match has applied. 0 is the initial state. */
export const Seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export type Seq = z.infer<typeof Seq>;

/** Milliseconds since the Unix epoch, by the server's clock. */
export const Timestamp = z.number().int().min(0);

/** A display name: 1–40 printable characters, trimmed. */
export const DisplayName = z
  .string()
  .trim()
  .min(1, 'a name may not be empty')
  .max(40, 'a name may be at most 40 characters')
  .regex(/^[^\p{C}]*$/u, 'a name may not contain control characters');
export type DisplayName = z.infer<typeof DisplayName>;

/** Plain JSON, as a game's view, action, option value or event data is. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * What a client may send: a whole WebSocket message or HTTP body is measured against these before
 * any schema sees it. No game's action, option or request comes near them (the deepest, a Pocket
 * Imperium plan inside an `act`, is 3 levels and a few dozen values).
 */
export const INBOUND_JSON: JsonBounds = { maxDepth: 32, maxNodes: 4096 };

/**
 * Any JSON value inside a message: views and events the server sends are deeper and larger than a
 * client's input, so only the depth is bounded here, far above any game's view, and far below where
 * a recursive walk of it would overflow the stack. The check walks iteratively, unlike `z.json()`,
 * which recursed until the stack overflowed on 2,000 levels.
 */
export const PROTOCOL_JSON: JsonBounds = { maxDepth: 256, maxNodes: Number.POSITIVE_INFINITY };

export const JsonValue: z.ZodType<Json> = z.custom<Json>().superRefine((value, ctx) => {
  const problem = jsonBoundsProblem(value, PROTOCOL_JSON);
  if (problem) ctx.addIssue({ code: 'custom', message: `not JSON data: ${problem}` });
});

export const GameId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'a game id is lower-case letters, digits and -');

/** Why the game refused an action: the engine's `RuleError`, passed through untouched. */
export const RuleError = z.strictObject({
  code: z.enum(['bad_shape', 'not_your_turn', 'game_over', 'illegal', 'internal']),
  rule: z.string(),
  message: z.string(),
});
export type RuleError = z.infer<typeof RuleError>;

/** A finished match's result (the engine's `Outcome`). ranks[seat] is 1 for the winner(s). */
export const Outcome = z.strictObject({
  scores: z.array(z.number()),
  ranks: z.array(z.number().int().min(1)),
  details: JsonValue.optional(),
});
export type Outcome = z.infer<typeof Outcome>;

/** One event as a given viewer may read it (`viewEvent`), tagged with the action that caused it. */
export const VisibleEvent = z.strictObject({
  /** The sequence number of the action that produced the event. */
  seq: Seq,
  type: z.string(),
  text: z.string(),
  data: JsonValue.optional(),
});
export type VisibleEvent = z.infer<typeof VisibleEvent>;

// ---------------------------------------------------------------------------------------------
// Bots and seats

export const BotName = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'a bot name is lower-case letters, digits and -');

/** Limits of a time budget, in ms per decision. */
export const BOT_BUDGET = { min: 10, max: 10_000, default: 1_000 } as const;

/** A bot and its level: for time-budgeted bots (`ismcts`) the thinking time per decision. */
export const BotChoice = z.strictObject({
  bot: BotName,
  ms: z.number().int().min(BOT_BUDGET.min).max(BOT_BUDGET.max).optional(),
});
export type BotChoice = z.infer<typeof BotChoice>;

/** How the creator sets up a seat: open for a human, or played by a bot. */
export const SeatSpec = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('human') }),
  z.strictObject({ kind: z.literal('bot'), bot: BotName, ms: BotChoice.shape.ms }),
]);
export type SeatSpec = z.infer<typeof SeatSpec>;

/**
 * Why and since when a bot plays a human seat: its clock ran out (`time`), or its player stayed
 * disconnected while the seat had to act for longer than the table allows (`absent`). `seq` is the
 * sequence number at the takeover: the seat's actions after it are the bot's, until the player
 * reclaims the seat.
 */
export const SeatTakeover = z.strictObject({
  reason: z.enum(['time', 'absent']),
  at: Timestamp,
  seq: Seq,
});
export type SeatTakeover = z.infer<typeof SeatTakeover>;

/** A seat as everyone sees it. No token, no secret. */
export const SeatInfo = z.strictObject({
  seat: Seat,
  kind: z.enum(['human', 'bot']),
  /** For bot seats: which bot. */
  bot: BotChoice.nullable(),
  /**
   * The holder's display name: a human seat's player once taken (kept while a bot plays it for
   * them); a bot seat's own name and level, "Basil · Casual bot" (distinct at a table).
   */
  name: z.string().nullable(),
  /** Whether a human holds this seat (bots' seats are always taken). */
  taken: z.boolean(),
  /** Whether a client holding this seat is connected now (always true for bots). */
  connected: z.boolean(),
  /**
   * True while a bot plays this human seat (its player timed out or stayed away; the player may
   * reclaim it). Once the match is over: a bot finished the match for this seat.
   */
  controlledByBot: z.boolean(),
  /** Why and since when the bot plays it; null exactly when `controlledByBot` is false. */
  takeover: SeatTakeover.nullable(),
});
export type SeatInfo = z.infer<typeof SeatInfo>;

// ---------------------------------------------------------------------------------------------
// Clocks

/**
 * Per table: no clock; real time (a bank of `baseMs` per seat plus `incrementMs` after each of its
 * moves, Fischer style); or turn-based (`perMoveMs` for each move, e.g. 24 h).
 */
export const ClockSettings = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({
    kind: z.literal('realtime'),
    baseMs: z
      .number()
      .int()
      .min(10_000)
      .max(24 * 3_600_000),
    incrementMs: z.number().int().min(0).max(3_600_000),
  }),
  z.strictObject({
    kind: z.literal('turn'),
    perMoveMs: z
      .number()
      .int()
      .min(60_000)
      .max(30 * 24 * 3_600_000),
  }),
]);
export type ClockSettings = z.infer<typeof ClockSettings>;

/**
 * The clocks as of `at` (server time): each seat's remaining time, and which clocks run now. A
 * client shows `remainingMs[s] - (now - at)` for running seats. A seat whose clock reaches zero is
 * taken over by the table's takeover bot; a seat a bot plays has a stopped clock.
 */
export const ClockReading = z.strictObject({
  kind: z.enum(['realtime', 'turn']),
  at: Timestamp,
  remainingMs: z.array(z.number().int()),
  running: z.array(Seat),
});
export type ClockReading = z.infer<typeof ClockReading>;

/** What happens to a seat whose clock runs out or whose player is away too long: a bot plays it. */
export const TakeoverSettings = z.strictObject({
  /** The bot that finishes the game for that seat. */
  bot: BotChoice,
  /** How long a seat's player may be disconnected while it must act; null: never taken over for absence. */
  absentMs: z
    .number()
    .int()
    .min(10_000)
    .max(7 * 24 * 3_600_000)
    .nullable(),
});
export type TakeoverSettings = z.infer<typeof TakeoverSettings>;

export const TableSettings = z.strictObject({
  clock: ClockSettings,
  /** Whether anyone may watch (spectator view). Seat holders may always look at the spectator view. */
  spectators: z.boolean(),
  /** Whether the table appears in the lobby's lists; unlisted tables are reached by their code only. */
  listed: z.boolean(),
  takeover: TakeoverSettings,
  /**
   * A guided first game ("Learn to play"): dealt from the game's published tutorial seed, never
   * listed, no clock, one person in seat A against bots. Absent on every other table.
   */
  tutorial: z.literal(true).optional(),
  /**
   * Whether a player may take back their last action while it revealed nothing and nobody has
   * acted since (see `takeback` in ws.ts). Absent (tables stored before it existed): false.
   */
  takeBack: z.boolean().optional(),
});
export type TableSettings = z.infer<typeof TableSettings>;

export const TableStatus = z.enum(['waiting', 'playing', 'finished']);
export type TableStatus = z.infer<typeof TableStatus>;

/** Everything public about a table. */
export const TableInfo = z.strictObject({
  id: TableId,
  game: GameId,
  gameName: z.string(),
  rulesVersion: z.string(),
  players: z.number().int().min(1).max(MAX_SEATS),
  /** The options as the game parsed them (defaults filled in). */
  options: z.record(z.string(), JsonValue),
  settings: TableSettings,
  seats: z.array(SeatInfo),
  status: TableStatus,
  /** Actions applied so far (0 until the match starts). */
  seq: Seq,
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  finishedAt: Timestamp.nullable(),
  outcome: Outcome.nullable(),
  /** The table this one is a rematch of, and the rematch table created from this one. */
  rematchOf: TableId.nullable(),
  rematch: TableId.nullable(),
});
export type TableInfo = z.infer<typeof TableInfo>;

/** A seat and the token that acts for it; returned once, to the client that took the seat. */
export const SeatGrant = z.strictObject({ seat: Seat, token: SeatToken });
export type SeatGrant = z.infer<typeof SeatGrant>;

// ---------------------------------------------------------------------------------------------
// Errors of the protocol itself (a game's refusals are `RuleError`s, above)

/**
 * Stable codes of protocol errors. Clients branch on the code, never on the message.
 * The HTTP status of each is in `src/server/errors.ts`.
 */
export const ProtocolErrorCode = z.enum([
  /** The body or message is not valid JSON or does not match its schema. */
  'bad_request',
  /** The `hello` names a protocol version this server does not speak. */
  'unsupported_version',
  /** Body or message larger than the limit. */
  'too_large',
  /** Too many messages per second on this connection, or too many open tables for this client. */
  'rate_limited',
  'too_many_tables',
  'not_found',
  'unknown_game',
  'unknown_bot',
  /** The options, player count or seats do not suit the game. */
  'invalid_table',
  /** A message other than `hello`/`ping` before `hello`, or a second `hello`. */
  'not_authenticated',
  'already_authenticated',
  /** A token that is malformed or does not hold a seat at this table. */
  'bad_token',
  /** The connection holds no token for the seat it tried to act or look as. */
  'not_your_seat',
  /** A bot plays this seat (its time ran out or its player was away); `reclaim` it first. */
  'taken_over',
  'spectators_not_allowed',
  'seat_taken',
  'table_full',
  /** The match has not started (seats still open), or has finished. */
  'not_started',
  'not_finished',
  /** An action chosen against an update whose options for that seat have changed since. */
  'stale_seq',
  /** A sequence number the match has not reached. */
  'bad_seq',
  /** Too many actions queued for this match. */
  'busy',
  /** Take-back (`takeback`): the table does not allow it. */
  'takeback_disabled',
  /** Take-back: the seat has no action of its own still standing to take back. */
  'nothing_to_take_back',
  /** Take-back: the seat's last action drew, rolled or showed something; it stands. */
  'revealed_information',
  /** Take-back: another seat has acted (or taken back) since the seat's last action. */
  'someone_acted_since',
  /** The action could not be stored; nothing was applied. Retry. */
  'storage_failed',
  'internal',
]);
export type ProtocolErrorCode = z.infer<typeof ProtocolErrorCode>;

export const ProtocolErrorBody = z.strictObject({
  code: ProtocolErrorCode,
  message: z.string(),
});
export type ProtocolErrorBody = z.infer<typeof ProtocolErrorBody>;
