import { describe, expect, it } from 'vitest';
import { baseStrengths } from '../../../src/games/pocket-imperium/rules/strength.ts';
import { NEUTRAL, NOBODY } from '../../../src/games/pocket-imperium/state.ts';
import type { PiAction, PiState } from '../../../src/games/pocket-imperium/state.ts';
import {
  EXP,
  EXT,
  TRI,
  XPL,
  act,
  actor,
  at,
  BASE_GAME,
  emptyBoard,
  game,
  legal,
  planAll,
  put,
  refused,
} from './helpers.ts';

const hexes = (actions: PiAction[], type: string, key = 'hex') =>
  actions.filter((a) => a.type === type).map((a) => (a as unknown as Record<string, number>)[key]!);

describe('pocket-imperium.perform.strength', () => {
  it('1, 2 or 3 players on the same command give strength 3, 2, 1', () => {
    expect(baseStrengths(3, [0, 1, 2])).toEqual([3, 3, 3]);
    expect(baseStrengths(3, [0, 0, 2])).toEqual([2, 2, 3]);
    expect(baseStrengths(3, [1, 1, 1])).toEqual([1, 1, 1]);
  });

  it('pocket-imperium.perform.strength-neighbours: with 4 players only the two neighbours count', () => {
    expect(baseStrengths(4, [0, 0, 1, 0])).toEqual([1, 2, 3, 2]);
    expect(baseStrengths(4, [0, 1, 0, 1])).toEqual([3, 3, 3, 3]);
    expect(baseStrengths(4, [2, 2, 2, 2])).toEqual([1, 1, 1, 1]);
  });

  it('pocket-imperium.two-player.strength: 2 players use only the 1- and 2-commander strengths', () => {
    expect(baseStrengths(2, [0, 1])).toEqual([3, 3]);
    expect(baseStrengths(2, [2, 2])).toEqual([2, 2]);
  });

  it('the reveal event and the state carry the strengths of the step', () => {
    const board = put(put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(0, 5), 1, 1), at(8, 5), 2, 1);
    const { state, events } = planAll(board, [
      [EXP, XPL, EXT],
      [EXP, EXT, XPL],
      [XPL, EXP, EXT],
    ]);
    expect(events.find((e) => e.type === 'reveal')).toMatchObject({
      commands: [0, 0, 1],
      strengths: [2, 2, 3],
    });
    expect(state.strengths).toEqual([2, 2, 3]);
  });
});

describe('pocket-imperium.perform.order', () => {
  it('all Expands, then Explores, then Exterminates, each clockwise from the start player', () => {
    let board = put(put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(0, 5), 1, 1), at(8, 5), 2, 1);
    board = { ...board, start: 1 };
    const { state } = planAll(board, [
      [EXP, XPL, EXT],
      [EXT, XPL, EXP],
      [EXP, EXT, XPL],
    ]);
    expect(state.order).toEqual([2, 0, 1]);
    expect(actor(state)).toBe(2);
  });

  it('pocket-imperium.perform.skip: a seat that can do nothing with its command is skipped', () => {
    // Seat 1 has no ships at all: its Expand is skipped and seat 2 acts.
    const board = put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(8, 5), 2, 1);
    const { state, events } = planAll({ ...board, start: 1 }, [
      [XPL, EXP, EXT],
      [EXP, XPL, EXT],
      [EXP, EXT, XPL],
    ]);
    expect(events.some((e) => e.type === 'skip' && e.seat === 1)).toBe(true);
    expect(actor(state)).toBe(2);
  });
});

/** Seat 0 alone plays `command` in step 1 (strength 3); seats acting before it give up their command. */
function solo(board: PiState, command: typeof EXP): PiState {
  const others = [EXP, XPL, EXT].filter((c) => c !== command);
  let { state } = planAll(board, [
    [command, others[0]!, others[1]!],
    [others[0]!, command, others[1]!],
    [others[1]!, others[0]!, command],
  ]);
  while (actor(state) !== 0) state = act(state, actor(state), { type: 'stop' }).state;
  expect(state.left).toBe(3);
  return state;
}

describe('pocket-imperium.expand', () => {
  it('pocket-imperium.expand.target: ships go one at a time onto systems the seat controls', () => {
    const board = put(put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(1, 1), 0, 1), at(8, 5), 2, 1);
    let state = solo(board, EXP);
    expect(actor(state)).toBe(0);
    expect(state.left).toBe(3);
    expect(hexes(legal(state, 0), 'expand')).toEqual([at(0, 0)]);
    expect(legal(state, 0).some((a) => a.type === 'stop')).toBe(true);
    expect(refused(state, 0, { type: 'expand', hex: at(1, 1) })).toBe('pocket-imperium.expand.target');
    expect(refused(state, 0, { type: 'expand', hex: at(8, 5) })).toBe('pocket-imperium.expand.target');
    // pocket-imperium.perform.command: only Expand choices (or stop) now.
    expect(refused(state, 0, { type: 'target', hex: at(0, 0) })).toBe('pocket-imperium.perform.command');
    const supply = state.supply[0]!;
    for (let i = 0; i < 3; i++) state = act(state, 0, { type: 'expand', hex: at(0, 0) }).state;
    expect(state.ships[at(0, 0)]).toBe(4);
    expect(state.supply[0]).toBe(supply - 3);
    expect(actor(state)).not.toBe(0);
  });

  it('pocket-imperium.expand.supply: no more ships than the supply holds; stop ends the command early', () => {
    const board = put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(8, 5), 2, 1);
    let state = solo({ ...board, supply: [1, 12, 11] }, EXP);
    state = act(state, 0, { type: 'expand', hex: at(0, 0) }).state;
    expect(state.supply[0]).toBe(0);
    expect(actor(state)).not.toBe(0);
    const early = act(solo(board, EXP), 0, { type: 'stop' }).state;
    expect(actor(early)).not.toBe(0);
  });
});

describe('pocket-imperium.explore', () => {
  const board = () => put(put(put(emptyBoard(3, BASE_GAME), at(2, 2), 0, 3), at(2, 3), 1, 1), at(8, 5), 2, 1);

  it('pocket-imperium.explore.fleet: a fleet is 1 to all unmoved ships of one hex', () => {
    const state = solo(board(), XPL);
    expect(state.left).toBe(3);
    expect(legal(state, 0).filter((a) => a.type === 'fleet')).toEqual([
      { type: 'fleet', from: at(2, 2), ships: 1 },
      { type: 'fleet', from: at(2, 2), ships: 2 },
      { type: 'fleet', from: at(2, 2), ships: 3 },
    ]);
    expect(refused(state, 0, { type: 'fleet', from: at(2, 2), ships: 4 })).toBe(
      'pocket-imperium.explore.fleet',
    );
    expect(refused(state, 0, { type: 'fleet', from: at(2, 3), ships: 1 })).toBe(
      'pocket-imperium.explore.fleet',
    );
  });

  it('pocket-imperium.explore.path: never into another player’s hex; pocket-imperium.explore.tri-prime-stop', () => {
    let state = act(solo(board(), XPL), 0, { type: 'fleet', from: at(2, 2), ships: 2 }).state;
    const moves = hexes(legal(state, 0), 'move', 'to').sort((a, b) => a - b);
    expect(moves).toEqual([at(2, 1), at(1, 1), at(1, 2), at(3, 1), TRI].sort((a, b) => a - b));
    expect(refused(state, 0, { type: 'move', to: at(2, 3) })).toBe('pocket-imperium.explore.path');
    expect(refused(state, 0, { type: 'stop' })).toBe('pocket-imperium.command.stop');
    // pocket-imperium.explore.moving: no new fleet while one is under way.
    expect(refused(state, 0, { type: 'fleet', from: at(2, 2), ships: 1 })).toBe(
      'pocket-imperium.explore.moving',
    );
    state = act(state, 0, { type: 'move', to: TRI }).state;
    expect(state.fleet).toBeNull();
    expect([state.owner[TRI], state.ships[TRI]]).toEqual([0, 2]);
    expect(state.ships[at(2, 2)]).toBe(1);
  });

  it('pocket-imperium.explore.length: at most two hexes; pocket-imperium.explore.once: moved ships stay put', () => {
    let state = act(solo(board(), XPL), 0, { type: 'fleet', from: at(2, 2), ships: 2 }).state;
    state = act(state, 0, { type: 'move', to: at(1, 2) }).state;
    expect(state.fleet).toMatchObject({ at: at(1, 2), steps: 1 });
    expect(state.owner[at(1, 2)]).toBe(NOBODY);
    state = act(state, 0, { type: 'move', to: at(0, 2) }).state;
    expect(state.fleet).toBeNull();
    expect([state.owner[at(0, 2)], state.ships[at(0, 2)]]).toEqual([0, 2]);
    // Second fleet: the two ships that moved cannot move again this round.
    expect(refused(state, 0, { type: 'fleet', from: at(0, 2), ships: 1 })).toBe(
      'pocket-imperium.explore.fleet',
    );
    expect(legal(state, 0).filter((a) => a.type === 'fleet')).toEqual([
      { type: 'fleet', from: at(2, 2), ships: 1 },
    ]);
  });

  it('pocket-imperium.explore.path: a fleet cannot pass through another player’s hex', () => {
    // Seat 1 walls off (1,2): the fleet from (0,2) can reach (1,2)'s far side only around it.
    let state = put(put(put(emptyBoard(3, BASE_GAME), at(0, 2), 0, 1), at(1, 2), 1, 1), at(8, 5), 2, 1);
    state = act(solo(state, XPL), 0, { type: 'fleet', from: at(0, 2), ships: 1 }).state;
    expect(hexes(legal(state, 0), 'move', 'to')).not.toContain(at(1, 2));
  });

  it('pocket-imperium.explore.pickup-drop: pick up unmoved ships or drop ships at the halfway hex, then move on', () => {
    const base = put(put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 2), at(1, 0), 0, 2), at(8, 5), 2, 1);
    let state = act(solo(base, XPL), 0, { type: 'fleet', from: at(0, 0), ships: 1 }).state;
    state = act(state, 0, { type: 'move', to: at(1, 0) }).state;
    const options = legal(state, 0);
    expect(options.filter((a) => a.type === 'pickup')).toEqual([
      { type: 'pickup', ships: 1 },
      { type: 'pickup', ships: 2 },
    ]);
    expect(options.some((a) => a.type === 'drop')).toBe(false);
    state = act(state, 0, { type: 'pickup', ships: 2 }).state;
    expect(legal(state, 0).every((a) => a.type === 'move')).toBe(true);
    expect(refused(state, 0, { type: 'end' })).toBe('pocket-imperium.explore.pickup-drop');
    state = act(state, 0, { type: 'move', to: at(2, 0) }).state;
    expect([state.ships[at(2, 0)], state.owner[at(1, 0)], state.ships[at(0, 0)]]).toEqual([3, NOBODY, 1]);

    let drop = act(solo(base, XPL), 0, { type: 'fleet', from: at(0, 0), ships: 2 }).state;
    drop = act(drop, 0, { type: 'move', to: at(0, 1) }).state;
    expect(refused(drop, 0, { type: 'drop', ships: 2 })).toBe('pocket-imperium.explore.pickup-drop');
    drop = act(drop, 0, { type: 'drop', ships: 1 }).state;
    drop = act(drop, 0, { type: 'move', to: at(0, 2) }).state;
    expect([drop.ships[at(0, 1)], drop.ships[at(0, 2)], drop.owner[at(0, 0)]]).toEqual([1, 1, NOBODY]);
  });
});

describe('pocket-imperium.exterminate', () => {
  // Seat 0 at (1,2) and (2,1), seat 1 defends the level-II system (2,2).
  const board = (defenders: number) =>
    put(
      put(put(put(emptyBoard(3, BASE_GAME), at(1, 2), 0, 2), at(2, 1), 0, 2), at(2, 2), 1, defenders),
      at(8, 5),
      2,
      1,
    );
  const ready = (defenders: number) => solo(board(defenders), EXT);

  it('pocket-imperium.exterminate.target: a system not held, next to ships of the invader', () => {
    const state = ready(2);
    const targets = hexes(legal(state, 0), 'target');
    expect(targets).toContain(at(2, 2));
    expect(targets).toContain(at(0, 2)); // an empty level-I system may be invaded too
    expect(targets).not.toContain(at(2, 3)); // not a system
    expect(targets).not.toContain(at(1, 2)); // already held
    expect(refused(state, 0, { type: 'target', hex: at(2, 3) })).toBe('pocket-imperium.exterminate.target');
  });

  it('pocket-imperium.exterminate.source: ships come from adjacent hexes of the invader, each hex once', () => {
    let state = act(ready(2), 0, { type: 'target', hex: at(2, 2) }).state;
    expect(refused(state, 0, { type: 'launch' })).toBe('pocket-imperium.exterminate.source');
    expect(refused(state, 0, { type: 'attack', from: at(8, 5), ships: 1 })).toBe(
      'pocket-imperium.exterminate.source',
    );
    expect(refused(state, 0, { type: 'stop' })).toBe('pocket-imperium.command.stop');
    // pocket-imperium.exterminate.committed: a prepared invasion must be launched.
    expect(refused(state, 0, { type: 'target', hex: at(0, 2) })).toBe(
      'pocket-imperium.exterminate.committed',
    );
    state = act(state, 0, { type: 'attack', from: at(1, 2), ships: 2 }).state;
    expect(refused(state, 0, { type: 'attack', from: at(1, 2), ships: 1 })).toBe(
      'pocket-imperium.exterminate.source',
    );
    expect(state.owner[at(1, 2)]).toBe(NOBODY);
  });

  it('pocket-imperium.exterminate.battle: both lose the smaller force; survivors hold; losses return to supply', () => {
    let state = act(ready(2), 0, { type: 'target', hex: at(2, 2) }).state;
    state = act(state, 0, { type: 'attack', from: at(1, 2), ships: 2 }).state;
    state = act(state, 0, { type: 'attack', from: at(2, 1), ships: 1 }).state;
    const supply = state.supply.slice();
    state = act(state, 0, { type: 'launch' }).state;
    expect([state.owner[at(2, 2)], state.ships[at(2, 2)]]).toEqual([0, 1]);
    expect(state.supply[0]).toBe(supply[0]! + 2);
    expect(state.supply[1]).toBe(supply[1]! + 2);
  });

  it('equal forces leave the system empty; a weaker attack only wears the defender down', () => {
    let tie = act(ready(2), 0, { type: 'target', hex: at(2, 2) }).state;
    tie = act(tie, 0, { type: 'attack', from: at(1, 2), ships: 2 }).state;
    tie = act(tie, 0, { type: 'launch' }).state;
    expect([tie.owner[at(2, 2)], tie.ships[at(2, 2)]]).toEqual([NOBODY, 0]);
    let lose = act(ready(3), 0, { type: 'target', hex: at(2, 2) }).state;
    lose = act(lose, 0, { type: 'attack', from: at(2, 1), ships: 1 }).state;
    lose = act(lose, 0, { type: 'launch' }).state;
    expect([lose.owner[at(2, 2)], lose.ships[at(2, 2)]]).toEqual([1, 2]);
  });

  it('pocket-imperium.exterminate.once: ships that invaded cannot invade again in the same command', () => {
    // Strength 3 (alone on Exterminate). After taking (2,2), its ships may not attack Tri-Prime next.
    const base = put(
      put(put(put(emptyBoard(3, BASE_GAME), at(1, 2), 0, 3), at(2, 2), 1, 1), TRI, 1, 1),
      at(8, 5),
      2,
      1,
    );
    let state = solo(base, EXT);
    state = act(state, 0, { type: 'target', hex: at(2, 2) }).state;
    state = act(state, 0, { type: 'attack', from: at(1, 2), ships: 3 }).state;
    state = act(state, 0, { type: 'launch' }).state;
    expect([state.owner[at(2, 2)], state.ships[at(2, 2)]]).toEqual([0, 2]);
    expect(actor(state)).toBe(0);
    expect(hexes(legal(state, 0), 'target')).not.toContain(TRI);
  });

  it('pocket-imperium.two-player.neutral: neutral ships can be invaded like anyone else', () => {
    let state = emptyBoard(2, BASE_GAME);
    state = put(
      put(put(state, TRI, NEUTRAL, 2), at(2, 2, 'variant-3x2'), 0, 3),
      at(0, 5, 'variant-3x2'),
      1,
      1,
    );
    state = planAll(state, [
      [EXT, EXP, XPL],
      [EXP, XPL, EXT],
    ]).state;
    // Seat 1 expands first (Expand before Exterminate); let it stop.
    if (actor(state) === 1) state = act(state, 1, { type: 'stop' }).state;
    state = act(state, 0, { type: 'target', hex: TRI }).state;
    state = act(state, 0, { type: 'attack', from: at(2, 2, 'variant-3x2'), ships: 3 }).state;
    state = act(state, 0, { type: 'launch' }).state;
    expect([state.owner[TRI], state.ships[TRI]]).toEqual([0, 1]);
  });
});

describe('hot path', () => {
  it('perform never writes into its input (frozen state)', () => {
    const frozen = Object.freeze(
      solo(put(put(emptyBoard(3, BASE_GAME), at(0, 0), 0, 1), at(8, 5), 2, 1), EXP),
    );
    Object.freeze(frozen.owner);
    Object.freeze(frozen.ships);
    Object.freeze(frozen.supply);
    expect(() => game.applyTrusted(frozen, 0, { type: 'expand', hex: at(0, 0) })).not.toThrow();
  });
});
