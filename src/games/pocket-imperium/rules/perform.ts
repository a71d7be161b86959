/** Step sequencing of the Perform phase: reveal a slot, then each seat's command in turn. */
import { filledArray, mapArray } from '../../../core/arrays.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';
import { illegal, performer } from './common.ts';
import type { Result } from './common.ts';
import { expandExplain, expandLegal, expandPerform, expandHasOptions } from './expand.ts';
import { exploreExplain, exploreLegal, explorePerform, exploreHasOptions } from './explore.ts';
import {
  exterminateExplain,
  exterminateLegal,
  exterminatePerform,
  exterminateHasOptions,
} from './exterminate.ts';
import { beginExploit } from './exploit.ts';
import { stepBonus, stepStrengths } from './strength.ts';

interface CommandRules {
  hasOptions(state: PiState, seat: number): boolean;
  legal(state: PiState, seat: number): PiAction[];
  perform(state: PiState, seat: number, action: PiAction, events: PiEvent[]): PiState;
  explain(state: PiState, seat: number, action: PiAction): ReturnType<typeof illegal>;
}

/** Indexed by command (0 Expand, 1 Explore, 2 Exterminate). */
const COMMAND_RULES: readonly CommandRules[] = [
  { hasOptions: expandHasOptions, legal: expandLegal, perform: expandPerform, explain: expandExplain },
  { hasOptions: exploreHasOptions, legal: exploreLegal, perform: explorePerform, explain: exploreExplain },
  {
    hasOptions: exterminateHasOptions,
    legal: exterminateLegal,
    perform: exterminatePerform,
    explain: exterminateExplain,
  },
];

/** Reveal slot `step` for everyone; order the seats: Expands, then Explores, then Exterminates, each clockwise. */
export function beginStep(state: PiState, step: number, events: PiEvent[]): Result {
  const revealed = Object.assign(state, { revealed: step + 1 });
  const bonus = stepBonus(revealed, step);
  const strengths = stepStrengths(revealed, step, bonus);
  const commands = mapArray(state.plans, (p) => p![step]!);
  events.push({ type: 'reveal', step, commands, strengths, bonus });
  const order: number[] = [];
  for (let cmd = 0; cmd < 3; cmd++)
    for (let i = 0; i < state.players; i++) {
      const seat = (state.start + i) % state.players;
      if (commands[seat] === cmd) order.push(seat);
    }
  return startTurn(Object.assign(revealed, { strengths, order, turn: 0 }), events);
}

/** Begin the command of the seat at `state.turn`, skipping seats that have nothing they could do. */
export function startTurn(state: PiState, events: PiEvent[]): Result {
  const next = state;
  for (;;) {
    if (next.turn >= next.order.length) {
      if (next.revealed < 3) return beginStep(next, next.revealed, events);
      return beginExploit(Object.assign(next, { phase: 'exploit' as const, order: [], turn: 0 }), events);
    }
    const seat = next.order[next.turn]!;
    const command = next.plans[seat]![next.revealed - 1]!;
    next.left = next.strengths[seat]!;
    next.used = filledArray(next.owner.length, 0);
    next.fleet = null;
    next.attack = null;
    if (COMMAND_RULES[command]!.hasOptions(next, seat)) return { state: next, events };
    events.push({ type: 'skip', seat, command });
    next.turn += 1;
  }
}

function endTurn(state: PiState, events: PiEvent[]): Result {
  return startTurn(
    Object.assign(state, { turn: state.turn + 1, fleet: null, attack: null, left: 0 }),
    events,
  );
}

function commandOf(state: PiState, seat: number): CommandRules {
  return COMMAND_RULES[state.plans[seat]![state.revealed - 1]!]!;
}

/** A seat may give up the rest of its command, but not in the middle of a fleet move or an invasion. */
function mayStop(state: PiState): boolean {
  return state.fleet === null && state.attack === null;
}

export function performLegal(state: PiState, seat: number): PiAction[] {
  if (seat !== performer(state)) return [];
  const legal = commandOf(state, seat).legal(state, seat);
  if (mayStop(state)) legal.push({ type: 'stop' });
  return legal;
}

export function performExplain(state: PiState, seat: number, action: PiAction) {
  if (action.type === 'stop')
    return illegal('command.stop', 'finish the fleet move or the invasion you have started first');
  return commandOf(state, seat).explain(state, seat, action);
}

export function performAction(state: PiState, seat: number, action: PiAction, events: PiEvent[]): Result {
  if (action.type === 'stop') {
    events.push({ type: 'stop', seat });
    return endTurn(state, events);
  }
  const rules = commandOf(state, seat);
  const next = rules.perform(state, seat, action, events);
  if (next.fleet === null && next.attack === null && (next.left <= 0 || !rules.hasOptions(next, seat)))
    return endTurn(next, events);
  return { state: next, events };
}
