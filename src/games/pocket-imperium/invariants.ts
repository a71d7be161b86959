/**
 * Invariants of a saved state, checked when a state crosses a boundary (replay scripts, storage),
 * never on the rules' hot path. A state that passes the zod shape can still be one the rules could
 * never reach: arrays of the wrong length, a ship count that would make the legal-action lists
 * enormous, a phase that contradicts the pending choices. Each check returns the first problem it
 * finds, as a path and a message a person can act on; the checks run in order, so later ones may
 * rely on what earlier ones established (lengths before contents).
 */
import { COMMANDS, NEUTRAL_SHIPS, PRESETS, PROSPERITY_CARDS, SECTOR_CARDS, TRI_PRIME_CARDS } from './data.ts';
import { GEOMETRY, buildBoard } from './map.ts';
import type { Geometry } from './map.ts';
import { NEUTRAL, NOBODY, PiState } from './state.ts';

export interface Problem {
  readonly path: (string | number)[];
  readonly message: string;
}

type Check = (state: PiState, ctx: Context) => Problem | null;

interface Context {
  readonly geo: Geometry;
  readonly ships: number;
}

const MAX_STRENGTH = 4; // 3 alone, +1 from a Prosperity slot
/** Far above any real score (about 100 in a 9-round game), low enough that sums stay exact. */
const MAX_VP = 10_000;

const problem = (path: (string | number)[], message: string): Problem => ({ path, message });

const isSeat = (state: PiState, v: number) => v >= 0 && v < state.players;

function lengthIs(path: string, list: readonly unknown[], n: number, what: string): Problem | null {
  return list.length === n ? null : problem([path], `${path} has ${list.length} entries; ${what} needs ${n}`);
}

function firstOf(checks: readonly (() => Problem | null)[]): Problem | null {
  for (const check of checks) {
    const found = check();
    if (found) return found;
  }
  return null;
}

function inRange(path: (string | number)[], v: number, lo: number, hi: number): Problem | null {
  return v >= lo && v <= hi
    ? null
    : problem(path, `${path.join('.')} is ${v}; it must be from ${lo} to ${hi}`);
}

function isPlan(plan: readonly number[]): boolean {
  return plan.length === COMMANDS.length && [...plan].sort().every((c, i) => c === i);
}

const table: Check = (state) =>
  firstOf([
    () => inRange(['players'], state.players, 2, 4),
    () => {
      const layout = state.players === 2 ? 'variant-3x2' : 'classic-3x3';
      return state.layout === layout
        ? null
        : problem(['layout'], `a ${state.players}-player game is played on ${layout}, not ${state.layout}`);
    },
    () => {
      const rounds = PRESETS[state.preset].rounds[state.players]!;
      return state.rounds === rounds
        ? null
        : problem(
            ['rounds'],
            `the ${state.preset} preset with ${state.players} players has ${rounds} rounds, not ${state.rounds}`,
          );
    },
    () => {
      const bad = state.rng.findIndex((w) => !Number.isInteger(w) || w < -(2 ** 31) || w >= 2 ** 31);
      return bad < 0 ? null : problem(['rng', bad], 'the RNG state is four 32-bit integers');
    },
  ]);

const board: Check = (state, { geo }) => {
  const places = geo.layout.places;
  const found = firstOf([
    () => lengthIs('cards', state.cards, places.length, `the ${state.layout} map`),
    () => {
      const bad = state.cards.findIndex(
        (id, p) => SECTOR_CARDS.find((c) => c.id === id)?.shape !== places[p]!.shape,
      );
      return bad < 0
        ? null
        : problem(['cards', bad], `card ${state.cards[bad]} cannot lie at ${places[bad]!.name}`);
    },
    () =>
      new Set(state.cards).size === state.cards.length
        ? null
        : problem(['cards'], 'a sector card lies on the map twice'),
  ]);
  if (found) return found;
  const expected = buildBoard(state.layout, state.cards);
  for (const key of ['level', 'sector'] as const) {
    const list = state[key];
    if (list.length !== geo.spaces || list.some((v, h) => v !== expected[key][h]))
      return problem([key], `${key} does not match the map the cards make`);
  }
  return null;
};

const hexes: Check = (state, { geo, ships }) => {
  const found = firstOf([
    () => lengthIs('owner', state.owner, geo.spaces, `the ${state.layout} map`),
    () => lengthIs('ships', state.ships, geo.spaces, `the ${state.layout} map`),
  ]);
  if (found) return found;
  for (let h = 0; h < geo.spaces; h++) {
    const o = state.owner[h]!;
    const n = state.ships[h]!;
    if (o === NEUTRAL) {
      const level = state.level[h]!;
      const most =
        state.players !== 2
          ? 0
          : level === 2
            ? NEUTRAL_SHIPS.levelII
            : level === 3
              ? NEUTRAL_SHIPS.triPrime
              : 0;
      if (n < 1 || n > most)
        return problem(['ships', h], `hex ${h} cannot hold ${n} neutral ships (at most ${most} there)`);
    } else if (o === NOBODY) {
      if (n !== 0) return problem(['ships', h], `hex ${h} has ${n} ships but no owner`);
    } else if (!isSeat(state, o)) {
      return problem(['owner', h], `hex ${h} belongs to ${o}, which is not a seat of this game`);
    } else if (n < 1 || n > ships) {
      return problem(['ships', h], `hex ${h} holds ${n} ships; a seat has only ${ships}`);
    }
  }
  return null;
};

/** Every seat's ships are in its supply, on the board, or under way with the acting seat. */
const fleets: Check = (state, { ships }) => {
  const found = firstOf([
    () => lengthIs('supply', state.supply, state.players, 'one per seat'),
    () =>
      lengthIs('used', state.used, state.used.length === 0 ? 0 : state.owner.length, 'one per hex, or none'),
    () => {
      const bad = state.used.findIndex((v) => v < 0 || v > ships);
      return bad < 0 ? null : inRange(['used', bad], state.used[bad]!, 0, ships);
    },
    () =>
      state.fleet && state.attack
        ? problem(['attack'], 'a fleet and an invasion cannot both be under way')
        : null,
    () => (state.fleet ? fleetProblem(state, state.fleet, ships) : null),
    () => (state.attack ? attackProblem(state, state.attack, ships) : null),
  ]);
  if (found) return found;
  const moving = (state.fleet?.ships ?? 0) + (state.attack?.ships ?? 0);
  const actor = state.phase === 'perform' ? state.order[state.turn] : undefined;
  for (let s = 0; s < state.players; s++) {
    let total = state.supply[s]!;
    if (total < 0 || total > ships) return inRange(['supply', s], total, 0, ships);
    for (let h = 0; h < state.owner.length; h++) if (state.owner[h] === s) total += state.ships[h]!;
    if (s === actor) total += moving;
    if (total !== ships)
      return problem(
        ['supply', s],
        `Seat ${s + 1} has ${total} ships in supply, on the board and under way; the preset gives ${ships}`,
      );
  }
  return null;
};

function hexProblem(path: (string | number)[], state: PiState, hex: number): Problem | null {
  return inRange(path, hex, 0, state.owner.length - 1);
}

function fleetProblem(state: PiState, fleet: NonNullable<PiState['fleet']>, ships: number): Problem | null {
  return firstOf([
    () =>
      state.phase === 'perform'
        ? null
        : problem(['fleet'], `no fleet can be under way in the ${state.phase} phase`),
    () => hexProblem(['fleet', 'from'], state, fleet.from),
    () => hexProblem(['fleet', 'at'], state, fleet.at),
    () => inRange(['fleet', 'ships'], fleet.ships, 1, ships),
    () => inRange(['fleet', 'steps'], fleet.steps, 0, 1),
  ]);
}

function attackProblem(
  state: PiState,
  attack: NonNullable<PiState['attack']>,
  ships: number,
): Problem | null {
  return firstOf([
    () =>
      state.phase === 'perform'
        ? null
        : problem(['attack'], `no invasion can be under way in the ${state.phase} phase`),
    () => hexProblem(['attack', 'target'], state, attack.target),
    () => inRange(['attack', 'ships'], attack.ships, 0, ships),
    () => {
      const next = GEOMETRY[state.layout].neighbours[attack.target]!;
      const bad = attack.sources.findIndex((h, i) => !next.includes(h) || attack.sources.indexOf(h) !== i);
      return bad < 0
        ? null
        : problem(['attack', 'sources', bad], 'invading ships come from distinct hexes next to the target');
    },
  ]);
}

const plans: Check = (state) => {
  const found = firstOf([
    () => lengthIs('plans', state.plans, state.players, 'one per seat'),
    () => {
      const bad = state.plans.findIndex((p) => p !== null && !isPlan(p));
      return bad < 0
        ? null
        : problem(['plans', bad], 'a plan puts each of the three commands (0, 1, 2) in one slot');
    },
    () => {
      const bad = state.pastPlans.findIndex(
        (round) => round.length !== state.players || !round.every(isPlan),
      );
      return bad < 0 ? null : problem(['pastPlans', bad], 'each past round holds one complete plan per seat');
    },
    () => inRange(['revealed'], state.revealed, 0, 3),
  ]);
  return found;
};

/** Rounds whose Exploit (and claim) are over. */
function completedRounds(state: PiState): number {
  if (state.phase === 'setup') return 0;
  return state.phase === 'over' ? state.round : state.round - 1;
}

const phase: Check = (state) => {
  const done = completedRounds(state);
  const allIn = state.plans.every((p) => p !== null);
  const rules: Record<PiState['phase'], () => Problem | null> = {
    setup: () =>
      firstOf([
        () => inRange(['round'], state.round, 0, 0),
        () => inRange(['setupTurn'], state.setupTurn, 0, 2 * state.players - 1),
        () => (state.plans.every((p) => p === null) ? null : problem(['plans'], 'nobody plans during setup')),
      ]),
    plan: () =>
      firstOf([
        () =>
          allIn
            ? problem(
                ['plans'],
                'in the Plan phase at least one plan is still missing (the last one starts Perform)',
              )
            : null,
        () => inRange(['revealed'], state.revealed, 0, 0),
      ]),
    perform: () =>
      firstOf([
        () => (allIn ? null : problem(['plans'], 'every plan is in during the Perform phase')),
        () => inRange(['revealed'], state.revealed, 1, 3),
        () => {
          const bad = state.order.findIndex((s, i) => !isSeat(state, s) || state.order.indexOf(s) !== i);
          return bad < 0 ? null : problem(['order', bad], 'the acting order lists distinct seats');
        },
        () => inRange(['turn'], state.turn, 0, state.order.length - 1),
        () => inRange(['left'], state.left, 0, MAX_STRENGTH),
        () => lengthIs('used', state.used, state.owner.length, 'one per hex during Perform'),
      ]),
    exploit: () =>
      firstOf([
        () => (allIn ? null : problem(['plans'], 'every plan is in during the Exploit phase')),
        () => inRange(['revealed'], state.revealed, 3, 3),
        () => inRange(['extraAt'], state.extraAt, state.players, state.players),
        () => inRange(['choosers'], state.choosers.length, state.players, state.players + 1),
        () => {
          const bad = state.choosers.findIndex((s) => !isSeat(state, s));
          return bad < 0 ? null : problem(['choosers', bad], 'sectors are chosen by seats');
        },
        () => inRange(['chooser'], state.chooser, 0, state.choosers.length - 1),
        () =>
          state.chosen.length === state.chooser
            ? null
            : problem(
                ['chosen'],
                `${state.chooser} choices were made but ${state.chosen.length} sectors are chosen`,
              ),
      ]),
    over: () => null,
  };
  return firstOf([
    () => (state.phase === 'setup' ? null : inRange(['round'], state.round, 1, state.rounds)),
    () =>
      state.phase === 'setup'
        ? null
        : inRange(['setupTurn'], state.setupTurn, 2 * state.players, 2 * state.players),
    () => inRange(['start'], state.start, 0, state.players - 1),
    rules[state.phase],
    () =>
      state.phase !== 'perform' && state.order.length > 0
        ? problem(['order'], `nobody is in the acting order in the ${state.phase} phase`)
        : null,
    () =>
      state.pastPlans.length === done
        ? null
        : problem(
            ['pastPlans'],
            `${done} rounds are over, so pastPlans needs ${done} entries, not ${state.pastPlans.length}`,
          ),
  ]);
};

const choices: Check = (state, { geo }) => {
  const sectors = geo.layout.places.length;
  return firstOf([
    () => lengthIs('strengths', state.strengths, state.players, 'one per seat'),
    () => {
      const bad = state.strengths.findIndex((v) => v < 0 || v > MAX_STRENGTH);
      return bad < 0 ? null : inRange(['strengths', bad], state.strengths[bad]!, 0, MAX_STRENGTH);
    },
    () => inRange(['left'], state.left, 0, MAX_STRENGTH),
    () =>
      state.phase === 'exploit' || state.choosers.length === 0
        ? null
        : problem(['choosers'], `nobody chooses a sector in the ${state.phase} phase`),
    () => {
      const bad = state.chosen.findIndex((s, i) => s < 0 || s >= sectors || state.chosen.indexOf(s) !== i);
      return bad < 0
        ? null
        : problem(['chosen', bad], `chosen sectors are distinct, from 0 to ${sectors - 1}`);
    },
  ]);
};

const scores: Check = (state) => {
  const done = completedRounds(state);
  const found = firstOf([
    ...(['sector', 'extra', 'prosperity'] as const).map((key) => () => {
      const list = state.vp[key];
      if (list.length !== state.players) return problem(['vp', key], `vp.${key} needs one entry per seat`);
      const bad = list.findIndex((v) => v < 0 || v > MAX_VP);
      return bad < 0 ? null : inRange(['vp', key, bad], list[bad]!, 0, MAX_VP);
    }),
    () => lengthIs('triRounds', state.triRounds, state.players, 'one per seat'),
    () => {
      const bad = state.triRounds.findIndex((v) => v < 0 || v > done);
      return bad < 0 ? null : inRange(['triRounds', bad], state.triRounds[bad]!, 0, done);
    },
    () =>
      state.vpHistory.length === done
        ? null
        : problem(
            ['vpHistory'],
            `${done} rounds are over, so vpHistory needs ${done} entries, not ${state.vpHistory.length}`,
          ),
    () => {
      const bad = state.vpHistory.findIndex((row) => row.length !== state.players);
      return bad < 0 ? null : problem(['vpHistory', bad], 'each round of vpHistory has one total per seat');
    },
  ]);
  return found;
};

const prosperity: Check = (state) => {
  if (!state.prosperity)
    return state.chain.length + state.removed.length + state.claims.length + state.chainRevealed === 0
      ? null
      : problem(
          ['chain'],
          'without Prosperity there is no chain, no removed card, no claim and nothing revealed',
        );
  const all = PROSPERITY_CARDS.length;
  const done = completedRounds(state);
  const revealed = state.phase === 'setup' ? 1 : Math.min(state.round + 1, state.rounds);
  return firstOf([
    () => lengthIs('chain', state.chain, state.rounds, 'one card per round'),
    () => lengthIs('removed', state.removed, all - state.rounds, `the ${all} cards minus the chain`),
    () => {
      const ids = [...state.chain, ...state.removed];
      const bad = ids.findIndex((id, i) => id < 0 || id >= all || ids.indexOf(id) !== i);
      return bad < 0
        ? null
        : problem(['chain'], `the chain and the removed cards hold each card 0–${all - 1} once`);
    },
    () =>
      TRI_PRIME_CARDS.includes(state.chain[state.rounds - 1]!)
        ? null
        : problem(['chain', state.rounds - 1], 'the last card of the chain shows Tri-Prime'),
    () => inRange(['chainRevealed'], state.chainRevealed, revealed, revealed),
    () => lengthIs('claims', state.claims, state.rounds, 'one per chain card'),
    () => {
      const bad = state.claims.findIndex((c, i) => (i < done ? c !== -1 && !isSeat(state, c) : c !== -2));
      return bad < 0
        ? null
        : problem(
            ['claims', bad],
            "a finished round's card is claimed by a seat or discarded (-1); a later one is pending (-2)",
          );
    },
    () =>
      state.vp.prosperity.every((v, s) => v === 3 * state.claims.filter((c) => c === s).length)
        ? null
        : problem(['vp', 'prosperity'], 'Prosperity VP are 3 per claimed card'),
  ]);
};

const CHECKS: readonly Check[] = [table, board, hexes, plans, phase, fleets, choices, scores, prosperity];

/** The first invariant a well-shaped state breaks, or null. */
export function stateProblem(state: PiState): Problem | null {
  const ctx: Context = { geo: GEOMETRY[state.layout], ships: PRESETS[state.preset].ships };
  for (const check of CHECKS) {
    // `table` establishes the player count and layout the other checks read.
    const found = check(state, ctx);
    if (found) return found;
  }
  return null;
}

/** The saved-state schema: the shape, then the invariants (one issue, the first broken). */
export const PiStateSchema = PiState.superRefine((state, ctx) => {
  const found = stateProblem(state);
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message });
});
