import { describe, expect, it } from 'vitest';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { act, cards, game, kind, legal, orderId, refusedRule, shop, started, withOrder } from './helpers.ts';

const EARL_GREY = orderId('Earl Grey');

/** Seat 0 in fulfilment with Earl Grey (Ceylon + Bergamot, $4 or 2 prestige) in slot 0. */
function fulfil(
  own: ReturnType<typeof shop>,
  others: ReturnType<typeof shop>[] = [shop(), shop()],
): ProsperiteaState {
  return withOrder(started(3, { phase: 'fulfil', shops: [own, ...others] }), 0, EARL_GREY);
}

function fillEarlGreySolo(s: ProsperiteaState): ProsperiteaState {
  s = act(s, 0, { type: 'fill', slot: 0 }).state;
  expect(s.phase).toBe('assign');
  expect(legal(s, 0)).toContainEqual({ type: 'supply', kind: kind('ceylon') });
  s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
  s = act(s, 0, { type: 'supply', kind: kind('bergamot') }).state;
  return s;
}

describe('prosperitea fulfilment (solo)', () => {
  it('fills an order with own cards, discards them and refills the slot from the same deck (prosperitea.fulfil.solo, prosperitea.fulfil.refill)', () => {
    const s0 = fulfil(shop({ ingredients: cards('ceylon', 'bergamot', 'assam') }));
    const next = s0.orderDecks[0]!.at(-1)!;
    const s = fillEarlGreySolo(s0);
    expect(s.phase).toBe('payout');
    expect(s.claimed).toBe(EARL_GREY);
    expect(s.market[0]).toBe(next);
    expect(s.shops[0]!.ingredients).toEqual(cards('assam'));
    expect(s.discards[0]).toEqual([kind('ceylon')]);
    expect(s.discards[3]).toEqual([kind('bergamot')]);
  });

  it('pays money when sold and prestige when displayed (prosperitea.fulfil.payout)', () => {
    const s = fillEarlGreySolo(fulfil(shop({ money: 1, ingredients: cards('ceylon', 'bergamot') })));
    const sold = act(s, 0, { type: 'sell' }).state;
    expect(sold.shops[0]!.money).toBe(5);
    expect(sold.shops[0]!.displayed).toEqual([]);
    expect(sold.orderDiscard).toEqual([EARL_GREY]);
    const shown = act(s, 0, { type: 'display' }).state;
    expect(shown.shops[0]!.money).toBe(1);
    expect(shown.shops[0]!.displayed).toEqual([EARL_GREY]);
    expect(shown.phase).toBe('fulfil');
  });

  it('allows any number of orders in one turn (prosperitea.fulfil.any-number)', () => {
    let s = withOrder(
      fulfil(shop({ ingredients: cards('ceylon', 'bergamot', 'ceylon', 'bergamot') })),
      1,
      EARL_GREY,
    );
    s = act(fillEarlGreySolo(s), 0, { type: 'display' }).state;
    expect(legal(s, 0)).toContainEqual({ type: 'fill', slot: 1 });
  });

  it('pays Evergreen orders in money only, with no sell/display choice (prosperitea.fulfil.evergreen)', () => {
    let s = fulfil(shop({ money: 2, ingredients: cards('assam', 'keemun') }));
    s = act(s, 0, { type: 'evergreen', recipe: 0 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('assam') }).state;
    const { state, events } = act(s, 0, { type: 'supply', kind: kind('keemun') });
    expect(state.phase).toBe('fulfil');
    expect(state.shops[0]!.money).toBe(4);
    expect(state.shops[0]!.displayed).toEqual([]);
    expect(state.market).toEqual(s.market);
    expect(events.map((e) => e.type)).toContain('earn');
    // One line tells it, to everyone: the fill, with the cards and the money it brought (no "You put in
    // Keemun." before it, no "earned" line after it).
    for (const viewer of [0, 1, 'spectator'] as const)
      expect(events.flatMap((e) => game.viewEvent(e, viewer)?.text ?? [])).toEqual([
        `${viewer === 0 ? 'You' : 'Player A'} filled House Black (Evergreen) using Assam and Keemun for 2 money.`,
      ]);
  });

  it('lets a Favor token stand for any one ingredient, returning it to the reserve (prosperitea.favor.wildcard)', () => {
    let s = fulfil(shop({ favors: 1, ingredients: cards('ceylon') }));
    s = { ...s, favorReserve: 11 };
    s = act(s, 0, { type: 'fill', slot: 0 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    expect(legal(s, 0)).toEqual([{ type: 'favor' }, { type: 'abandon' }]);
    const filled = act(s, 0, { type: 'favor' });
    s = filled.state;
    expect(
      game.viewEvent(
        filled.events.find((e) => e.type === 'fill')!,
        1,
      )!.text,
    ).toBe('Player A filled Earl Grey (slot 1) using Ceylon and a Favor token.');
    expect(s.shops[0]!.favors).toBe(0);
    expect(s.favorReserve).toBe(12);
    expect(s.phase).toBe('payout');
  });

  it('only offers orders that can be completed (prosperitea.fulfil.choose, prosperitea.fulfil.market)', () => {
    const s = fulfil(shop({ ingredients: cards('ceylon') }));
    expect(legal(s, 0)).not.toContainEqual({ type: 'fill', slot: 0 });
    expect(refusedRule(s, 0, { type: 'fill', slot: 0 })).toBe('prosperitea.fulfil.choose');
    const market = s.market.slice();
    market[4] = null;
    expect(refusedRule({ ...s, market }, 0, { type: 'fill', slot: 4 })).toBe('prosperitea.fulfil.market');
    expect(refusedRule(s, 0, { type: 'evergreen', recipe: 9 })).toBe('prosperitea.fulfil.evergreen');
  });

  it('checks each line: right ingredient, own free card, token available, still completable', () => {
    let s = fulfil(shop({ ingredients: cards('ceylon', 'bergamot', 'assam'), favors: 0 }));
    s = act(s, 0, { type: 'fill', slot: 0 }).state;
    expect(refusedRule(s, 0, { type: 'supply', kind: kind('assam') })).toBe('prosperitea.fulfil.requirement');
    expect(refusedRule(s, 0, { type: 'favor' })).toBe('prosperitea.favor.wildcard');
    let t = fulfil(shop({ ingredients: cards('ceylon'), favors: 1 }), [
      shop({ ingredients: cards('bergamot') }),
      shop(),
    ]);
    t = act(t, 0, { type: 'fill', slot: 0 }).state;
    // Seat 1 holds Bergamot, so spending the token on the Ceylon line still leaves the order completable.
    expect(legal(t, 0)).toContainEqual({ type: 'favor' });
    let u = fulfil(shop({ ingredients: cards('ceylon'), favors: 1 }));
    u = act(u, 0, { type: 'fill', slot: 0 }).state;
    // Nobody holds Bergamot: the only token must be kept for it.
    expect(refusedRule(u, 0, { type: 'favor' })).toBe('prosperitea.fulfil.completable');
    let v = fulfil(shop({ ingredients: cards('bergamot'), favors: 1 }));
    v = act(v, 0, { type: 'fill', slot: 0 }).state;
    expect(refusedRule(v, 0, { type: 'supply', kind: kind('ceylon') })).toBe('prosperitea.fulfil.own-cards');
  });

  it('ends the turn only from fulfilment, passing left (prosperitea.turn.pass-left)', () => {
    const s = fulfil(shop());
    const { state } = act(s, 0, { type: 'end' });
    expect(state.current).toBe(1);
    expect(state.phase).toBe('source');
    const mid = act(fulfil(shop({ ingredients: cards('ceylon', 'bergamot') })), 0, {
      type: 'fill',
      slot: 0,
    }).state;
    expect(refusedRule(mid, 0, { type: 'end' })).toBe('prosperitea.turn.phase');
  });
});
