import { z } from 'zod';
import type { Seat } from '../../core/index.ts';

/** Owner value of a hex held by the 2-player neutral ships. */
export const NEUTRAL = 9;
/** Owner value of an unheld hex. */
export const NOBODY = -1;

const int = z.number().int();
const RngStateSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const CommandName = z.enum(['expand', 'explore', 'exterminate']);

export const PiOptions = z.strictObject({
  preset: z.enum(['boxed', 'classic']).default('boxed'),
  // Prosperity is the point of this edition; the base game is `prosperity: false`.
  prosperity: z.boolean().default(true),
});
export type PiOptions = z.infer<typeof PiOptions>;

export const PiAction = z.discriminatedUnion('type', [
  /** Setup: two ships on a level-I system. */
  z.strictObject({ type: z.literal('place'), hex: int }),
  /** Plan: the three commands in slot order. */
  z.strictObject({ type: z.literal('plan'), order: z.tuple([CommandName, CommandName, CommandName]) }),
  /** Expand: one ship from the supply to a controlled system. */
  z.strictObject({ type: z.literal('expand'), hex: int }),
  /** Explore: start a fleet of `ships` unmoved ships from a hex. */
  z.strictObject({ type: z.literal('fleet'), from: int, ships: int }),
  /** Explore: the fleet moves one hex. */
  z.strictObject({ type: z.literal('move'), to: int }),
  /** Explore: at the halfway hex, take unmoved ships along, or leave ships behind. */
  z.strictObject({ type: z.literal('pickup'), ships: int }),
  z.strictObject({ type: z.literal('drop'), ships: int }),
  /** Explore: the fleet stops where it is. */
  z.strictObject({ type: z.literal('end') }),
  /** Exterminate: choose the system to invade. */
  z.strictObject({ type: z.literal('target'), hex: int }),
  /** Exterminate: commit ships from an adjacent hex to the invasion. */
  z.strictObject({ type: z.literal('attack'), from: int, ships: int }),
  /** Exterminate: fight with the committed ships. */
  z.strictObject({ type: z.literal('launch') }),
  /** Give up the rest of the current command. */
  z.strictObject({ type: z.literal('stop') }),
  /** Exploit: score a sector. */
  z.strictObject({ type: z.literal('score'), sector: int }),
]);
export type PiAction = z.infer<typeof PiAction>;

const Fleet = z.strictObject({
  from: int,
  at: int,
  ships: int,
  steps: int,
  /** A pick-up or drop-off already happened at the halfway hex. */
  adjusted: z.boolean(),
});
export type Fleet = z.infer<typeof Fleet>;

/** Every fleet record is built here, by one literal, so all of them share one hidden class. */
export function makeFleet(from: number, at: number, ships: number, steps: number, adjusted: boolean): Fleet {
  return { from, at, ships, steps, adjusted };
}

const Attack = z.strictObject({ target: int, ships: int, sources: z.array(int) });
export type Attack = z.infer<typeof Attack>;

/** Every invasion record is built here, by one literal, so all of them share one hidden class. */
export function makeAttack(target: number, ships: number, sources: number[]): Attack {
  return { target, ships, sources };
}

const Vp = z.strictObject({ sector: z.array(int), extra: z.array(int), prosperity: z.array(int) });
export type Vp = z.infer<typeof Vp>;

/** Every VP record is built here, by one literal, so all of them share one hidden class. */
export function makeVp(sector: number[], extra: number[], prosperity: number[]): Vp {
  return { sector, extra, prosperity };
}

export const PiState = z.strictObject({
  rng: RngStateSchema,
  players: int,
  preset: z.enum(['boxed', 'classic']),
  prosperity: z.boolean(),
  layout: z.enum(['classic-3x3', 'variant-3x2']),
  rounds: int,
  /** Sector card id lying at each place (public). */
  cards: z.array(z.string()),
  level: z.array(int),
  sector: z.array(int),
  owner: z.array(int),
  ships: z.array(int),
  supply: z.array(int),
  round: int,
  start: int,
  phase: z.enum(['setup', 'plan', 'perform', 'exploit', 'over']),
  /** Setup: index into the snake order. */
  setupTurn: int,
  /** This round's plans as command indexes; hidden until each slot is revealed. */
  plans: z.array(z.array(int).nullable()),
  /** Slots of this round revealed so far. */
  revealed: int,
  /** Every earlier round's plans, public once revealed. */
  pastPlans: z.array(z.array(z.array(int))),
  /** Perform: seats acting in this step in order, the index of the one acting, and everyone's strength. */
  order: z.array(int),
  turn: int,
  strengths: z.array(int),
  /** Actions left to the acting seat in its current command. */
  left: int,
  /** Per hex: ships already moved (Explore) or hexes already invaded (Exterminate) in this command. */
  used: z.array(int),
  fleet: Fleet.nullable(),
  attack: Attack.nullable(),
  /** Exploit: sectors chosen this round, the choosing seats in order and who chooses now. */
  chosen: z.array(int),
  choosers: z.array(int),
  chooser: int,
  /** Index in `choosers` from which a choice is the Tri-Prime controller's extra choice. */
  extraAt: int,
  vp: Vp,
  /** Prosperity chain (card ids, in order), how many are face up, the cards left in the box, and claims. */
  chain: z.array(int),
  chainRevealed: int,
  removed: z.array(int),
  claims: z.array(int),
  /** Rounds at whose end each seat controlled Tri-Prime. */
  triRounds: z.array(int),
  /** VP totals per seat at the end of each round. */
  vpHistory: z.array(z.array(int)),
});
export type PiState = z.infer<typeof PiState>;

export type PiEvent =
  | { type: 'place'; seat: Seat; hex: number }
  | { type: 'planned'; seat: Seat; order: number[] }
  /** `bonus`: 1 where the strength includes the Prosperity card's +1. */
  | { type: 'reveal'; step: number; commands: number[]; strengths: number[]; bonus: number[] }
  | { type: 'expand'; seat: Seat; hex: number }
  | { type: 'fleet'; seat: Seat; from: number; ships: number }
  | { type: 'move'; seat: Seat; to: number; ships: number }
  | { type: 'pickup'; seat: Seat; hex: number; ships: number }
  | { type: 'drop'; seat: Seat; hex: number; ships: number }
  | { type: 'arrive'; seat: Seat; hex: number; ships: number }
  | { type: 'target'; seat: Seat; hex: number }
  | { type: 'attack'; seat: Seat; from: number; ships: number }
  | {
      type: 'battle';
      seat: Seat;
      hex: number;
      attackers: number;
      defender: number;
      defenders: number;
      losses: number;
    }
  | { type: 'stop'; seat: Seat }
  | { type: 'skip'; seat: Seat; command: number }
  | { type: 'sustain'; hex: number; owner: number; lost: number }
  /** `seat` null: the last round's scoring, at `multiplier` times the level's VP. */
  | { type: 'score'; seat: Seat | null; sector: number; gains: number[]; extra: boolean; multiplier: number }
  | { type: 'claim'; card: number; seat: Seat | null }
  | { type: 'forecast'; card: number; position: number }
  | { type: 'round'; round: number; start: Seat }
  | { type: 'end'; scores: number[] };

export interface PiView {
  viewer: Seat | 'spectator';
  players: number;
  preset: PiState['preset'];
  prosperity: boolean;
  layout: PiState['layout'];
  rounds: number;
  round: number;
  start: number;
  phase: PiState['phase'];
  cards: string[];
  level: number[];
  sector: number[];
  owner: number[];
  ships: number[];
  supply: number[];
  vp: { sector: number[]; extra: number[]; prosperity: number[]; total: number[] };
  setupSeat: number | null;
  submitted: boolean[];
  /** This round's plans as far as the viewer knows them (own plan whole, others' revealed slots). */
  plans: (number | null)[][];
  revealed: number;
  pastPlans: number[][][];
  step: number;
  actor: number | null;
  order: number[];
  turn: number;
  strengths: number[];
  left: number;
  used: number[];
  fleet: Fleet | null;
  attack: Attack | null;
  chosen: number[];
  chooser: number | null;
  extraChoice: boolean;
  /** Prosperity chain: face-up card ids, null where face down. */
  chain: (number | null)[];
  claims: number[];
  triRounds: number[];
  over: boolean;
}
