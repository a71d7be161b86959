/** What a player reads in the terminal: event texts and the rendered table. */
import { describe, expect, it } from 'vitest';
import { namesFor } from '../../../src/core/index.ts';
import type { Viewer } from '../../../src/core/index.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import type { ProspectusEvent } from '../../../src/games/prospectus/events.ts';
import { ABILITY_INDEX, FUTURE_CARDS, SPELL_INDEX, SPELLS } from '../../../src/games/prospectus/data.ts';
import { PHASES, OPEN } from '../../../src/games/prospectus/state.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import { act, afterDraft, legal } from './helpers.ts';

/** "You buys", "You decides": a third-person verb after "You". */
const THIRD_PERSON_YOU = /\bYou (?!pass\b)[a-z]+s\b|\bYou [a-z]+ing\b|You's/;

/** One event of every kind that names a seat, for seat 1. */
const SEAT_EVENTS: ProspectusEvent[] = [
  { type: 'draft', seat: 1, potion: 0 },
  { type: 'council-sale', seat: 1, space: 2, potion: 3, price: 20, ability: true },
  { type: 'council-sale', seat: 1, space: 2, potion: 3, price: 20, ability: false },
  { type: 'ability', seat: 1, ability: 1, potion: 0, idle: null, open: true },
  { type: 'ability', seat: 1, ability: 4, potion: 0, idle: 'no-cube-for-demand', open: false },
  { type: 'bounty', seat: 1, amount: 10 },
  { type: 'dividend-advance', seat: 1, potion: 2 },
  { type: 'recall', seat: 1, give: 0, take: 1 },
  { type: 'nudge', seat: 1, potion: 2, steps: -2 },
  { type: 'exchange', seat: 1, from: 0, to: 1 },
  { type: 'tribute', seat: 1, a: 0, b: 1 },
  { type: 'transaction', seat: 1, kind: 'buy', potion: 1, n: 2, price: 20, open: true },
  { type: 'transaction', seat: 1, kind: 'sell', potion: 1, n: 2, price: 20, open: false },
  { type: 'play', seat: 1, spell: 4, mode: 'cast' },
  { type: 'play', seat: 1, spell: 4, mode: 'council' },
  { type: 'play', seat: 1, spell: 4, mode: 'recharge' },
  { type: 'announce', seat: 1, spell: 4, params: [2] },
  { type: 'interrupt', seat: 1 },
  { type: 'withdraw', seat: 1, kind: 'buy', potion: 2, interrupt: true },
  { type: 'pass', seat: 1 },
  { type: 'freeze', seat: 1, potion: 2 },
  { type: 'look', seat: 1, cards: [1, 2, 3] },
  { type: 'reorder', seat: 1, cards: [3, 2, 1] },
  { type: 'pound', seat: 1, emerged: [1, 0, 0, 0, 0] },
  { type: 'redrop', seat: 1, potion: 0, emerged: [0, 0, 0, 0, 0] },
  { type: 'spell-draw', seat: 1, spell: 4 },
  { type: 'turn', seat: 1, turn: 1 },
];

const NAMES = ['Ann', 'Ben', 'Cleo'];
/** An event as `viewer` reads it at a table of Ann, Ben and Cleo. */
const read = (e: ProspectusEvent, viewer: Viewer) => prospectus.viewEvent(e, viewer, namesFor(viewer, NAMES));

describe('terminal text', () => {
  it('"You" takes second-person verbs in every event a seat reads about itself', () => {
    for (const e of SEAT_EVENTS) {
      const own = read(e, 1);
      if (own) expect(own.text, e.type).not.toMatch(THIRD_PERSON_YOU);
      const other = read(e, 0);
      if (other) expect(other.text, e.type).toMatch(/Ben \(B\)|^[A-Z]/);
      for (const viewer of [0, 1, 'spectator'] as const)
        expect(read(e, viewer)?.text ?? '', e.type).not.toMatch(/\bSeat \d/);
    }
    const buy = SEAT_EVENTS.find((e) => e.type === 'transaction')!;
    expect(read(buy, 1)!.text).toBe('You buy 2 Pixie Dust at $20 ($40).');
    expect(read(buy, 0)!.text).toBe('Ben (B) buys 2 Pixie Dust at $20 ($40).');
    expect(prospectus.viewEvent(buy, 0)!.text).toBe('Player B buys 2 Pixie Dust at $20 ($40).');
    const freeze = SEAT_EVENTS.find((e) => e.type === 'freeze')!;
    expect(prospectus.viewEvent(freeze, 1)!.text).toMatch(/until your next turn/);
    for (const e of SEAT_EVENTS)
      expect(prospectus.viewEvent(e, 0)?.text ?? '', e.type).not.toMatch(/\ba Owl\b/);
    const exchange = SEAT_EVENTS.find((e) => e.type === 'exchange')!;
    expect(prospectus.viewEvent(exchange, 1)!.text).toBe('You swap an Owl Spit cube for Pixie Dust.');
    const tile = SEAT_EVENTS.find((e) => e.type === 'interrupt')!;
    expect(read(tile, 1)!.text).toBe('You use your interrupt tile.');
    expect(read(tile, 0)!.text).toBe('Ben (B) uses its interrupt tile.');
    expect(read({ type: 'turn', seat: 1, turn: 1 }, 0)!.text).toBe("— Ben (B)'s turn —");
    expect(read({ type: 'turn', seat: 1, turn: 1 }, 1)!.text).toBe('— Your turn —');
  });

  it('"You" takes second-person verbs in the table header at every step', () => {
    const s = afterDraft(3, 'text');
    for (const phase of PHASES) {
      const v = { ...prospectus.view(s, 0), phase, actor: 0 };
      const header = prospectus.render.view(v, 0).split('\n')[0]!;
      expect(header, phase).not.toMatch(THIRD_PERSON_YOU);
    }
    const pending: ProspectusState = {
      ...s,
      phase: 'qty',
      tx: { seat: 0, kind: 'buy', potion: 1, max: 3, then: 'play' },
    };
    expect(prospectus.render.view(prospectus.view(pending, 0), 0)).toContain('You buy Pixie Dust: up to 3');
  });

  it('says "round N of M" (8 rounds with 3 players, 6 with 4)', () => {
    expect(prospectus.render.view(prospectus.view(afterDraft(3, 'rounds'), 0), 0)).toMatch(/round 1 of 8\b/);
    const later = { ...afterDraft(4, 'rounds'), turn: 9, active: 1 };
    expect(prospectus.render.view(prospectus.view(later, 1), 1)).toMatch(/round 3 of 6\b/);
  });

  it('an interrupt tile never used reads "inactive", not "spent"', () => {
    const s = { ...afterDraft(3, 'tile'), interrupts: [false, true, false] };
    const rows = prospectus.render
      .view(prospectus.view(s, 0), 0)
      .split('\n')
      .filter((line) => /^[▶ ](You \(A\)|Player [BC])/.test(line));
    expect(rows).toHaveLength(3);
    expect(rows.join('\n')).not.toMatch(/spent/);
    expect(rows[0]).toMatch(/inactive/);
    expect(rows[1]).toMatch(/\bactive/);
    expect(rows[1]).not.toMatch(/inactive/);
  });

  it('shows your discard pile and the spells removed from every deck', () => {
    const s = afterDraft(4, 'discards');
    const text = prospectus.render.view(prospectus.view(s, 2), 2);
    const names = s.removed.map((i) => SPELLS.value[i]!.name);
    expect(text).toMatch(/Your discard pile: /);
    expect(text).toMatch(/Removed from every deck/);
    for (const name of names) expect(text).toContain(name);
    const three = prospectus.render.view(prospectus.view(afterDraft(3, 'discards'), 0), 0);
    expect(three).toMatch(/Your discard pile: empty/);
    expect(three).not.toMatch(/Removed from every deck/);
  });

  it('an ability that cannot be used says why (public reasons to all, private ones only to the seller)', () => {
    // Recall with an empty discard pile (3 players, first turn): everybody can see why.
    const s = afterDraft(3, 'idle');
    const abilities = [0, 1, 2, 3, 4].map(() => ABILITY_INDEX.recall);
    const council: ProspectusState = {
      ...s,
      phase: 'council',
      abilities,
      dem: s.dem.map(() => OPEN),
      cubes: [[1, 1, 1, 1, 1], ...s.cubes.slice(1)],
    };
    const sale = legal(council, 0).find((a) => a.t === 'council')!;
    const { events } = act(council, sale, 0);
    const idle = events.find((e) => e.type === 'ability')!;
    expect(prospectus.viewEvent(idle, 0)!.text).toMatch(
      /ability: Recall a spell\. You cannot use it: your discard pile is empty\.$/,
    );
    expect(read(idle, 1)!.text).toMatch(
      /ability: Recall a spell\. Ann \(A\) cannot use it: its discard pile is empty\.$/,
    );

    // Encore behind closed screens with no second cube for an open demand: only the seller is told.
    const one = [0, 0, 0, 0, 0];
    one[FUTURE_CARDS[s.track[4]!]!.demands[0]] = 1;
    const encore: ProspectusState = {
      ...council,
      abilities: abilities.map(() => ABILITY_INDEX.encore),
      cubes: [one, ...s.cubes.slice(1)],
    };
    const owlSale = legal(encore, 0).find((a) => a.t === 'council')!;
    const sold = act(encore, owlSale, 0);
    expect(sold.state.phase).toBe('ability');
    expect(legal(sold.state, 0)).toEqual([{ t: 'skip' }]);
    const why = sold.events.find((e) => e.type === 'ability')!;
    expect(prospectus.viewEvent(why, 0)!.text).toMatch(/Encore\. You cannot use it: .*cube/);
    // The others read the same as for a seat that could use it: the reason lies behind the screen.
    const usable = { ...why, idle: null };
    for (const viewer of [1, 2, 'spectator'] as const)
      expect(prospectus.viewEvent(why, viewer)).toEqual(prospectus.viewEvent(usable, viewer));
  });

  it('menu entries say what a choice does: a spell’s effect, the ability a sale triggers, why only “no sale” is offered, the Hourglass stop', () => {
    const s = afterDraft(3, 'menu');
    const v = prospectus.view(s, 0);
    const label = (a: Parameters<typeof prospectus.render.action>[0], view = v) =>
      prospectus.render.action(a, view);
    expect(label({ t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' })).toBe(
      `cast Freeze (${SPELLS.value[SPELL_INDEX.freeze]!.text})`,
    );
    const sale = legal({ ...s, cubes: [[1, 1, 1, 1, 1], ...s.cubes.slice(1)] }, 0).find(
      (a) => a.t === 'council',
    )!;
    expect(label(sale)).toMatch(/^sell .* to the council for \$\d+, then [^:]+: .+$/);
    const broke = { ...s, cubes: [[0, 0, 0, 0, 0], ...s.cubes.slice(1)] };
    expect(legal(broke, 0)).toEqual([{ t: 'skip' }]);
    expect(label({ t: 'skip' }, prospectus.view(broke, 0))).toMatch(/no council sale \(no open demand/);
    const hourglass = {
      ...v,
      phase: 'market' as const,
      played: { spell: SPELL_INDEX.hourglass, mode: 'cast' as const, params: [] },
    };
    expect(label({ t: 'skip' }, hourglass)).toBe('stop after one card');
    const reversing = {
      ...v,
      phase: 'param' as const,
      played: { spell: SPELL_INDEX.reverse, mode: 'cast' as const, params: [] },
    };
    expect(label({ t: 'potion', potion: 2 }, reversing)).toMatch(
      /^reverse Goblin Wizz's arrow \((up → down|down → up)\)$/,
    );
    expect(label({ t: 'execute' }, hourglass)).toMatch(/execute the next future card/);
  });

  it('a card executed this turn is marked on the track, and a card’s lair cube is told', () => {
    const s = afterDraft(4, 'executed');
    const t: ProspectusState = {
      ...s,
      phase: 'play',
      interrupts: [false, false, false, false],
      hands: [[SPELL_INDEX.freeze, ...s.hands[0]!.slice(1)], ...s.hands.slice(1)],
    };
    const cast = act(t, { t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' }, 0).state;
    const { state, events } = act(cast, { t: 'potion', potion: 0 }, 0);
    expect(state.phase).toBe('tx2');
    const lines = prospectus.render.view(prospectus.view(state, 0), 0).split('\n');
    expect(lines.find((line) => line.startsWith('  $24'))).toMatch(/executed/);
    expect(lines.find((line) => line.startsWith('  $22'))).not.toMatch(/executed/);
    const lair = events.find((e) => e.type === 'lair' || e.type === 'dividend')!;
    expect(prospectus.viewEvent(lair, 1)!.text).toMatch(/lair|dividend/);
  });

  it('asks before a spell card is played for nothing, and before nothing else', () => {
    const s = afterDraft(4, 'confirm');
    const nothing = {
      ...s,
      phase: 'play' as const,
      cubes: s.cubes.map(() => [0, 0, 0, 0, 0]),
      dem: s.dem.map(() => 2),
    };
    const v = prospectus.view(nothing, 0);
    const ask = (a: Parameters<typeof prospectus.render.action>[0], view = v) =>
      prospectus.render.confirm!(a, view, namesFor(0, NAMES));
    expect(ask({ t: 'play', spell: SPELL_INDEX.freeze, mode: 'council' })).toBe(
      'No open demand asks for a cube you own, so discarding Freeze sells nothing. Discard it anyway?',
    );
    expect(ask({ t: 'play', spell: SPELL_INDEX.block, mode: 'cast' })).toBe(
      'No council demand is open, so Block two demands blocks nothing. Cast it anyway?',
    );
    expect(ask({ t: 'play', spell: SPELL_INDEX.freeze, mode: 'cast' })).toBeNull();
    expect(ask({ t: 'play', spell: SPELL_INDEX.freeze, mode: 'recharge' })).toBeNull();
    expect(ask({ t: 'back' })).toBeNull();
    // With a cube an open demand asks for, and demands open, nothing is asked.
    const open = prospectus.view({ ...s, phase: 'play', cubes: s.cubes.map(() => [3, 3, 3, 3, 3]) }, 0);
    expect(ask({ t: 'play', spell: SPELL_INDEX.freeze, mode: 'council' }, open)).toBeNull();
    expect(ask({ t: 'play', spell: SPELL_INDEX.block, mode: 'cast' }, open)).toBeNull();
  });
});
