/**
 * Explore, one small choice at a time: pick a source hex and how many of its unmoved ships form the
 * fleet, then move it hex by hex (at most two), optionally picking up or dropping ships at the
 * halfway hex. Moving ships are off the board until they land, so the halfway hex is not held.
 */
import type { Fleet, PiAction, PiEvent, PiState } from '../state.ts';
import { NOBODY, makeFleet } from '../state.ts';
import { geometry, illegal, withHex } from './common.ts';

const MAX_STEPS = 2;

function passable(state: PiState, seat: number, hex: number): boolean {
  const o = state.owner[hex];
  return o === NOBODY || o === seat;
}

function unmoved(state: PiState, seat: number, hex: number): number {
  return state.owner[hex] === seat ? state.ships[hex]! - state.used[hex]! : 0;
}

function hasExit(state: PiState, seat: number, hex: number): boolean {
  for (const n of geometry(state).neighbours[hex]!) if (passable(state, seat, n)) return true;
  return false;
}

export function exploreHasOptions(state: PiState, seat: number): boolean {
  for (let h = 0; h < state.owner.length; h++)
    if (unmoved(state, seat, h) > 0 && hasExit(state, seat, h)) return true;
  return false;
}

function fleetChoices(state: PiState, seat: number): PiAction[] {
  const out: PiAction[] = [];
  if (state.left <= 0) return out;
  for (let h = 0; h < state.owner.length; h++) {
    const n = unmoved(state, seat, h);
    if (n > 0 && hasExit(state, seat, h))
      for (let k = 1; k <= n; k++) out.push({ type: 'fleet', from: h, ships: k });
  }
  return out;
}

function moveChoices(state: PiState, seat: number, fleet: Fleet): PiAction[] {
  const out: PiAction[] = [];
  for (const n of geometry(state).neighbours[fleet.at]!)
    if (passable(state, seat, n)) out.push({ type: 'move', to: n });
  return out;
}

export function exploreLegal(state: PiState, seat: number): PiAction[] {
  const fleet = state.fleet;
  if (fleet === null) return fleetChoices(state, seat);
  const moves = moveChoices(state, seat, fleet);
  if (fleet.steps === 0 || fleet.adjusted) return moves;
  // Halfway: pick-up or drop-off only make sense before moving on.
  const out = moves.slice();
  if (moves.length > 0) {
    for (let k = 1; k <= unmoved(state, seat, fleet.at); k++) out.push({ type: 'pickup', ships: k });
    for (let k = 1; k < fleet.ships; k++) out.push({ type: 'drop', ships: k });
  }
  out.push({ type: 'end' });
  return out;
}

export function exploreExplain(state: PiState, seat: number, action: PiAction) {
  const fleet = state.fleet;
  if (fleet === null) {
    if (action.type !== 'fleet')
      return illegal('perform.command', 'you are performing Explore: choose a fleet or stop');
    return illegal(
      'explore.fleet',
      'a fleet is formed from ships of yours in one hex that have not moved this round and have somewhere to go',
    );
  }
  switch (action.type) {
    case 'move':
      return illegal(
        'explore.path',
        'a fleet moves to an adjacent hex that no other player (or neutral) holds, at most two hexes, and stops in Tri-Prime',
      );
    case 'pickup':
    case 'drop':
      return illegal(
        'explore.pickup-drop',
        'ships may be picked up (unmoved ones of yours) or dropped (keeping at least one moving) once, at the halfway hex, before moving on',
      );
    case 'end':
      return illegal('explore.pickup-drop', 'after a pick-up or drop-off the fleet must move on');
    default:
      return illegal('explore.moving', 'a fleet is moving: move it, pick up, drop off or end its move');
  }
}

function land(state: PiState, seat: number, hex: number, ships: number): PiState {
  state.used[hex]! += ships;
  return withHex(state, hex, seat, state.ships[hex]! + ships);
}

export function explorePerform(state: PiState, seat: number, action: PiAction, events: PiEvent[]): PiState {
  const fleet = state.fleet;
  switch (action.type) {
    case 'fleet': {
      events.push({ type: 'fleet', seat, from: action.from, ships: action.ships });
      const next = withHex(state, action.from, seat, state.ships[action.from]! - action.ships);
      const moving = makeFleet(action.from, action.from, action.ships, 0, false);
      return Object.assign(next, { fleet: moving, left: next.left - 1 });
    }
    case 'move': {
      const f = fleet!;
      events.push({ type: 'move', seat, to: action.to, ships: f.ships });
      const steps = f.steps + 1;
      if (steps >= MAX_STEPS || action.to === geometry(state).triPrime) {
        events.push({ type: 'arrive', seat, hex: action.to, ships: f.ships });
        return Object.assign(land(state, seat, action.to, f.ships), { fleet: null });
      }
      return Object.assign(state, { fleet: makeFleet(f.from, action.to, f.ships, steps, false) });
    }
    case 'pickup': {
      const f = fleet!;
      events.push({ type: 'pickup', seat, hex: f.at, ships: action.ships });
      const next = withHex(state, f.at, seat, state.ships[f.at]! - action.ships);
      return Object.assign(next, { fleet: makeFleet(f.from, f.at, f.ships + action.ships, f.steps, true) });
    }
    case 'drop': {
      const f = fleet!;
      events.push({ type: 'drop', seat, hex: f.at, ships: action.ships });
      const next = land(state, seat, f.at, action.ships);
      return Object.assign(next, { fleet: makeFleet(f.from, f.at, f.ships - action.ships, f.steps, true) });
    }
    default: {
      const f = fleet!;
      events.push({ type: 'arrive', seat, hex: f.at, ships: f.ships });
      return Object.assign(land(state, seat, f.at, f.ships), { fleet: null });
    }
  }
}
