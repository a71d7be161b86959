import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../../src/core/game.ts';
import { playMatch } from '../../../src/core/match.ts';
import { Rng } from '../../../src/core/rng.ts';
import { randomBot } from '../../../src/bots/random.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { perform, performQuiet } from '../../../src/games/prospectus/rules/engine.ts';
import { afterDraft } from './helpers.ts';

describe('prospectus bots and search hooks', () => {
  it('the heuristic bot beats three random bots in most of a handful of seeded games', () => {
    let wins = 0;
    const games = 8;
    for (let g = 0; g < games; g++) {
      const seat = g % 4;
      const bots = [0, 1, 2, 3].map((s) =>
        s === seat
          ? prospectus.bots!.heuristic!({ game: prospectus, seat: s, seed: `h${g}` })
          : randomBot({ game: prospectus as AnyGame, seat: s, seed: `r${g}:${s}` }),
      );
      const match = playMatch(prospectus as AnyGame, { players: 4, seed: `bot${g}`, bots: bots as never });
      expect(match.truncated).toBe(false);
      if (match.outcome!.ranks[seat] === 1) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(6);
  });

  it('evaluate gives every seat a value in [0, 1], 1 for the leader', () => {
    const s = { ...afterDraft(4, 'eval'), money: [300, 100, 50, 100] };
    const values = prospectus.evaluate!(s);
    expect(values).toHaveLength(4);
    for (const v of values) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of values) expect(v).toBeLessThanOrEqual(1);
    expect(values[0]).toBe(1);
    expect(values[2]).toBeLessThan(values[1]!);
  });

  it('performQuiet (the look-ahead) reaches the same states as perform', () => {
    const rng = Rng.fromSeed('quiet');
    let s = afterDraft(4, 'quiet');
    let loud = 0;
    while (prospectus.actors(s).length) {
      const seat = prospectus.actors(s)[0]!;
      const legal = prospectus.legalActions(s, seat);
      const action = legal[rng.int(legal.length)]!;
      const full = perform(s, seat, action);
      expect(performQuiet(s, seat, action)).toEqual(full.state);
      loud += full.events.length;
      s = full.state;
    }
    expect(loud).toBeGreaterThan(0);
  });

  it('playoutPolicy always returns one of the offered actions', () => {
    const rng = Rng.fromSeed('policy');
    let s = afterDraft(3, 'policy');
    while (prospectus.actors(s).length) {
      const seat = prospectus.actors(s)[0]!;
      const legal = prospectus.legalActions(s, seat);
      const chosen = prospectus.playoutPolicy!(s, seat, legal, rng);
      expect(legal).toContain(chosen);
      s = prospectus.applyTrusted(s, seat, chosen).state;
    }
    expect(prospectus.outcome(s)).not.toBeNull();
  });

  it('insights: a price per potion each turn, splits and busts per potion at the end', () => {
    const s = afterDraft(4, 'insights');
    const series = prospectus.insights!.series(s);
    expect(Object.keys(series).sort()).toEqual([
      'price.frog-juice',
      'price.goblin-wizz',
      'price.owl-spit',
      'price.pixie-dust',
      'price.troll-sweat',
    ]);
    expect(Object.values(series).every((p) => p === 20)).toBe(true);
    const final = prospectus.insights!.final({ ...s, splits: [1, 0, 0, 0, 2], busts: [0, 3, 0, 0, 0] });
    expect(final['splits.owl-spit']).toBe(1);
    expect(final['splits.frog-juice']).toBe(2);
    expect(final['busts.pixie-dust']).toBe(3);
    expect(prospectus.insights!.clock({ ...s, turn: 5 })).toBe(5);
  });
});
