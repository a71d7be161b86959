import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/index.ts';
import { PROSPERITY_CARDS, TRI_PRIME_CARDS } from '../../../src/games/pocket-imperium/data.ts';
import { claimant } from '../../../src/games/pocket-imperium/rules/prosperity.ts';
import type { PiState } from '../../../src/games/pocket-imperium/state.ts';
import { EXP, EXT, TRI, XPL, act, actor, at, emptyBoard, game, legal, planAll, put } from './helpers.ts';

const cardOf = (req: string, slot0: number) =>
  PROSPERITY_CARDS.find((c) => c.requirement === req && c.slots[0] === slot0)!.id;

describe('pocket-imperium.prosperity.chain', () => {
  it('one chain card per round, a Tri-Prime card last, the rest back in the box', () => {
    for (const [players, options, rounds] of [
      [2, {}, 6],
      [3, {}, 6],
      [4, {}, 8],
      [3, { preset: 'classic' }, 9],
    ] as const) {
      for (let i = 0; i < 10; i++) {
        const state = game.setup(
          players,
          `chain${i}`,
          game.optionsSchema.parse({ ...options, prosperity: true }),
        );
        expect(state.chain.length).toBe(rounds);
        expect(state.removed.length).toBe(12 - rounds);
        expect(TRI_PRIME_CARDS).toContain(state.chain[rounds - 1]);
        expect(new Set([...state.chain, ...state.removed]).size).toBe(12);
        expect(state.chainRevealed).toBe(1);
      }
    }
  });

  it('the chain is random: over many seeds each card is sometimes first', () => {
    const first = new Set<number>();
    for (let i = 0; i < 80; i++)
      first.add(game.setup(3, `f${i}`, game.optionsSchema.parse({ prosperity: true })).chain[0]!);
    expect(first.size).toBe(12);
  });
});

describe('pocket-imperium.prosperity.forecast', () => {
  it('each Plan phase but the last round’s turns the next card face up; hidden cards are not in views', () => {
    let state = game.setup(3, 'forecast', game.optionsSchema.parse({ prosperity: true }));
    expect(game.view(state, 0).chain.filter((c) => c !== null).length).toBe(1);
    while (state.phase === 'setup') state = act(state, actor(state), legal(state, actor(state))[0]!).state;
    const view = game.view(state, 'spectator');
    expect(view.chain.slice(0, 2)).toEqual(state.chain.slice(0, 2));
    expect(view.chain.slice(2)).toEqual([null, null, null, null]);
    expect(JSON.stringify(view)).not.toContain('removed');
  });

  it('resampling redraws face-down cards, always with a Tri-Prime card last', () => {
    const state = game.setup(3, 'resample', game.optionsSchema.parse({ prosperity: true }));
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const world = game.resample(state, 0, Rng.fromSeed(`r${i}`));
      expect(world.chain[0]).toBe(state.chain[0]);
      expect(TRI_PRIME_CARDS).toContain(world.chain[5]);
      expect(new Set([...world.chain, ...world.removed]).size).toBe(12);
      seen.add(world.chain.join(','));
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('no forecast in the last round (the last card was revealed the round before)', () => {
    let board = emptyBoard(3, { prosperity: true });
    board = put(put(put(board, at(0, 0), 0, 1), at(1, 0), 1, 1), at(8, 5), 2, 1);
    // As after round 4's Plan phase: cards 1–5 face up.
    let state: PiState = { ...board, round: 4, chainRevealed: 5 };
    const playRound = () => {
      const events = planAll(state, [
        [EXP, XPL, EXT],
        [XPL, EXT, EXP],
        [EXT, EXP, XPL],
      ]).events;
      state = planAll(state, [
        [EXP, XPL, EXT],
        [XPL, EXT, EXP],
        [EXT, EXP, XPL],
      ]).state;
      while (state.phase === 'perform') state = act(state, actor(state), { type: 'stop' }).state;
      while (state.phase === 'exploit') {
        const r = act(state, actor(state), legal(state, actor(state))[0]!);
        state = r.state;
        events.push(...r.events);
      }
      return events;
    };
    const round4 = playRound();
    expect([state.round, state.chainRevealed]).toEqual([5, 6]);
    expect(round4.filter((e) => e.type === 'forecast')).toEqual([
      { type: 'forecast', card: state.chain[5], position: 5 },
    ]);
    const round5 = playRound();
    expect([state.round, state.chainRevealed]).toEqual([6, 6]);
    expect(round5.some((e) => e.type === 'forecast')).toBe(false);
  });
});

describe('pocket-imperium.prosperity.slot-bonus', () => {
  it('a command matching the card’s slot icon gets +1 strength', () => {
    let board = emptyBoard(3, { prosperity: true });
    board = put(put(put(board, at(0, 0), 0, 1), at(1, 0), 1, 1), at(8, 5), 2, 1);
    const chain = board.chain.slice();
    chain[0] = cardOf('level-1', 0); // slot 1 pictures Expand
    const { state } = planAll({ ...board, chain }, [
      [EXP, XPL, EXT],
      [XPL, EXT, EXP],
      [EXT, EXP, XPL],
    ]);
    expect(state.strengths).toEqual([4, 3, 3]);
    expect(state.left).toBe(4);
  });
});

describe('pocket-imperium.prosperity.claim', () => {
  const board = (): PiState => emptyBoard(3, { prosperity: true });

  it('Tri-Prime card: its controller; nobody when Tri-Prime is empty', () => {
    expect(claimant(put(board(), TRI, 1, 1), cardOf('tri-prime', 0))).toBe(1);
    expect(claimant(board(), cardOf('tri-prime', 0))).toBe(-1);
  });

  it('level cards: strictly most systems of that level; a tie discards the card', () => {
    let state = put(put(board(), at(0, 0), 0, 1), at(2, 2), 0, 1); // two level-II for seat 0
    state = put(state, at(2, 5), 1, 1); // one level-II for seat 1
    expect(claimant(state, cardOf('level-2', 0))).toBe(0);
    state = put(state, at(3, 0), 1, 1);
    expect(claimant(state, cardOf('level-2', 0))).toBe(-1);
    expect(claimant(state, cardOf('level-1', 0))).toBe(-1);
  });

  it('largest fleet: most ships in a single hex', () => {
    let state = put(put(board(), at(0, 0), 0, 3), at(2, 5), 1, 2);
    state = put(state, at(8, 5), 2, 1);
    expect(claimant(state, cardOf('largest-fleet', 0))).toBe(0);
    expect(claimant(put(state, at(8, 5), 2, 3), cardOf('largest-fleet', 0))).toBe(-1);
  });

  it('pocket-imperium.prosperity.vp: a claimed card is worth 3 VP at the end of Exploit', () => {
    let state = put(put(put(board(), TRI, 1, 1), at(0, 0), 0, 1), at(8, 5), 2, 1);
    const chain = state.chain.slice();
    chain[0] = cardOf('tri-prime', 1);
    state = planAll({ ...state, chain }, [
      [EXP, XPL, EXT],
      [XPL, EXT, EXP],
      [EXT, EXP, XPL],
    ]).state;
    while (state.phase === 'perform') state = act(state, actor(state), { type: 'stop' }).state;
    while (state.phase === 'exploit') state = act(state, actor(state), legal(state, actor(state))[0]!).state;
    expect(state.vp.prosperity).toEqual([0, 3, 0]);
    expect(state.claims[0]).toBe(1);
    expect(game.view(state, 2).claims[0]).toBe(1);
  });
});
