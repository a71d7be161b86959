import { describe, expect, it } from 'vitest';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { act, consistent, game, orderId, shop, started } from './helpers.ts';

const EARL_GREY = orderId('Earl Grey'); // 2 prestige
const ROYAL = orderId('Royal Earl Grey'); // 8 prestige
const MINT = orderId('Moroccan Mint'); // 1 prestige

/** Round in progress with the Standard deck down to one card. */
function lastCard(players: number): ProsperiteaState {
  const s = started(players, { phase: 'source', first: 0, current: 0 });
  // The Standard orders taken off the deck are in the order discard.
  return consistent({ ...s, orderDecks: [s.orderDecks[0]!.slice(0, 1), s.orderDecks[1]!] });
}

function endTurn(s: ProsperiteaState): ProsperiteaState {
  return act(s, s.current, { type: 'end' }).state;
}

describe('prosperitea game end', () => {
  it('starts the final round when an order deck is emptied (prosperitea.end.trigger)', () => {
    const { state, events } = act(lastCard(3), 0, { type: 'advertise', slot: 0 });
    expect(state.orderDecks[0]).toEqual([]);
    expect(state.finalRound).toBe(true);
    expect(events.map((e) => e.type)).toContain('final-round');
  });

  it('finishes the round so everyone has had the same number of turns (prosperitea.end.finish-round)', () => {
    let s = act(lastCard(3), 0, { type: 'advertise', slot: 0 }).state;
    s = endTurn(s);
    expect(s.current).toBe(1);
    s = act(s, 1, { type: 'advertise', slot: 1 }).state; // the slot stays empty now
    expect(s.market[1]).toBeNull();
    s = endTurn(s);
    expect(s.current).toBe(2);
    expect(game.outcome(s)).toBeNull();
    s = act(s, 2, { type: 'advertise', slot: 2 }).state;
    const { state, events } = act(s, 2, { type: 'end' });
    expect(state.phase).toBe('over');
    expect(game.actors(state)).toEqual([]);
    expect(events.at(-1)!.type).toBe('game-end');
  });

  it('ends at once when the last seat of the round empties a deck', () => {
    let s = lastCard(3);
    s = { ...s, current: 2 };
    s = act(s, 2, { type: 'advertise', slot: 3 }).state;
    expect(endTurn(s).phase).toBe('over');
  });

  it('scores displayed prestige + 1 per Favor token + 1 per full 5 money (prosperitea.end.score)', () => {
    const s = started(3, {
      phase: 'over',
      shops: [
        shop({ displayed: [ROYAL, EARL_GREY], favors: 2, money: 14 }), // 10 + 2 + 2
        shop({ displayed: [MINT], favors: 0, money: 5 }), // 1 + 0 + 1
        shop({ money: 4 }), // 0
      ],
    });
    const o = game.outcome(s)!;
    expect(o.scores).toEqual([14, 2, 0]);
    expect(o.ranks).toEqual([1, 2, 3]);
  });

  it('breaks ties by raw prestige, then Favor tokens, else shares the place (prosperitea.end.ties)', () => {
    const byPrestige = started(3, {
      phase: 'over',
      shops: [
        shop({ displayed: [EARL_GREY], money: 5 }), // 2 + 1 = 3, raw 2
        shop({ displayed: [EARL_GREY, MINT] }), // 3, raw 3
        shop({ favors: 3 }), // 3, raw 0
      ],
    });
    expect(game.outcome(byPrestige)!.ranks).toEqual([2, 1, 3]);
    const byFavors = started(3, {
      phase: 'over',
      shops: [
        shop({ displayed: [EARL_GREY], favors: 1 }), // 3, raw 2, 1 token
        shop({ displayed: [EARL_GREY], money: 5 }), // 3, raw 2, 0 tokens
        shop({ displayed: [EARL_GREY], favors: 1 }), // same as seat 0
      ],
    });
    expect(game.outcome(byFavors)!.ranks).toEqual([1, 3, 1]);
  });
});
