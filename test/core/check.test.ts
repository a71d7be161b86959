/**
 * `check` is `apply` without the performing: the same refusal for every action `apply` refuses,
 * null for every action it accepts, and the state is never advanced (perform is not even called).
 */
import { describe, expect, it } from 'vitest';
import { defineGame, namesFor, newGame, Rng } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';

import { GAMES } from '../../src/games/registry.ts';
import { secretBidDefinition } from '../fixtures/secret-bid.ts';

/** Edits of a legal action that keep its shape plausible: each number moved, each string swapped. */
function mutations(action: unknown): unknown[] {
  if (!action || typeof action !== 'object' || Array.isArray(action)) return [];
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(action)) {
    if (typeof value === 'number') for (const d of [-1, 1, 7]) out.push({ ...action, [key]: value + d });
    if (typeof value === 'string' && key !== 'type' && key !== 't') out.push({ ...action, [key]: 'nope' });
    if (value === null) out.push({ ...action, [key]: 0 });
  }
  return out;
}

const JUNK: unknown[] = [null, 3, 'fill', {}, [], { type: 'no-such-action' }, { t: 'no-such-action' }];

describe('Game.check', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))(
    '%s: agrees with apply on legal, mutated, out-of-turn and junk actions along a playout',
    (_id, game: AnyGame) => {
      const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, 3));
      const created = newGame(game, players, 'check');
      if (!created.ok) throw new Error(created.error);
      let state = created.value.state;
      const rng = Rng.fromSeed('check-playout');
      let refusals = 0;
      let accepted = 0;
      for (let step = 0; step < 60 && game.actors(state).length > 0; step++) {
        const actors = game.actors(state);
        const seat = actors[rng.int(actors.length)]!;
        const legal = game.legalActions(state, seat);
        const others = Array.from({ length: players }, (_, s) => s).filter((s) => !actors.includes(s));
        const tries: [number, unknown][] = [
          ...legal.slice(0, 6).map((a): [number, unknown] => [seat, a]),
          ...legal
            .slice(0, 6)
            .flatMap(mutations)
            .map((a): [number, unknown] => [seat, a]),
          ...JUNK.map((a): [number, unknown] => [seat, a]),
          ...others.flatMap((s) => legal.slice(0, 2).map((a): [number, unknown] => [s, a])),
        ];
        for (const [who, action] of tries) {
          const names = namesFor(who, ['Ann', 'Ben', 'Cleo', 'Dev']);
          const applied = game.apply(state, who, action, names);
          const checked = game.check(state, who, action, names);
          if (applied.ok) {
            expect(checked).toBeNull();
            accepted++;
          } else {
            expect(checked).toEqual(applied.error);
            refusals++;
          }
        }
        state = game.applyTrusted(state, seat, legal[rng.int(legal.length)]).state;
      }
      // The comparison covered both answers, many times.
      expect(accepted).toBeGreaterThan(20);
      expect(refusals).toBeGreaterThan(100);
    },
  );

  it('never performs: a legal action is answered null even by a game whose perform throws', () => {
    let performed = 0;
    const game = defineGame({
      ...secretBidDefinition,
      perform: () => {
        performed++;
        throw new Error('perform must not run');
      },
    });
    const state = game.setup(3, 'check', game.optionsSchema.parse({}));
    const seat = game.actors(state)[0]!;
    const legal = game.legalActions(state, seat)[0];
    expect(game.check(state, seat, legal)).toBeNull();
    expect(performed).toBe(0);
    // apply, given the same action, does perform (and turns the throw into core.internal).
    expect(game.apply(state, seat, legal)).toMatchObject({ ok: false, error: { rule: 'core.internal' } });
    expect(performed).toBe(1);
  });

  it('turns an engine throw into core.internal, never an exception', () => {
    const game = defineGame({
      ...secretBidDefinition,
      isLegal: () => {
        throw new RangeError('boom');
      },
    });
    const state = game.setup(3, 'check', game.optionsSchema.parse({}));
    const seat = game.actors(state)[0]!;
    expect(game.check(state, seat, game.legalActions(state, seat)[0])).toEqual({
      code: 'internal',
      rule: 'core.internal',
      message: 'internal engine error (RangeError)',
    });
  });
});
