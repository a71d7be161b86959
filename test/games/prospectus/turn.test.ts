import { describe, expect, it } from 'vitest';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import {
  ABILITY_INDEX,
  COUNCIL_PRICES,
  FUTURE_CARDS,
  PRICE_BY_SPACE,
  SPELL_INDEX,
} from '../../../src/games/prospectus/data.ts';
import { BLOCKED, FILLED, OPEN } from '../../../src/games/prospectus/state.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import { GOBLIN, OWL, PIXIE, TROLL, act, afterDraft, has, legal, refuse, space } from './helpers.ts';

/** The quantities offered in a quantity step (the step also offers to take the transaction back). */
const quantities = (s: ProspectusState, seat: number) => legal(s, seat).filter((a) => a.t === 'qty');

/** Seat 0's turn at the given step, with known holdings and every demand open. */
function at(phase: ProspectusState['phase'], patch: Partial<ProspectusState> = {}): ProspectusState {
  const s = afterDraft(4, 'turn');
  return {
    ...s,
    phase,
    active: 0,
    turn: 0,
    money: [100, 100, 100, 100],
    cubes: [
      [2, 1, 0, 1, 0],
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 3, 0],
    ],
    dem: s.dem.map(() => OPEN),
    hands: [[SPELL_INDEX.freeze, SPELL_INDEX.block, SPELL_INDEX.reverse], ...s.hands.slice(1)],
    ...patch,
  };
}

describe('prospectus.council', () => {
  it('prospectus.council.open-demand: only open demands for potions the seller owns are offered', () => {
    const s = at('council');
    for (const a of legal(s, 0)) {
      if (a.t !== 'council') continue;
      const potion = FUTURE_CARDS[s.track[a.space]!]!.demands[a.demand]!;
      expect(s.cubes[0]![potion]).toBeGreaterThan(0);
    }
    expect(has(legal(s, 0), { t: 'skip' })).toBe(true);
  });

  it('prospectus.council.open-demand: a filled or blocked space refuses a sale', () => {
    const s = at('council');
    const card = FUTURE_CARDS[s.track[4]!]!;
    const cubes = s.cubes.map((r) => r.slice());
    cubes[0]![card.demands[0]!] = 1;
    const dem = s.dem.slice();
    dem[8] = FILLED;
    dem[9] = BLOCKED;
    const t = { ...s, cubes, dem };
    expect(refuse(t, { t: 'council', space: 4, demand: 0 }, 0).rule).toBe('prospectus.council.open-demand');
    expect(refuse(t, { t: 'council', space: 4, demand: 1 }, 0).rule).toBe('prospectus.council.open-demand');
  });

  it('prospectus.council.sale: the cube fills the space and pays that space price', () => {
    const s = at('council');
    const sale = legal(s, 0).find((a) => a.t === 'council')!;
    if (sale.t !== 'council') throw new Error('no sale');
    const { state } = act(s, sale, 0);
    expect(state.dem[2 * sale.space + sale.demand]).toBe(FILLED);
    expect(state.money[0]).toBeGreaterThanOrEqual(100 + COUNCIL_PRICES.value[sale.space]!);
  });
});

describe('prospectus.transaction', () => {
  it('prospectus.transaction.buy-limit: the tank sets how many may be bought ($10: 5, $20: 3, $40: 1)', () => {
    for (const [price, limit] of [
      [10, 5],
      [20, 3],
      [24, 2],
      [40, 1],
    ] as const) {
      const prices = [20, 20, 20, 20, 20].map(space);
      prices[GOBLIN] = space(price);
      const s = act(
        at('tx1', { prices, money: [1000, 100, 100, 100] }),
        { t: 'tx', kind: 'buy', potion: GOBLIN },
        0,
      ).state;
      expect(quantities(s, 0)).toHaveLength(limit);
      expect(refuse(s, { t: 'qty', n: limit + 1 }, 0).rule).toBe('prospectus.transaction.buy-limit');
    }
  });

  it('prospectus.transaction.buy: money limits the quantity and no purchase beyond it is offered', () => {
    const s = at('tx1', { money: [45, 100, 100, 100] });
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
    expect(legal(chosen, 0)).toEqual([{ t: 'qty', n: 1 }, { t: 'qty', n: 2 }, { t: 'back' }]);
    const poor = at('tx1', { money: [5, 100, 100, 100] });
    expect(legal(poor, 0).some((a) => a.t === 'tx' && a.kind === 'buy')).toBe(false);
    expect(refuse(poor, { t: 'tx', kind: 'buy', potion: OWL }, 0).rule).toBe('prospectus.transaction.buy');
  });

  it('prospectus.transaction.sell: a holding of more than a hundred cubes offers every quantity as a shared action', () => {
    const cubes = [[108, 0, 0, 0, 0], ...at('tx1').cubes.slice(1)];
    const chosen = act(at('tx1', { cubes }), { t: 'tx', kind: 'sell', potion: OWL }, 0).state;
    const offered = legal(chosen, 0);
    expect(offered.map((a) => (a.t === 'qty' ? a.n : -1))).toEqual([
      ...Array.from({ length: 108 }, (_, i) => i + 1),
      -1,
    ]);
    // The same frozen objects every time, so one hidden class for every quantity (docs/architecture.md).
    expect(offered.every((a) => Object.isFrozen(a))).toBe(true);
    expect(legal(chosen, 0)).toEqual(offered);
    expect(legal(chosen, 0).every((a, i) => a === offered[i])).toBe(true);
    expect(act(chosen, { t: 'qty', n: 108 }, 0).state.cubes[0]![OWL]).toBe(0);
  });

  it('prospectus.transaction.sell: any number of one owned colour, at the current price', () => {
    const s = at('tx1');
    expect(refuse(s, { t: 'tx', kind: 'sell', potion: GOBLIN }, 0).rule).toBe('prospectus.transaction.sell');
    const chosen = act(s, { t: 'tx', kind: 'sell', potion: OWL }, 0).state;
    expect(quantities(chosen, 0)).toHaveLength(2);
    const sold = act(chosen, { t: 'qty', n: 2 }, 0).state;
    expect(sold.money[0]).toBe(140);
    expect(sold.cubes[0]![OWL]).toBe(0);
    expect(sold.phase).toBe('play');
  });

  it('prospectus.transaction.one-colour: a transaction is one (kind, colour) then a quantity', () => {
    const s = at('tx1');
    const kinds = new Set(legal(s, 0).map((a) => a.t));
    expect([...kinds].sort()).toEqual(['skip', 'tx']);
  });

  it('prospectus.turn.order: an action of the wrong step is refused naming the step', () => {
    const s = at('tx1');
    expect(refuse(s, { t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' }, 0).rule).toBe(
      'prospectus.turn.order',
    );
    expect(refuse(s, { t: 'skip' }, 1).rule).toBe('core.turn');
  });
});

describe('prospectus.spell', () => {
  it('prospectus.spell.play: a card must be played; recharge only with an inactive tile', () => {
    const s = at('play');
    const plays = legal(s, 0);
    expect(plays.every((a) => a.t === 'play')).toBe(true);
    expect(plays.filter((a) => a.t === 'play' && a.mode === 'recharge')).toHaveLength(3);
    const active = { ...s, interrupts: [true, false, false, false] };
    expect(refuse(active, { t: 'play', spell: SPELL_INDEX.freeze, mode: 'recharge' }, 0).rule).toBe(
      'prospectus.spell.recharge',
    );
    expect(refuse(s, { t: 'play', spell: SPELL_INDEX.hourglass, mode: 'cast' }, 0).rule).toBe(
      'prospectus.spell.play',
    );
  });

  it('prospectus.spell.recharge: discarding flips the tile active', () => {
    const s = at('play');
    const { state } = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'recharge' }, 0);
    expect(state.interrupts[0]).toBe(true);
    expect(state.discards[0]).toContain(SPELL_INDEX.block);
    expect(state.hands[0]).not.toContain(SPELL_INDEX.block);
  });

  it('prospectus.spell.resell: discarding to sell again gives a sale with no ability', () => {
    const abilities = [
      ABILITY_INDEX.bounty,
      ABILITY_INDEX.bounty,
      ABILITY_INDEX.bounty,
      ABILITY_INDEX.bounty,
      ABILITY_INDEX.bounty,
    ];
    const s = at('play', { abilities });
    const t = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'council' }, 0).state;
    expect(t.phase).toBe('resell');
    const sale = legal(t, 0).find((a) => a.t === 'council')!;
    if (sale.t !== 'council') throw new Error('no sale');
    const { state, events } = act(t, sale, 0);
    expect(events.some((e) => e.type === 'bounty')).toBe(false);
    expect(events).toContainEqual(expect.objectContaining({ type: 'council-sale', ability: false }));
    expect(state.money[0]).toBeLessThanOrEqual(100 + 24 + 40);
  });

  it('prospectus.spell.freeze: after interrupts nobody may trade the potion until the caster’s next turn; council sales go on', () => {
    const s = at('play', { interrupts: [false, false, false, false] });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' }, 0).state;
    expect(cast.phase).toBe('param');
    const frozen = act(cast, { t: 'potion', potion: OWL }, 0).state;
    expect(frozen.frozen[OWL]).toBe(0);
    // Seat 1 on its turn: Owl Spit cannot be bought or sold, but can go to the council.
    const seat1: ProspectusState = { ...frozen, phase: 'tx1', active: 1 };
    expect(legal(seat1, 1).some((a) => a.t === 'tx' && a.potion === OWL)).toBe(false);
    expect(refuse(seat1, { t: 'tx', kind: 'sell', potion: OWL }, 1).rule).toBe('prospectus.spell.freeze');
    const council: ProspectusState = { ...frozen, phase: 'council', active: 1 };
    const owlDemand = council.track.findIndex((c) => c >= 0 && FUTURE_CARDS[c]!.demands.includes(OWL));
    if (owlDemand >= 0)
      expect(legal(council, 1).some((a) => a.t === 'council' && a.space === owlDemand)).toBe(true);
  });

  it('prospectus.turn.start: a freeze ends when its caster’s next turn begins', () => {
    const s = at('tx2', {
      frozen: [1, -1, -1, -1, -1],
      active: 0,
      turn: 0,
      money: [0, 0, 0, 0],
      cubes: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
    });
    // Seat 0 ends its turn (no transaction possible), so seat 1 starts and its freeze thaws.
    const next = prospectus.applyTrusted({ ...s, phase: 'tx2' }, 0, { t: 'skip' }).state;
    expect(next.active).toBe(1);
    expect(next.frozen[OWL]).toBe(-1);
  });

  it('prospectus.spell.block: two open demands get blockers once interrupts are done', () => {
    const s = at('play', { interrupts: [false, false, false, false] });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'cast' }, 0).state;
    const one = act(cast, { t: 'demand', space: 2, demand: 0 }, 0).state;
    expect(one.phase).toBe('param');
    expect(has(legal(one, 0), { t: 'demand', space: 2, demand: 0 })).toBe(false);
    const two = act(one, { t: 'demand', space: 3, demand: 1 }, 0).state;
    expect(two.played?.params).toEqual([2, 0, 3, 1]);
    // The current card executed (its blockers returned); the others stay blocked and slid right.
    expect(two.dem.filter((d) => d === BLOCKED).length).toBe(2);
  });

  it('prospectus.spell.block: no more blockers than the supply holds', () => {
    const dem = [OPEN, OPEN, ...Array(8).fill(BLOCKED)];
    const s = at('play', {
      dem: dem.map((d, i) => (i === 0 ? BLOCKED : d)),
      interrupts: [true, true, true, true],
    });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'cast' }, 0).state;
    const params = legal(cast, 0).filter((a) => a.t === 'demand');
    // Nine blockers on the track leave one in the supply.
    const one = act(cast, params[0]!, 0).state;
    expect(one.phase).not.toBe('param');
  });

  it('prospectus.spell.reverse, prospectus.spell.add-cubes and prospectus.spell.change alter what the current card drops', async () => {
    const { arrowsFor, cubesToDrop } = await import('../../../src/games/prospectus/rules/future-card.ts');
    const s = at('interrupt');
    const card = FUTURE_CARDS[s.track[4]!]!;
    const p = card.icons.findIndex((n) => n > 0);
    const reversed = { ...s, played: { spell: SPELL_INDEX.reverse, mode: 'cast' as const, params: [p] } };
    expect(arrowsFor(reversed, 4)[p]).toBe(-card.arrows[p]!);
    const added = {
      ...s,
      played: { spell: SPELL_INDEX['add-cubes'], mode: 'cast' as const, params: [TROLL, TROLL] },
    };
    expect(cubesToDrop(added, 4)[TROLL]).toBe(card.icons[TROLL]! + 2);
    const to = p === PIXIE ? OWL : PIXIE;
    const changed = { ...s, played: { spell: SPELL_INDEX.change, mode: 'cast' as const, params: [p, to] } };
    const drop = cubesToDrop(changed, 4);
    expect(drop[p]).toBe(card.icons[p]! - 1);
    expect(drop[to]).toBe(card.icons[to]! + 1);
    // Discarded for money, the same card changes nothing.
    const discarded = { ...s, played: { spell: SPELL_INDEX.change, mode: 'council' as const, params: [] } };
    expect(cubesToDrop(discarded, 4)).toEqual(card.icons);
  });

  it('prospectus.spell.reverse: any potion’s arrow may be reversed, even one with no icon on the card (its cubes still emerge from the ball)', () => {
    // Card 2 prints no Troll Sweat icon, and its Troll Sweat arrow points down.
    const card = FUTURE_CARDS[2]!;
    expect(card.icons[TROLL]).toBe(0);
    const s = at('play', {
      track: [...afterDraft(4, 'turn').track.slice(0, 4), 2],
      hands: [
        [SPELL_INDEX.reverse, SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
      ball: [0, 0, 0, 8, 0],
    });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.reverse, mode: 'cast' }, 0).state;
    expect(legal(cast, 0)).toEqual([0, 1, 2, 3, 4].map((potion) => ({ t: 'potion', potion })));
    const { events } = act(cast, { t: 'potion', potion: TROLL }, 0);
    const drop = events.find((e) => e.type === 'drop');
    const out = drop && drop.type === 'drop' ? drop.emerged[TROLL]! : 0;
    expect(out).toBeGreaterThan(0);
    // The council's curse comes first (one space down); the emerged cubes then move the price up.
    const moves = events.filter((e) => e.type === 'price' && e.potion === TROLL);
    expect(moves.map((e) => (e.type === 'price' ? Math.sign(e.to - e.from) : 0))).toEqual([-1, 1]);
  });

  it('a spell whose potions are still being named alters the drop only by the potions named so far', async () => {
    const { arrowsInto, cubesToDropInto } =
      await import('../../../src/games/prospectus/rules/future-card.ts');
    const s = at('interrupt');
    const card = FUTURE_CARDS[s.track[4]!]!;
    const naming = (spell: number, params: number[]) => ({
      ...s,
      played: { spell, mode: 'cast' as const, params },
    });
    // The bot reads these while it looks ahead from the 'param' step, into arrays it reuses.
    const into = [0, 0, 0, 0, 0];
    expect(cubesToDropInto(naming(SPELL_INDEX['add-cubes'], []), 4, into)).toEqual(card.icons);
    const once = cubesToDropInto(naming(SPELL_INDEX['add-cubes'], [TROLL]), 4, into);
    expect(once[TROLL]).toBe(card.icons[TROLL]! + 1);
    cubesToDropInto(naming(SPELL_INDEX.change, [TROLL]), 4, into);
    expect(into[TROLL]).toBe(card.icons[TROLL]! - 1);
    expect(arrowsInto(naming(SPELL_INDEX.reverse, []), 4, into)).toEqual(card.arrows);
    // Nothing but the five potions was ever written.
    expect(Object.keys(into)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('prospectus.spell.hourglass: two future cards execute and two new ones are drawn', () => {
    const s = at('play', {
      hands: [
        [SPELL_INDEX.hourglass, SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
      // Open screens: the second transaction, which nobody can use, is skipped.
      openScreens: true,
      money: [0, 0, 0, 0],
      cubes: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
    });
    const before = s.track.slice();
    const first = act(s, { t: 'play', spell: SPELL_INDEX.hourglass, mode: 'cast' }, 0);
    expect(first.events.filter((e) => e.type === 'drop')).toHaveLength(1);
    // The current card has run completely; the caster now chooses whether to run the next one.
    expect(first.state.phase).toBe('market');
    expect(legal(first.state, 0)).toEqual([{ t: 'execute' }, { t: 'skip' }]);
    const { state, events } = act(first.state, { t: 'execute' }, 0);
    expect(events.filter((e) => e.type === 'drop')).toHaveLength(1);
    expect(state.futureDiscard.slice(-2).sort()).toEqual([before[3], before[4]].sort());
    expect(state.track.slice(2)).toEqual(before.slice(0, 3));
  });

  it('prospectus.spell.hourglass: the caster may stop after the first card; then only one card is replaced', () => {
    const s = at('play', {
      hands: [
        [SPELL_INDEX.hourglass, SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
      openScreens: true,
      money: [0, 0, 0, 0],
      cubes: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
    });
    const before = s.track.slice();
    const first = act(s, { t: 'play', spell: SPELL_INDEX.hourglass, mode: 'cast' }, 0).state;
    expect(refuse(first, { t: 'pound' }, 0).message).toMatch(/execute, skip/);
    const { state, events } = act(first, { t: 'skip' }, 0);
    expect(events.some((e) => e.type === 'drop')).toBe(false);
    expect(state.futureDiscard.at(-1)).toBe(before[4]);
    expect(state.futureDiscard).not.toContain(before[3]);
    expect(state.track.slice(1)).toEqual(before.slice(0, 4));
    expect(state.active).toBe(1);
  });

  it('prospectus.spell.plus-three: the second transaction may exceed the buy limit by 3', () => {
    const s = at('tx2', {
      played: { spell: SPELL_INDEX['plus-three'], mode: 'cast', params: [] },
      money: [1000, 0, 0, 0],
    });
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
    expect(quantities(chosen, 0)).toHaveLength(6);
    const plain = act({ ...s, played: null }, { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
    expect(quantities(plain, 0)).toHaveLength(3);
  });

  it('prospectus.spell.look: the caster sees the top three, reorders them, and remembers', () => {
    const s = at('play', {
      hands: [
        [SPELL_INDEX.look, SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
    });
    const looked = act(s, { t: 'play', spell: SPELL_INDEX.look, mode: 'cast' }, 0).state;
    expect(looked.phase).toBe('reorder');
    expect(prospectus.view(looked, 0).knownFuture).toEqual(s.future.slice(0, 3));
    expect(prospectus.view(looked, 1).knownFuture).toEqual([]);
    expect(legal(looked, 0)).toHaveLength(6);
    const { state, events } = act(looked, { t: 'order', perm: 5 }, 0);
    const reversed = s.future.slice(0, 3).reverse();
    if (events.some((e) => e.type === 'reshuffle')) {
      // A split or bust during the execution reshuffled the deck: the peek is void.
      expect(prospectus.view(state, 0).knownFuture).toEqual([]);
    } else {
      expect(state.future.slice(0, 3)).toEqual(reversed);
      expect(prospectus.view(state, 0).knownFuture).toEqual(reversed);
    }
    expect(events.find((e) => e.type === 'reorder')).toEqual({ type: 'reorder', seat: 0, cards: reversed });
  });

  it('prospectus.spell.move-card: the chosen card becomes the current one; passed cards slide left', () => {
    const s = at('play', {
      hands: [
        [SPELL_INDEX['move-card'], SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
    });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX['move-card'], mode: 'cast' }, 0).state;
    const { events } = act(cast, { t: 'space', space: 1 }, 0);
    const drop = events.find((e) => e.type === 'drop');
    expect(drop && drop.type === 'drop' ? drop.dropped : null).toEqual(FUTURE_CARDS[s.track[1]!]!.icons);
  });

  it('prospectus.spell.swap-tokens: two ability tokens change places (one may be set aside)', () => {
    const s = at('play', {
      hands: [
        [SPELL_INDEX['swap-tokens'], SPELL_INDEX.block, SPELL_INDEX.freeze],
        ...afterDraft(4, 'turn').hands.slice(1),
      ],
      interrupts: [false, false, false, false],
    });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX['swap-tokens'], mode: 'cast' }, 0).state;
    const { state } = act(cast, { t: 'tokens', a: 0, b: 5 }, 0);
    expect(state.abilities[0]).toBe(s.aside[0]);
    expect(state.aside[0]).toBe(s.abilities[0]);
  });

  it('prospectus.spell.pulsa-pugnum and prospectus.spell.redrop: the caster decides after the drop', () => {
    for (const spell of [SPELL_INDEX['pulsa-pugnum'], SPELL_INDEX.redrop]) {
      const s = at('play', {
        hands: [[spell, SPELL_INDEX.block, SPELL_INDEX.freeze], ...afterDraft(4, 'turn').hands.slice(1)],
        interrupts: [false, false, false, false],
      });
      const dropped = act(s, { t: 'play', spell, mode: 'cast' }, 0).state;
      expect(dropped.phase).toBe('market');
      const options = legal(dropped, 0);
      expect(has(options, { t: 'skip' })).toBe(true);
      if (spell === SPELL_INDEX['pulsa-pugnum']) expect(has(options, { t: 'pound' })).toBe(true);
      else
        for (const a of options) if (a.t === 'redrop') expect(dropped.emerged![a.potion]).toBeGreaterThan(0);
      const next = act(dropped, options[0]!, 0).state;
      expect(next.phase).not.toBe('market');
    }
  });
});

describe('prospectus.interrupt', () => {
  it('prospectus.interrupt.order: other seats with an active tile, clockwise from the active seat', () => {
    const s = at('play', {
      active: 2,
      turn: 2,
      interrupts: [true, true, false, true],
      hands: [
        [0, 1, 2],
        [0, 1, 2],
        [SPELL_INDEX.block, SPELL_INDEX.freeze, SPELL_INDEX.reverse],
        [0, 1, 2],
      ],
    });
    const played = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'recharge' }, 2).state;
    expect(played.phase).toBe('interrupt');
    expect(played.interruptQueue).toEqual([3, 0, 1]);
    expect(prospectus.actors(played)).toEqual([3]);
  });

  it('prospectus.interrupt.window: using the tile gives a transaction and turns the tile inactive', () => {
    const s = at('play', { interrupts: [false, true, false, false] });
    const played = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'recharge' }, 0).state;
    expect(prospectus.actors(played)).toEqual([1]);
    const used = act(played, { t: 'tx', kind: 'sell', potion: TROLL }, 1).state;
    expect(used.interrupts[1]).toBe(false);
    expect(prospectus.actors(used)).toEqual([1]);
    const done = act(used, { t: 'qty', n: 1 }, 1).state;
    expect(done.money[1]).toBe(100 + PRICE_BY_SPACE[s.prices[TROLL]!]!);
  });

  it('prospectus.interrupt.window: a freeze announced now is not yet in force during the window', () => {
    const s = at('play', { interrupts: [false, true, false, false] });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' }, 0).state;
    const announced = act(cast, { t: 'potion', potion: OWL }, 0).state;
    expect(prospectus.actors(announced)).toEqual([1]);
    expect(has(legal(announced, 1), { t: 'tx', kind: 'sell', potion: OWL })).toBe(true);
    const passed = act(announced, { t: 'skip' }, 1).state;
    expect(passed.interrupts[1]).toBe(true);
    expect(passed.frozen[OWL]).toBe(0);
  });
});

describe('prospectus.turn.back', () => {
  it('prospectus.turn.back: a transaction is taken back before its quantity, and its step is offered again', () => {
    const s = at('tx1');
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: PIXIE }, 0).state;
    expect(chosen.phase).toBe('qty');
    const options = legal(chosen, 0);
    expect(options.at(-1)).toEqual({ t: 'back' });
    const { state: back, events } = act(chosen, { t: 'back' }, 0);
    expect(back.phase).toBe('tx1');
    expect(back.tx).toBeNull();
    expect(back.money[0]).toBe(100);
    expect(back.cubes[0]).toEqual(s.cubes[0]);
    // The announcement of a trade that never happened leaves the public record.
    expect(back.record).toBe(s.record);
    expect(events).toEqual([{ type: 'withdraw', seat: 0, kind: 'buy', potion: PIXIE, interrupt: false }]);
    expect(prospectus.viewEvent(events[0]!, 1)!.text).toBe(
      'Player A takes back the purchase of Pixie Dust before any cube changed hands.',
    );
    // Another colour may now be chosen.
    const other = act(back, { t: 'tx', kind: 'sell', potion: OWL }, 0).state;
    expect(act(other, { t: 'qty', n: 2 }, 0).state.cubes[0]![OWL]).toBe(0);
  });

  it('prospectus.turn.back: the second transaction and the trade ability go back to their own step', () => {
    const second = act(at('tx2'), { t: 'tx', kind: 'buy', potion: GOBLIN }, 0).state;
    expect(act(second, { t: 'back' }, 0).state.phase).toBe('tx2');
    const trade = act(
      at('ability', { ability: ABILITY_INDEX.trade }),
      { t: 'tx', kind: 'buy', potion: OWL },
      0,
    );
    const back = act(trade.state, { t: 'back' }, 0).state;
    expect(back.phase).toBe('ability');
    expect(back.ability).toBe(ABILITY_INDEX.trade);
  });

  it('prospectus.turn.back: an interrupt taken back leaves the tile active and the seat first to answer', () => {
    const s = at('play', { interrupts: [false, true, false, true] });
    const played = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'recharge' }, 0).state;
    const used = act(played, { t: 'tx', kind: 'sell', potion: TROLL }, 1).state;
    expect(used.interrupts[1]).toBe(false);
    const { state: back, events } = act(used, { t: 'back' }, 1);
    expect(back.phase).toBe('interrupt');
    expect(back.interrupts[1]).toBe(true);
    expect(back.interruptQueue).toEqual([1, 3]);
    expect(prospectus.viewEvent(events[0]!, 1)!.text).toBe(
      'You take back the sale of Troll Sweat before any cube changed hands, and your interrupt tile is active again.',
    );
    const passed = act(back, { t: 'skip' }, 1).state;
    expect(prospectus.actors(passed)).toEqual([3]);
  });

  it('prospectus.turn.back: the targets of Block chosen so far may be dropped before the last one', () => {
    const s = at('play', { interrupts: [false, false, false, false] });
    const cast = act(s, { t: 'play', spell: SPELL_INDEX.block, mode: 'cast' }, 0).state;
    expect(has(legal(cast, 0), { t: 'back' })).toBe(false);
    expect(refuse(cast, { t: 'back' }, 0).rule).toBe('prospectus.turn.back');
    const one = act(cast, { t: 'demand', space: 2, demand: 0 }, 0).state;
    const back = act(one, { t: 'back' }, 0).state;
    expect(back.phase).toBe('param');
    expect(back.played?.params).toEqual([]);
    expect(has(legal(back, 0), { t: 'demand', space: 2, demand: 0 })).toBe(true);
  });

  it('prospectus.turn.back: at most 3 times a turn, so no sequence of moves goes back and forth for ever', () => {
    let s = at('tx1');
    for (let i = 0; i < 3; i++) {
      s = act(s, { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
      s = act(s, { t: 'back' }, 0).state;
    }
    s = act(s, { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
    expect(has(legal(s, 0), { t: 'back' })).toBe(false);
    expect(refuse(s, { t: 'back' }, 0).rule).toBe('prospectus.turn.back');
    // The count starts again with the next turn.
    const next = act(s, { t: 'qty', n: 1 }, 0).state;
    expect(next.backs).toBe(3);
    const later = prospectus.applyTrusted({ ...next, phase: 'tx2' }, 0, { t: 'skip' }).state;
    expect(later.active).toBe(1);
    expect(later.backs).toBe(0);
  });

  it('prospectus.turn.back: the bots never take a step back', () => {
    const s = act(at('tx1'), { t: 'tx', kind: 'buy', potion: OWL }, 0).state;
    const bot = prospectus.bots!.heuristic!({ game: prospectus, seat: 0, seed: 'b', params: {} });
    const view = prospectus.view(s, 0);
    const choice = bot.act({ seat: 0, view, legal: legal(s, 0), sampleWorld: () => s });
    expect(choice.t).toBe('qty');
  });
});
