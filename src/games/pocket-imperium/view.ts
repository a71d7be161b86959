import { mapArray } from '../../core/arrays.ts';
import type { Rng, RngState, Viewer } from '../../core/index.ts';
import { PROSPERITY_CARDS, TRI_PRIME_CARDS } from './data.ts';
import type { PiState, PiView } from './state.ts';
import { exploitActor } from './rules/exploit.ts';
import { draft, performer, totalVp } from './rules/common.ts';
import { setupSeat } from './rules/setup.ts';

/** What a seat knows of one plan this round: its own plan whole, others' slots once revealed. */
function visiblePlan(state: PiState, seat: number, viewer: Viewer): (number | null)[] {
  const plan = state.plans[seat];
  if (!plan) return [null, null, null];
  if (viewer === seat) return plan.slice();
  return plan.map((c, i) => (i < state.revealed ? c : null));
}

export function viewOf(state: PiState, viewer: Viewer): PiView {
  const actor =
    state.phase === 'perform' ? performer(state) : state.phase === 'exploit' ? exploitActor(state) : -1;
  return {
    viewer,
    players: state.players,
    preset: state.preset,
    prosperity: state.prosperity,
    layout: state.layout,
    rounds: state.rounds,
    round: state.round,
    start: state.start,
    phase: state.phase,
    cards: state.cards,
    level: state.level,
    sector: state.sector,
    owner: state.owner,
    ships: state.ships,
    supply: state.supply,
    // A literal, not `{ ...state.vp, total }`: once every vp record had one hidden class, the
    // spread's copies (measured, cause inside V8 not found) survived young-generation collections
    // and a simulation spent three times as long collecting garbage (docs/architecture.md).
    vp: {
      sector: state.vp.sector,
      extra: state.vp.extra,
      prosperity: state.vp.prosperity,
      total: Array.from({ length: state.players }, (_, s) => totalVp(state, s)),
    },
    setupSeat: state.phase === 'setup' ? setupSeat(state) : null,
    submitted: state.plans.map((p) => p !== null),
    plans: state.plans.map((_, s) => visiblePlan(state, s, viewer)),
    revealed: state.revealed,
    pastPlans: state.pastPlans,
    step: state.revealed - 1,
    actor: actor >= 0 ? actor : null,
    order: state.order,
    turn: state.turn,
    strengths: state.strengths,
    left: state.left,
    used: state.used,
    fleet: state.fleet,
    attack: state.attack,
    chosen: state.chosen,
    chooser: state.phase === 'exploit' && actor >= 0 ? actor : null,
    extraChoice: state.phase === 'exploit' && state.chooser >= state.extraAt,
    chain: state.chain.map((c, i) => (i < state.chainRevealed ? c : null)),
    claims: state.claims,
    triRounds: state.triRounds,
    over: state.phase === 'over',
  };
}

/** Unrevealed slots of others' plans redrawn uniformly (keeping revealed slots). */
function resamplePlans(state: PiState, viewer: Viewer, rng: Rng): PiState['plans'] {
  return mapArray(state.plans, (plan, seat) => {
    if (plan === null || seat === viewer || state.revealed >= 3) return plan;
    const known = plan.slice(0, state.revealed);
    const rest = rng.shuffle(plan.slice(state.revealed));
    return known.concat(rest);
  });
}

/**
 * Face-down chain cards: the last is one of the unseen Tri-Prime cards (uniform, whatever was seen
 * before it), the other face-down places an ordered draw from the remaining unseen cards.
 */
function resampleChain(state: PiState, rng: Rng): Pick<PiState, 'chain' | 'removed'> {
  if (!state.prosperity || state.chainRevealed >= state.chain.length) return state;
  const seen = new Set(state.chain.slice(0, state.chainRevealed));
  const unseen = PROSPERITY_CARDS.map((c) => c.id).filter((id) => !seen.has(id));
  const last = rng.pick(TRI_PRIME_CARDS.filter((id) => !seen.has(id)));
  const pool = rng.shuffle(unseen.filter((id) => id !== last));
  const hidden = state.chain.length - 1 - state.chainRevealed;
  const chain = [...state.chain.slice(0, state.chainRevealed), ...pool.slice(0, hidden), last];
  const removed = pool.slice(hidden).sort((a, b) => a - b);
  return { chain, removed };
}

export function resampleState(state: PiState, viewer: Viewer, rng: Rng): PiState {
  const plans = resamplePlans(state, viewer, rng);
  const { chain, removed } = resampleChain(state, rng);
  // Built from `draft`, not a spread: a spread gives the copy a hidden class of its own, and search
  // would run the rules on states of two classes (test/sim/shapes.test.ts checks there is one).
  const out = draft(state);
  out.plans = plans;
  out.chain = chain;
  out.removed = removed;
  out.rng = rng.fork().state() as RngState as PiState['rng'];
  return out;
}
