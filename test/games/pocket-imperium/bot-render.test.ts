import { describe, expect, it } from 'vitest';
import { Rng, playMatch } from '../../../src/core/index.ts';
import type { AnyGame } from '../../../src/core/index.ts';
import { randomBot } from '../../../src/bots/random.ts';
import { findGame } from '../../../src/games/registry.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { BASE_GAME, EXP, TRI, XPL, EXT, at, emptyBoard, game, legal, planAll, put } from './helpers.ts';

describe('registry', () => {
  it('lists the game under its id', () => {
    expect(findGame('pocket-imperium')?.name).toBe('Pocket Imperium');
  });
});

describe('render', () => {
  it('draws the hex map with hex numbers, levels and occupants, and labels actions', () => {
    let state = put(put(put(emptyBoard(3), TRI, 1, 3), at(0, 0), 0, 2), at(8, 5), 2, 1);
    state = planAll(state, [
      [EXP, XPL, EXT],
      [XPL, EXT, EXP],
      [EXT, EXP, XPL],
    ]).state;
    const view = game.view(state, 0);
    const text = game.render.view(view, 0);
    expect(text).toContain(' 0 II');
    expect(text).toContain('19 TP');
    expect(text).toContain('B3');
    expect(text).toContain('A2');
    expect(text).toContain('Step 1: You perform Expand');
    expect(text.split('\n').length).toBeGreaterThan(18);
    const labels = legal(state, 0).map((a) => game.render.action(a, view));
    expect(labels).toContain('add a ship to #0 (level II, A2)');
    expect(labels.some((l) => /^stop the Expand command \(\d of \d actions unused\)$/.test(l))).toBe(true);
  });

  it('does not show another seat’s plan during the Plan phase', () => {
    const state = game.apply(emptyBoard(3), 1, { type: 'plan', order: [EXT, XPL, EXP] });
    if (!state.ok) throw new Error('refused');
    const text = game.render.view(game.view(state.state, 0), 0);
    const row = text.split('\n').find((line) => line.startsWith('Player B '))!;
    expect(row).toContain('planned');
    expect(row).not.toMatch(/Expa|Expl|Exte/);
  });
});

describe('heuristic bot, playout policy, evaluate, insights', () => {
  it('beats two random bots in most 3-player games (small sample; the report measures 200+)', () => {
    let wins = 0;
    const games = 12;
    for (let g = 0; g < games; g++) {
      const seat = g % 3;
      const bots = [0, 1, 2].map((s) =>
        s === seat
          ? game.bots!.heuristic!({ game, seat: s, seed: `h${g}` })
          : randomBot({ game: game as AnyGame, seat: s, seed: `r${g}:${s}` }),
      );
      const match = playMatch(game as AnyGame, { players: 3, seed: `bot${g}`, bots: bots as never });
      expect(match.truncated).toBe(false);
      if (match.outcome!.ranks[seat] === 1) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(10);
  });

  it('contests a rival’s Tri-Prime: brings ships next to it (Explore, Expand) and takes it (Exterminate)', () => {
    let board = put(put(emptyBoard(3, BASE_GAME), at(1, 0), 0, 4), TRI, 1, 2);
    board = put(board, at(8, 5), 2, 1);
    let state = planAll(board, [
      [XPL, EXP, EXT],
      [EXP, EXT, XPL],
      [EXT, EXP, XPL],
    ]).state;
    const bot = game.bots!.heuristic!({ game, seat: 0, seed: 'tri' });
    while (state.phase === 'perform') {
      const seat = game.actors(state)[0]!;
      const options = game.legalActions(state, seat);
      const current = state;
      const action =
        seat === 0
          ? bot.act({
              seat,
              view: game.view(state, 0),
              legal: options,
              sampleWorld: (r) => game.resample(current, 0, r),
            })
          : { type: 'stop' as const };
      state = game.applyTrusted(state, seat, action).state;
    }
    expect(state.owner[TRI]).toBe(0);
  });

  it('heuristic games show the game’s first-player edge, not the bot’s: the first start player wins well under 2/3', () => {
    let firstWins = 0;
    let contested = 0;
    const games = 45;
    for (let g = 0; g < games; g++) {
      const bots = [0, 1, 2].map((s) => game.bots!.heuristic!({ game, seat: s, seed: `edge${g}:${s}` }));
      const match = playMatch(game as AnyGame, { players: 3, seed: `edge${g}`, bots: bots as never });
      const final = game.insights!.final(match.state as PiState);
      firstWins += final['startOrder.0.winPct']! / 100;
      if ((match.state as PiState).triRounds.filter((r) => r > 0).length > 1) contested++;
    }
    expect(firstWins / games).toBeLessThan(0.6);
    // Tri-Prime changes hands in a good share of games.
    expect(contested / games).toBeGreaterThan(0.3);
  });

  it('the playout policy always returns one of the legal actions', () => {
    const rng = Rng.fromSeed('policy');
    let state = game.setup(4, 'policy', game.optionsSchema.parse({ prosperity: true }));
    let steps = 0;
    while (game.actors(state).length > 0 && steps < 3000) {
      const seat = game.actors(state)[0]!;
      const options = game.legalActions(state, seat);
      const choice = game.playoutPolicy!(state, seat, options, rng);
      expect(options).toContain(choice);
      state = game.applyTrusted(state, seat, choice).state;
      steps++;
    }
    expect(game.outcome(state)).not.toBeNull();
    expect(state.round).toBe(8);
  });

  it('evaluate gives each seat a share in [0, 1] that favours the seat ahead', () => {
    let state: PiState = put(put(put(emptyBoard(3), at(0, 0), 0, 2), at(0, 5), 1, 1), at(8, 5), 2, 1);
    state = { ...state, vp: { sector: [10, 2, 0], extra: [0, 0, 0], prosperity: [0, 0, 0] } };
    const values = game.evaluate!(state);
    expect(values.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(values[0]).toBeGreaterThan(values[1]!);
    expect(values[1]).toBeGreaterThan(values[2]!);
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('insights: wins and VP by place in the first round’s order, whoever started', () => {
    // Round 4 of a 3-player game started by seat 2: seat 2 started round 1 (the role passes each round).
    const vp = { sector: [5, 12, 9], extra: [0, 0, 0], prosperity: [0, 0, 0] };
    const state: PiState = { ...emptyBoard(3), phase: 'over', round: 4, start: 2, vp };
    expect(game.insights!.final(state)).toMatchObject({
      'startOrder.0.winPct': 0,
      'startOrder.1.winPct': 0,
      'startOrder.2.winPct': 100,
      'startOrder.0.vp': 9,
      'startOrder.1.vp': 5,
      'startOrder.2.vp': 12,
    });
    const tied = { ...state, vp: { ...vp, sector: [12, 12, 9] } };
    expect(game.insights!.final(tied)).toMatchObject({
      'startOrder.0.winPct': 0,
      'startOrder.1.winPct': 50,
      'startOrder.2.winPct': 50,
    });
  });

  it('insights: VP per seat per round, VP by source and rounds holding Tri-Prime', () => {
    const state: PiState = {
      ...emptyBoard(3),
      round: 4,
      vp: { sector: [5, 1, 0], extra: [2, 0, 0], prosperity: [3, 0, 3] },
      triRounds: [2, 1, 0],
    };
    expect(game.insights!.clock(state)).toBe(4);
    expect(game.insights!.series(state)).toEqual({ 'vp.0': 10, 'vp.1': 1, 'vp.2': 3 });
    expect(game.insights!.final(state)).toMatchObject({
      'vp.sector.0': 5,
      'vp.triPrimeChoice.0': 2,
      'vp.prosperity.2': 3,
      'triPrimeRounds.0': 2,
      'triPrimeRounds.1': 1,
    });
  });
});
