/**
 * Exterminate, one small choice at a time: choose a system to invade, commit ships from adjacent
 * hexes one source at a time, then launch. Ships that have invaded this command cannot invade again.
 */
import { makeAttack } from '../state.ts';
import type { PiAction, PiEvent, PiState } from '../state.ts';
import { geometry, illegal, isPlayer, withHex } from './common.ts';

function available(state: PiState, seat: number, hex: number): boolean {
  return state.owner[hex] === seat && state.used[hex] === 0 && state.ships[hex]! > 0;
}

function isTarget(state: PiState, seat: number, hex: number): boolean {
  if (state.level[hex] === 0 || state.owner[hex] === seat) return false;
  for (const n of geometry(state).neighbours[hex]!) if (available(state, seat, n)) return true;
  return false;
}

export function exterminateHasOptions(state: PiState, seat: number): boolean {
  for (let h = 0; h < state.owner.length; h++) if (isTarget(state, seat, h)) return true;
  return false;
}

export function exterminateLegal(state: PiState, seat: number): PiAction[] {
  const attack = state.attack;
  const out: PiAction[] = [];
  if (attack === null) {
    if (state.left <= 0) return out;
    for (let h = 0; h < state.owner.length; h++)
      if (isTarget(state, seat, h)) out.push({ type: 'target', hex: h });
    return out;
  }
  for (const n of geometry(state).neighbours[attack.target]!)
    if (available(state, seat, n) && !attack.sources.includes(n))
      for (let k = 1; k <= state.ships[n]!; k++) out.push({ type: 'attack', from: n, ships: k });
  if (attack.ships > 0) out.push({ type: 'launch' });
  return out;
}

export function exterminateExplain(state: PiState, seat: number, action: PiAction) {
  if (state.attack === null) {
    if (action.type !== 'target')
      return illegal('perform.command', 'you are performing Exterminate: choose a system to invade or stop');
    return illegal(
      'exterminate.target',
      'invade a system you do not control that is next to a hex of yours with ships that have not invaded this turn',
    );
  }
  if (action.type === 'attack')
    return illegal(
      'exterminate.source',
      'invading ships come from hexes of yours next to the target, each hex once, ships that have not invaded yet',
    );
  if (action.type === 'launch')
    return illegal('exterminate.source', 'commit at least one ship before launching');
  return illegal('exterminate.committed', 'an invasion is being prepared: commit ships or launch it');
}

function returnToSupply(supply: number[], owner: number, ships: number): void {
  if (isPlayer(owner) && ships > 0) supply[owner]! += ships;
}

export function exterminatePerform(
  state: PiState,
  seat: number,
  action: PiAction,
  events: PiEvent[],
): PiState {
  if (action.type === 'target') {
    events.push({ type: 'target', seat, hex: action.hex });
    return Object.assign(state, {
      attack: makeAttack(action.hex, 0, []),
      left: state.left - 1,
    });
  }
  const attack = state.attack!;
  if (action.type === 'attack') {
    events.push({ type: 'attack', seat, from: action.from, ships: action.ships });
    const next = withHex(state, action.from, seat, state.ships[action.from]! - action.ships);
    next.attack = makeAttack(attack.target, attack.ships + action.ships, [...attack.sources, action.from]);
    return next;
  }
  return battle(state, seat, attack.target, attack.ships, events);
}

/** Both sides lose as many ships as the smaller force; equal forces leave the system empty. */
function battle(state: PiState, seat: number, hex: number, attackers: number, events: PiEvent[]): PiState {
  const defender = state.owner[hex]!;
  const defenders = state.ships[hex]!;
  const losses = Math.min(attackers, defenders);
  events.push({ type: 'battle', seat, hex, attackers, defender, defenders, losses });
  returnToSupply(state.supply, seat, losses);
  returnToSupply(state.supply, defender, losses);
  const left = attackers - losses;
  const next = left > 0 ? withHex(state, hex, seat, left) : withHex(state, hex, defender, defenders - losses);
  next.used[hex] = 1;
  next.attack = null;
  return next;
}
