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
import { baseStrengths } from './rules/strength.ts';

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
  readonly supply: readonly number[];
  /** Earlier rounds' plans (public once revealed): the guess at what rivals will plan. */
  readonly pastPlans: readonly (readonly (readonly number[])[])[];
  /** The seat's own plan this round (null before it is made) and the Perform step (-1 outside it). */
  readonly plan: readonly (number | null)[] | null;
  readonly step: number;
}

/** Views and states name these fields alike; copying only them keeps playouts cheap. */
function knowledge(
  source: PiView | PiState,
  card: number | null,
  plan: readonly (number | null)[] | null,
): Knowledge {
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
    supply: source.supply,
    pastPlans: source.pastPlans,
    plan,
    step: source.phase === 'perform' ? source.revealed - 1 : -1,
  };
}

function fromView(view: PiView, seat: number): Knowledge {
  const plan = view.plans[seat] ?? null;
  return knowledge(view, view.prosperity ? (view.chain[view.round - 1] ?? null) : null, plan);
}

function fromState(state: PiState, seat: number): Knowledge {
  return knowledge(
    state,
    state.prosperity ? (state.chain[state.round - 1] ?? null) : null,
    state.plans[seat] ?? null,
  );
}

const jitter = (rng: Rng) => rng.next() * 0.01;
const PLAN_NOISE = 1;

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

const triPrime = (k: Knowledge) => GEOMETRY[k.layout].triPrime;

/**
 * Tri-Prime is worth far more than its 3 VP: its holder adds a sector to every round's scoring, it
 * scores in the last round and it claims the Tri-Prime Prosperity cards. A bot that values it like
 * any system leaves it to whoever gets there first (the start player) for the whole game.
 */
const TRI_PRIME_CLAIM = 15;
const TRI_PRIME_STRIKE = 12;
/** Value of bringing ships next to a rival's Tri-Prime before this round's Exterminate. */
const STAGING = 8;

/** How much a seat wants to hold a hex it does not hold yet. */
function claimValue(k: Knowledge, seat: number, hex: number): number {
  if (k.owner[hex] !== NOBODY || k.level[hex] === 0) return 0;
  return hex === triPrime(k) ? TRI_PRIME_CLAIM : LEVEL_VP[k.level[hex]!]! * 3;
}

function passable(k: Knowledge, seat: number, hex: number): boolean {
  return k.owner[hex] === NOBODY || k.owner[hex] === seat;
}

/** The seat still has Exterminate to perform after the current step of this round. */
function exterminatesLater(k: Knowledge): boolean {
  return k.plan !== null && k.step >= 0 && k.plan.indexOf(EXTERMINATE) > k.step;
}

/** Ships the seat could throw at a hex from its neighbours, keeping one on each system. */
function spareAround(k: Knowledge, seat: number, hex: number): number {
  let n = 0;
  for (const m of neighbours(k, hex)) if (k.owner[m] === seat) n += k.ships[m]! - keepFor(k, m);
  return n;
}

/**
 * Ships still missing next to a rival's Tri-Prime for this round's Exterminate to take it with a
 * margin (the holder may reinforce first); 0 when there is nothing to stage for.
 */
function stagingNeed(k: Knowledge, seat: number): number {
  const tri = triPrime(k);
  const o = k.owner[tri]!;
  if (o === NOBODY || o === seat || !exterminatesLater(k)) return 0;
  return Math.max(0, k.ships[tri]! + 2 - spareAround(k, seat, tri));
}

function isNextTo(k: Knowledge, a: number, b: number): boolean {
  return neighbours(k, a).includes(b);
}

/** What a fleet gains by ending its move on a hex: a free system, or a place next to a rival's Tri-Prime. */
function hexValue(k: Knowledge, seat: number, hex: number, need: number): number {
  const claim = claimValue(k, seat, hex);
  if (need <= 0 || !passable(k, seat, hex) || !isNextTo(k, hex, triPrime(k))) return claim;
  return Math.max(claim, STAGING);
}

/** Best value reachable from a hex within `steps` moves (entering Tri-Prime stops). */
function reach(k: Knowledge, seat: number, hex: number, steps: number, need: number): number {
  if (steps <= 0) return 0;
  let best = 0;
  const tri = triPrime(k);
  for (const n of neighbours(k, hex)) {
    if (!passable(k, seat, n)) continue;
    best = Math.max(best, hexValue(k, seat, n, need));
    if (n !== tri) best = Math.max(best, reach(k, seat, n, steps - 1, need) * 0.9);
  }
  return best;
}

function placeScore(k: Knowledge, hex: number): number {
  let s = 0;
  for (const n of neighbours(k, hex)) s += LEVEL_VP[k.level[n]!]!;
  return s;
}

const PLAN_BASE = [1, 0, 2]; // Explore (claim systems), then Expand (reinforce them), then Exterminate.
const EXPAND = 0;
const EXPLORE = 1;
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

/** What each rival will plan, guessed as its plan of the last round (the base order in round 1). */
function guessPlans(k: Knowledge): readonly (readonly number[])[] {
  const last = k.pastPlans[k.pastPlans.length - 1];
  return Array.from({ length: k.players }, (_, s) => last?.[s] ?? PLAN_BASE);
}

/** The strength a command would have in a slot, given the guessed plans of the others. */
function guessedStrength(
  k: Knowledge,
  seat: number,
  guesses: readonly (readonly number[])[],
  slot: number,
  cmd: number,
): number {
  const commands = guesses.map((g, s) => (s === seat ? cmd : g[slot]!));
  const base = baseStrengths(k.players, commands)[seat]!;
  return base + (k.card !== null && PROSPERITY_CARDS[k.card]!.slots[slot] === cmd ? 1 : 0);
}

/** Roughly how much one action of each command is worth to the seat now (index = command). */
function usefulness(k: Knowledge, seat: number): [number, number, number] {
  let systems = 0;
  let explore = 0;
  for (let h = 0; h < k.owner.length; h++) {
    if (k.owner[h] !== seat) continue;
    if (k.level[h]! > 0) systems++;
    if (k.ships[h]! > keepFor(k, h)) explore = Math.max(explore, reach(k, seat, h, 2, 0));
  }
  const expand = k.supply[seat]! > 0 && systems > 0 ? 1 : 0;
  const tri = triPrime(k);
  const triHeld = k.owner[tri] !== NOBODY && k.owner[tri] !== seat;
  const exterminate = strikes(k, seat) > 0 ? 1.2 : triHeld && spareAround(k, seat, tri) > 0 ? 0.8 : 0.3;
  return [expand, Math.min(1.2, explore / 6), exterminate];
}

function planScore(
  k: Knowledge,
  seat: number,
  order: readonly number[],
  guesses: readonly (readonly number[])[],
  useful: readonly number[],
): number {
  let s = 0;
  order.forEach((c, slot) => (s += c === PLAN_BASE[slot] ? 1 : 0));
  // Strength counts: a command the others are likely to share is weak, a lone one strong.
  order.forEach((c, slot) => (s += guessedStrength(k, seat, guesses, slot, c) * useful[c]!));
  // Strike first when a rival's system is there for the taking, before it is reinforced.
  if (order[0] === EXTERMINATE && strikes(k, seat) > 0) s += 3;
  const tri = triPrime(k);
  // Holding Tri-Prime: reinforce it before the others' Exterminate.
  if (
    k.owner[tri] === seat &&
    k.ships[tri]! < SUSTAIN_LIMIT[3] &&
    order.indexOf(EXPAND) < order.indexOf(EXTERMINATE)
  )
    s += 1.5;
  // A rival holds it: bring ships next to it (Explore, Expand) before invading.
  if (k.owner[tri] !== seat && k.owner[tri] !== NOBODY && order.indexOf(EXPLORE) < order.indexOf(EXTERMINATE))
    s += 1;
  return s;
}

function keepFor(k: Knowledge, hex: number): number {
  return k.level[hex]! > 0 ? 1 : 0;
}

function expandScore(k: Knowledge, hex: number, need: number): number {
  const room = SUSTAIN_LIMIT[k.level[hex]!]! - k.ships[hex]!;
  // Ships added next to a rival's Tri-Prime invade it later this round, before sustain counts them.
  const staging = need > 0 && isNextTo(k, hex, triPrime(k)) ? 12 : 0;
  return (room > 0 ? 10 : 0) + k.level[hex]! * 2 - k.ships[hex]! + staging;
}

/** What a fleet from a hex can reach, and how many ships it should take. */
interface FleetPlan {
  readonly value: number;
  readonly wanted: number;
}

function fleetPlan(k: Knowledge, seat: number, from: number, need: number): FleetPlan {
  const surplus = k.ships[from]! - keepFor(k, from);
  const value = surplus > 0 ? reach(k, seat, from, 2, need) : 0;
  // One ship claims a system; send extra only out of hexes over their limit, or all the spare
  // ones when they are needed next to a rival's Tri-Prime.
  const over = k.ships[from]! - SUSTAIN_LIMIT[k.level[from]!]!;
  const staging = need > 0 && value >= STAGING * 0.8 && reach(k, seat, from, 2, 0) < value;
  return { value, wanted: staging ? Math.min(surplus, need) : Math.max(1, over) };
}

function fleetScore(k: Knowledge, from: number, ships: number, plan: FleetPlan): number {
  if (ships > k.ships[from]! - keepFor(k, from) || plan.value <= 0) return -1;
  return plan.value - Math.abs(ships - plan.wanted) * 0.5;
}

function moveScore(k: Knowledge, seat: number, fleet: Fleet, to: number, need: number): number {
  const here = hexValue(k, seat, to, need);
  const later = fleet.steps === 0 && to !== triPrime(k) ? reach(k, seat, to, 1, need) * 0.9 : 0;
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
  const tri = hex === triPrime(k) ? TRI_PRIME_STRIKE : 0;
  return LEVEL_VP[k.level[hex]!]! * 3 + enemy * 2 + tri - defenders * 0.5;
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
    case 'plan': {
      const guesses = guessPlans(k);
      const useful = usefulness(k, seat);
      // Plans are simultaneous: a little noise keeps identical bots from always colliding.
      return bestBy(legal, (a) =>
        a.type === 'plan'
          ? planScore(
              k,
              seat,
              a.order.map((c) => COMMAND_INDEX[c]),
              guesses,
              useful,
            ) +
            rng.next() * PLAN_NOISE
          : -1,
      );
    }
    case 'expand': {
      const need = stagingNeed(k, seat);
      return bestBy(legal, (a) => (a.type === 'expand' ? expandScore(k, a.hex, need) + jitter(rng) : -1));
    }
    case 'fleet': {
      const need = stagingNeed(k, seat);
      const plans = new Map<number, FleetPlan>();
      const score = (a: PiAction) => {
        if (a.type !== 'fleet') return -1;
        let plan = plans.get(a.from);
        if (!plan) plans.set(a.from, (plan = fleetPlan(k, seat, a.from, need)));
        return fleetScore(k, a.from, a.ships, plan);
      };
      const best = bestBy(legal, (a) => score(a) + jitter(rng));
      return score(best) > 0 ? best : (stop ?? best);
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
    const need = stagingNeed(k, seat);
    const endHere = legal.find((a) => a.type === 'end');
    const hereValue = hexValue(k, seat, fleet.at, need);
    const moves = legal.filter((a) => a.type === 'move');
    if (moves.length === 0) return endHere ?? legal[0]!;
    const best = bestBy(moves, (a) =>
      a.type === 'move' ? moveScore(k, seat, fleet, a.to, need) + jitter(rng) : -1,
    );
    const bestValue = best.type === 'move' ? moveScore(k, seat, fleet, best.to, need) : 0;
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
    // Tri-Prime is retaken easily when held by one survivor: commit every spare ship to it.
    const want = attack.target === triPrime(k) ? spare : Math.min(spare, Math.max(1, need));
    return (
      commits.find((a) => a.from === source && a.ships === want) ?? commits.find((a) => a.from === source)!
    );
  }
  return legal[rng.int(legal.length)]!;
}

export const heuristicBot: BotFactory<PiState, PiAction, PiView> = ({ seat, seed }) => {
  const rng = Rng.fromSeed(`pocket-imperium-heuristic:${seed}`);
  return { name: 'heuristic', act: ({ view, legal }) => choose(fromView(view, seat), seat, legal, rng) };
};

export function playoutMove(state: PiState, seat: number, legal: readonly PiAction[], rng: Rng): PiAction {
  return choose(fromState(state, seat), seat, legal, rng);
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
