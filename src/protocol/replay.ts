/**
 * `GET /api/v1/tables/:id/frames`: a finished match step by step, as a replay viewer shows it,
 * computed by the server so the browser never runs rules code. Once a match is over every seat's
 * information is public, so any seat's view (or the spectator's) may be asked for.
 */
import { z } from 'zod';
import { GameId, JsonValue, MAX_SEATS, Outcome, Seat, Seq, TableId, Viewer, VisibleEvent } from './common.ts';

/** How many frames one request may ask for: few with views (they are the bulk), many without. */
export const FRAME_LIMITS = {
  withViews: { default: 50, max: 100 },
  withoutViews: { default: 2000, max: 2000 },
} as const;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A whole number as a query string writes it (digits only: not '', '1e3' or ' 2'), or as a number. */
const whole = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), schema);

/**
 * The query: whose view (`viewer`, a seat number or `spectator`; default `spectator`), the first
 * step (`from`, default 0), how many steps (`count`, see `FRAME_LIMITS`), and whether to include the
 * views (`views`, default true; `views=false` gives the light index a viewer loads first: who
 * acted, the labels, the clock and the events of every step).
 */
export const FramesQuery = z.strictObject({
  viewer: z.union([z.literal('spectator'), whole(Seat)]).default('spectator'),
  from: whole(Seq).default(0),
  count: whole(z.number().int().min(1).max(FRAME_LIMITS.withoutViews.max)).optional(),
  views: z.union([z.boolean(), flag]).default(true),
});
/** The query as a URL carries it (strings), or as code passes it. */
export interface FramesQuery {
  readonly viewer?: number | 'spectator' | string;
  readonly from?: number | string;
  readonly count?: number | string;
  readonly views?: boolean | 'true' | 'false' | '1' | '0';
}

/** One step of the match: step 0 is the setup, step k the state after action k. */
export const ReplayFrame = z.strictObject({
  step: Seq,
  /** Who acted to reach this step (null at step 0). */
  seat: Seat.nullable(),
  /** That action in words (`render.action`, from the actor's view just before it); null at step 0. */
  label: z.string().nullable(),
  /** The game's clock at this step (`insights.clock`: a round or turn count), null if it has none. */
  clock: z.number().nullable(),
  /** Seats that may act at this step (none at the end). */
  actors: z.array(Seat),
  /** The events of this step's action as `viewEvent` renders them for the viewer; `seq` is the step. */
  events: z.array(VisibleEvent),
  /** The viewer's view at this step; left out when the request said `views=false`. */
  view: JsonValue.optional(),
});
export type ReplayFrame = z.infer<typeof ReplayFrame>;

/** Where to jump: the first step at which the clock shows a new value (or, without a clock, every few steps). */
export const ReplayMarker = z.strictObject({
  step: Seq,
  /** The clock's value there (null for step markers of a game without a clock). */
  clock: z.number().nullable(),
  /** How a person names it: "round 3", "turn 12", "setup", or "step 40". */
  label: z.string(),
});
export type ReplayMarker = z.infer<typeof ReplayMarker>;

export const ReplayFramesResponse = z.strictObject({
  table: TableId,
  game: GameId,
  players: z.number().int().min(1).max(MAX_SEATS),
  viewer: Viewer,
  /** The last step: the number of actions of the match. Frames run from 0 to `steps`. */
  steps: Seq,
  markers: z.array(ReplayMarker),
  outcome: Outcome,
  /** The step of `frames[0]`; the frames are consecutive. */
  from: Seq,
  frames: z.array(ReplayFrame),
});
export type ReplayFramesResponse = z.infer<typeof ReplayFramesResponse>;
