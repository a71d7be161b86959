import { z } from 'zod';
import { invariantProblems } from './invariants.ts';

const Int = z.number().int();
const Int32 = Int.min(-(2 ** 31)).max(2 ** 31 - 1);
const Count = z.number().int().min(0);
const SeatId = z.number().int().min(0).max(5);

export const ShopSchema = z.strictObject({
  /** Cards held, as a count per ingredient kind (face up, public). */
  ingredients: z.array(Count),
  money: Count,
  favors: Count,
  /** Order cards on display, by order card id. */
  displayed: z.array(Count),
});
export type Shop = z.infer<typeof ShopSchema>;

export const TargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('market'), slot: Count, order: Count }),
  z.strictObject({ kind: z.literal('evergreen'), recipe: Count }),
]);
export type Target = z.infer<typeof TargetSchema>;

export const AnswerSchema = z.enum(['none', 'accepted', 'declined']);
export type Answer = z.infer<typeof AnswerSchema>;

/** Where one requirement of the order being filled comes from. */
export const SourceSchema = z.discriminatedUnion('from', [
  z.strictObject({ from: z.literal('own'), kind: Count }),
  z.strictObject({ from: z.literal('favor') }),
  /**
   * `answer` is 'none' until the asked player answers (and while the request is not sent yet); a
   * declined ask stays on its line until everyone asked has answered, then the line is open again.
   */
  z.strictObject({ from: z.literal('ask'), seat: SeatId, kind: Count, answer: AnswerSchema }),
]);
export type Source = z.infer<typeof SourceSchema>;

export const PendingSchema = z.strictObject({
  target: TargetSchema,
  /**
   * One entry per requirement of the order, in requirement order; null while a line is open (not yet
   * assigned, or asked of a player who declined). Lines are assigned first open line first.
   */
  sources: z.array(SourceSchema.nullable()),
});
export type Pending = z.infer<typeof PendingSchema>;

export const PhaseSchema = z.enum(['draft', 'source', 'fulfil', 'assign', 'request', 'payout', 'over']);
export type Phase = z.infer<typeof PhaseSchema>;

export const StatsSchema = z.strictObject({
  sold: z.array(Count),
  evergreens: z.array(Count),
  coopFills: Count,
  advertised: Count,
  requestsDeclined: Count,
});
export type Stats = z.infer<typeof StatsSchema>;

/** The shape of a state; `ProsperiteaStateSchema` adds the invariants (see invariants.ts). */
const StateShape = z.strictObject({
  rng: z.tuple([Int32, Int32, Int32, Int32]),
  players: z.number().int().min(2).max(6),
  first: SeatId,
  current: SeatId,
  phase: PhaseSchema,
  /** 0 while starting ingredients are chosen, then 1, 2, … (a round starts with the first player). */
  round: Count,
  /** Starting ingredients each seat still has to choose. */
  draftLeft: z.array(Count),
  /** The four ingredient decks as kinds; the LAST element is the face-up top card. */
  decks: z.array(z.array(Count)).length(4),
  /** Face-down discard piles, one per ingredient type (their contents are public memory). */
  discards: z.array(z.array(Count)).length(4),
  /** Market slots 0-5 (Standard rows) and 6-8 (Premium row): an order card id, or null once a deck ran out. */
  market: z.array(Count.nullable()),
  /** Standard and Premium order decks, face down; the LAST element is drawn next. */
  orderDecks: z.array(z.array(Count)).length(2),
  /** Sold and advertised-away orders. */
  orderDiscard: z.array(Count),
  shops: z.array(ShopSchema),
  favorReserve: Count,
  pending: PendingSchema.nullable(),
  /** Order card waiting for its sell/display choice. */
  claimed: Count.nullable(),
  /** Seats that declined a request during this turn: they are not asked again this turn. */
  declined: z.array(SeatId),
  /** Orders the current player backed out of during this turn. */
  backedOut: Count,
  /** An order deck has run out: the game ends when the round does. */
  finalRound: z.boolean(),
  stats: StatsSchema,
});
export type ProsperiteaState = z.infer<typeof StateShape>;

/**
 * A saved state: its shape, then its invariants (player counts, conservation of cards and tokens,
 * the phase consistent with the order being filled). Only run where a state crosses a boundary.
 */
export const ProsperiteaStateSchema = StateShape.pipe(
  // A pipe, so that the invariants only ever see a state whose shape is valid (zod runs a refinement
  // on the same schema even after a value failed a bound).
  z.custom<ProsperiteaState>().superRefine((state, ctx) => {
    for (const problem of invariantProblems(state))
      ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  }),
);

export const OptionsSchema = z.strictObject({});
export type ProsperiteaOptions = z.infer<typeof OptionsSchema>;

export const ActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('draft'), deck: Int }),
  z.strictObject({ type: z.literal('source'), deck: Int, budget: Int }),
  z.strictObject({ type: z.literal('advertise'), slot: Int.nullable() }),
  z.strictObject({ type: z.literal('fill'), slot: Int }),
  z.strictObject({ type: z.literal('evergreen'), recipe: Int }),
  z.strictObject({ type: z.literal('end') }),
  z.strictObject({ type: z.literal('supply'), kind: Int }),
  z.strictObject({ type: z.literal('favor') }),
  z.strictObject({ type: z.literal('ask'), seat: Int, kind: Int }),
  z.strictObject({ type: z.literal('accept') }),
  z.strictObject({ type: z.literal('decline') }),
  z.strictObject({ type: z.literal('abandon') }),
  z.strictObject({ type: z.literal('sell') }),
  z.strictObject({ type: z.literal('display') }),
]);
export type ProsperiteaAction = z.infer<typeof ActionSchema>;
export type ActionType = ProsperiteaAction['type'];
