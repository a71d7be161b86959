import { describe, expect, it } from 'vitest';
import { namesFor, SPECTATOR } from '../../../src/core/index.ts';
import type { Viewer } from '../../../src/core/index.ts';
import type { ProsperiteaEvent } from '../../../src/games/prosperitea/events.ts';
import type { ProsperiteaState } from '../../../src/games/prosperitea/state.ts';
import { ORDER_CARDS } from '../../../src/games/prosperitea/tables.ts';
import { act, cards, game, kind, legal, orderId, shop, started, withOrder } from './helpers.ts';

/**
 * JSON counts from 0 (seat 0, market slot 0); everything written for people counts market slots
 * from 1 ("slot 1") and names seats by name and letter ("Ann (A)", "you" for the reader), in the
 * table, the menu, the event texts and the errors: never "Seat 1".
 */
const EARL_GREY = orderId('Earl Grey');
const NAMES = ['Ann', 'Ben', 'Cleo'];
const named = (viewer: Viewer) => namesFor(viewer, NAMES);
const read = (e: ProsperiteaEvent, viewer: Viewer) => game.viewEvent(e, viewer, named(viewer))!.text;

function table(): ProsperiteaState {
  const s = started(3, {
    phase: 'fulfil',
    shops: [shop({ ingredients: cards('ceylon') }), shop({ ingredients: cards('bergamot') }), shop()],
  });
  return withOrder(s, 4, EARL_GREY);
}

const refusal = (s: ProsperiteaState, seat: number, action: unknown) => {
  const r = game.apply(s, seat, action, named(seat));
  if (r.ok) throw new Error('accepted');
  return r.error.message;
};

describe('prosperitea numbering: JSON from 0, people from 1', () => {
  it('names seats by name and letter, "you" for the reader, in the table, the menu and the event texts', () => {
    let s = table();
    const text = game.render.view(game.view(s, 1), 1, named(1));
    const rows = text.split('\n').filter((l) => /^[> ] (Ann|You|Cleo)/.test(l));
    expect(rows.map((l) => l.slice(2, 16).trim())).toEqual(['Ann (A)*', 'You (B)', 'Cleo (C)']);
    s = act(s, 0, { type: 'fill', slot: 4 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    const labels = legal(s, 0).map((a) => game.render.action(a, game.view(s, 0), named(0)));
    expect(labels).toContain('Ask Ben (B) for Bergamot');
    // Without names (a simulation, a tool) seats are "Player B".
    expect(legal(s, 0).map((a) => game.render.action(a, game.view(s, 0)))).toContain(
      'Ask Player B for Bergamot',
    );
    const asked = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') });
    const request = asked.events.find((e) => e.type === 'request')!;
    expect(read(request, 2)).toBe('Ann (A) asks Ben (B) for Bergamot.');
    expect(read(request, SPECTATOR)).toBe('Ann (A) asks Ben (B) for Bergamot.');
    expect(read(request, 1)).toBe('Ann (A) asks you for Bergamot.');
    expect(read(request, 0)).toBe('You ask Ben (B) for Bergamot.');
    expect(game.render.action({ type: 'accept' }, game.view(asked.state, 1), named(1))).toBe(
      'Accept: give Bergamot to Ann (A) for a Favor token',
    );
    const done = act(asked.state, 1, { type: 'accept' });
    const fill = done.events.find((e) => e.type === 'fill')!;
    expect(read(fill, 2)).toBe(
      'Ann (A) filled Earl Grey (slot 5) using Ceylon and Bergamot, with help from Ben (B); Ben (B) took a Favor token.',
    );
    expect(read(fill, 1)).toBe(
      'Ann (A) filled Earl Grey (slot 5) using Ceylon and Bergamot, with help from you; you took a Favor token.',
    );
    expect(read({ type: 'turn', seat: 2, round: 3 }, 0)).toBe("Round 3: Cleo (C)'s turn.");
    expect(read({ type: 'turn', seat: 2, round: 3 }, 2)).toBe('Round 3: your turn.');
    expect(read({ type: 'game-end', scores: [3, 5, 4] }, 1)).toBe(
      'Game over. Scores: Ann (A) 3, you 5, Cleo (C) 4.',
    );
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
    const texts = adv.events.map((e) => read(e, 1));
    expect(texts[0]).toBe('Ann (A) advertised for 2 money and discarded Earl Grey from slot 5.');
    expect(texts[1]).toBe(`${ORDER_CARDS[adv.state.market[4]!]!.def.name} joins the market in slot 5.`);
  });

  it('names seats by name and letter in refusals, and "you" for the refused seat', () => {
    let s = table();
    s = act(s, 0, { type: 'fill', slot: 4 }).state;
    s = act(s, 0, { type: 'supply', kind: kind('ceylon') }).state;
    expect(refusal(s, 0, { type: 'ask', seat: 2, kind: kind('bergamot') })).toBe(
      'Cleo (C) has no free Bergamot card',
    );
    expect(refusal(s, 1, { type: 'accept' })).toBe('You may not act now');
    s = act(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    s = act(s, 1, { type: 'decline' }).state;
    expect(refusal(s, 0, { type: 'ask', seat: 1, kind: kind('bergamot') })).toBe(
      'Ben (B) declined a request this turn',
    );
  });
});
