/**
 * Prospectus state, actions and options: TypeScript types plus the zod schemas that check them when
 * they cross a boundary. Everything is plain JSON; potions, spells and abilities are indexes into
 * the tables of data.ts.
 */
import { z } from 'zod';
import {
  ABILITIES,
  DEFAULT_SPELL_DECK,
  DIVIDEND_TRIGGER,
  LOOK_DEPTH,
  SPELL_IDS,
  START,
  TOP_SPACE,
  TRACK_SPACES,
} from './data.ts';
import type { SpellId } from './data.ts';

export const PHASES = [
  'draft',
  'council',
  'ability',
  'tx1',
  'qty',
  'play',
  'param',
  'interrupt',
  'resell',
  'reorder',
  'market',
  'tx2',
  'over',
] as const;
export type Phase = (typeof PHASES)[number];

/**
 * prospectus.turn.back: how many steps may be taken back in one turn. A person needs one now and
 * then; the bound makes sure no sequence of moves (a random or searching bot's) goes back and forth
 * for ever.
 */
export const BACKS_PER_TURN = 3;

/** Demand space states on the future track (two per card). */
export const OPEN = 0;
export const FILLED = 1;
export const BLOCKED = 2;

/**
 * What the table sees of the moves made behind closed screens (prospectus.hidden.screens):
 * 'open-trades' (the default, as at a real table: cubes come from an open supply and money goes to an
 * open bank, so every trade's quantity and amount and every dividend payment are public; only the
 * running totals behind each screen are not tallied in the view) or 'hidden-quantities' (a harder
 * variant: quantities traded and dividends received stay behind the screen).
 */
export const SCREEN_MODES = ['open-trades', 'hidden-quantities'] as const;
export type ScreenMode = (typeof SCREEN_MODES)[number];

export type PlayMode = 'cast' | 'council' | 'recharge';
export type TxKind = 'buy' | 'sell';
/** Where the flow continues once a quantity has been chosen. */
export type TxReturn = 'play' | 'interrupt' | 'tx1' | 'replenish';

export interface PendingTx {
  seat: number;
  kind: TxKind;
  potion: number;
  max: number;
  then: TxReturn;
}

/** Every pending trade is built here, by one literal, so all of them share one hidden class. */
export function pendingTx(
  seat: number,
  kind: TxKind,
  potion: number,
  max: number,
  then: TxReturn,
): PendingTx {
  return { seat, kind, potion, max, then };
}

/** The spell of this turn: its index in SPELLS, how it was played, and its announced parameters. */
export interface PlayedSpell {
  spell: number;
  mode: PlayMode;
  params: number[];
}

/** Every played-spell record is built here, by one literal, so all of them share one hidden class. */
export function playedSpell(spell: number, mode: PlayMode, params: number[]): PlayedSpell {
  return { spell, mode, params };
}

export interface Reveal {
  kind: 'split' | 'bust';
  potion: number;
  counts: number[];
}

export interface DropRecord {
  dropped: number[];
  emerged: number[];
}

/** One node of the public screen record (see rules/record.ts), newest first. */
export interface RecordNode {
  e: number[];
  up: RecordNode | null;
}

export interface FinalScore {
  chamber: number[];
  bonus: number[];
  selloff: number[];
}

export interface ProspectusState {
  rng: [number, number, number, number];
  players: number;
  /** Indexes into SPELLS of the deck every player uses (10 spells). */
  deck: number[];
  openScreens: boolean;
  /** What crosses a closed screen in sight of the table; moot with openScreens. */
  screens: ScreenMode;
  phase: Phase;
  /** Turns completed so far; the active seat is turn % players. */
  turn: number;
  active: number;
  money: number[];
  /** cubes[seat][potion] */
  cubes: number[][];
  /** Price machine space per potion (index into PRICE_SPACES). */
  prices: number[];
  /** Cubes in each potion's dividend area. */
  dividends: number[];
  /** Ability index per potion lair, and the three tokens set aside. */
  abilities: number[];
  aside: number[];
  /** Future card id per track space (-1 empty); dem[2*space + j] is OPEN / FILLED / BLOCKED. */
  track: number[];
  dem: number[];
  /** Future draw deck, top first (hidden order) and discard pile (public). */
  future: number[];
  futureDiscard: number[];
  /** knownTop[seat]: how many cards from the top of the future deck that seat has seen, in order. */
  knownTop: number[];
  /** Cubes stuck inside the crystal ball (public: seen going in and coming out). */
  ball: number[];
  /** Council chamber cubes everybody saw arrive, and each seat's secret additions. */
  chamber: number[];
  secret: number[][];
  hands: number[][];
  draws: number[][];
  discards: number[][];
  /** Spell indexes removed from every deck in a 4-player game (public). */
  removed: number[];
  interrupts: boolean[];
  /** Seat whose freeze holds each potion, or -1. */
  frozen: number[];
  draftPool: number[];
  draftPicks: number;
  /** Ability index being resolved in phase 'ability', or -1. */
  ability: number;
  tx: PendingTx | null;
  played: PlayedSpell | null;
  interruptQueue: number[];
  /** Current-card executions still to do this turn (2 with Hourglass) and whether one is mid-market. */
  execLeft: number;
  execSlot: number;
  emerged: number[] | null;
  executed: number;
  /** Steps taken back this turn (prospectus.turn.back), at most BACKS_PER_TURN. */
  backs: number;
  lastDrop: DropRecord | null;
  lastReveal: Reveal | null;
  splits: number[];
  busts: number[];
  final: FinalScore | null;
  /** Public record of screened moves (null with open screens or before any). */
  record: RecordNode | null;
}

const int = z.number().int();
const between = (lo: number, hi: number) => int.min(lo).max(hi);

/**
 * Bounds a saved state must respect (prospectus.state.invariants). They are far above anything a game
 * reaches (a few hundred record entries, a few hundred cubes and a few thousand dollars at most) and
 * low enough that nothing built from them — a quantity menu, a replayed record — can exhaust memory.
 */
export const STATE_LIMITS = {
  /** Cubes of one potion behind one screen; also the largest pending quantity. */
  holding: 100_000,
  money: 1_000_000_000,
  /** Cubes in the ball, the chamber, the draft pool or a secret addition, per potion. */
  count: 100_000,
  /** Entries of the public record (a linked list, so also its nesting depth in JSON). */
  record: 2_000,
  turns: 1_000,
} as const;

const word = between(-0x80000000, 0xffffffff);
const seatOf = between(0, 3);
const potionOf = between(0, 4);
const spellOf = between(0, 11);
const cardOf = between(0, 39);
const five = (item: z.ZodNumber) => z.array(item).length(5);
const perSeat = <T extends z.ZodType>(item: T) => z.array(item).min(3).max(4);
const counts = five(between(0, STATE_LIMITS.count));

/**
 * The public record, checked without recursion: a tampered state may nest it deeper than the stack
 * allows, and a recursive schema (or anything walking it recursively) would overflow. Entries are
 * checked for their shape here and against the table (seats, kinds) in invariants.ts.
 */
const recordSchema = z.custom<RecordNode | null>((value) => {
  let at: unknown = value;
  for (let n = 0; at !== null; n++) {
    if (n >= STATE_LIMITS.record || typeof at !== 'object' || Array.isArray(at)) return false;
    const node = at as Record<string, unknown>;
    const keys = Object.keys(node);
    if (keys.length !== 2 || !('e' in node) || !('up' in node)) return false;
    const e = node.e;
    if (!Array.isArray(e) || e.length < 3 || e.length > 9) return false;
    for (const x of e) if (!Number.isSafeInteger(x)) return false;
    at = node.up;
  }
  return true;
}, `record must be a chain of at most ${STATE_LIMITS.record} {e, up} entries of integers`);

/** The shape of a saved state, with every field in its range; invariants.ts adds the cross-checks. */
export const stateShape = z.strictObject({
  // Four 32-bit words (stored signed or unsigned).
  rng: z.tuple([word, word, word, word]),
  players: between(3, 4),
  deck: z.array(spellOf).length(10),
  openScreens: z.boolean(),
  screens: z.enum(SCREEN_MODES),
  phase: z.enum(PHASES),
  turn: between(0, STATE_LIMITS.turns),
  active: seatOf,
  money: perSeat(between(0, STATE_LIMITS.money)),
  cubes: perSeat(five(between(0, STATE_LIMITS.holding))),
  prices: five(between(0, TOP_SPACE)),
  dividends: five(between(0, DIVIDEND_TRIGGER.value - 1)),
  abilities: five(between(0, ABILITIES.value.length - 1)),
  aside: z.array(between(0, ABILITIES.value.length - 1)).length(ABILITIES.value.length - 5),
  track: z.array(between(-1, 39)).length(TRACK_SPACES),
  dem: z.array(between(OPEN, BLOCKED)).length(2 * TRACK_SPACES),
  future: z.array(cardOf).max(40),
  futureDiscard: z.array(cardOf).max(40),
  knownTop: perSeat(between(0, LOOK_DEPTH.value)),
  ball: counts,
  chamber: counts,
  secret: perSeat(counts),
  hands: perSeat(z.array(spellOf).max(START.value.handSize)),
  draws: perSeat(z.array(spellOf).max(10)),
  discards: perSeat(z.array(spellOf).max(10)),
  removed: z.array(spellOf).max(2),
  interrupts: perSeat(z.boolean()),
  frozen: five(between(-1, 3)),
  draftPool: counts,
  draftPicks: between(0, 4 * START.value.draftCubes),
  ability: between(-1, ABILITIES.value.length - 1),
  tx: z
    .strictObject({
      seat: seatOf,
      kind: z.enum(['buy', 'sell']),
      potion: potionOf,
      max: between(1, STATE_LIMITS.holding),
      then: z.enum(['play', 'interrupt', 'tx1', 'replenish']),
    })
    .nullable(),
  played: z
    .strictObject({
      spell: spellOf,
      mode: z.enum(['cast', 'council', 'recharge']),
      params: z.array(between(0, 7)).max(4),
    })
    .nullable(),
  interruptQueue: z.array(seatOf).max(3),
  execLeft: between(0, 2),
  execSlot: between(-1, TRACK_SPACES - 1),
  emerged: counts.nullable(),
  executed: between(0, 2),
  backs: between(0, BACKS_PER_TURN),
  lastDrop: z.strictObject({ dropped: counts, emerged: counts }).nullable(),
  lastReveal: z
    .strictObject({
      kind: z.enum(['split', 'bust']),
      potion: potionOf,
      counts: perSeat(between(0, STATE_LIMITS.holding)),
    })
    .nullable(),
  splits: counts,
  busts: counts,
  final: z
    .strictObject({
      chamber: counts,
      bonus: perSeat(between(0, STATE_LIMITS.money)),
      selloff: perSeat(between(0, STATE_LIMITS.money)),
    })
    .nullable(),
  record: recordSchema,
});

/** Whether every trade's quantity and every dividend payment is told to the whole table. */
export function quantitiesPublic(s: ProspectusState): boolean {
  return s.openScreens || s.screens === 'open-trades';
}

/**
 * A shallow copy with a literal shape. Every state the engine and the samplers produce goes through
 * it, so they all share one V8 hidden class: states built by object spread got classes of their own,
 * which made the hot rules code polymorphic and deoptimised it again and again. It is also much
 * faster than a spread of ~40 keys.
 */
export function cloneState(s: ProspectusState): ProspectusState {
  return {
    rng: s.rng,
    players: s.players,
    deck: s.deck,
    openScreens: s.openScreens,
    screens: s.screens,
    phase: s.phase,
    turn: s.turn,
    active: s.active,
    money: s.money,
    cubes: s.cubes,
    prices: s.prices,
    dividends: s.dividends,
    abilities: s.abilities,
    aside: s.aside,
    track: s.track,
    dem: s.dem,
    future: s.future,
    futureDiscard: s.futureDiscard,
    knownTop: s.knownTop,
    ball: s.ball,
    chamber: s.chamber,
    secret: s.secret,
    hands: s.hands,
    draws: s.draws,
    discards: s.discards,
    removed: s.removed,
    interrupts: s.interrupts,
    frozen: s.frozen,
    draftPool: s.draftPool,
    draftPicks: s.draftPicks,
    ability: s.ability,
    tx: s.tx,
    played: s.played,
    interruptQueue: s.interruptQueue,
    execLeft: s.execLeft,
    execSlot: s.execSlot,
    emerged: s.emerged,
    executed: s.executed,
    backs: s.backs,
    lastDrop: s.lastDrop,
    lastReveal: s.lastReveal,
    splits: s.splits,
    busts: s.busts,
    final: s.final,
    record: s.record,
  };
}

const potion = int.min(0).max(4);
export const actionSchema = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('draft'), potion }),
  z.strictObject({ t: z.literal('skip') }),
  z.strictObject({ t: z.literal('council'), space: int, demand: int }),
  z.strictObject({ t: z.literal('tx'), kind: z.enum(['buy', 'sell']), potion }),
  z.strictObject({ t: z.literal('qty'), n: int }),
  z.strictObject({ t: z.literal('play'), spell: int, mode: z.enum(['cast', 'council', 'recharge']) }),
  z.strictObject({ t: z.literal('potion'), potion }),
  z.strictObject({ t: z.literal('cubes'), a: potion, b: potion }),
  z.strictObject({ t: z.literal('demand'), space: int, demand: int }),
  z.strictObject({ t: z.literal('change'), from: potion, to: potion }),
  z.strictObject({ t: z.literal('space'), space: int }),
  z.strictObject({ t: z.literal('tokens'), a: int, b: int }),
  z.strictObject({ t: z.literal('order'), perm: int }),
  z.strictObject({ t: z.literal('nudge'), potion, steps: int }),
  z.strictObject({ t: z.literal('recall'), give: int, take: int }),
  z.strictObject({ t: z.literal('exchange'), from: potion, to: potion }),
  z.strictObject({ t: z.literal('pound') }),
  z.strictObject({ t: z.literal('execute') }),
  z.strictObject({ t: z.literal('redrop'), potion }),
  z.strictObject({ t: z.literal('back') }),
]);
export type ProspectusAction = z.infer<typeof actionSchema>;

/**
 * The table's choice of screens, one option: 'open' (no screens: every seat's cubes and money and
 * every quantity shown to everyone), 'open-trades' (the default, as at a real table: totals behind
 * the screens, every trade's quantity and amount and every dividend payment public) or
 * 'hidden-quantities' (a harder variant that keeps those behind the screen too).
 */
export const SCREEN_OPTIONS = ['open', ...SCREEN_MODES] as const;
export type ScreenOption = (typeof SCREEN_OPTIONS)[number];

export const optionsSchema = z
  .strictObject({
    /** The ten spells of every player's deck (any 10 of the 12 known). */
    spells: z
      .array(z.enum(SPELL_IDS as [SpellId, ...SpellId[]]))
      .length(10)
      .refine((list) => new Set(list).size === list.length, 'spells must be distinct')
      .default([...DEFAULT_SPELL_DECK.value]),
    screens: z.enum(SCREEN_OPTIONS).default('open-trades'),
    /**
     * Tables saved before `screens` took 'open' said `openScreens: true` instead; they still load
     * (as `screens: 'open'`). Deprecated, so the create form does not offer it.
     */
    openScreens: z.boolean().optional().meta({ deprecated: true }),
  })
  .refine(
    (o) => !(o.openScreens && o.screens === 'hidden-quantities'),
    "openScreens shows everything behind every screen; it cannot be combined with screens: 'hidden-quantities'",
  )
  .transform(({ spells, screens, openScreens }) => ({
    spells,
    screens: openScreens ? ('open' as const) : screens,
  }));
export type ProspectusOptions = z.infer<typeof optionsSchema>;
