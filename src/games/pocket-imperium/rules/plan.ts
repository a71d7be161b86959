import { arrayOf, mapArray } from '../../../core/arrays.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';
import { COMMAND_INDEX, illegal } from './common.ts';
import type { Result } from './common.ts';
import { beginStep } from './perform.ts';
import { revealForecast } from './prosperity.ts';

const PERMUTATIONS: readonly (readonly [0 | 1 | 2, 0 | 1 | 2, 0 | 1 | 2])[] = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
const NAMES = ['expand', 'explore', 'exterminate'] as const;

/** The six orders of the three command cards. Shared objects: actions are never mutated. */
export const PLAN_ACTIONS: readonly PiAction[] = PERMUTATIONS.map((p) => ({
  type: 'plan',
  order: [NAMES[p[0]], NAMES[p[1]], NAMES[p[2]]],
}));

export function beginPlan(state: PiState, events: PiEvent[]): Result {
  events.push({ type: 'round', round: state.round, start: state.start });
  const next = Object.assign(state, {
    phase: 'plan' as const,
    plans: arrayOf(state.players, () => null),
    revealed: 0,
    chosen: [],
    choosers: [],
    chooser: -1,
  });
  return { state: revealForecast(next, events), events };
}

/** Everyone may act until the last plan is in; seats still to submit come first. */
export function planActors(state: PiState): number[] {
  const waiting: number[] = [];
  const done: number[] = [];
  state.plans.forEach((p, s) => (p === null ? waiting : done).push(s));
  return waiting.concat(done);
}

export function planLegal(): PiAction[] {
  return PLAN_ACTIONS.slice();
}

export function planExplain(action: PiAction) {
  if (action.type !== 'plan') return illegal('plan.secret', 'everyone is planning: submit a plan');
  return illegal('plan.order', 'a plan puts Expand, Explore and Exterminate once each into the three slots');
}

export function planPerform(state: PiState, seat: number, action: PiAction & { type: 'plan' }): Result {
  const order = mapArray(action.order, (c) => COMMAND_INDEX[c]);
  const plans = state.plans.slice();
  plans[seat] = order;
  const events: PiEvent[] = [{ type: 'planned', seat, order }];
  const next = Object.assign(state, { plans });
  if (plans.some((p) => p === null)) return { state: next, events };
  return beginStep(Object.assign(next, { phase: 'perform' as const }), 0, events);
}
