import { describe, expect, it } from 'vitest';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import {
  ABILITY_INDEX,
  CRYSTAL_BALL,
  FUTURE_CARDS,
  PRICE_BY_SPACE,
  START_SPACE,
} from '../../../src/games/prospectus/data.ts';
import { dropIntoBall, movePrice } from '../../../src/games/prospectus/rules/market.ts';
import { advanceDividend } from '../../../src/games/prospectus/rules/future-card.ts';
import { Work } from '../../../src/games/prospectus/rules/work.ts';
import { FILLED, OPEN } from '../../../src/games/prospectus/state.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import { Rng } from '../../../src/core/rng.ts';
import { FROG, GOBLIN, OWL, PIXIE, TROLL, act, afterDraft, has, legal, refuse, space } from './helpers.ts';
import { PROMO } from './decks.ts';

function table(patch: Partial<ProspectusState> = {}): ProspectusState {
  const s = afterDraft(4, 'market');
  return {
    ...s,
    cubes: [
      [2, 0, 0, 0, 0],
      [1, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [3, 0, 0, 0, 0],
    ],
    money: [0, 0, 0, 0],
    futureDiscard: [30, 31],
    future: s.future.filter((c) => c !== 30 && c !== 31),
    knownTop: [3, 0, 0, 0],
    ...patch,
  };
}

describe('prospectus.market', () => {
  it('prospectus.market.split: above $40 holdings double, the price resets and the rest of the rise continues', () => {
    const prices = [space(38), 10, 10, 10, 10];
    const w = new Work(table({ prices }));
    movePrice(w, OWL, 4);
    const { state, events } = w.finish();
    expect(state.cubes.map((r) => r[OWL])).toEqual([4, 2, 0, 6]);
    // 38 → 40 (one step), the second step splits back to $20, two more steps: $21, $22.
    expect(PRICE_BY_SPACE[state.prices[OWL]!]).toBe(22);
    expect(state.splits[OWL]).toBe(1);
    expect(state.lastReveal).toEqual({ kind: 'split', potion: OWL, counts: [2, 1, 0, 3] });
    expect(events.some((e) => e.type === 'reshuffle')).toBe(true);
    expect(state.futureDiscard).toEqual([]);
    expect(state.future).toContain(30);
    expect(state.knownTop).toEqual([0, 0, 0, 0]);
  });

  it('prospectus.market.bust: below $10 holdings are lost, the price resets and the rest of the fall is ignored', () => {
    const prices = [space(11), 10, 10, 10, 10];
    const w = new Work(table({ prices }));
    movePrice(w, OWL, -5);
    const { state } = w.finish();
    expect(state.cubes.map((r) => r[OWL])).toEqual([0, 0, 0, 0]);
    expect(state.prices[OWL]).toBe(START_SPACE);
    expect(state.busts[OWL]).toBe(1);
    expect(state.lastReveal).toEqual({ kind: 'bust', potion: OWL, counts: [2, 1, 0, 3] });
    expect(state.futureDiscard).toEqual([]);
  });

  it('prospectus.market.bust: revealed counts reach every view', () => {
    const w = new Work(table({ prices: [space(10), 10, 10, 10, 10] }));
    movePrice(w, OWL, -1);
    const { state } = w.finish();
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const)
      expect(prospectus.view(state, viewer).lastReveal?.counts).toEqual([2, 1, 0, 3]);
  });

  it('prospectus.market.crystal-ball: cubes stick inside and come out on later drops; none are lost', () => {
    const rng = Rng.fromSeed('ball');
    const ball = [0, 0, 0, 0, 0];
    let emergedTotal = 0;
    let droppedTotal = 0;
    let everInside = false;
    for (let i = 0; i < 200; i++) {
      const drop = [2, 2, 1, 2, 1];
      droppedTotal += 8;
      const out = dropIntoBall(ball, drop, rng);
      emergedTotal += out.reduce((a, b) => a + b, 0);
      if (ball.some((n) => n > 0)) everInside = true;
      expect(emergedTotal + ball.reduce((a, b) => a + b, 0)).toBe(droppedTotal);
    }
    expect(everInside).toBe(true);
    // Over many drops about as many come out as go in.
    expect(emergedTotal / droppedTotal).toBeGreaterThan(0.9);
    expect(CRYSTAL_BALL.provenance).toMatch(/^reconstructed:/);
  });

  it('prospectus.market.emerge-outside: the ball only changes when a drop, pound or re-drop happens', () => {
    const rng = Rng.fromSeed('outside');
    const options = {
      spells: PROMO,
    };
    let s = afterDraft(4, 'outside', options);
    let knocks = 0;
    while (prospectus.actors(s).length) {
      const seat = prospectus.actors(s)[0]!;
      const legalNow = prospectus.legalActions(s, seat);
      const { state, events } = prospectus.applyTrusted(s, seat, legalNow[rng.int(legalNow.length)]!);
      const knocked = events.some((e) => e.type === 'drop' || e.type === 'pound' || e.type === 'redrop');
      if (knocked) knocks++;
      else expect(state.ball).toEqual(s.ball);
      s = state;
    }
    expect(knocks).toBeGreaterThanOrEqual(24);
  });

  it('prospectus.market.results: emerged cubes move prices along the card arrows during execution', () => {
    const s = afterDraft(4, 'results');
    const t: ProspectusState = {
      ...s,
      phase: 'play',
      active: 0,
      interrupts: [true, false, false, false],
      // Open screens: steps nobody can use are skipped (closed screens would offer them with 'skip').
      openScreens: true,
      cubes: s.cubes.map(() => [0, 0, 0, 0, 0]),
      money: [0, 0, 0, 0],
    };
    const { events } = act(t, { t: 'play', spell: t.hands[0]![0]!, mode: 'council' }, 0);
    const drop = events.find((e) => e.type === 'drop');
    expect(drop).toBeDefined();
    if (drop?.type !== 'drop') return;
    expect(drop.dropped).toEqual(FUTURE_CARDS[t.track[4]!]!.icons);
  });
});

describe('prospectus.future', () => {
  it('prospectus.future.council: a filled demand blesses (+1), an open or blocked one curses (-1)', () => {
    const s = afterDraft(4, 'verdict');
    const card = FUTURE_CARDS[s.track[4]!]!;
    const dem = s.dem.slice();
    dem[8] = FILLED;
    dem[9] = OPEN;
    const t: ProspectusState = {
      ...s,
      dem,
      phase: 'play',
      active: 0,
      interrupts: [true, false, false, false],
      // Open screens: steps nobody can use are skipped (closed screens would offer them with 'skip').
      openScreens: true,
      cubes: s.cubes.map(() => [0, 0, 0, 0, 0]),
    };
    const { events, state } = act(t, { t: 'play', spell: t.hands[0]![0]!, mode: 'council' }, 0);
    const verdicts = events.filter((e) => e.type === 'council-verdict');
    expect(verdicts).toEqual([
      { type: 'council-verdict', potion: card.demands[0], blessed: true },
      { type: 'council-verdict', potion: card.demands[1], blessed: false },
    ]);
    // prospectus.future.chamber: the sold cube went to the chamber.
    expect(state.chamber[card.demands[0]!]).toBe(1);
  });

  it('prospectus.dividend.advance: the first two cubes only fill the lair', () => {
    const w = new Work(table({ dividends: [0, 0, 0, 0, 0] }));
    advanceDividend(w, FROG);
    advanceDividend(w, FROG);
    const { state } = w.finish();
    expect(state.dividends[FROG]).toBe(2);
    expect(state.money).toEqual([0, 0, 0, 0]);
  });

  it('prospectus.future.execute and prospectus.turn.replenish: the executed card is discarded and a new one enters on the left', () => {
    const s = afterDraft(4, 'replenish');
    const t: ProspectusState = {
      ...s,
      phase: 'play',
      active: 0,
      interrupts: [true, false, false, false],
      // Open screens: steps nobody can use are skipped (closed screens would offer them with 'skip').
      openScreens: true,
      cubes: s.cubes.map(() => [0, 0, 0, 0, 0]),
      money: [0, 0, 0, 0],
    };
    const { state } = act(t, { t: 'play', spell: t.hands[0]![0]!, mode: 'council' }, 0);
    expect(state.futureDiscard).toContain(t.track[4]);
    expect(state.track.slice(1)).toEqual(t.track.slice(0, 4));
    expect(state.hands[0]).toHaveLength(3);
    expect(state.active).toBe(1);
  });
});

describe('prospectus.ability', () => {
  function abilityState(ability: number, patch: Partial<ProspectusState> = {}): ProspectusState {
    const s = afterDraft(4, 'ability');
    return {
      ...s,
      phase: 'ability',
      active: 0,
      ability,
      cubes: [[1, 1, 0, 0, 0], ...s.cubes.slice(1)],
      money: [100, 100, 100, 100],
      dem: s.dem.map(() => OPEN),
      ...patch,
    };
  }

  it('prospectus.ability.dividend: advance any potion’s dividend', () => {
    const s = abilityState(ABILITY_INDEX.dividend);
    expect(legal(s, 0).filter((a) => a.t === 'potion')).toHaveLength(5);
    const { state } = act(s, { t: 'potion', potion: GOBLIN }, 0);
    expect(state.dividends[GOBLIN]).toBe(s.dividends[GOBLIN]! + 1);
  });

  it('prospectus.ability.recall: swap a hand spell for one in the discard pile', () => {
    const base = abilityState(ABILITY_INDEX.recall);
    const give = base.hands[0]![0]!;
    const take = base.draws[0]![0]!;
    const s = {
      ...base,
      discards: [[take], ...base.discards.slice(1)],
      draws: [base.draws[0]!.slice(1), ...base.draws.slice(1)],
    };
    const { state } = act(s, { t: 'recall', give, take }, 0);
    expect(state.hands[0]).toContain(take);
    expect(state.discards[0]).toEqual([give]);
  });

  it('prospectus.ability.trade: an immediate transaction', () => {
    const s = abilityState(ABILITY_INDEX.trade);
    const t = act(s, { t: 'tx', kind: 'buy', potion: TROLL }, 0).state;
    expect(t.phase).toBe('qty');
    const done = act(t, { t: 'qty', n: 2 }, 0).state;
    expect(done.cubes[0]![TROLL]).toBe(2);
  });

  it('prospectus.ability.trade: a frozen potion cannot be traded through the ability', () => {
    const s = abilityState(ABILITY_INDEX.trade, { frozen: [-1, -1, -1, 2, -1] });
    expect(legal(s, 0).some((a) => a.t === 'tx' && a.potion === TROLL)).toBe(false);
  });

  it('prospectus.ability.encore: one more council sale, without an ability', () => {
    const s = abilityState(ABILITY_INDEX.encore);
    const sale = legal(s, 0).find((a) => a.t === 'council');
    expect(sale).toBeDefined();
    const { events } = act(s, sale!, 0);
    expect(events).toContainEqual(expect.objectContaining({ type: 'council-sale', ability: false }));
    expect(events.some((e) => e.type === 'ability')).toBe(false);
  });

  it('prospectus.ability.nudge: one or two spaces, never more than $3', () => {
    const prices = [space(22), space(20), space(40), space(10), space(28)];
    const s = abilityState(ABILITY_INDEX.nudge, { prices });
    const options = legal(s, 0);
    expect(has(options, { t: 'nudge', potion: OWL, steps: 2 })).toBe(false); // 22 → 26
    expect(has(options, { t: 'nudge', potion: OWL, steps: 1 })).toBe(true); // 22 → 24
    expect(has(options, { t: 'nudge', potion: PIXIE, steps: 2 })).toBe(true); // 20 → 22
    expect(has(options, { t: 'nudge', potion: GOBLIN, steps: -1 })).toBe(true); // 40 → 38
    expect(has(options, { t: 'nudge', potion: GOBLIN, steps: 2 })).toBe(false);
    expect(has(options, { t: 'nudge', potion: FROG, steps: -2 })).toBe(false); // 28 → 24
    expect(refuse(s, { t: 'nudge', potion: OWL, steps: 2 }).rule).toBe('prospectus.ability.nudge');
  });

  it('prospectus.ability.nudge: a one-space move past $40 or under $10 would split or bust the potion, a change of far more than $3, so it is refused', () => {
    const prices = [space(22), space(20), space(40), space(10), space(28)];
    const s = abilityState(ABILITY_INDEX.nudge, { prices });
    const options = legal(s, 0);
    expect(has(options, { t: 'nudge', potion: GOBLIN, steps: 1 })).toBe(false); // 40 → split to 20
    expect(has(options, { t: 'nudge', potion: TROLL, steps: -1 })).toBe(false); // 10 → bust to 20
    expect(has(options, { t: 'nudge', potion: TROLL, steps: 1 })).toBe(true);
    const error = refuse(s, { t: 'nudge', potion: GOBLIN, steps: 1 });
    expect(error.rule).toBe('prospectus.ability.nudge');
    expect(error.message).toMatch(/\$3/);
    expect(refuse(s, { t: 'nudge', potion: TROLL, steps: -1 }).rule).toBe('prospectus.ability.nudge');
  });

  it('prospectus.ability.exchange: one owned cube for another colour', () => {
    const s = abilityState(ABILITY_INDEX.exchange);
    expect(legal(s, 0).filter((a) => a.t === 'exchange')).toHaveLength(8);
    const { state } = act(s, { t: 'exchange', from: OWL, to: FROG }, 0);
    expect(state.cubes[0]).toEqual([0, 1, 0, 0, 1]);
  });

  it('prospectus.spell.freeze.exchange: a frozen potion cannot be exchanged, neither given nor taken', () => {
    const s = abilityState(ABILITY_INDEX.exchange, { frozen: [2, -1, -1, -1, 3] });
    const options = legal(s, 0).filter((a) => a.t === 'exchange');
    // Only Pixie Dust (owned, not frozen) can go, and only for Goblin Wizz or Troll Sweat.
    expect(options).toEqual([
      { t: 'exchange', from: PIXIE, to: GOBLIN },
      { t: 'exchange', from: PIXIE, to: TROLL },
    ]);
    for (const action of [
      { t: 'exchange', from: OWL, to: GOBLIN },
      { t: 'exchange', from: PIXIE, to: FROG },
    ] as const) {
      const error = refuse(s, action);
      expect(error.rule).toBe('prospectus.spell.freeze.exchange');
      expect(error.message).toMatch(/frozen/);
    }
    // An unowned colour is still refused for what it is.
    expect(refuse(s, { t: 'exchange', from: GOBLIN, to: TROLL }).rule).toBe('prospectus.ability.exchange');
  });

  it('prospectus.spell.freeze.exchange: with fewer than two potions free of a freeze the exchange step is not offered', () => {
    const s = afterDraft(4, 'exchange-frozen');
    const abilities = [0, 1, 2, 3, 4].map(() => ABILITY_INDEX.exchange);
    const t: ProspectusState = {
      ...s,
      phase: 'council',
      active: 0,
      abilities,
      dem: s.dem.map(() => OPEN),
      cubes: [[1, 1, 1, 1, 1], ...s.cubes.slice(1)],
      frozen: [1, 2, 3, 1, -1],
    };
    const sale = legal(t, 0).find((a) => a.t === 'council')!;
    expect(act(t, sale, 0).state.phase).not.toBe('ability');
    const two = { ...t, frozen: [1, 2, 3, -1, -1] };
    const sold = act(
      two,
      legal(two, 0).find((a) => a.t === 'council')!,
      0,
    ).state;
    expect(sold.phase).toBe('ability');
  });

  it('prospectus.ability.bounty: $10 at once', () => {
    const s = afterDraft(4, 'bounty');
    const abilities = [0, 1, 2, 3, 4].map(() => ABILITY_INDEX.bounty);
    const t: ProspectusState = {
      ...s,
      phase: 'council',
      active: 0,
      abilities,
      dem: s.dem.map(() => OPEN),
      cubes: [[1, 1, 1, 1, 1], ...s.cubes.slice(1)],
      money: [0, 0, 0, 0],
    };
    const sale = legal(t, 0).find((a) => a.t === 'council')!;
    const { events } = act(t, sale, 0);
    expect(events).toContainEqual({ type: 'bounty', seat: 0, amount: 10 });
  });

  it('prospectus.ability.tribute and prospectus.hidden.tribute: two cubes into the chamber that only the adder knows', () => {
    const s = abilityState(ABILITY_INDEX.tribute);
    const { state, events } = act(s, { t: 'cubes', a: FROG, b: FROG }, 0);
    expect(state.secret[0]).toEqual([0, 0, 0, 0, 2]);
    expect(prospectus.view(state, 0).mySecret).toEqual([0, 0, 0, 0, 2]);
    expect(prospectus.view(state, 1).mySecret).toEqual([0, 0, 0, 0, 0]);
    expect(prospectus.view(state, 1).secretCounts[0]).toBe(2);
    expect(JSON.stringify(prospectus.view(state, 'spectator'))).not.toContain('"mySecret":[0,0,0,0,2]');
    const tribute = events.find((e) => e.type === 'tribute')!;
    expect(prospectus.viewEvent(tribute, 1)?.text).not.toMatch(/Frog/);
    expect(prospectus.viewEvent(tribute, 0)?.text).toMatch(/Frog Juice/);
  });

  it('every ability may be declined', () => {
    for (const ability of [0, 1, 2, 4, 5, 6, 7]) {
      const s = abilityState(ability, { discards: [[afterDraft(4, 'ability').draws[0]![0]!], [], [], []] });
      expect(has(legal(s, 0), { t: 'skip' })).toBe(true);
    }
  });
});
