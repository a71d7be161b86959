import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/index.ts';
import { BACK_OUTS_PER_TURN } from '../../../src/games/prosperitea/data.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { act, cards, game, kind, orderId, shop, started, withOrder } from './helpers.ts';

/** The problems the state schema finds, or null when it accepts the state. */
function problem(state: unknown): string | null {
  const parsed = game.stateSchema.safeParse(state);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message).join('; ');
}

/** Seat 0 has asked seat 1 for Bergamot for Earl Grey (slot 0) and waits for the answer. */
function requesting(): ProsperiteaState {
  let s = started(3, {
    phase: 'fulfil',
    shops: [shop({ ingredients: cards('ceylon') }), shop({ ingredients: cards('bergamot') }), shop()],
  });
  s = withOrder(s, 0, orderId('Earl Grey'));
  s = act(s, 0, { type: 'fill', slot: 0 }).state;
  s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
  return act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
}

/** A state from the middle of a random game. */
function midGame(seed: string, players: number, steps: number): ProsperiteaState {
  const rng = Rng.fromSeed(seed);
  let s = game.setup(players, seed, {});
  for (let i = 0; i < steps && game.actors(s).length; i++) {
    const seat = game.actors(s)[0]!;
    const legal = game.legalActions(s, seat);
    s = game.applyTrusted(s, seat, legal[rng.int(legal.length)]!).state;
  }
  return s;
}

const withShop = (s: ProsperiteaState, seat: number, changes: object) => ({
  ...s,
  shops: s.shops.map((x, i) => (i === seat ? { ...x, ...changes } : x)),
});

describe('prosperitea saved states: invariants beyond the shape', () => {
  it('accepts every state of random games, and the worlds resampled from them', () => {
    for (let g = 0; g < 6; g++) {
      const rng = Rng.fromSeed(`schema-${g}`);
      let s = game.setup(2 + (g % 5), `schema-${g}`, {});
      for (let i = 0; game.actors(s).length; i++) {
        expect(problem(s)).toBeNull();
        const seat = game.actors(s)[0]!;
        if (i % 7 === 0) expect(problem(game.resample(s, (seat + 1) % s.players, rng))).toBeNull();
        const legal = game.legalActions(s, seat);
        s = game.applyTrusted(s, seat, legal[rng.int(legal.length)]!).state;
      }
      expect(problem(s)).toBeNull();
    }
  });

  const s = requesting();
  const mid = midGame('schema-mid', 4, 60);
  const tampered: [string, unknown, string][] = [
    ['a shop too few', { ...s, shops: s.shops.slice(1) }, 'shops has 2 entries for 3 players'],
    ['a seat off the table', { ...s, current: 5 }, 'current is 5, but the seats are 0-2 in JSON'],
    [
      'a huge pending draft',
      { ...mid, draftLeft: [2 ** 31, 0, 0, 0] },
      'draftLeft[0] is 2147483648, more than the',
    ],
    ['absurd money', withShop(s, 2, { money: 2 ** 31 }), 'shops[2] has 2147483648 money (at most 1000000)'],
    [
      'an ingredient card from nowhere',
      withShop(s, 2, { ingredients: cards('bergamot') }),
      `there are 4 cards of ingredient kind ${kind('bergamot')}`,
    ],
    ['a thirteenth Favor token', withShop(s, 2, { favors: 1 }), 'make 13, not 12'],
    [
      'an order card twice',
      { ...s, market: s.market.map((o, i) => (i === 1 ? s.market[2]! : o)) },
      'is in the game 2 times, not once',
    ],
    [
      'a Premium order in a Standard slot',
      { ...mid, market: [mid.market[6]!, ...mid.market.slice(1, 6), mid.market[0]!, ...mid.market.slice(7)] },
      'market[0] holds an order from the other deck',
    ],
    [
      'a final round with full decks',
      { ...mid, finalRound: true },
      'finalRound is true but no order deck is',
    ],
    ['requests without an order', { ...s, pending: null }, 'the request phase needs the order being filled'],
    [
      'a payout without an order',
      { ...mid, phase: 'payout' },
      'claimed (an order waiting for sell or display)',
    ],
    [
      'an order missing a line',
      { ...s, pending: { ...s.pending!, sources: s.pending!.sources.slice(1) } },
      'the order has 2 lines but pending.sources has 1 entries',
    ],
    [
      'a line covered by the wrong ingredient',
      {
        ...s,
        pending: { ...s.pending!, sources: [{ from: 'own', kind: kind('assam') }, s.pending!.sources[1]!] },
      },
      'pending.sources[0] gives an ingredient that does not fit line 0',
    ],
    [
      'a request to a seat that declined',
      { ...s, declined: [1] },
      'pending.sources[1] asks Seat 2 (seat 1 in JSON), who declined this turn',
    ],
    ['requests but nobody to answer', { ...s, phase: 'assign' }, 'in the assign phase some line'],
    [
      'too many back-outs',
      { ...s, backedOut: BACK_OUTS_PER_TURN.value + 1 },
      `more than the ${BACK_OUTS_PER_TURN.value} allowed`,
    ],
    ['an RNG word out of range', { ...s, rng: [2 ** 40, 0, 0, 0] }, 'Too big'],
  ];

  it.each(tampered)('refuses a state with %s, saying what is wrong', (_, state, message) => {
    expect(problem(state)).toContain(message);
  });

  it('never throws, whatever number a saved state carries', () => {
    const values = [-1, 0, 1, 2, 5, 9, 99, 2 ** 31, 1e9, 0.5];
    const rng = Rng.fromSeed('schema-fuzz');
    const bases = [s, mid, midGame('schema-late', 3, 400)];
    for (let i = 0; i < 600; i++) {
      const copy = JSON.parse(JSON.stringify(bases[i % bases.length])) as unknown;
      // Replace one number somewhere in the state.
      const leaves: [Record<string, unknown> | unknown[], string | number][] = [];
      const walk = (node: unknown) => {
        if (node === null || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if (typeof value === 'number') leaves.push([node as Record<string, unknown>, key]);
          else walk(value);
        }
      };
      walk(copy);
      const [node, key] = leaves[rng.int(leaves.length)]!;
      (node as Record<string, unknown>)[key] = values[rng.int(values.length)];
      expect(() => game.stateSchema.safeParse(copy)).not.toThrow();
    }
  });
});
