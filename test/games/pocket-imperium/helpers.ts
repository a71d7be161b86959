import { expect } from 'vitest';
import { pocketImperium } from '../../../src/games/pocket-imperium/index.ts';
import { GEOMETRY, buildBoard } from '../../../src/games/pocket-imperium/map.ts';
import type { LayoutId } from '../../../src/games/pocket-imperium/map.ts';
import { NOBODY } from '../../../src/games/pocket-imperium/state.ts';
import type { PiAction, PiEvent, PiOptions, PiState } from '../../../src/games/pocket-imperium/state.ts';
import type { Command } from '../../../src/games/pocket-imperium/data.ts';

export const game = pocketImperium;

/** Space id of a board cell [row, column] (coordinates of the research note). */
export function at(r: number, c: number, layout: LayoutId = 'classic-3x3'): number {
  return GEOMETRY[layout].spaceAt[r]![c]!;
}
export const TRI = at(3, 2);

/** A known card layout: T1, T2, T3 on top, S1 left, S2 right, T4, T5, T6 at the bottom. */
export const FIXED_CARDS = ['T1', 'T2', 'T3', 'S1', 'S2', 'T4', 'T5', 'T6'];

/** Options of the base game (Prosperity is on by default): strengths without the slot bonus. */
export const BASE_GAME: Partial<PiOptions> = { prosperity: false };

/** A state at the first Plan phase on the fixed board with an empty map (no ships at all), seat 0 starting. */
export function emptyBoard(players = 3, options: Partial<PiOptions> = {}, seed = 'test'): PiState {
  const opts = game.optionsSchema.parse(options);
  const base = game.setup(players, seed, opts);
  const cards = players === 2 ? FIXED_CARDS.slice(0, 5) : FIXED_CARDS;
  const { level, sector } = buildBoard(base.layout, cards);
  return {
    ...base,
    cards,
    level,
    sector,
    owner: level.map(() => NOBODY),
    ships: level.map(() => 0),
    phase: 'plan',
    round: 1,
    start: 0,
    setupTurn: 2 * players,
  };
}

/** Put ships on a hex (taking them from the owner's supply when it is a seat). */
export function put(state: PiState, hex: number, owner: number, ships: number): PiState {
  const o = state.owner.slice();
  const s = state.ships.slice();
  const supply = state.supply.slice();
  if (owner >= 0 && owner < state.players)
    supply[owner]! -= ships - (state.owner[hex] === owner ? state.ships[hex]! : 0);
  o[hex] = ships > 0 ? owner : NOBODY;
  s[hex] = ships;
  return { ...state, owner: o, ships: s, supply };
}

export function act(state: PiState, seat: number, action: PiAction): { state: PiState; events: PiEvent[] } {
  const result = game.apply(state, seat, action);
  if (!result.ok)
    throw new Error(`refused ${JSON.stringify(action)}: ${result.error.rule} ${result.error.message}`);
  return { state: result.state, events: result.events as PiEvent[] };
}

export function refused(state: PiState, seat: number, action: unknown): string {
  const result = game.apply(state, seat, action);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error.rule;
}

/** Every seat submits its plan, in seat order; returns the state after the last one is in. */
export function planAll(state: PiState, plans: Command[][]): { state: PiState; events: PiEvent[] } {
  let s = state;
  const events: PiEvent[] = [];
  plans.forEach((order, seat) => {
    const r = act(s, seat, { type: 'plan', order: order as [Command, Command, Command] });
    s = r.state;
    events.push(...r.events);
  });
  return { state: s, events };
}

export function legal(state: PiState, seat: number): PiAction[] {
  return game.legalActions(state, seat);
}

export function actor(state: PiState): number {
  return game.actors(state)[0]!;
}

export const EXP: Command = 'expand';
export const XPL: Command = 'explore';
export const EXT: Command = 'exterminate';
