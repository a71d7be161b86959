import { mapArray } from '../../../core/arrays.ts';
import { STRENGTH_BY_COUNT } from '../data.ts';
import type { PiState } from '../state.ts';
import { currentCard } from './common.ts';

/** With this many players only the two neighbours count when sharing a command. */
const NEIGHBOUR_RULE_PLAYERS = 4;

/** Base strength of each seat's command in a step, before the Prosperity slot bonus. */
export function baseStrengths(players: number, commands: readonly number[]): number[] {
  return mapArray(commands, (cmd, seat) => {
    if (players === NEIGHBOUR_RULE_PLAYERS) {
      const left = commands[(seat + players - 1) % players];
      const right = commands[(seat + 1) % players];
      return 3 - (left === cmd ? 1 : 0) - (right === cmd ? 1 : 0);
    }
    let same = 0;
    for (const other of commands) if (other === cmd) same++;
    return STRENGTH_BY_COUNT[same]!;
  });
}

/** Per seat, 1 where the current Prosperity card's slot pictures the seat's command in this step. */
export function stepBonus(state: PiState, step: number): number[] {
  const card = currentCard(state);
  return mapArray(state.plans, (p) => (card && card.slots[step] === p![step] ? 1 : 0));
}

/** Strengths in a step: base strength, +1 where the Prosperity card's slot pictures the same command. */
export function stepStrengths(state: PiState, step: number, bonus: readonly number[]): number[] {
  const commands = mapArray(state.plans, (p) => p![step]!);
  return mapArray(baseStrengths(state.players, commands), (s, seat) => s + bonus[seat]!);
}
