/**
 * WebSocket messages at `GET /api/v1/ws`. Every message is one JSON text frame with a `type`.
 * A connection follows one table: it starts with `hello`, then receives `welcome`, and an `update`
 * for its focused viewer after every change of the match.
 */
import { z } from 'zod';
import {
  ClockReading,
  JsonValue,
  Outcome,
  PROTOCOL_VERSION,
  ProtocolErrorCode,
  RuleError,
  Seat,
  SeatToken,
  Seq,
  TableId,
  TableInfo,
  TableStatus,
  Viewer,
  VisibleEvent,
} from './common.ts';

/** A client's id for a request, echoed in its `ack`, `refused` or `error`. */
export const RequestId = z.string().min(1).max(64);

// Client → server -----------------------------------------------------------------------------

/**
 * Opens the connection on one table. With tokens: acts for their seats (several for hot-seat).
 * Without: watches as a spectator, if the table allows. `focus` picks whose view is sent (one of
 * the token seats, or 'spectator'); default the first token's seat. `lastSeq`: the last sequence
 * number this client saw for that viewer; the first update then carries exactly the events after
 * it (omit it to get every event from the start).
 */
export const HelloMessage = z.strictObject({
  type: z.literal('hello'),
  v: z.number().int(),
  table: TableId,
  tokens: z.array(SeatToken).max(16).default([]),
  focus: Viewer.optional(),
  lastSeq: Seq.optional(),
});

/**
 * An action for `seat`, chosen against the update numbered `seq`. The server answers `ack` once
 * the action is stored, or `refused` (the game's rule error), or `error` (e.g. `stale_seq`).
 */
export const ActMessage = z.strictObject({
  type: z.literal('act'),
  id: RequestId,
  seat: Seat,
  seq: Seq,
  action: JsonValue,
});

/**
 * Switches whose view this connection receives (hot-seat: pass the device to another seat). The
 * server forgets the previous viewer's view at once and sends an update for the new one, with the
 * events after `lastSeq` (that viewer's last seen sequence number), or all events if omitted.
 */
export const FocusMessage = z.strictObject({
  type: z.literal('focus'),
  viewer: Viewer,
  lastSeq: Seq.optional(),
});

/**
 * Takes back `seat` from the bot that plays it since its clock ran out or its player was away.
 * Answered `ack` (with the match's current `seq`) once the change is stored; a seat no bot plays
 * is acknowledged with no change.
 */
export const ReclaimMessage = z.strictObject({ type: z.literal('reclaim'), id: RequestId, seat: Seat });

/**
 * Asks why an action is not allowed, without taking it: the action a click on a board element
 * that is not highlighted would have been, for this connection's focused seat. The server checks
 * it exactly as it would check `act`, changes nothing, and answers `explained`. A spectator has no
 * moves: `not_your_seat`. Costs as much as `hello` in the connection's message budget.
 */
export const ExplainMessage = z.strictObject({
  type: z.literal('explain'),
  id: RequestId,
  action: JsonValue,
});

/**
 * Takes back `seat`'s last action, chosen against the update numbered `seq` (the match's current
 * one, so a repeated click cannot take back a second action). Allowed only when the table allows
 * it (`settings.takeBack`), the action revealed nothing (the game says so), and nobody has acted
 * since: the update says so in `takeBack`. Answered `ack` with the take-back's own sequence number
 * once it is stored, or `error` (`takeback_disabled`, `nothing_to_take_back`,
 * `revealed_information`, `someone_acted_since`, `stale_seq`, `taken_over`, `not_your_seat`).
 */
export const TakeBackMessage = z.strictObject({
  type: z.literal('takeback'),
  id: RequestId,
  seat: Seat,
  seq: Seq,
});

/** A keep-alive for clients that cannot send WebSocket pings (browsers). */
export const PingMessage = z.strictObject({ type: z.literal('ping'), id: RequestId.optional() });

export const ClientMessage = z.discriminatedUnion('type', [
  HelloMessage,
  ActMessage,
  FocusMessage,
  ReclaimMessage,
  ExplainMessage,
  PingMessage,
  TakeBackMessage,
]);
export type ClientMessage = z.input<typeof ClientMessage>;
export type ClientMessageParsed = z.output<typeof ClientMessage>;
export type HelloMessage = z.input<typeof HelloMessage>;
export type ActMessage = z.infer<typeof ActMessage>;
export type FocusMessage = z.infer<typeof FocusMessage>;
export type ReclaimMessage = z.infer<typeof ReclaimMessage>;
export type ExplainMessage = z.infer<typeof ExplainMessage>;
export type TakeBackMessage = z.infer<typeof TakeBackMessage>;

// Server → client -----------------------------------------------------------------------------

/** The answer to `hello`: the table, the seats this connection acts for, and whose view it gets. */
export const WelcomeMessage = z.strictObject({
  type: z.literal('welcome'),
  v: z.literal(PROTOCOL_VERSION),
  table: TableInfo,
  seats: z.array(Seat),
  focus: Viewer,
});

/** The table's public info changed: a seat was taken, a player (dis)connected, it started, a rematch. */
export const TableMessage = z.strictObject({ type: z.literal('table'), table: TableInfo });

/**
 * What `viewer` may know after action `seq`: its view, who may act, its legal actions if it is one
 * of them, the clocks, and the events after `from` up to `seq` as `viewEvent` renders them for it.
 * Never the state, its hash or the seed.
 */
export const UpdateMessage = z.strictObject({
  type: z.literal('update'),
  table: TableId,
  viewer: Viewer,
  seq: Seq,
  status: TableStatus,
  view: JsonValue,
  actors: z.array(Seat),
  /** The viewer's legal actions when the viewer is a seat among `actors`; otherwise null. */
  legal: z.array(JsonValue).nullable(),
  /**
   * Beside `legal`, one entry per legal action: a question to put to a person before taking it
   * (e.g. giving up actions they still have), or null. Null exactly when `legal` is.
   */
  confirm: z.array(z.string().nullable()).nullable(),
  /**
   * Beside `legal`, one entry per legal action: its words for a person, as the game renders it from
   * the viewer's view (`render.action`), so a client can list actions without the game's code.
   * Null exactly when `legal` is.
   */
  labels: z.array(z.string()).nullable(),
  /** The events are exactly those of actions `from + 1` … `seq`. */
  from: Seq,
  events: z.array(VisibleEvent),
  clocks: ClockReading.nullable(),
  outcome: Outcome.nullable(),
  /**
   * Whether the viewer may take back its last action now (`takeback`): the table allows it, the
   * action revealed nothing and nobody has acted since. False for spectators and seats a bot plays.
   * The server always sends it and `chosen`; they are optional for clients written before them.
   */
  takeBack: z.boolean().optional(),
  /**
   * Seats among `actors` that have already chosen in a window where several act (a secret plan
   * made and waiting for the others): who is still to choose, never what anyone chose.
   */
  chosen: z.array(Seat).optional(),
});

/**
 * The action with request `id` is stored and applied as action number `seq` (for `reclaim`: the
 * seat is the player's again, and `seq` is the match's current sequence number).
 */
export const AckMessage = z.strictObject({ type: z.literal('ack'), id: RequestId, seq: Seq });

/** The game refused the action: its `RuleError` (code, rule id, message), untouched. Nothing changed. */
export const RefusedMessage = z.strictObject({
  type: z.literal('refused'),
  id: RequestId,
  seq: Seq,
  error: RuleError,
});

/**
 * The answer to `explain`: the game's refusal of that action for `seat` (the connection's focused
 * seat), its `RuleError` written for that seat exactly as `refused` would carry it, or null when
 * the action would be allowed now. Checked against the match at `seq`; nothing changed.
 */
export const ExplainedMessage = z.strictObject({
  type: z.literal('explained'),
  id: RequestId,
  seq: Seq,
  seat: Seat,
  /**
   * The action's words for that seat, as the game renders it from the seat's own view (as an
   * update's `labels`), to head the answer ("buy Goblin Wizz"); null when the game cannot word it
   * (an action of the wrong shape, or one its renderer cannot describe).
   */
  label: z.string().nullable(),
  refusal: RuleError.nullable(),
});

/**
 * A protocol error: bad message, bad token, stale sequence number, limits… `id` when it answers a
 * request that had one; `seq` is the match's current sequence number when it matters (stale_seq).
 * Nothing changed.
 */
export const ErrorMessage = z.strictObject({
  type: z.literal('error'),
  id: RequestId.optional(),
  code: ProtocolErrorCode,
  message: z.string(),
  seq: Seq.optional(),
});

export const PongMessage = z.strictObject({ type: z.literal('pong'), id: RequestId.optional() });

export const ServerMessage = z.discriminatedUnion('type', [
  WelcomeMessage,
  TableMessage,
  UpdateMessage,
  AckMessage,
  RefusedMessage,
  ExplainedMessage,
  ErrorMessage,
  PongMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;
export type TableMessage = z.infer<typeof TableMessage>;
export type UpdateMessage = z.infer<typeof UpdateMessage>;
export type AckMessage = z.infer<typeof AckMessage>;
export type RefusedMessage = z.infer<typeof RefusedMessage>;
export type ExplainedMessage = z.infer<typeof ExplainedMessage>;
export type ErrorMessage = z.infer<typeof ErrorMessage>;
export type PongMessage = z.infer<typeof PongMessage>;

/** Limits a client should respect (the server enforces them). */
export const WS_LIMITS = {
  /** Largest message the server reads (bytes); larger ones get `too_large`. */
  maxMessageBytes: 64 * 1024,
} as const;
