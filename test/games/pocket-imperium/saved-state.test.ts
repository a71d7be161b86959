import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Rng } from '../../../src/core/index.ts';
import { NEUTRAL } from '../../../src/games/pocket-imperium/state.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { game } from './helpers.ts';

/** States of one game, every one of them, played by the playout policy (or at random). */
function statesOf(players: number, options: object, seed: string, random = false): PiState[] {
  const rng = Rng.fromSeed(seed);
  let state = game.setup(players, seed, game.optionsSchema.parse(options));
  const out = [state];
  while (game.actors(state).length > 0) {
    const actors = game.actors(state);
    const seat = actors[rng.int(actors.length)]!;
    const legal = game.legalActions(state, seat);
    const action = random ? legal[rng.int(legal.length)]! : game.playoutPolicy!(state, seat, legal, rng);
    state = game.applyTrusted(state, seat, action).state;
    out.push(state);
  }
  return out;
}

const copy = (state: PiState): PiState => JSON.parse(JSON.stringify(state)) as PiState;

function firstWhere(states: PiState[], test: (s: PiState) => boolean): PiState {
  const found = states.find(test);
  if (!found) throw new Error('no such state in the sample game');
  return copy(found);
}

/** The one message of a refused state (refusals name the first broken invariant only). */
function refusal(state: unknown): string {
  const parsed = game.stateSchema.safeParse(state);
  expect(parsed.success).toBe(false);
  if (parsed.success) return '';
  expect(parsed.error.issues.length).toBe(1);
  return z.prettifyError(parsed.error);
}

describe('pocket-imperium saved states: the schema checks invariants, not only the shape', () => {
  const configs = [
    [2, {}],
    [3, {}],
    [4, { prosperity: false }],
    [3, { preset: 'classic' }],
  ] as const;

  it('every state a game reaches passes, after a JSON round trip', { timeout: 60_000 }, () => {
    let checked = 0;
    for (const [players, options] of configs)
      for (const random of [false, true])
        for (const state of statesOf(players, options, `saved:${players}:${random}`, random)) {
          const parsed = game.stateSchema.safeParse(copy(state));
          if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
          checked++;
        }
    expect(checked).toBeGreaterThan(1000);
  });

  const states = statesOf(3, {}, 'tamper');
  const perform = () => firstWhere(states, (s) => s.phase === 'perform' && s.fleet !== null);
  const plan = () => firstWhere(states, (s) => s.phase === 'plan' && s.plans.some((p) => p !== null));
  const exploit = () => firstWhere(states, (s) => s.phase === 'exploit');
  const held = (s: PiState, seat: number) => s.owner.findIndex((o) => o === seat);

  const cases: [string, () => unknown, RegExp][] = [
    [
      'a supply list one seat short',
      () => ({ ...plan(), supply: plan().supply.slice(1) }),
      /supply has 2 entries; one per seat needs 3/,
    ],
    [
      'a hex with 2^31 ships',
      () => {
        const s = plan();
        s.ships[held(s, 1)] = 2 ** 31;
        return s;
      },
      /holds 2147483648 ships; a seat has only 12/,
    ],
    [
      'a fleet of 2^31 ships',
      () => {
        const s = perform();
        s.fleet!.ships = 2 ** 31;
        return s;
      },
      /fleet\.ships is 2147483648; it must be from 1 to 12/,
    ],
    [
      'one ship more than the preset gives',
      () => {
        const s = plan();
        s.ships[held(s, 2)]! += 1;
        return s;
      },
      /Seat 3 has 13 ships in supply, on the board and under way; the preset gives 12/,
    ],
    [
      'a hex owned by a seat that does not exist',
      () => {
        const s = plan();
        s.owner[held(s, 1)] = 5;
        return s;
      },
      /belongs to 5, which is not a seat of this game/,
    ],
    [
      'neutral ships in a 3-player game',
      () => {
        const s = plan();
        const h = s.owner.findIndex((o) => o < 0);
        s.owner[h] = NEUTRAL;
        s.ships[h] = 1;
        return s;
      },
      /cannot hold 1 neutral ships/,
    ],
    [
      'the 2-player map with 3 players',
      () => ({ ...plan(), layout: 'variant-3x2' }),
      /played on classic-3x3/,
    ],
    ['a round count the preset does not have', () => ({ ...plan(), rounds: 99 }), /has 6 rounds, not 99/],
    [
      'a plan with a command twice',
      () => {
        const s = plan();
        const seat = s.plans.findIndex((p) => p !== null);
        s.plans[seat] = [0, 0, 1];
        return s;
      },
      /a plan puts each of the three commands/,
    ],
    [
      'the Perform phase with a plan missing',
      () => {
        const s = perform();
        s.plans[1] = null;
        return s;
      },
      /every plan is in during the Perform phase/,
    ],
    [
      'the Plan phase with every plan in',
      () => {
        const s = plan();
        s.plans = s.plans.map(() => [0, 1, 2]);
        return s;
      },
      /at least one plan is still missing/,
    ],
    [
      'a fleet under way in the Plan phase',
      () => ({ ...plan(), fleet: perform().fleet }),
      /no fleet can be under way in the plan phase/,
    ],
    ['a turn past the acting order', () => ({ ...perform(), turn: 7 }), /turn is 7/],
    ['an Exploit chooser past the list', () => ({ ...exploit(), chooser: 9 }), /chooser is 9/],
    [
      'negative VP',
      () => {
        const s = plan();
        s.vp.sector[0] = -4;
        return s;
      },
      /vp\.sector\.0 is -4/,
    ],
    [
      'a chain whose last card is not a Tri-Prime card',
      () => {
        const s = plan();
        const last = s.chain.length - 1;
        [s.chain[0], s.chain[last]] = [s.chain[last]!, s.chain[0]!];
        return s;
      },
      /the last card of the chain shows Tri-Prime/,
    ],
    [
      'a face-up count that does not fit the round',
      () => ({ ...plan(), chainRevealed: 0 }),
      /chainRevealed is 0/,
    ],
    [
      'Prosperity VP without a claimed card',
      () => {
        const s = plan();
        s.vp.prosperity[1] = 3 + 3 * s.claims.filter((c) => c === 1).length;
        return s;
      },
      /Prosperity VP are 3 per claimed card/,
    ],
    [
      'an RNG word that is not an integer',
      () => ({ ...plan(), rng: [1.5, 2, 3, 4] }),
      /four 32-bit integers/,
    ],
    [
      'the same sector card twice',
      () => {
        const s = plan();
        s.cards[1] = s.cards[0]!;
        return s;
      },
      /sector card lies on the map twice/,
    ],
  ];

  for (const [name, tamper, message] of cases)
    it(`refuses ${name}, naming what is wrong`, () => {
      expect(refusal(tamper())).toMatch(message);
    });

  it('never throws, whatever number a field holds', { timeout: 60_000 }, () => {
    const base = perform();
    const leaves: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      if (typeof value === 'number') leaves.push(path);
      else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(base, []);
    let refused = 0;
    for (const path of leaves)
      for (const bad of [-1, 2 ** 31, 99]) {
        const s = copy(base) as unknown as Record<string | number, unknown>;
        let at: Record<string | number, unknown> = s;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path[path.length - 1]!] = bad;
        if (!game.stateSchema.safeParse(s).success) refused++;
      }
    // Most corruptions break an invariant; a few land on values that are still consistent.
    expect(refused).toBeGreaterThan(leaves.length * 2);
  });
});
