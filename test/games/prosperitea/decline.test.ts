import { describe, expect, it } from 'vitest';
import { BACK_OUTS_PER_TURN } from '../../../src/games/prosperitea/data.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { act, cards, game, kind, legal, orderId, refusedRule, shop, started, withOrder } from './helpers.ts';

const EARL_GREY = orderId('Earl Grey'); // Ceylon + Bergamot
const LADY_GREY = orderId('Lady Grey'); // Ceylon + Bergamot + Lemon

function table(shops: ReturnType<typeof shop>[], changes: Partial<ProsperiteaState> = {}): ProsperiteaState {
  const s = started(shops.length, { phase: 'fulfil', shops, ...changes });
  return withOrder(withOrder(s, 0, EARL_GREY), 1, LADY_GREY);
}

/** The parts of the state a backed-out attempt must leave exactly as they were. */
function committed(s: ProsperiteaState) {
  return {
    shops: s.shops,
    favorReserve: s.favorReserve,
    market: s.market,
    orderDecks: s.orderDecks,
    decks: s.decks,
    discards: s.discards,
    claimed: s.claimed,
  };
}

describe('prosperitea: a declined request (prosperitea.coop.decline)', () => {
  it('returns the line to the active player, who may ask another player', () => {
    const s0 = table([
      shop({ ingredients: cards('ceylon') }),
      shop({ ingredients: cards('bergamot') }),
      shop({ ingredients: cards('bergamot') }),
    ]);
    let s = act(s0, 0, { type: 'fill', slot: 0 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 1, { type: 'decline' }).state;
    expect(s.phase).toBe('assign');
    expect(game.actors(s)).toEqual([0]);
    expect(s.pending?.target).toEqual({ kind: 'market', slot: 0, order: EARL_GREY });
    // The own Ceylon stays promised; only the declined Bergamot line is open again.
    expect(s.pending?.sources).toEqual([{ from: 'own', kind: kind('ceylon') }, null]);
    expect(legal(s, 0)).toContainEqual({ type: 'ask', seat: 2, kind: kind('bergamot') });
    expect(legal(s, 0)).not.toContainEqual({ type: 'ask', seat: 1, kind: kind('bergamot') });
    s = act(s, 0, { type: 'ask', seat: 2, kind: kind('bergamot') }).state;
    expect(game.actors(s)).toEqual([2]);
    s = act(s, 2, { type: 'accept' }).state;
    expect(s.phase).toBe('payout');
    expect(s.shops[0]!.ingredients).toEqual(cards());
    expect(s.shops[1]!.ingredients).toEqual(cards('bergamot'));
    expect(s.shops[1]!.favors).toBe(0);
    expect(s.shops[2]!.ingredients).toEqual(cards());
    expect(s.shops[2]!.favors).toBe(1);
  });

  it('lets the active player supply the declined ingredient another way (a Favor token)', () => {
    const s0 = table([
      shop({ ingredients: cards('ceylon'), favors: 1 }),
      shop({ ingredients: cards('bergamot') }),
      shop(),
    ]);
    let s = act({ ...s0, favorReserve: 11 }, 0, { type: 'fill', slot: 0 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 1, { type: 'decline' }).state;
    expect(legal(s, 0)).toEqual([{ type: 'favor' }, { type: 'abandon' }]);
    s = act(s, 0, { type: 'favor' }).state;
    expect(s.phase).toBe('payout');
    expect(s.claimed).toBe(EARL_GREY);
    expect(s.shops[0]!.favors).toBe(0);
    expect(s.favorReserve).toBe(12);
  });

  it('keeps an acceptance given before another helper declined, and pays its token once', () => {
    const s0 = table([
      shop({ ingredients: cards('ceylon') }),
      shop({ ingredients: cards('bergamot') }),
      shop({ ingredients: cards('lemon') }),
      shop({ ingredients: cards('lemon') }),
    ]);
    let s = act(s0, 0, { type: 'fill', slot: 1 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 0, { type: 'ask', seat: 2, kind: kind('lemon') }).state;
    s = act(s, 1, { type: 'accept' }).state;
    s = act(s, 2, { type: 'decline' }).state;
    expect(s.phase).toBe('assign');
    expect(s.pending?.sources).toEqual([
      { from: 'own', kind: kind('ceylon') },
      { from: 'ask', seat: 1, kind: kind('bergamot'), answer: 'accepted' },
      null,
    ]);
    s = act(s, 0, { type: 'ask', seat: 3, kind: kind('lemon') }).state;
    // Seat 1 already said yes: only the newly asked player answers.
    expect(game.actors(s)).toEqual([3]);
    s = act(s, 3, { type: 'accept' }).state;
    expect(s.phase).toBe('payout');
    expect(s.shops.map((x) => x.favors)).toEqual([0, 1, 0, 1]);
    expect(s.favorReserve).toBe(10);
    expect(s.shops.map((x) => x.ingredients)).toEqual([cards(), cards(), cards('lemon'), cards()]);
    expect(s.discards[3]!.slice().sort()).toEqual([kind('bergamot'), kind('lemon')].sort());
  });

  it('waits for every asked player before handing the order back', () => {
    const s0 = table([
      shop({ ingredients: cards('ceylon') }),
      shop({ ingredients: cards('bergamot') }),
      shop({ ingredients: cards('lemon') }),
    ]);
    let s = act(s0, 0, { type: 'fill', slot: 1 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 0, { type: 'ask', seat: 2, kind: kind('lemon') }).state;
    s = act(s, 1, { type: 'decline' }).state;
    expect(s.phase).toBe('request');
    expect(game.actors(s)).toEqual([2]);
    s = act(s, 2, { type: 'accept' }).state;
    expect(s.phase).toBe('assign');
    expect(game.actors(s)).toEqual([0]);
  });
});

describe('prosperitea: backing out of an order (prosperitea.fulfil.abandon)', () => {
  it('after a decline that leaves the order impossible, backs out with nothing lost or duplicated', () => {
    const s0 = table([
      shop({ ingredients: cards('ceylon') }),
      shop({ ingredients: cards('bergamot') }),
      shop({ ingredients: cards('lemon') }),
    ]);
    let s = act(s0, 0, { type: 'fill', slot: 1 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 0, { type: 'ask', seat: 2, kind: kind('lemon') }).state;
    s = act(s, 1, { type: 'accept' }).state;
    s = act(s, 2, { type: 'decline' }).state;
    // Nobody else holds Lemon and there is no Favor token: backing out is the only way on.
    expect(legal(s, 0)).toEqual([{ type: 'abandon' }]);
    const { state, events } = act(s, 0, { type: 'abandon' });
    expect(state.phase).toBe('fulfil');
    expect(state.pending).toBeNull();
    expect(committed(state)).toEqual(committed(s0));
    expect(state.declined).toEqual([2]);
    expect(events.map((e) => e.type)).toEqual(['abandon']);
    expect(legal(state, 0)).toContainEqual({ type: 'end' });
  });

  it('can back out of an order started but not yet handed in, at any line', () => {
    const s0 = table([shop({ ingredients: cards('ceylon', 'bergamot'), favors: 1 }), shop(), shop()], {
      favorReserve: 11,
    });
    let s = act(s0, 0, { type: 'fill', slot: 0 }).state;
    expect(legal(s, 0)).toContainEqual({ type: 'abandon' });
    s = act(s, 0, { type: 'favor' }).state;
    const back = act(s, 0, { type: 'abandon' }).state;
    expect(committed(back)).toEqual(committed(s0));
    expect(back.backedOut).toBe(1);
    // The same order may be tried again.
    expect(legal(back, 0)).toContainEqual({ type: 'fill', slot: 0 });
  });

  it(`allows ${BACK_OUTS_PER_TURN.value} back-outs per turn, then no new order that turn (prosperitea.fulfil.back-out-limit)`, () => {
    let s = table([shop({ ingredients: cards('ceylon', 'bergamot') }), shop(), shop()]);
    for (let i = 0; i < BACK_OUTS_PER_TURN.value; i++) {
      s = act(s, 0, { type: 'fill', slot: 0 }).state;
      s = act(s, 0, { type: 'abandon' }).state;
    }
    expect(legal(s, 0).filter((a) => a.type !== 'end')).toEqual([]);
    expect(refusedRule(s, 0, { type: 'fill', slot: 0 })).toBe('prosperitea.fulfil.back-out-limit');
    const next = act(s, 0, { type: 'end' }).state;
    expect(next.backedOut).toBe(0);
  });

  it('is refused outside the assignment of an order (prosperitea.turn.phase)', () => {
    const s = table([shop({ ingredients: cards('ceylon', 'bergamot') }), shop(), shop()]);
    expect(refusedRule(s, 0, { type: 'abandon' })).toBe('prosperitea.turn.phase');
  });
});
