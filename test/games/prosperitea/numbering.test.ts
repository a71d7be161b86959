import { describe, expect, it } from 'vitest';
import { SPECTATOR } from '../../../src/core/index.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { ORDER_CARDS } from '../../../src/games/prosperitea/tables.ts';
import { act, cards, game, kind, legal, orderId, shop, started, withOrder } from './helpers.ts';

/**
 * JSON counts from 0 (seat 0, market slot 0); everything written for people counts from 1: seat 1 is
 * "Seat 1" and market slot 0 is "slot 1", in the table, the menu, the event texts and the errors.
 */
const EARL_GREY = orderId('Earl Grey');

function table(): ProsperiteaState {
  const s = started(3, {
    phase: 'fulfil',
    shops: [shop({ ingredients: cards('ceylon') }), shop({ ingredients: cards('bergamot') }), shop()],
  });
  return withOrder(s, 4, EARL_GREY);
}

const refusal = (s: ProsperiteaState, seat: number, action: unknown) => {
  const r = game.apply(s, seat, action);
  if (r.ok) throw new Error('accepted');
  return r.error.message;
};

describe('prosperitea numbering: JSON from 0, people from 1', () => {
  it('names seats from 1 in the table, the menu and the event texts', () => {
    let s = table();
    const text = game.render.view(game.view(s, 1), 1);
    const rows = text.split('\n').filter((l) => /^[> ] Seat/.test(l));
    expect(rows.map((l) => l.slice(2, 16).trim())).toEqual(['Seat 1*', 'Seat 2 (you)', 'Seat 3']);
    s = act(s, 0, { type: 'fill', slot: 4 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    const labels = legal(s, 0).map((a) => game.render.action(a, game.view(s, 0)));
    expect(labels).toContain('Ask Seat 2 for Bergamot');
    const asked = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') });
    const request = asked.events.find((e) => e.type === 'request')!;
    expect(game.viewEvent(request, 2)!.text).toBe('Seat 1 asks Seat 2 for Bergamot.');
    expect(game.viewEvent(request, SPECTATOR)!.text).toBe('Seat 1 asks Seat 2 for Bergamot.');
    expect(game.viewEvent(request, 1)!.text).toBe('Seat 1 asks you for Bergamot.');
    expect(game.render.action({ type: 'accept' }, game.view(asked.state, 1))).toBe(
      'Accept: give Bergamot to Seat 1 for a Favor token',
    );
    const done = act(asked.state, 1, { type: 'accept' });
    const fill = done.events.find((e) => e.type === 'fill')!;
    expect(game.viewEvent(fill, 2)!.text).toBe(
      'Seat 1 filled Earl Grey (slot 5) using Ceylon and Bergamot, with help from Seat 2; Seat 2 took a Favor token.',
    );
    expect(game.viewEvent({ type: 'turn', seat: 2, round: 3 }, 0)!.text).toBe('Round 3: Seat 3’s turn.');
  });

  it('names market slots from 1 in the table, the menu, the events and the errors', () => {
    const s = table();
    const text = game.render.view(game.view(s, 0), 0);
    s.market.forEach((order, slot) => {
      if (order === null) return;
      expect(text).toMatch(new RegExp(`^  ${slot + 1}  ${ORDER_CARDS[order]!.def.name}`, 'm'));
    });
    const view = game.view(s, 0);
    expect(game.render.action({ type: 'fill', slot: 4 }, view)).toBe('Fill slot 5: Earl Grey ($4 / 2★)');
    expect(game.render.action({ type: 'advertise', slot: 4 }, view)).toBe(
      'Advertise: +2 money, discard slot 5 (Earl Grey)',
    );
    const market = s.market.slice();
    market[2] = null;
    expect(refusal({ ...s, market }, 0, { type: 'fill', slot: 2 })).toBe('market slot 3 is empty');
    expect(refusal(s, 0, { type: 'fill', slot: 9 })).toBe(
      'there are market slots 1-9 (0-8 in JSON); 10 is not one',
    );
    const adv = act({ ...s, phase: 'source' }, 0, { type: 'advertise', slot: 4 });
    const texts = adv.events.map((e) => game.viewEvent(e, 1)!.text);
    expect(texts[0]).toBe('Seat 1 advertised for 2 money and discarded Earl Grey from slot 5.');
    expect(texts[1]).toBe(`${ORDER_CARDS[adv.state.market[4]!]!.def.name} joins the market in slot 5.`);
  });

  it('names seats from 1 in refusals', () => {
    let s = table();
    s = act(s, 0, { type: 'fill', slot: 4 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    expect(refusal(s, 0, { type: 'ask', seat: 2, kind: kind('bergamot') })).toBe(
      'Seat 3 has no free Bergamot card',
    );
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 1, { type: 'decline' }).state;
    expect(refusal(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') })).toBe(
      'Seat 2 declined a request this turn',
    );
  });
});
