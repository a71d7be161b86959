/** Every worked example of the rulebook, as a test. */
import { describe, expect, it } from 'vitest';
import { ABILITY_INDEX, FUTURE_CARDS, PRICE_BY_SPACE } from '../../../src/games/prospectus/data.ts';
import { applyMarketResults } from '../../../src/games/prospectus/rules/market.ts';
import { advanceDividend } from '../../../src/games/prospectus/rules/future-card.ts';
import { finishGame } from '../../../src/games/prospectus/rules/end.ts';
import { Work } from '../../../src/games/prospectus/rules/work.ts';
import { OPEN } from '../../../src/games/prospectus/state.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import { FROG, GOBLIN, OWL, PIXIE, TROLL, act, afterDraft, legal, space } from './helpers.ts';

/** A Troll Sweat demand on the $20 space (space 2) with seat 0 about to start its turn. */
function caylynsTurn(ability: number): ProspectusState {
  const s = afterDraft(4, 'caylyn');
  const trollCard = FUTURE_CARDS.find((c) => c.demands.includes(TROLL))!;
  const track = s.track.slice();
  track[2] = trollCard.id;
  const dem = s.dem.slice();
  dem[4] = OPEN;
  dem[5] = OPEN;
  const abilities = s.abilities.slice();
  abilities[TROLL] = ability;
  return {
    ...s,
    phase: 'council',
    active: 0,
    track,
    dem,
    abilities,
    cubes: [[0, 0, 0, 1, 0], ...s.cubes.slice(1)],
    money: [100, 100, 100, 100],
  };
}

describe('rulebook examples', () => {
  it("prospectus.council.ability: Caylyn sells a Troll Sweat to the council for $20 and gets Troll Sweat's ability", () => {
    const s = caylynsTurn(ABILITY_INDEX.bounty);
    const demand = FUTURE_CARDS[s.track[2]!]!.demands.indexOf(TROLL);
    const { state, events } = act(s, { t: 'council', space: 2, demand }, 0);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'council-sale', price: 20, potion: TROLL }),
    );
    // $20 from the council plus the $10 of the bounty ability dealt to Troll Sweat.
    expect(state.money[0]).toBe(130);
    expect(state.cubes[0]![TROLL]).toBe(0);
  });

  it("Caylyn's ability with a choice (trade) waits for her decision after the $20 sale", () => {
    const s = caylynsTurn(ABILITY_INDEX.trade);
    const demand = FUTURE_CARDS[s.track[2]!]!.demands.indexOf(TROLL);
    const { state } = act(s, { t: 'council', space: 2, demand }, 0);
    expect(state.money[0]).toBe(120);
    expect(state.phase).toBe('ability');
    expect(legal(state, 0)).toContainEqual({ t: 'tx', kind: 'buy', potion: PIXIE });
  });

  it('Daxton may buy up to 4 Pixie Dust at $14 each', () => {
    const base = afterDraft(4, 'daxton');
    const prices = base.prices.slice();
    prices[PIXIE] = space(14);
    const s: ProspectusState = { ...base, phase: 'tx1', active: 1, prices, frozen: [-1, -1, -1, -1, -1] };
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: PIXIE }, 1).state;
    expect(legal(chosen, 1).filter((a) => a.t === 'qty')).toEqual([1, 2, 3, 4].map((n) => ({ t: 'qty', n })));
    const bought = act(chosen, { t: 'qty', n: 4 }, 1).state;
    expect(bought.money[1]).toBe(base.money[1]! - 56);
    expect(bought.cubes[1]![PIXIE]).toBe(base.cubes[1]![PIXIE]! + 4);
  });

  it('the crystal-ball example moves Owl -2, Goblin -1, Troll 0, Pixie -3, Frog +2', () => {
    const s = afterDraft(4, 'ball');
    const w = new Work(s);
    const card = FUTURE_CARDS[0]!;
    // Emerged: 2 Owl Spit, 3 Pixie Dust, 1 Goblin Wizz, no Troll Sweat, 2 Frog Juice.
    applyMarketResults(w, card.arrows, [2, 3, 1, 0, 2]);
    const prices = w.finish().state.prices.map((p) => PRICE_BY_SPACE[p]);
    expect(prices[OWL]).toBe(18);
    expect(prices[PIXIE]).toBe(17);
    expect(prices[GOBLIN]).toBe(19);
    expect(prices[TROLL]).toBe(20);
    expect(prices[FROG]).toBe(22);
  });

  it('a third Goblin Wizz dividend cube pays $5 per cube, drops the price a space and empties the lair', () => {
    const s = afterDraft(4, 'goblin');
    const prices = s.prices.slice();
    prices[GOBLIN] = space(26);
    const dividends = s.dividends.slice();
    dividends[GOBLIN] = 2;
    const cubes = [
      [0, 0, 3, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 1, 0, 0],
      [0, 0, 0, 0, 0],
    ];
    const w = new Work({ ...s, prices, dividends, cubes, money: [0, 0, 0, 0] });
    advanceDividend(w, GOBLIN);
    const after = w.finish().state;
    expect(after.money).toEqual([15, 0, 5, 0]);
    expect(PRICE_BY_SPACE[after.prices[GOBLIN]!]).toBe(24);
    expect(after.dividends[GOBLIN]).toBe(0);
  });

  it('prospectus.end.bonus: the council bonus pays $58 for 6 Troll Sweat and 8 Frog Juice with 3 and 5 in the chamber', () => {
    const s = afterDraft(3, 'bonus');
    // Chamber: 2 Owl Spit, 1 Pixie Dust, 7 Goblin Wizz, 3 Troll Sweat, 5 Frog Juice.
    const chamber = [2, 1, 7, 3, 5];
    const cubes = [
      [0, 0, 0, 6, 8],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
    ];
    const dem = s.dem.map(() => OPEN);
    const w = new Work({ ...s, chamber, cubes, dem, money: [0, 0, 0] });
    finishGame(w);
    const end = w.finish().state;
    expect(end.final!.bonus).toEqual([58, 0, 0]);
    expect(end.final!.selloff[0]).toBe(6 * 20 + 8 * 20);
    expect(end.money[0]).toBe(58 + 280);
  });
});
