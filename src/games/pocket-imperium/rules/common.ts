import { ruleError } from '../../../core/index.ts';
import type { RuleError } from '../../../core/index.ts';
import { COMMANDS, PROSPERITY_CARDS } from '../data.ts';
import type { Command } from '../data.ts';
import { GEOMETRY } from '../map.ts';
import type { Geometry } from '../map.ts';
import { NEUTRAL, NOBODY } from '../state.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';

export type Result = { state: PiState; events: PiEvent[] };
export const RULE = 'pocket-imperium';

export function illegal(rule: string, message: string): RuleError {
  return ruleError('illegal', `${RULE}.${rule}`, message);
}

export function geometry(state: PiState): Geometry {
  return GEOMETRY[state.layout];
}

export const COMMAND_INDEX: Readonly<Record<Command, number>> = { expand: 0, explore: 1, exterminate: 2 };
export const commandName = (c: number): Command => COMMANDS[c]!;

/** Seats in play order from the start player clockwise. */
export function clockwise(state: PiState): number[] {
  const out: number[] = [];
  for (let i = 0; i < state.players; i++) out.push((state.start + i) % state.players);
  return out;
}

/** The seat acting in the current perform step, if any. */
export function performer(state: PiState): number {
  return state.phase === 'perform' ? (state.order[state.turn] ?? -1) : -1;
}

/** The command the acting seat is performing now. */
export function currentCommand(state: PiState): number {
  const seat = performer(state);
  return seat < 0 ? -1 : state.plans[seat]![state.revealed - 1]!;
}

export function isPlayer(owner: number): boolean {
  return owner !== NOBODY && owner !== NEUTRAL;
}

/** Systems (level ≥ 1) controlled by a seat. */
export function controlledSystems(state: PiState, seat: number): number[] {
  const out: number[] = [];
  for (let h = 0; h < state.owner.length; h++)
    if (state.owner[h] === seat && state.level[h]! > 0) out.push(h);
  return out;
}

export function shipsOnBoard(state: PiState, seat: number): number {
  let n = 0;
  for (let h = 0; h < state.owner.length; h++) if (state.owner[h] === seat) n += state.ships[h]!;
  return n;
}

/** The seat controlling Tri-Prime, or -1 (nobody or the neutral ships). */
export function triPrimeController(state: PiState): number {
  const owner = state.owner[geometry(state).triPrime]!;
  return isPlayer(owner) ? owner : -1;
}

/** The Prosperity card in effect this round, if Prosperity is played. */
export function currentCard(state: PiState) {
  return state.prosperity ? PROSPERITY_CARDS[state.chain[state.round - 1]!] : undefined;
}

/**
 * `perform` works on a draft: one shallow copy of the input state whose board arrays are copied too,
 * so the rules may write into it; every other array is replaced, never written into.
 */
export function draft(state: PiState): PiState {
  // Every field listed explicitly: one fixed-shape literal is much faster than a spread.
  return {
    rng: state.rng,
    players: state.players,
    preset: state.preset,
    prosperity: state.prosperity,
    layout: state.layout,
    rounds: state.rounds,
    cards: state.cards,
    level: state.level,
    sector: state.sector,
    owner: state.owner.slice(),
    ships: state.ships.slice(),
    supply: state.supply.slice(),
    round: state.round,
    start: state.start,
    phase: state.phase,
    setupTurn: state.setupTurn,
    plans: state.plans,
    revealed: state.revealed,
    pastPlans: state.pastPlans,
    order: state.order,
    turn: state.turn,
    strengths: state.strengths,
    left: state.left,
    used: state.used.slice(),
    fleet: state.fleet,
    attack: state.attack,
    chosen: state.chosen,
    choosers: state.choosers,
    chooser: state.chooser,
    extraAt: state.extraAt,
    vp: state.vp,
    chain: state.chain,
    chainRevealed: state.chainRevealed,
    removed: state.removed,
    claims: state.claims,
    triRounds: state.triRounds,
    vpHistory: state.vpHistory,
  };
}

/** Sets ships on a hex of a draft; an emptied hex has no owner. */
export function withHex(state: PiState, hex: number, owner: number, ships: number): PiState {
  state.owner[hex] = ships > 0 ? owner : NOBODY;
  state.ships[hex] = ships;
  return state;
}

export function totalVp(state: PiState, seat: number): number {
  return state.vp.sector[seat]! + state.vp.extra[seat]! + state.vp.prosperity[seat]!;
}

export type Legal = (state: PiState, seat: number) => PiAction[];
