import { mapArray } from '../../../core/arrays.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';
import { controlledSystems, illegal, withHex } from './common.ts';

export function expandHasOptions(state: PiState, seat: number): boolean {
  if (state.supply[seat]! <= 0) return false;
  for (let h = 0; h < state.owner.length; h++)
    if (state.owner[h] === seat && state.level[h]! > 0) return true;
  return false;
}

/** One ship at a time onto a system the seat controls, while strength and supply last. */
export function expandLegal(state: PiState, seat: number): PiAction[] {
  if (state.left <= 0 || state.supply[seat]! <= 0) return [];
  return mapArray(controlledSystems(state, seat), (hex): PiAction => ({ type: 'expand', hex }));
}

export function expandExplain(state: PiState, seat: number, action: PiAction) {
  if (action.type !== 'expand')
    return illegal('perform.command', 'you are performing Expand: add a ship or stop');
  return illegal('expand.target', 'new ships go only onto systems you control');
}

export function expandPerform(state: PiState, seat: number, action: PiAction, events: PiEvent[]): PiState {
  const hex = (action as PiAction & { type: 'expand' }).hex;
  state.supply[seat]! -= 1;
  state.left -= 1;
  events.push({ type: 'expand', seat, hex });
  return withHex(state, hex, seat, state.ships[hex]! + 1);
}
