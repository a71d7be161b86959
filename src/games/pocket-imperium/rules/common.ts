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

/** Sets ships on a hex (copying the arrays it touches); an emptied hex has no owner. */
export function withHex(state: PiState, hex: number, owner: number, ships: number): PiState {
  const o = state.owner.slice();
  const s = state.ships.slice();
  o[hex] = ships > 0 ? owner : NOBODY;
  s[hex] = ships;
  return { ...state, owner: o, ships: s };
}

export function totalVp(state: PiState, seat: number): number {
  return state.vp.sector[seat]! + state.vp.extra[seat]! + state.vp.prosperity[seat]!;
}

export type Legal = (state: PiState, seat: number) => PiAction[];
