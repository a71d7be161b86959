/** Phase dispatch: who acts, what they may do, why not, and what happens. */
import type { RuleError } from '../../../core/index.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';
import { draft, illegal, performer } from './common.ts';
import type { Result } from './common.ts';
import { exploitActor, exploitExplain, exploitLegal, exploitPerform } from './exploit.ts';
import { performAction, performExplain, performLegal } from './perform.ts';
import { planActors, planExplain, planLegal, planPerform } from './plan.ts';
import { setupExplain, setupLegal, setupPerform, setupSeat } from './setup.ts';

export function actorsOf(state: PiState): number[] {
  switch (state.phase) {
    case 'setup':
      return [setupSeat(state)];
    case 'plan':
      return planActors(state);
    case 'perform':
      return [performer(state)];
    case 'exploit':
      return [exploitActor(state)];
    default:
      return [];
  }
}

export function legalOf(state: PiState, seat: number): PiAction[] {
  switch (state.phase) {
    case 'setup':
      return setupLegal(state, seat);
    case 'plan':
      return seat >= 0 && seat < state.players ? planLegal() : [];
    case 'perform':
      return performLegal(state, seat);
    case 'exploit':
      return exploitLegal(state, seat);
    default:
      return [];
  }
}

export function explainOf(state: PiState, seat: number, action: PiAction): RuleError {
  switch (state.phase) {
    case 'setup':
      return setupExplain(state, action);
    case 'plan':
      return planExplain(action);
    case 'perform':
      return performExplain(state, seat, action);
    case 'exploit':
      return exploitExplain(state, action);
    default:
      return illegal('end.over', 'the game is over');
  }
}

export function performOf(input: PiState, seat: number, action: PiAction): Result {
  const state = draft(input);
  switch (action.type) {
    case 'place':
      return setupPerform(state, seat, action);
    case 'plan':
      return planPerform(state, seat, action);
    case 'score':
      return exploitPerform(state, seat, action);
    default: {
      const events: PiEvent[] = [];
      return performAction(state, seat, action, events);
    }
  }
}

/** Field-by-field equality of two actions (faster than canonical JSON on the hot path). */
export function sameAction(a: PiAction, b: PiAction): boolean {
  if (a.type !== b.type) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) {
    if (key === 'type') continue;
    const u = x[key];
    const v = y[key];
    if (Array.isArray(u)) {
      if (!Array.isArray(v) || u.length !== v.length || u.some((item, i) => item !== v[i])) return false;
    } else if (u !== v) return false;
  }
  for (const key in y) if (!(key in x)) return false;
  return true;
}
