import { describe, expect, it } from 'vitest';
import { Rng, newGame } from '../../../src/core/index.ts';
import { NEUTRAL } from '../../../src/games/pocket-imperium/state.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { EXP, EXT, XPL, act, actor, emptyBoard, game, legal, planAll, put, refused } from './helpers.ts';

function fresh(players: number, options = {}): PiState {
  return game.setup(players, 'setup', game.optionsSchema.parse(options));
}

describe('pocket-imperium.options', () => {
  it('pocket-imperium.options.prosperity: Prosperity is on by default; the base game is one option away', () => {
    expect(game.optionsSchema.parse({})).toEqual({ preset: 'boxed', prosperity: true });
    const prosperityOf = (options: unknown) => {
      const created = newGame(game, 3, 'options', options);
      if (!created.ok) throw new Error(created.error);
      return (created.value.state as PiState).prosperity;
    };
    expect(prosperityOf({})).toBe(true);
    expect(prosperityOf({ preset: 'classic' })).toBe(true);
    expect(prosperityOf({ prosperity: false })).toBe(false);
  });
});

describe('pocket-imperium.preset', () => {
  it('pocket-imperium.preset.boxed (default): 12 ships, 6 rounds with 2–3 players and 8 with 4', () => {
    expect([2, 3, 4].map((n) => [fresh(n).supply[0], fresh(n).rounds])).toEqual([
      [12, 6],
      [12, 6],
      [12, 8],
    ]);
  });
  it('pocket-imperium.preset.classic: 15 ships, 9 rounds with 3 players (10 in the 2-player variant)', () => {
    expect(fresh(3, { preset: 'classic' }).supply[0]).toBe(15);
    expect(fresh(3, { preset: 'classic' }).rounds).toBe(9);
    expect(fresh(2, { preset: 'classic' }).rounds).toBe(10);
  });
});

describe('pocket-imperium.setup', () => {
  it('pocket-imperium.setup.snake: seats place from the start player clockwise, then back', () => {
    let state = fresh(3);
    const order: number[] = [];
    while (state.phase === 'setup') {
      const seat = actor(state);
      order.push(seat);
      state = act(state, seat, legal(state, seat)[0]!).state;
    }
    const [a, b, c] = [0, 1, 2].map((k) => (fresh(3).start + k) % 3);
    expect(order).toEqual([a, b, c, c, b, a]);
    for (let s = 0; s < 3; s++) {
      expect(state.supply[s]).toBe(12 - 4);
      const held = state.owner.flatMap((o, h) => (o === s ? [h] : []));
      expect(held.length).toBe(2);
      expect(held.map((h) => state.ships[h])).toEqual([2, 2]);
      expect(new Set(held.map((h) => state.sector[h])).size).toBe(2);
    }
    expect(state.phase).toBe('plan');
  });

  it('pocket-imperium.setup.start-player: the start player is drawn at random from the seed', () => {
    for (const players of [2, 3, 4]) {
      const starts = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const seed = `start:${players}:${i}`;
        let state = game.setup(players, seed, game.optionsSchema.parse({}));
        expect(game.setup(players, seed, game.optionsSchema.parse({})).start).toBe(state.start);
        starts.add(state.start);
        const first = state.start;
        expect(game.actors(state)).toEqual([first]);
        while (state.phase === 'setup')
          state = act(state, actor(state), legal(state, actor(state))[0]!).state;
        // The seat that placed first starts round 1.
        expect([state.round, state.start]).toEqual([1, first]);
      }
      expect([...starts].sort()).toEqual(Array.from({ length: players }, (_, s) => s));
    }
  });

  it('pocket-imperium.setup.placement: only unoccupied level-I systems in sectors nobody has entered', () => {
    let state = fresh(4);
    const [seat, second] = [state.start, (state.start + 1) % 4];
    const first = legal(state, seat);
    expect(first.length).toBe(16);
    const hex = (first[0] as { hex: number }).hex;
    state = act(state, seat, { type: 'place', hex }).state;
    const next = legal(state, second).map((a) => (a as { hex: number }).hex);
    expect(next.length).toBe(14);
    expect(next.every((h) => state.sector[h] !== state.sector[hex] && state.level[h] === 1)).toBe(true);
    const level2 = state.level.findIndex((l) => l === 2);
    expect(refused(state, second, { type: 'place', hex: level2 })).toBe('pocket-imperium.setup.placement');
    expect(refused(state, second, { type: 'place', hex })).toBe('pocket-imperium.setup.placement');
  });

  it('pocket-imperium.two-player.neutral: 1 neutral ship on each level-II system and 2 on Tri-Prime', () => {
    const state = fresh(2);
    state.level.forEach((lvl, h) => {
      if (lvl === 2) expect([state.owner[h], state.ships[h]]).toEqual([NEUTRAL, 1]);
      else if (lvl === 3) expect([state.owner[h], state.ships[h]]).toEqual([NEUTRAL, 2]);
      else expect(state.ships[h]).toBe(0);
    });
    // Neutral ships do not make a sector occupied for setup.
    expect(legal(state, state.start).length).toBe(10);
  });
});

describe('pocket-imperium.plan', () => {
  const board = () => put(put(put(emptyBoard(3), 0, 0, 2), 5, 1, 2), 41, 2, 2);

  it('pocket-imperium.plan.order: every seat may submit any of the six orders', () => {
    const state = board();
    expect(game.actors(state)).toEqual([0, 1, 2]);
    expect(legal(state, 1).length).toBe(6);
    const rule = refused(state, 1, { type: 'plan', order: ['expand', 'expand', 'explore'] });
    expect(rule).toBe('pocket-imperium.plan.order');
    expect(refused(state, 1, { type: 'expand', hex: 0 })).toBe('pocket-imperium.plan.secret');
  });

  it('pocket-imperium.plan.secret: others learn only that a plan is in, never its content', () => {
    const state = board();
    const { state: after, events } = act(state, 1, { type: 'plan', order: [EXT, XPL, EXP] });
    const text = (viewer: 0 | 1 | 2 | 'spectator') =>
      events.map((e) => game.viewEvent(e, viewer)?.text).join(' ');
    expect(text(1)).toContain('Exterminate');
    for (const viewer of [0, 2, 'spectator'] as const) {
      expect(text(viewer)).not.toMatch(/Expand|Explore|Exterminate/);
      const view = game.view(after, viewer);
      expect(view.submitted).toEqual([false, true, false]);
      expect(view.plans[1]).toEqual([null, null, null]);
    }
    expect(game.view(after, 1).plans[1]).toEqual([2, 1, 0]);
  });

  it('pocket-imperium.plan.change: a plan may be changed until the last one is in, and looks the same to others', () => {
    let state = board();
    state = act(state, 0, { type: 'plan', order: [EXP, XPL, EXT] }).state;
    expect(game.actors(state)).toEqual([1, 2, 0]);
    const a = act(state, 0, { type: 'plan', order: [EXT, EXP, XPL] });
    const b = act(state, 0, { type: 'plan', order: [EXP, XPL, EXT] });
    expect(game.view(a.state, 1)).toEqual(game.view(b.state, 1));
    expect(a.events.map((e) => game.viewEvent(e, 2))).toEqual(b.events.map((e) => game.viewEvent(e, 2)));
    state = act(a.state, 1, { type: 'plan', order: [EXP, XPL, EXT] }).state;
    state = act(state, 2, { type: 'plan', order: [EXP, XPL, EXT] }).state;
    expect(state.phase).toBe('perform');
    expect(state.plans[0]).toEqual([2, 0, 1]);
  });

  it('pocket-imperium.plan.hidden: resampling for a viewer redraws the others’ unrevealed slots and the RNG', () => {
    let state = board();
    state = act(state, 0, { type: 'plan', order: [EXP, XPL, EXT] }).state;
    state = act(state, 1, { type: 'plan', order: [EXP, XPL, EXT] }).state;
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const world = game.resample(state, 2, Rng.fromSeed(`w${i}`));
      expect(world.rng).not.toEqual(state.rng);
      expect(world.plans[2]).toBeNull();
      seen.add(JSON.stringify(world.plans[0]));
    }
    expect(seen.size).toBe(6);
    const own = game.resample(state, 0, Rng.fromSeed('own'));
    expect(own.plans[0]).toEqual([0, 1, 2]);
  });

  it('pocket-imperium.perform.reveal: slots are revealed one step at a time and stay visible afterwards', () => {
    const { state, events } = planAll(board(), [
      [EXP, XPL, EXT],
      [XPL, EXP, EXT],
      [EXT, XPL, EXP],
    ]);
    const view = game.view(state, 'spectator');
    expect(view.plans).toEqual([
      [0, null, null],
      [1, null, null],
      [2, null, null],
    ]);
    expect(events.some((e) => e.type === 'reveal' && e.step === 0)).toBe(true);
    const world = game.resample(state, 0, Rng.fromSeed('x'));
    expect(world.plans.map((p) => p![0])).toEqual([0, 1, 2]);
  });
});
