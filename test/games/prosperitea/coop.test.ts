import { describe, expect, it } from 'vitest';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { act, cards, game, kind, legal, orderId, refusedRule, shop, started, withOrder } from './helpers.ts';

const EARL_GREY = orderId('Earl Grey');
const COOLER = orderId('Hibiscus Cooler');
const LADY_GREY = orderId('Lady Grey');

function table(shops: ReturnType<typeof shop>[], changes: Partial<ProsperiteaState> = {}): ProsperiteaState {
  let s = started(shops.length, { phase: 'fulfil', shops, ...changes });
  s = withOrder(s, 0, EARL_GREY);
  s = withOrder(s, 1, COOLER);
  return withOrder(s, 2, LADY_GREY);
}

/** Seat 0 supplies Ceylon and asks seat 1 for Bergamot. */
function askForBergamot(s: ProsperiteaState): ProsperiteaState {
  s = act(s, 0, { type: 'fill', slot: 0 }).state;
  s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
  expect(legal(s, 0)).toContainEqual({ type: 'ask', seat: 1, kind: kind('bergamot') });
  return act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
}

describe('prosperitea co-op', () => {
  const shops = () => [
    shop({ ingredients: cards('ceylon', 'hibiscus') }),
    shop({ ingredients: cards('bergamot', 'lemon') }),
    shop({ ingredients: cards('lemon') }),
  ];

  it('makes the asked player the actor, who may accept or decline (prosperitea.coop.request, prosperitea.coop.answer)', () => {
    const s = askForBergamot(table(shops()));
    expect(s.phase).toBe('request');
    expect(game.actors(s)).toEqual([1]);
    expect(legal(s, 1)).toEqual([{ type: 'accept' }, { type: 'decline' }]);
    expect(legal(s, 0)).toEqual([]);
    expect(refusedRule(s, 0, { type: 'accept' })).toBe('core.turn');
  });

  it('on accept: everyone discards, the helper takes a Favor token, only the active player is paid (prosperitea.coop.favor-reward, prosperitea.coop.reward-active)', () => {
    const s = askForBergamot(table(shops()));
    const { state } = act(s, 1, { type: 'accept' });
    expect(state.phase).toBe('payout');
    expect(state.shops[0]!.ingredients).toEqual(cards('hibiscus'));
    expect(state.shops[1]!.ingredients).toEqual(cards('lemon'));
    expect(state.shops[1]!.favors).toBe(1);
    expect(state.favorReserve).toBe(11);
    const paid = act(state, 0, { type: 'sell' }).state;
    expect(paid.shops[0]!.money).toBe(4);
    expect(paid.shops[1]!.money).toBe(0);
  });

  it('gives no token once the reserve is empty', () => {
    const s = askForBergamot(table(shops(), { favorReserve: 0 }));
    const { state } = act(s, 1, { type: 'accept' });
    expect(state.shops[1]!.favors).toBe(0);
    expect(state.favorReserve).toBe(0);
    expect(state.phase).toBe('payout');
  });

  it('on decline: nothing changes hands and the decliner is not asked again this turn (prosperitea.coop.decline, prosperitea.coop.no-reask)', () => {
    const s = askForBergamot(table(shops()));
    let { state } = act(s, 1, { type: 'decline' });
    expect(state.phase).toBe('assign');
    expect(state.shops).toEqual(s.shops);
    expect(state.favorReserve).toBe(s.favorReserve);
    expect(state.declined).toEqual([1]);
    // Only seat 1 holds Bergamot: Earl Grey cannot be completed any more, so backing out is all that is left.
    expect(legal(state, 0)).toEqual([{ type: 'abandon' }]);
    state = act(state, 0, { type: 'abandon' }).state;
    expect(legal(state, 0)).not.toContainEqual({ type: 'fill', slot: 0 });
    state = act(state, 0, { type: 'fill', slot: 1 }).state;
    state = act(state, 0, { type: 'supply', kind: kind('hibiscus') }).state;
    expect(refusedRule(state, 0, { type: 'ask', seat: 1, kind: kind('lemon') })).toBe(
      'prosperitea.coop.no-reask',
    );
    expect(legal(state, 0)).toEqual([{ type: 'ask', seat: 2, kind: kind('lemon') }, { type: 'abandon' }]);
    // A new turn forgets the refusal.
    const later = act({ ...state, phase: 'fulfil', pending: null }, 0, { type: 'end' }).state;
    expect(later.declined).toEqual([]);
  });

  it('requires the active player to supply at least one ingredient (prosperitea.coop.own-share)', () => {
    const s = table([shop(), shop({ ingredients: cards('ceylon', 'bergamot') }), shop()]);
    expect(refusedRule(s, 0, { type: 'fill', slot: 0 })).toBe('prosperitea.fulfil.choose');
    let t = table([
      shop({ ingredients: cards('ceylon') }),
      shop({ ingredients: cards('ceylon', 'bergamot') }),
      shop(),
    ]);
    t = act(t, 0, { type: 'fill', slot: 0 }).state;
    expect(refusedRule(t, 0, { type: 'ask', seat: 1, kind: kind('ceylon') })).toBe(
      'prosperitea.coop.own-share',
    );
    expect(legal(t, 0)).toEqual([{ type: 'supply', kind: kind('ceylon') }, { type: 'abandon' }]);
  });

  it('refuses asking oneself or a player without the card (prosperitea.coop.ask-others, prosperitea.coop.ask-held)', () => {
    let s = table(shops());
    s = act(s, 0, { type: 'fill', slot: 0 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    expect(refusedRule(s, 0, { type: 'ask', seat: 0, kind: kind('bergamot') })).toBe(
      'prosperitea.coop.ask-others',
    );
    expect(refusedRule(s, 0, { type: 'ask', seat: 2, kind: kind('bergamot') })).toBe(
      'prosperitea.coop.ask-held',
    );
  });

  it("waits for every asked player; each helper earns one token, from the active player's left while any remain", () => {
    // One token in the reserve: seat 0 holds the other eleven.
    let s = table(
      [
        shop({ ingredients: cards('ceylon'), favors: 11 }),
        shop({ ingredients: cards('bergamot') }),
        shop({ ingredients: cards('lemon') }),
      ],
      { favorReserve: 1 },
    );
    s = act(s, 0, { type: 'fill', slot: 2 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 0, { type: 'ask', seat: 2, kind: kind('lemon') }).state;
    expect(game.actors(s)).toEqual([1, 2]);
    s = act(s, 2, { type: 'accept' }).state;
    expect(game.actors(s)).toEqual([1]);
    expect(s.phase).toBe('request');
    const done = act(s, 1, { type: 'accept' });
    expect(done.state.phase).toBe('payout');
    expect(done.state.shops[1]!.favors).toBe(1);
    expect(done.state.shops[2]!.favors).toBe(0);
    const fill = done.events.find((e) => e.type === 'fill');
    expect(fill).toMatchObject({ helpers: [1, 2], rewarded: [1] });
  });

  it('keeps the asked cards promised: the same card cannot be asked for twice', () => {
    let s = started(3, {
      phase: 'fulfil',
      shops: [shop({ ingredients: cards('assam') }), shop({ ingredients: cards('ceylon') }), shop()],
    });
    s = withOrder(s, 0, orderId('English Breakfast')); // Assam + Ceylon + any Black
    expect(legal(s, 0)).not.toContainEqual({ type: 'fill', slot: 0 });
  });
});
