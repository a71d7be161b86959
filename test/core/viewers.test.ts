import { describe, expect, it } from 'vitest';
import { defineGame, InvalidViewerError, isViewer, newGame, Rng, SPECTATOR } from '../../src/core/index.ts';
import type { AnyGame, Viewer } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { secretBid, secretBidDefinition } from '../fixtures/secret-bid.ts';

/** Things a careless or hostile caller passes as a viewer: none of them may reach a game. */
function malformed(players: number): unknown[] {
  return ['0', '1', `${players - 1}`, 'Spectator', 'spectator ', '', -1, -0.5, 0.5, NaN, Infinity, null];
}

function catchError(call: () => unknown): unknown {
  try {
    call();
  } catch (err) {
    return err;
  }
  return null;
}

function expectRefused(call: () => unknown, rule: 'core.viewer' | 'core.seat') {
  const err = catchError(call);
  expect(err).toBeInstanceOf(InvalidViewerError);
  expect((err as InvalidViewerError).rule).toBe(rule);
}

/** A started table of every size the game allows, with the events of one legal action. */
function tables(game: AnyGame) {
  const out: { players: number; state: unknown; events: readonly unknown[] }[] = [];
  for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
    const created = newGame(game, players, `viewers:${players}`);
    if (!created.ok) throw new Error(created.error);
    const state = created.value.state;
    const seat = game.actors(state)[0]!;
    const { events } = game.applyTrusted(state, seat, game.legalActions(state, seat)[0]);
    out.push({ players, state, events });
  }
  return out;
}

describe('viewers are validated in core for every game', () => {
  for (const game of [...GAMES, secretBid]) {
    describe(game.id, () => {
      const all = tables(game);

      it('refuses a viewer that is not an integer seat of the table or the spectator', () => {
        for (const { players, state, events } of all) {
          const spectatorView = game.view(state, SPECTATOR);
          for (const bad of [...malformed(players), players, undefined, true, [0], { seat: 0 }]) {
            const viewer = bad as Viewer;
            expectRefused(() => game.view(state, viewer), 'core.viewer');
            expectRefused(() => game.resample(state, viewer, Rng.fromSeed('x')), 'core.viewer');
          }
          // Without a state the table's size is unknown: the game's maximum bounds the seat.
          for (const bad of [...malformed(players), game.maxPlayers]) {
            const viewer = bad as Viewer;
            expectRefused(() => game.render.view(spectatorView, viewer), 'core.viewer');
            for (const event of events) expectRefused(() => game.viewEvent(event, viewer), 'core.viewer');
          }
          for (const bad of [...malformed(players), players, SPECTATOR])
            expectRefused(() => game.legalActions(state, bad as number), 'core.seat');
        }
      });

      it('serves every seat of the table and the spectator', () => {
        for (const { players, state, events } of all) {
          expect(game.seatCount(state)).toBe(players);
          const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: players }, (_, s) => s)];
          for (const viewer of viewers) {
            const view = game.view(state, viewer);
            expect(typeof game.render.view(view, viewer)).toBe('string');
            expect(game.view(game.resample(state, viewer, Rng.fromSeed('x')), viewer)).toEqual(view);
            for (const event of events) expect(catchError(() => game.viewEvent(event, viewer))).toBeNull();
          }
        }
      });
    });
  }

  it('Prospectus\'s view for the string "1" no longer shows seat 1\'s hand', () => {
    const prospectus = GAMES.find((g) => g.id === 'prospectus')!;
    const created = newGame(prospectus, 3, 'viewers');
    if (!created.ok) throw new Error(created.error);
    const err = catchError(() => prospectus.view(created.value.state, '1' as unknown as Viewer));
    expect(err).toBeInstanceOf(InvalidViewerError);
    expect((err as Error).message).toBe(`view: a viewer is 'spectator' or an integer seat 0–2, not "1"`);
  });
});

describe('isViewer', () => {
  it('accepts the spectator and the seats of the table only', () => {
    expect([SPECTATOR, 0, 1, 2].every((v) => isViewer(v, 3))).toBe(true);
    expect([3, -1, 1.5, '1', 'Spectator', null, undefined, NaN].some((v) => isViewer(v, 3))).toBe(false);
  });
});

describe('the seat count', () => {
  it("defaults to the state's integer `players` field", () => {
    const game = defineGame({ ...secretBidDefinition, seatCount: undefined });
    const state = { ...secretBid.setup(3, 's', { handSize: 3 }), players: 3 };
    expect(game.seatCount(state)).toBe(3);
    expectRefused(() => game.view(state, 3), 'core.viewer');
  });

  it('is the player count of a game that allows only one', () => {
    const game = defineGame({ ...secretBidDefinition, seatCount: undefined, minPlayers: 3, maxPlayers: 3 });
    const state = secretBid.setup(3, 's', { handSize: 3 });
    expect(game.seatCount(state)).toBe(3);
    expectRefused(() => game.view(state, 3), 'core.viewer');
  });

  it('is required of any other game whose state has no `players` field', () => {
    const game = defineGame({ ...secretBidDefinition, seatCount: undefined });
    const state = secretBid.setup(3, 's', { handSize: 3 });
    expect(() => game.view(state, 0)).toThrow(/defines no seatCount/);
  });
});
