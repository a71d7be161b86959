import { describe, expect, it } from 'vitest';
import { playMatch } from '../../../src/core/index.ts';
import type { AnyGame } from '../../../src/core/index.ts';
import { randomBot } from '../../../src/bots/random.ts';
import { heuristicChoice } from '../../../src/games/prosperitea/bot.ts';
import { act, cards, game, kind, orderId, shop, started, withOrder } from './helpers.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';

const any = game as unknown as AnyGame;

function requestFor(helper: ReturnType<typeof shop>, changes: Partial<ProsperiteaState> = {}) {
  let t = started(3, {
    phase: 'fulfil',
    shops: [shop({ ingredients: cards('ceylon') }), helper, shop()],
    ...changes,
  });
  t = withOrder(t, 0, orderId('Earl Grey'));
  t = act(t, 0, { type: 'fill', slot: 0 }).state;
  t = act(t, 0, { type: 'supply', kind: kind('ceylon') }).state;
  return act(t, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
}

describe('prosperitea heuristic bot', () => {
  it('accepts a request for a card it has no use for while Favor tokens remain', () => {
    const s = requestFor(shop({ ingredients: cards('bergamot') }));
    expect(heuristicChoice(game.view(s, 1), 1, game.legalActions(s, 1))).toEqual({ type: 'accept' });
  });

  it('declines when no Favor token is left to earn', () => {
    const s = requestFor(shop({ ingredients: cards('bergamot') }), { favorReserve: 0 });
    expect(heuristicChoice(game.view(s, 1), 1, game.legalActions(s, 1))).toEqual({ type: 'decline' });
  });

  it('declines to hand over the last card it needs for a big order of its own', () => {
    let s = requestFor(shop({ ingredients: cards('bergamot', 'darjeeling', 'lavender', 'assam') }));
    s = withOrder(s, 6, orderId('Royal Earl Grey')); // Darjeeling + Bergamot + Lavender + any Black
    s = withOrder(s, 7, orderId('Garden Party'));
    expect(heuristicChoice(game.view(s, 1), 1, game.legalActions(s, 1))).toEqual({ type: 'decline' });
  });

  it('fills an order it can complete alone rather than ending the turn', () => {
    let s = started(3, {
      phase: 'fulfil',
      shops: [shop({ ingredients: cards('ceylon', 'bergamot') }), shop(), shop()],
    });
    s = withOrder(s, 0, orderId('Earl Grey'));
    expect(heuristicChoice(game.view(s, 0), 0, game.legalActions(s, 0))).toEqual({ type: 'fill', slot: 0 });
  });

  it('beats three random bots in most 4-player games', () => {
    let wins = 0;
    const games = 24;
    for (let i = 0; i < games; i++) {
      const seat = i % 4;
      const bots = [0, 1, 2, 3].map((s) =>
        s === seat
          ? any.bots!.heuristic!({ game: any, seat: s, seed: `h${i}` })
          : randomBot({ game: any, seat: s, seed: `r${i}:${s}` }),
      );
      const match = playMatch(any, { players: 4, seed: `bot-test-${i}`, bots });
      expect(match.truncated).toBe(false);
      if (match.outcome!.ranks[seat] === 1) wins++;
    }
    expect(wins / games).toBeGreaterThanOrEqual(0.7);
  });

  it('finishes games among heuristic bots at every player count', () => {
    for (let players = 2; players <= 6; players++) {
      const bots = Array.from({ length: players }, (_, s) =>
        any.bots!.heuristic!({ game: any, seat: s, seed: `${s}` }),
      );
      const match = playMatch(any, { players, seed: `hh-${players}`, bots, maxActions: 20_000 });
      expect(match.truncated).toBe(false);
    }
  });
});

describe('prosperitea search hooks', () => {
  it('evaluate gives one value in [0, 1] per seat and favours the leader', () => {
    const s = started(3, { shops: [shop({ displayed: [orderId('Royal Earl Grey')] }), shop(), shop()] });
    const v = game.evaluate!(s);
    expect(v).toHaveLength(3);
    for (const x of v) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of v) expect(x).toBeLessThanOrEqual(1);
    expect(v[0]).toBeGreaterThan(0.5);
    expect(v[1]).toBeLessThan(0.5);
    expect(v[1]).toBeCloseTo(v[2]!);
  });

  it('playoutPolicy always returns one of the legal actions', async () => {
    const { Rng } = await import('../../../src/core/index.ts');
    const rng = Rng.fromSeed('policy');
    let s = game.setup(4, 'policy', {});
    for (let i = 0; i < 400 && game.actors(s).length; i++) {
      const seat = game.actors(s)[0]!;
      const legal = game.legalActions(s, seat);
      const a = game.playoutPolicy!(s, seat, legal, rng);
      expect(legal).toContain(a);
      s = game.applyTrusted(s, seat, a).state;
    }
  });
});
