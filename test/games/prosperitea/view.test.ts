import { describe, expect, it } from 'vitest';
import { Rng, SPECTATOR } from '../../../src/core/index.ts';
import { act, cards, game, kind, orderId, shop, started, withOrder } from './helpers.ts';

describe('prosperitea information (prosperitea.info.public, prosperitea.info.hidden-decks)', () => {
  const s = game.setup(4, 'view', {});

  it('shows every seat and the spectator the same public table', () => {
    const spectator = { ...game.view(s, SPECTATOR), viewer: 0 };
    for (let seat = 0; seat < 4; seat++) expect(game.view(s, seat)).toEqual({ ...spectator, viewer: seat });
  });

  it('shows each deck top but never the order beneath it', () => {
    const v = game.view(s, 0);
    s.decks.forEach((deck, t) => {
      expect(v.decks[t]!.top).toBe(deck.at(-1));
      expect(v.decks[t]!.size).toBe(deck.length);
    });
    const text = JSON.stringify(v);
    expect(text).not.toContain(JSON.stringify(s.decks[0]));
    expect(text).not.toContain(JSON.stringify(s.orderDecks[0]));
    // Reordering the unseen cards changes nothing anyone can see.
    const other = game.resample(s, 0, Rng.fromSeed('other'));
    expect(other.decks.map((d) => d.at(-1))).toEqual(s.decks.map((d) => d.at(-1)));
    expect(other.decks).not.toEqual(s.decks);
    expect(other.rng).not.toEqual(s.rng);
    expect(game.view(other, 2)).toEqual(game.view(s, 2));
  });

  it('reports drawn cards sorted, so the event does not reveal the order they were stacked in', () => {
    const t = started(3, { shops: [shop({ money: 5 }), shop(), shop()] });
    const { events } = act(t, 0, { type: 'source', deck: 0, budget: 5 });
    const source = events.find((e) => e.type === 'source')!;
    expect(source.type === 'source' && source.kinds).toEqual(
      [...t.decks[0]!.slice(-4)].sort((a, b) => a - b),
    );
  });

  it('tells everyone about requests and answers in plain words', () => {
    let t = started(3, {
      phase: 'fulfil',
      shops: [shop({ ingredients: cards('ceylon') }), shop({ ingredients: cards('bergamot') }), shop()],
    });
    t = withOrder(t, 0, orderId('Earl Grey'));
    t = act(t, 0, { type: 'fill', slot: 0 }).state;
    t = act(t, 0, { type: 'supply', kind: kind('ceylon') }).state;
    const asked = act(t, 0, { type: 'ask', seat: 1, kind: kind('bergamot') });
    const request = asked.events.find((e) => e.type === 'request')!;
    expect(game.viewEvent(request, 1)!.text).toBe('Player A asks you for Bergamot.');
    expect(game.viewEvent(request, 2)!.text).toBe('Player A asks Player B for Bergamot.');
    expect(game.viewEvent(request, 0)!.text).toBe('You ask Player B for Bergamot.');
    // One line per thing that happened: choosing whom to ask is no line of its own ("You will ask
    // Player B…" came before "You ask Player B…" for the same request).
    for (const viewer of [0, 1, 2, SPECTATOR] as const)
      expect(
        asked.events.flatMap((e) => game.viewEvent(e, viewer)?.text ?? []),
        String(viewer),
      ).toEqual([viewer === 0 ? 'You ask Player B for Bergamot.' : game.viewEvent(request, viewer)!.text]);
    const answered = act(asked.state, 1, { type: 'accept' });
    const texts = answered.events.map((e) => game.viewEvent(e, 0)!.text);
    expect(texts[0]).toBe('Player B accepted the request.');
    expect(texts[1]).toBe(
      'You filled Earl Grey (slot 1) using Ceylon and Bergamot, with help from Player B; Player B took a Favor token.',
    );
  });
});

describe('prosperitea renderer', () => {
  it('renders the table, the order being filled and a request prompt', () => {
    let t = started(3, {
      phase: 'fulfil',
      shops: [
        shop({ ingredients: cards('ceylon'), money: 3 }),
        shop({ ingredients: cards('bergamot') }),
        shop(),
      ],
    });
    t = withOrder(t, 0, orderId('Earl Grey'));
    t = act(t, 0, { type: 'fill', slot: 0 }).state;
    t = act(t, 0, { type: 'supply', kind: kind('ceylon') }).state;
    t = act(t, 0, { type: 'ask', seat: 1, kind: kind('bergamot') }).state;
    const view = game.view(t, 1);
    const text = game.render.view(view, 1);
    expect(text).toContain('Earl Grey');
    expect(text).toContain('Ceylon + Bergamot');
    expect(text).toContain('Player A is preparing an order (which one stays secret until it is filled)');
    expect(text).not.toContain('filling Earl Grey');
    expect(text).toContain('Bergamot from you: waiting for an answer');
    expect(text).toContain('waiting for you to answer Player A');
    const own = game.render.view(game.view(t, 0), 0);
    expect(own).toContain('You are filling Earl Grey');
    expect(own).toContain('Bergamot from Player B');
    const labels = game.legalActions(t, 1).map((a) => game.render.action(a, view));
    expect(labels).toEqual(['Accept: give Bergamot to Player A for a Favor token', 'Decline the request']);
  });

  it('labels every legal action of a random game without placeholders', () => {
    let st = game.setup(4, 'labels', {});
    const rng = Rng.fromSeed('labels');
    for (let i = 0; i < 300 && game.actors(st).length; i++) {
      const seat = game.actors(st)[0]!;
      const legal = game.legalActions(st, seat);
      const view = game.view(st, seat);
      for (const a of legal) expect(game.render.action(a, view)).not.toContain('?');
      expect(game.render.view(view, seat).length).toBeGreaterThan(100);
      st = game.applyTrusted(st, seat, legal[rng.int(legal.length)]!).state;
    }
  });
});
