/**
 * The heuristic bot and the playout policy share one decision procedure over what a seat knows
 * (the board, its own command, the fleet or invasion under way). The bot feeds it the seat's view;
 * the playout policy the sampled world it is given.
 */
import { Rng } from '../../core/index.ts';
import type { BotFactory } from '../../core/index.ts';
import { LEVEL_VP, PROSPERITY_CARDS, SUSTAIN_LIMIT } from './data.ts';
import { GEOMETRY } from './map.ts';
import { NOBODY } from './state.ts';
import type { Attack, Fleet, PiAction, PiState, PiView } from './state.ts';
import { COMMAND_INDEX } from './rules/common.ts';

interface Knowledge {
  readonly players: number;
  readonly layout: PiState['layout'];
  readonly level: readonly number[];
  readonly sector: readonly number[];
  readonly owner: readonly number[];
  readonly ships: readonly number[];
  readonly used: readonly number[];
  readonly fleet: Fleet | null;
  readonly attack: Attack | null;
  /** Prosperity card in effect this round, if any. */
  readonly card: number | null;
  readonly rounds: number;
  readonly round: number;
}

/** Views and states name these fields alike; copying only them keeps playouts cheap. */
function knowledge(source: PiView | PiState, card: number | null): Knowledge {
  return {
    players: source.players,
    layout: source.layout,
    level: source.level,
    sector: source.sector,
    owner: source.owner,
    ships: source.ships,
    used: source.used,
    fleet: source.fleet,
    attack: source.attack,
    card,
    rounds: source.rounds,
    round: source.round,
  };
}

function fromView(view: PiView): Knowledge {
  return knowledge(view, view.prosperity ? (view.chain[view.round - 1] ?? null) : null);
}

function fromState(state: PiState): Knowledge {
  return knowledge(state, state.prosperity ? (state.chain[state.round - 1] ?? null) : null);
}

const jitter = (rng: Rng) => rng.next() * 0.01;

function bestBy<T>(items: readonly T[], score: (item: T) => number): T {
  let best = items[0] as T;
  let top = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > top) {
      top = s;
      best = item;
    }
  }
  return best;
}

function neighbours(k: Knowledge, hex: number): readonly number[] {
  return GEOMETRY[k.layout].neighbours[hex]!;
}

/** How much a seat wants to hold a hex it does not hold yet. */
function claimValue(k: Knowledge, seat: number, hex: number): number {
  if (k.owner[hex] !== NOBODY || k.level[hex] === 0) return 0;
  return LEVEL_VP[k.level[hex]!]! * 3;
}

function passable(k: Knowledge, seat: number, hex: number): boolean {
  return k.owner[hex] === NOBODY || k.owner[hex] === seat;
}

/** Best claim value reachable from a hex within `steps` moves (entering Tri-Prime stops). */
function reach(k: Knowledge, seat: number, hex: number, steps: number): number {
  if (steps <= 0) return 0;
  let best = 0;
  const tri = GEOMETRY[k.layout].triPrime;
  for (const n of neighbours(k, hex)) {
    if (!passable(k, seat, n)) continue;
    best = Math.max(best, claimValue(k, seat, n));
    if (n !== tri) best = Math.max(best, reach(k, seat, n, steps - 1) * 0.9);
  }
  return best;
}

function placeScore(k: Knowledge, hex: number): number {
  let s = 0;
  for (const n of neighbours(k, hex)) s += LEVEL_VP[k.level[n]!]!;
  return s;
}

const PLAN_BASE = [1, 0, 2]; // Explore (claim systems), then Expand (reinforce them), then Exterminate.
const EXTERMINATE = 2;

/** Enemy systems the seat could take now with spare ships from adjacent hexes. */
function strikes(k: Knowledge, seat: number): number {
  let n = 0;
  for (let h = 0; h < k.owner.length; h++) {
    const o = k.owner[h]!;
    if (o === seat || o === NOBODY || k.level[h] === 0) continue;
    let force = 0;
    for (const m of neighbours(k, h)) if (k.owner[m] === seat) force += k.ships[m]! - keepFor(k, m);
    if (force > k.ships[h]!) n++;
  }
  return n;
}

function planScore(k: Knowledge, seat: number, order: readonly number[]): number {
  let s = 0;
  order.forEach((c, slot) => (s += c === PLAN_BASE[slot] ? 2 : 0));
  // Strike first when a rival's system is there for the taking, before it is reinforced.
  if (order[0] === EXTERMINATE && strikes(k, seat) > 0) s += 3;
  if (k.card !== null) {
    const slots = PROSPERITY_CARDS[k.card]!.slots;
    order.forEach((c, slot) => (s += c === slots[slot] ? 1.5 : 0));
  }
  return s;
}

function keepFor(k: Knowledge, hex: number): number {
  return k.level[hex]! > 0 ? 1 : 0;
}

function expandScore(k: Knowledge, hex: number): number {
  const room = SUSTAIN_LIMIT[k.level[hex]!]! - k.ships[hex]!;
  return (room > 0 ? 10 : 0) + k.level[hex]! * 2 - k.ships[hex]!;
}

function fleetScore(k: Knowledge, seat: number, from: number, ships: number): number {
  const surplus = k.ships[from]! - keepFor(k, from);
  if (ships > surplus || ships <= 0) return -1;
  const value = reach(k, seat, from, 2);
  if (value <= 0) return -1;
  // One ship claims a system; send extra only out of hexes over their limit.
  const over = k.ships[from]! - SUSTAIN_LIMIT[k.level[from]!]!;
  const wanted = Math.max(1, over);
  return value - Math.abs(ships - wanted) * 0.5;
}

function moveScore(k: Knowledge, seat: number, fleet: Fleet, to: number): number {
  const here = claimValue(k, seat, to);
  const tri = GEOMETRY[k.layout].triPrime;
  const later = fleet.steps === 0 && to !== tri ? reach(k, seat, to, 1) * 0.9 : 0;
  return Math.max(here, later);
}

function attackers(k: Knowledge, seat: number, target: number): number {
  let n = 0;
  for (const h of neighbours(k, target))
    if (k.owner[h] === seat && k.used[h] === 0) n += k.ships[h]! - keepFor(k, h);
  return n;
}

function targetScore(k: Knowledge, seat: number, hex: number): number {
  const force = attackers(k, seat, hex);
  const defenders = k.ships[hex]!;
  if (force <= defenders) return -1;
  const enemy = k.owner[hex] !== NOBODY ? 1 : 0;
  return LEVEL_VP[k.level[hex]!]! * 3 + enemy * 2 - defenders * 0.5;
}

function sectorScore(k: Knowledge, seat: number, sector: number): number {
  const gains = new Array<number>(k.players).fill(0);
  for (let h = 0; h < k.sector.length; h++) {
    const o = k.owner[h]!;
    if (k.sector[h] === sector && o >= 0 && o < k.players) gains[o]! += LEVEL_VP[k.level[h]!]!;
  }
  let rival = 0;
  gains.forEach((g, s) => (s !== seat && g > rival ? (rival = g) : 0));
  return gains[seat]! * 2 - rival;
}

function choose(k: Knowledge, seat: number, legal: readonly PiAction[], rng: Rng): PiAction {
  const first = legal[0]!;
  const stop = legal.find((a) => a.type === 'stop');
  switch (first.type) {
    case 'place':
      return bestBy(legal, (a) => (a.type === 'place' ? placeScore(k, a.hex) + jitter(rng) : -1));
    case 'plan':
      return bestBy(legal, (a) =>
        a.type === 'plan'
          ? planScore(
              k,
              seat,
              a.order.map((c) => COMMAND_INDEX[c]),
            ) + jitter(rng)
          : -1,
      );
    case 'expand':
      return bestBy(legal, (a) => (a.type === 'expand' ? expandScore(k, a.hex) + jitter(rng) : -1));
    case 'fleet': {
      const best = bestBy(legal, (a) =>
        a.type === 'fleet' ? fleetScore(k, seat, a.from, a.ships) + jitter(rng) : -1,
      );
      return best.type === 'fleet' && fleetScore(k, seat, best.from, best.ships) > 0 ? best : (stop ?? best);
    }
    case 'target': {
      const best = bestBy(legal, (a) =>
        a.type === 'target' ? targetScore(k, seat, a.hex) + jitter(rng) : -1,
      );
      return best.type === 'target' && targetScore(k, seat, best.hex) > 0 ? best : (stop ?? best);
    }
    case 'score':
      return bestBy(legal, (a) => (a.type === 'score' ? sectorScore(k, seat, a.sector) + jitter(rng) : -1));
    default:
      return chooseInProgress(k, seat, legal, rng);
  }
}

/** Moves of a fleet under way and commitments to an invasion under way. */
function chooseInProgress(k: Knowledge, seat: number, legal: readonly PiAction[], rng: Rng): PiAction {
  if (k.fleet) {
    const fleet = k.fleet;
    const endHere = legal.find((a) => a.type === 'end');
    const hereValue = claimValue(k, seat, fleet.at);
    const moves = legal.filter((a) => a.type === 'move');
    if (moves.length === 0) return endHere ?? legal[0]!;
    const best = bestBy(moves, (a) =>
      a.type === 'move' ? moveScore(k, seat, fleet, a.to) + jitter(rng) : -1,
    );
    const bestValue = best.type === 'move' ? moveScore(k, seat, fleet, best.to) : 0;
    if (endHere && hereValue >= bestValue) return endHere;
    return best;
  }
  if (k.attack) {
    const attack = k.attack;
    const need = k.ships[attack.target]! + 1 - attack.ships;
    const launch = legal.find((a) => a.type === 'launch');
    if (need <= 0 && launch) return launch;
    const commits = legal.filter((a): a is PiAction & { type: 'attack' } => a.type === 'attack');
    if (commits.length === 0) return launch ?? legal[0]!;
    const source = bestBy(commits, (a) => k.ships[a.from]! - keepFor(k, a.from)).from;
    const spare = Math.max(1, k.ships[source]! - keepFor(k, source));
    const want = Math.min(spare, Math.max(1, need));
    return (
      commits.find((a) => a.from === source && a.ships === want) ?? commits.find((a) => a.from === source)!
    );
  }
  return legal[rng.int(legal.length)]!;
}

export const heuristicBot: BotFactory<PiState, PiAction, PiView> = ({ seat, seed }) => {
  const rng = Rng.fromSeed(`pocket-imperium-heuristic:${seed}`);
  return { name: 'heuristic', act: ({ view, legal }) => choose(fromView(view), seat, legal, rng) };
};

export function playoutMove(state: PiState, seat: number, legal: readonly PiAction[], rng: Rng): PiAction {
  return choose(fromState(state), seat, legal, rng);
}

/** Share of (VP + half the VP value of held systems per remaining round), in [0, 1]. */
export function evaluateState(state: PiState): number[] {
  const remaining = Math.max(0, state.rounds - state.round) + 1;
  const score = new Array<number>(state.players).fill(0);
  for (let s = 0; s < state.players; s++)
    score[s] = state.vp.sector[s]! + state.vp.extra[s]! + state.vp.prosperity[s]!;
  for (let h = 0; h < state.owner.length; h++) {
    const o = state.owner[h]!;
    if (o >= 0 && o < state.players)
      score[o]! += (LEVEL_VP[state.level[h]!]! * remaining) / 2 + 0.05 * state.ships[h]!;
  }
  const total = score.reduce((a, b) => a + b, 0);
  return total > 0 ? score.map((v) => v / total) : score.map(() => 1 / state.players);
}
