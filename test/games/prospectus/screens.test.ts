/** prospectus.hidden.screens / .flow / .resample: what stands behind a player screen stays there. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import type { ProspectusEvent } from '../../../src/games/prospectus/events.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import { OPEN, optionsSchema } from '../../../src/games/prospectus/state.ts';
import {
  REC_BUY,
  REC_DIVIDEND,
  REC_QTY,
  REC_SELL,
  recordEntries,
} from '../../../src/games/prospectus/rules/record.ts';
import { advanceDividend } from '../../../src/games/prospectus/rules/future-card.ts';
import { Work } from '../../../src/games/prospectus/rules/work.ts';
import { drawSeat } from '../../../src/games/prospectus/sampler.ts';
import { act, afterDraft, legal, refuse } from './helpers.ts';

/** Random play that prefers transactions of the largest size, so screens fill up. */
function play(
  s: ProspectusState,
  steps: number,
  seed: string,
  until?: (events: ProspectusEvent[]) => boolean,
) {
  const rng = Rng.fromSeed(seed);
  let events: ProspectusEvent[] = [];
  for (let i = 0; i < steps && prospectus.actors(s).length; i++) {
    const seat = prospectus.actors(s)[0]!;
    const options = legal(s, seat);
    const tx = options.filter((a) => a.t === 'tx');
    const pick =
      s.phase === 'qty'
        ? options[options.length - 1]!
        : tx.length && rng.next() < 0.7
          ? rng.pick(tx)
          : rng.pick(options);
    const result = prospectus.applyTrusted(s, seat, pick);
    s = result.state;
    events = result.events;
    if (until?.(events)) break;
  }
  return { state: s, events };
}

const midGame = (players: number, seed: string, options: Record<string, unknown> = {}) =>
  play(afterDraft(players, seed, options), 60, seed).state;
/** The harder variant: quantities traded and dividends received stay behind the screen. */
const HIDDEN = { screens: 'hidden-quantities' } as const;

const key = (money: number, cubes: readonly number[]) => `${money}:${cubes.join(',')}`;

describe('prospectus.hidden.screens', () => {
  it('prospectus.hidden.screens and prospectus.hidden.screens.record: with hidden quantities other seats and the spectator see neither money nor cubes; each seat sees its own', () => {
    const s = midGame(4, 'closed', HIDDEN);
    expect(s.phase).not.toBe('over');
    for (let viewer = 0; viewer < 4; viewer++) {
      const v = prospectus.view(s, viewer);
      expect(v.screens).toBe('hidden-quantities');
      for (let other = 0; other < 4; other++) {
        expect(v.money[other]).toBe(other === viewer ? s.money[other] : null);
        expect(v.cubes[other]).toEqual(other === viewer ? s.cubes[other] : null);
      }
    }
    const spectator = prospectus.view(s, 'spectator');
    expect(spectator.money).toEqual([null, null, null, null]);
    expect(spectator.cubes).toEqual([null, null, null, null]);
    // The record holds colours, directions, prices and limits, never a quantity.
    expect(spectator.record.some((e) => e[0] === REC_BUY || e[0] === REC_SELL)).toBe(true);
    expect(spectator.record.some((e) => e[0] === REC_QTY)).toBe(false);
    const text = prospectus.render.view(spectator, 'spectator');
    expect(text).toContain('$?');
  });

  it('prospectus.hidden.screens: by default (open-trades) the view still tallies no other seat’s money or cubes, but the record holds every quantity and amount', () => {
    const s = midGame(4, 'faithful');
    expect(s.phase).not.toBe('over');
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const v = prospectus.view(s, viewer);
      expect(v.screens).toBe('open-trades');
      for (let other = 0; other < 4; other++) {
        expect(v.money[other]).toBe(other === viewer ? s.money[other] : null);
        expect(v.cubes[other]).toEqual(other === viewer ? s.cubes[other] : null);
      }
    }
    const record = prospectus.view(s, 'spectator').record;
    const trades = record.filter((e) => e[0] === REC_BUY || e[0] === REC_SELL).length;
    const quantities = record.filter((e) => e[0] === REC_QTY);
    expect(trades).toBeGreaterThan(3);
    // Every completed trade carries its quantity and amount (a pending one has none yet).
    expect(quantities.length).toBe(s.phase === 'qty' ? trades - 1 : trades);
    for (const q of quantities) expect(q[4]).toBeGreaterThanOrEqual(q[3]! * 10);
  });

  it('prospectus.hidden.screens: the renderer shows a seat its own money and hides the others', () => {
    const s = { ...afterDraft(3, 'render'), money: [123, 456, 789] };
    const text = prospectus.render.view(prospectus.view(s, 0), 0);
    expect(text).toContain('$123');
    expect(text).not.toContain('$456');
    expect(text).not.toContain('$789');
  });

  it('prospectus.hidden.screens: with openScreens every seat and the spectator see everything', () => {
    const s = midGame(4, 'open', { openScreens: true });
    const v = prospectus.view(s, 'spectator');
    expect(v.screens).toBe('open');
    expect(v.money).toEqual(s.money);
    expect(v.cubes).toEqual(s.cubes);
    expect(v.record).toEqual([]);
    const world = prospectus.resample(s, 1, Rng.fromSeed('open-world'));
    expect(world.money).toEqual(s.money);
    expect(world.cubes).toEqual(s.cubes);
  });

  it('prospectus.hidden.screens.end: at the end everything is revealed', () => {
    const s = play(afterDraft(3, 'end'), 5000, 'end').state;
    expect(s.phase).toBe('over');
    expect(prospectus.view(s, 'spectator').money).toEqual(s.money);
  });

  it('prospectus.hidden.screens.transaction: with hidden quantities a transaction reads without its quantity for other seats, with it for the trader', () => {
    const event: ProspectusEvent = {
      type: 'transaction',
      seat: 2,
      kind: 'buy',
      potion: 0,
      n: 3,
      price: 17,
      open: false,
    };
    const one = { ...event, n: 1 };
    for (const viewer of [0, 1, 3, 'spectator'] as const) {
      const seen = prospectus.viewEvent(event, viewer)!;
      expect(seen).toEqual(prospectus.viewEvent(one, viewer));
      expect(seen.text).toMatch(/Owl Spit/);
      expect(seen.text).not.toMatch(/buys \d|\$51/);
      expect(seen.data).not.toHaveProperty('n');
    }
    expect(prospectus.viewEvent(event, 2)!.text).toMatch(/3 Owl Spit.*\$51/);
    expect(prospectus.viewEvent({ ...event, open: true }, 0)!.text).toMatch(/3 Owl Spit/);
  });

  it('prospectus.hidden.screens.start, prospectus.hidden.screens.council and prospectus.hidden.screens.fixed: drafts, council sales, bounties and exchanges read the same for all', () => {
    const events: ProspectusEvent[] = [
      { type: 'draft', seat: 1, potion: 3 },
      { type: 'council-sale', seat: 1, space: 2, potion: 3, price: 20, ability: true },
      { type: 'bounty', seat: 1, amount: 10 },
      { type: 'exchange', seat: 1, from: 3, to: 4 },
    ];
    for (const e of events) {
      const text = prospectus.viewEvent(e, 'spectator')!.text;
      expect(prospectus.viewEvent(e, 0)!.text).toBe(text);
      expect(text).toMatch(/Player B/);
    }
    expect(prospectus.viewEvent(events[1]!, 'spectator')!.text).toMatch(/Troll Sweat.*\$20/);
    expect(prospectus.viewEvent(events[2]!, 2)!.text).toMatch(/\$10/);
  });

  it('prospectus.hidden.screens.dividend: with hidden quantities a dividend announces the potion and rate; each seat reads only its own amount', () => {
    const event: ProspectusEvent = {
      type: 'dividend',
      potion: 2,
      perCube: 5,
      paid: [10, 35, 0],
      open: false,
    };
    expect(prospectus.viewEvent(event, 1)!.text).toMatch(/\$5 dividend per cube.*You receive \$35/);
    expect(prospectus.viewEvent(event, 1)!.text).not.toMatch(/\$10\b/);
    const spectator = prospectus.viewEvent(event, 'spectator')!;
    expect(spectator.text).not.toMatch(/\$35|\$10\b/);
    expect(JSON.stringify(spectator.data)).not.toContain('35');
  });

  it('prospectus.hidden.screens.transaction: by default every seat and the spectator read a real purchase’s quantity and amount, in text, data and record', () => {
    let s = afterDraft(4, 'buy');
    s = { ...s, phase: 'tx1', dem: s.dem.map(() => OPEN) };
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: 1 }, 0).state;
    // While the buyer chooses, the limit (which follows from the buyer's money) is not tallied for others.
    expect(prospectus.view(chosen, 1).tx!.max).toBeNull();
    const { state, events } = act(chosen, { t: 'qty', n: 2 }, 0);
    const tx = events.find((e) => e.type === 'transaction')!;
    expect(prospectus.viewEvent(tx, 0)!.text).toMatch(/2 Pixie Dust at \$20 \(\$40\)/);
    for (const viewer of [1, 2, 3, 'spectator'] as const) {
      const seen = prospectus.viewEvent(tx, viewer)!;
      expect(seen.text).toBe('Player A buys 2 Pixie Dust at $20 ($40).');
      expect(seen.data).toMatchObject({ seat: 0, kind: 'buy', potion: 1, n: 2, price: 20 });
    }
    expect(prospectus.view(state, 'spectator').record.at(-1)).toEqual([REC_QTY, 0, 1, 2, 40]);
  });

  it('prospectus.hidden.screens.dividend: by default every seat’s dividend payment is read by all, and recorded', () => {
    const s: ProspectusState = {
      ...afterDraft(3, 'dividend'),
      cubes: [
        [0, 0, 2, 0, 0],
        [0, 0, 7, 0, 0],
        [0, 0, 0, 0, 0],
      ],
      dividends: [0, 0, 2, 0, 0],
    };
    const w = new Work(s);
    advanceDividend(w, 2);
    const { state, events } = w.finish();
    const dividend = events.find((e) => e.type === 'dividend')!;
    const perCube = dividend.type === 'dividend' ? dividend.perCube : 0;
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const text = prospectus.viewEvent(dividend, viewer)!.text;
      expect(text).toContain(`$${2 * perCube}`);
      expect(text).toContain(`$${7 * perCube}`);
      expect(prospectus.viewEvent(dividend, viewer)!.data).toMatchObject({
        paid: [2 * perCube, 7 * perCube, 0],
      });
    }
    expect(prospectus.viewEvent(dividend, 1)!.text).toContain(`you $${7 * perCube}`);
    expect(recordEntries(state.record).at(-1)).toEqual([
      REC_DIVIDEND,
      -1,
      2,
      perCube,
      2 * perCube,
      7 * perCube,
      0,
    ]);
  });

  it('prospectus.hidden.screens.transaction: with hidden quantities the events of a real purchase differ between seats: the trader reads the quantity, the others not', () => {
    let s = afterDraft(4, 'buy', HIDDEN);
    s = { ...s, phase: 'tx1', dem: s.dem.map(() => OPEN) };
    const chosen = act(s, { t: 'tx', kind: 'buy', potion: 1 }, 0).state;
    expect(prospectus.view(chosen, 0).tx!.max).toBe(3);
    expect(prospectus.view(chosen, 1).tx!.max).toBeNull();
    const { events } = act(chosen, { t: 'qty', n: 2 }, 0);
    const tx = events.find((e) => e.type === 'transaction')!;
    expect(prospectus.viewEvent(tx, 0)!.text).toBe('You buy 2 Pixie Dust at $20 ($40).');
    expect(prospectus.viewEvent(tx, 1)!.text).toBe('Player A buys Pixie Dust at $20 each.');
  });

  it('prospectus.hidden.screens.record: the renderer lists the trades seen from each closed screen, with quantities unless they are hidden', () => {
    for (const [options, mark] of [
      [{}, '+2P@20'],
      [HIDDEN, '+P@20'],
    ] as const) {
      let s = afterDraft(4, 'render-trades', options);
      s = { ...s, phase: 'tx1', dem: s.dem.map(() => OPEN) };
      const chosen = act(s, { t: 'tx', kind: 'buy', potion: 1 }, 0).state;
      const done = act(chosen, { t: 'qty', n: 2 }, 0).state;
      const row = prospectus.render
        .view(prospectus.view(done, 1), 1)
        .split('\n')
        .find((line) => /^[▶ ]Player A/.test(line))!;
      expect(row.split(/\s+/)).toContain(mark);
    }
  });

  it('the screens option: openScreens cannot be combined with hidden quantities; open-trades is the default', () => {
    expect(optionsSchema.parse({}).screens).toBe('open-trades');
    const both = optionsSchema.safeParse({ openScreens: true, screens: 'hidden-quantities' });
    expect(both.success).toBe(false);
    expect(JSON.stringify(both.error?.issues)).toMatch(/openScreens/);
    expect(optionsSchema.safeParse({ screens: 'sometimes' }).success).toBe(false);
  });

  it("the screens option is one choice of three; a table saved with the old openScreens switch still loads, as screens: 'open'", () => {
    const open = optionsSchema.parse({ screens: 'open' });
    expect(open).toEqual({ spells: optionsSchema.parse({}).spells, screens: 'open' });
    expect(optionsSchema.parse({ openScreens: true })).toEqual(open);
    expect(optionsSchema.parse({ openScreens: false, screens: 'hidden-quantities' }).screens).toBe(
      'hidden-quantities',
    );
    // What the option parses to parses to itself: a stored table's options load again unchanged.
    expect(optionsSchema.parse(open)).toEqual(open);
    const setUp = (options: object) => prospectus.setup(3, 'screens', optionsSchema.parse(options));
    expect(setUp({ openScreens: true })).toEqual(setUp({ screens: 'open' }));
    expect(setUp({ screens: 'open' })).toMatchObject({ openScreens: true, screens: 'open-trades' });
    expect(setUp({ screens: 'hidden-quantities' })).toMatchObject({
      openScreens: false,
      screens: 'hidden-quantities',
    });
  });
});

describe('prospectus.hidden.screens errors', () => {
  it('a refused purchase names the buyer’s own money and nothing about the other screens', () => {
    const s = { ...afterDraft(4, 'error'), phase: 'tx1' as const, active: 0, money: [5, 100, 100, 100] };
    const error = refuse(s, { t: 'tx', kind: 'buy', potion: 0 }, 0);
    expect(error.rule).toBe('prospectus.transaction.buy');
    expect(error.message).toContain('$5');
    const richer = {
      ...s,
      money: [5, 999, 333, 777],
      cubes: s.cubes.map((row, seat) => (seat ? [9, 9, 9, 9, 9] : row)),
    };
    expect(refuse(richer, { t: 'tx', kind: 'buy', potion: 0 }, 0)).toEqual(error);
  });
});

describe('prospectus.hidden.flow', () => {
  it('prospectus.hidden.flow: closed screens: a seat with nothing to sell still gets the council and transaction steps', () => {
    const s = afterDraft(4, 'flow');
    const broke = {
      ...s,
      phase: 'play' as const,
      active: 0,
      interrupts: [false, true, false, false],
      money: [100, 0, 100, 100],
      cubes: s.cubes.map(() => [0, 0, 0, 0, 0]),
    };
    const played = act(broke, { t: 'play', spell: broke.hands[0]![0]!, mode: 'recharge' }, 0).state;
    // Seat 1 can neither buy nor sell, yet is asked, so the table learns nothing from the flow.
    expect(played.phase).toBe('interrupt');
    expect(legal(played, 1)).toEqual([{ t: 'skip' }]);
    // With open screens, the same seat is passed over.
    const open = act(
      { ...broke, openScreens: true },
      { t: 'play', spell: broke.hands[0]![0]!, mode: 'recharge' },
      0,
    );
    expect(open.state.phase).not.toBe('interrupt');
  });
});

describe('prospectus.hidden.resample', () => {
  it('worlds for one seat redraw the opponents’ holdings and keep the seat’s own (hidden quantities)', () => {
    const s = midGame(4, 'worlds', HIDDEN);
    const v0 = prospectus.view(s, 0);
    const seen = new Map<number, Set<string>>([1, 2, 3].map((o) => [o, new Set<string>()]));
    let differsFromTruth = false;
    for (let i = 0; i < 30; i++) {
      const world = prospectus.resample(s, 0, Rng.fromSeed(`world${i}`));
      expect(world.money[0]).toBe(s.money[0]);
      expect(world.cubes[0]).toEqual(s.cubes[0]);
      expect(prospectus.view(world, 0)).toEqual(v0);
      for (const other of [1, 2, 3]) {
        expect(world.money[other]).toBeGreaterThanOrEqual(0);
        expect(world.cubes[other]!.every((n) => n >= 0)).toBe(true);
        seen.get(other)!.add(key(world.money[other]!, world.cubes[other]!));
        if (key(world.money[other]!, world.cubes[other]!) !== key(s.money[other]!, s.cubes[other]!))
          differsFromTruth = true;
      }
    }
    expect(differsFromTruth).toBe(true);
    expect([1, 2, 3].some((o) => seen.get(o)!.size > 3)).toBe(true);
  });

  it('prospectus.hidden.screens.reveal: worlds keep every count revealed by a split or bust', () => {
    let found: { state: ProspectusState; potion: number; after: number[] } | null = null;
    for (let g = 0; g < 60 && !found; g++) {
      const { state, events } = play(afterDraft(4, `reveal${g}`), 3000, `reveal${g}`, (evs) =>
        evs.some((e) => (e.type === 'split' || e.type === 'bust') && e.counts.slice(1).some((n) => n > 0)),
      );
      const reveal = events.find((e) => e.type === 'split' || e.type === 'bust');
      if (reveal && (reveal.type === 'split' || reveal.type === 'bust')) {
        // Only when nothing else moved that potion after the reveal within the same action.
        const later = events.slice(events.indexOf(reveal) + 1);
        if (later.some((e) => (e.type === 'split' || e.type === 'bust') && e.potion === reveal.potion))
          continue;
        const after = reveal.counts.map((n) => (reveal.type === 'split' ? 2 * n : 0));
        if (after.every((n, seat) => state.cubes[seat]![reveal.potion] === n))
          found = { state, potion: reveal.potion, after };
      }
    }
    expect(found).not.toBeNull();
    const { state, potion, after } = found!;
    for (let i = 0; i < 20; i++) {
      const world = prospectus.resample(state, 0, Rng.fromSeed(`reveal-world${i}`));
      expect(world.cubes.map((row) => row[potion])).toEqual(after);
      const spectatorWorld = prospectus.resample(state, 'spectator', Rng.fromSeed(`reveal-spec${i}`));
      expect(spectatorWorld.cubes.map((row) => row[potion])).toEqual(after);
    }
  });

  it('prospectus.hidden.sampler: a pending opponent purchase gets a limit its drawn money allows', () => {
    const s = afterDraft(4, 'pending');
    const chosen = act({ ...s, phase: 'tx1', active: 0 }, { t: 'tx', kind: 'buy', potion: 3 }, 0).state;
    for (let i = 0; i < 10; i++) {
      const world = prospectus.resample(chosen, 2, Rng.fromSeed(`pending${i}`));
      expect(world.tx!.max).toBeGreaterThanOrEqual(1);
      expect(world.tx!.max * 20).toBeLessThanOrEqual(world.money[0]!);
      expect(prospectus.view(world, 2)).toEqual(prospectus.view(chosen, 2));
    }
  });

  it('prospectus.hidden.sampler: the sampler replays the public record: a known history gives the only consistent holdings', () => {
    // Seat 0 drafts two Owl Spit, buys at $20 (limit 3), then a split reveals 4: it must have bought 2.
    const record = [
      [0, 0, 0],
      [0, 0, 0],
      [4, 0, 0, 20, 3],
      [7, -1, 0, 4, 0, 0],
    ];
    for (let i = 0; i < 5; i++) {
      const draw = drawSeat(record, 0, false, Rng.fromSeed(`known${i}`));
      expect(draw).toEqual({ money: 60, cubes: [8, 0, 0, 0, 0], pendingMax: 0, fallback: false });
    }
    // Without the reveal any purchase of 1 to 3 is possible, and all of them turn up.
    const sizes = new Set<number>();
    for (let i = 0; i < 60; i++)
      sizes.add(drawSeat(record.slice(0, 3), 0, false, Rng.fromSeed(`free${i}`)).cubes[0]!);
    expect([...sizes].sort()).toEqual([3, 4, 5]);
  });

  for (const [mode, options] of [
    ['open-trades', {}],
    ['hidden-quantities', HIDDEN],
  ] as const)
    it(`resampled worlds never read the true quantities (${mode}): a changed truth gives the same worlds`, () => {
      const s = midGame(3, 'truth', options);
      const altered = { ...s, money: s.money.map((m, seat) => (seat === 0 ? m : m + 1000)) };
      const a = prospectus.resample(s, 0, Rng.fromSeed('same'));
      const b = prospectus.resample(altered, 0, Rng.fromSeed('same'));
      expect(b.money).toEqual(a.money);
      expect(b.cubes).toEqual(a.cubes);
      expect(recordEntries(s.record).length).toBeGreaterThan(9);
    });

  it('prospectus.hidden.sampler: by default (open-trades) the record fixes every holding, so every world gives each opponent the one history consistent with it', () => {
    for (const players of [3, 4]) {
      for (let g = 0; g < 4; g++) {
        const s = play(afterDraft(players, `exact${g}`), 40 + 30 * g, `exact${g}`).state;
        for (const viewer of [0, 'spectator'] as const) {
          const world = prospectus.resample(s, viewer, Rng.fromSeed(`exact-world${g}`));
          expect(world.money).toEqual(s.money);
          expect(world.cubes).toEqual(s.cubes);
          expect(world.tx).toEqual(s.tx);
        }
      }
    }
  });

  it('prospectus.hidden.sampler: a public quantity in the record fixes the replay', () => {
    // Seat 0 drafts an Owl Spit, buys 2 at $20 (limit 3) and the table saw the quantity.
    const record = [
      [0, 0, 0],
      [4, 0, 0, 20, 3],
      [9, 0, 0, 2, 40],
    ];
    for (let i = 0; i < 10; i++)
      expect(drawSeat(record, 0, false, Rng.fromSeed(`qty${i}`))).toEqual({
        money: 60,
        cubes: [3, 0, 0, 0, 0],
        pendingMax: 0,
        fallback: false,
      });
  });
});
