import { arrayOf, emptyList, filledArray, mapArray } from '../../../core/arrays.ts';
import { Rng } from '../../../core/index.ts';
import type { RngState } from '../../../core/index.ts';
import { NEUTRAL_SHIPS, PRESETS, PROSPERITY_CARDS, SECTOR_CARDS, TRI_PRIME_CARDS } from '../data.ts';
import { GEOMETRY, buildBoard } from '../map.ts';
import type { LayoutId } from '../map.ts';
import { NEUTRAL, NOBODY, makeVp } from '../state.ts';
import type { PiAction, PiOptions, PiState } from '../state.ts';
import { illegal, isPlayer, withHex } from './common.ts';
import type { Result } from './common.ts';
import { beginPlan } from './plan.ts';

export const SETUP_SHIPS = 2;

function dealCards(rng: Rng, layout: LayoutId): string[] {
  const edges = rng.shuffle(SECTOR_CARDS.filter((c) => c.shape === 'edge').map((c) => c.id));
  const sides = rng.shuffle(SECTOR_CARDS.filter((c) => c.shape === 'side').map((c) => c.id));
  return mapArray(GEOMETRY[layout].layout.places, (p) =>
    p.shape === 'edge' ? edges.shift()! : sides.shift()!,
  );
}

/**
 * The Prosperity chain (rulebook): one random Tri-Prime card is set aside as the last card; the other
 * two join the rest, (12 − rounds) of them go back to the box, and the rest are shuffled on top.
 */
export function buildChain(rng: Rng, rounds: number): { chain: number[]; removed: number[] } {
  const tri = rng.shuffle(TRI_PRIME_CARDS);
  const last = tri[0]!;
  const others = PROSPERITY_CARDS.map((c) => c.id).filter((id) => id !== last);
  const pool = rng.shuffle(others);
  const drop = PROSPERITY_CARDS.length - rounds;
  const removed = pool.slice(0, drop).sort((a, b) => a - b);
  const kept = rng.shuffle(pool.slice(drop));
  return { chain: [...kept, last], removed };
}

export function createState(players: number, seed: string, options: PiOptions): PiState {
  const rng = Rng.fromSeed(seed);
  const preset = PRESETS[options.preset];
  const layout: LayoutId = players === 2 ? 'variant-3x2' : 'classic-3x3';
  const geo = GEOMETRY[layout];
  const cards = dealCards(rng, layout);
  const { level, sector } = buildBoard(layout, cards);
  const owner = filledArray(geo.spaces, NOBODY);
  const ships = filledArray(geo.spaces, 0);
  if (players === 2) {
    level.forEach((lvl, h) => {
      const n = lvl === 2 ? NEUTRAL_SHIPS.levelII : lvl === 3 ? NEUTRAL_SHIPS.triPrime : 0;
      if (n > 0) {
        owner[h] = NEUTRAL;
        ships[h] = n;
      }
    });
  }
  const rounds = preset.rounds[players]!;
  const { chain, removed } = options.prosperity ? buildChain(rng, rounds) : { chain: [], removed: [] };
  // Drawn last, so the board and the chain of a seed do not depend on it.
  const start = rng.int(players);
  const zeros = () => filledArray(players, 0);
  return {
    rng: rng.state() as RngState as PiState['rng'],
    players,
    preset: options.preset,
    prosperity: options.prosperity,
    layout,
    rounds,
    cards,
    level,
    sector,
    owner,
    ships,
    supply: filledArray(players, preset.ships),
    round: 0,
    start,
    phase: 'setup',
    setupTurn: 0,
    plans: arrayOf(players, () => null),
    revealed: 0,
    pastPlans: emptyList(),
    order: [],
    turn: 0,
    strengths: zeros(),
    left: 0,
    used: [],
    fleet: null,
    attack: null,
    chosen: [],
    choosers: [],
    chooser: -1,
    extraAt: 0,
    vp: makeVp(zeros(), zeros(), zeros()),
    chain,
    chainRevealed: options.prosperity ? 1 : 0,
    removed,
    claims: mapArray(chain, () => -2),
    triRounds: zeros(),
    vpHistory: emptyList(),
  };
}

/** Snake order: start player clockwise, then back anticlockwise. */
export function setupSeat(state: PiState): number {
  const n = state.players;
  const t = state.setupTurn;
  return t < n ? (state.start + t) % n : (state.start + (2 * n - 1 - t)) % n;
}

function occupiedSectors(state: PiState): Set<number> {
  const out = new Set<number>();
  for (let h = 0; h < state.owner.length; h++)
    if (isPlayer(state.owner[h]!) && state.sector[h]! >= 0) out.add(state.sector[h]!);
  return out;
}

/** Level-I systems nobody holds, in sectors where no player has ships (neutral ships do not count). */
export function placementHexes(state: PiState): number[] {
  const taken = occupiedSectors(state);
  const out: number[] = [];
  for (let h = 0; h < state.level.length; h++)
    if (state.level[h] === 1 && state.ships[h] === 0 && !taken.has(state.sector[h]!)) out.push(h);
  return out;
}

export function setupLegal(state: PiState, seat: number): PiAction[] {
  if (seat !== setupSeat(state)) return [];
  return mapArray(placementHexes(state), (hex): PiAction => ({ type: 'place', hex }));
}

export function setupExplain(state: PiState, action: PiAction) {
  if (action.type !== 'place') return illegal('setup.placement', 'during setup you may only place ships');
  return illegal(
    'setup.placement',
    'place on an unoccupied level-I system in a sector where no player has ships yet',
  );
}

export function setupPerform(state: PiState, seat: number, action: PiAction & { type: 'place' }): Result {
  const next = withHex(state, action.hex, seat, SETUP_SHIPS);
  next.supply[seat]! -= SETUP_SHIPS;
  next.setupTurn += 1;
  const events: Result['events'] = [{ type: 'place', seat, hex: action.hex }];
  if (next.setupTurn < 2 * state.players) return { state: next, events };
  return beginPlan(Object.assign(next, { round: 1 }), events);
}
