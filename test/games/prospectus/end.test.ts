import { describe, expect, it } from 'vitest';
import { playMatch } from '../../../src/core/match.ts';
import { randomBot } from '../../../src/bots/random.ts';
import { Rng } from '../../../src/core/rng.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { FUTURE_CARDS } from '../../../src/games/prospectus/data.ts';
import { finishGame, outcomeOf } from '../../../src/games/prospectus/rules/end.ts';
import { Work } from '../../../src/games/prospectus/rules/work.ts';
import { FILLED, OPEN } from '../../../src/games/prospectus/state.ts';
import type { ProspectusState } from '../../../src/games/prospectus/state.ts';
import type { AnyGame } from '../../../src/core/game.ts';
import { afterDraft } from './helpers.ts';

function randomGame(players: number, seed: string): ProspectusState {
  const bots = Array.from({ length: players }, (_, seat) =>
    randomBot({ game: prospectus as AnyGame, seat, seed: `${seed}:${seat}` }),
  );
  return playMatch(prospectus as AnyGame, { players, seed, bots }).state as ProspectusState;
}

describe('prospectus.end', () => {
  it('prospectus.end.trigger: 3 players take 8 turns each, 4 players 6 each', () => {
    for (const [players, turns] of [
      [3, 8],
      [4, 6],
    ] as const) {
      for (const seed of ['e1', 'e2']) {
        const s = randomGame(players, seed);
        expect(s.phase).toBe('over');
        expect(s.turn + 1).toBe(players * turns);
        // Every turn discards the played card; at 4 players the two removed spells were there from the start.
        expect(s.discards.map((d) => d.length)).toEqual(Array(players).fill(turns + s.removed.length));
        expect(s.hands.map((h) => h.length)).toEqual(Array(players).fill(2));
      }
    }
  });

  it('prospectus.end.chamber: cubes left on track cards and secret additions join the chamber', () => {
    const s = afterDraft(3, 'end-chamber');
    const dem = s.dem.map(() => OPEN);
    dem[8] = FILLED;
    const demanded = FUTURE_CARDS[s.track[4]!]!.demands[0]!;
    const secret = [
      [0, 0, 0, 0, 0],
      [2, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
    ];
    const w = new Work({ ...s, dem, secret, chamber: [1, 1, 1, 1, 1] });
    finishGame(w);
    const chamber = w.finish().state.final!.chamber;
    const expected = [1, 1, 1, 1, 1];
    expected[demanded]! += 1;
    expected[0]! += 2;
    expect(chamber).toEqual(expected);
  });

  it('prospectus.end.selloff: every cube is sold at its final price', () => {
    const s = afterDraft(3, 'selloff');
    const w = new Work({
      ...s,
      dem: s.dem.map(() => OPEN),
      chamber: [0, 0, 0, 0, 0],
      cubes: [
        [1, 0, 0, 0, 0],
        [0, 2, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
      money: [10, 10, 10],
    });
    finishGame(w);
    const end = w.finish().state;
    expect(end.money).toEqual([30, 50, 10]);
    expect(end.cubes.flat().every((n) => n === 0)).toBe(true);
  });

  it('prospectus.end.winner: most money wins; equal money shares the place', () => {
    const s = afterDraft(4, 'winner');
    const over: ProspectusState = {
      ...s,
      phase: 'over',
      money: [120, 150, 150, 90],
      final: { chamber: [0, 0, 0, 0, 0], bonus: [0, 0, 0, 0], selloff: [0, 0, 0, 0] },
    };
    expect(outcomeOf(over)?.ranks).toEqual([3, 1, 1, 4]);
    expect(prospectus.actors(over)).toEqual([]);
  });

  it('a random game stays consistent: no negative money or cubes at any step', () => {
    const rng = Rng.fromSeed('consistency');
    let s = afterDraft(4, 'consistency');
    while (prospectus.actors(s).length) {
      const seat = prospectus.actors(s)[0]!;
      const legal = prospectus.legalActions(s, seat);
      s = prospectus.applyTrusted(s, seat, legal[rng.int(legal.length)]!).state;
      expect(s.money.every((m) => m >= 0)).toBe(true);
      expect(s.cubes.flat().every((n) => n >= 0)).toBe(true);
    }
  });
});
