import { expect } from 'vitest';
import { prosperitea } from '../../../src/games/prosperitea/index.ts';
import type { ProsperiteaAction, ProsperiteaState, Shop } from '../../../src/games/prosperitea/state.ts';
import { INGREDIENTS } from '../../../src/games/prosperitea/data.ts';
import { KINDS, ORDER_CARDS } from '../../../src/games/prosperitea/tables.ts';
import type { ProsperiteaEvent } from '../../../src/games/prosperitea/events.ts';

export const game = prosperitea;

export function kind(id: string): number {
  const k = INGREDIENTS.value.findIndex((d) => d.id === id);
  if (k < 0) throw new Error(`no ingredient ${id}`);
  return k;
}

export function orderId(name: string): number {
  const id = ORDER_CARDS.findIndex((c) => c.def.name === name);
  if (id < 0) throw new Error(`no order ${name}`);
  return id;
}

export function cards(...ids: string[]): number[] {
  const counts = new Array<number>(KINDS).fill(0);
  for (const id of ids) counts[kind(id)]! += 1;
  return counts;
}

export function shop(partial: Partial<Shop> = {}): Shop {
  return { ingredients: new Array<number>(KINDS).fill(0), money: 0, favors: 0, displayed: [], ...partial };
}

/** A game past the draft: seat 0 first and to play, empty shops unless given. */
export function started(
  players: number,
  changes: Partial<ProsperiteaState> = {},
  seed = 'test',
): ProsperiteaState {
  const base = game.setup(players, seed, {});
  return {
    ...base,
    first: 0,
    current: 0,
    phase: 'source',
    round: 1,
    draftLeft: new Array<number>(players).fill(0),
    shops: Array.from({ length: players }, () => shop()),
    ...changes,
  };
}

/** Applies an action through the checked path and fails the test if it is refused. */
export function act(
  state: ProsperiteaState,
  seat: number,
  action: ProsperiteaAction,
): { state: ProsperiteaState; events: ProsperiteaEvent[] } {
  const result = game.apply(state, seat, action);
  if (!result.ok)
    throw new Error(`refused ${JSON.stringify(action)}: ${result.error.rule} ${result.error.message}`);
  expect(game.stateSchema.safeParse(result.state).success).toBe(true);
  return { state: result.state, events: [...result.events] };
}

export function refusedRule(state: ProsperiteaState, seat: number, action: unknown): string {
  const result = game.apply(state, seat, action);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  return result.error.rule;
}

export function legal(state: ProsperiteaState, seat: number): ProsperiteaAction[] {
  return game.legalActions(state, seat);
}

/** Puts `order` into market slot `slot`. */
export function withOrder(state: ProsperiteaState, slot: number, order: number): ProsperiteaState {
  const market = state.market.slice();
  market[slot] = order;
  return { ...state, market };
}
