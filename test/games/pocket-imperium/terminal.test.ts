import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { namesFor } from '../../../src/core/index.ts';
import type { Viewer } from '../../../src/core/index.ts';
import { main } from '../../../src/cli/main.ts';
import { PROSPERITY_CARDS } from '../../../src/games/pocket-imperium/data.ts';
import type { PiAction, PiEvent, PiState } from '../../../src/games/pocket-imperium/state.ts';
import {
  BASE_GAME,
  EXP,
  EXT,
  TRI,
  XPL,
  act,
  actor,
  at,
  emptyBoard,
  game,
  legal,
  planAll,
  put,
} from './helpers.ts';

const NAMES = ['Ann', 'Ben', 'Cleo'];
const label = (state: PiState, action: PiAction) =>
  game.render.action(action, game.view(state, actor(state)), namesFor(actor(state), NAMES));
const texts = (events: PiEvent[], viewer: Viewer = 'spectator') =>
  events.map((e) => game.viewEvent(e, viewer, namesFor(viewer, NAMES))?.text ?? '');

/** Seat 0 explores first with three actions; the other seats' plans put Explore later. */
function exploring(board: PiState): PiState {
  const { state } = planAll(board, [
    [XPL, EXP, EXT],
    [EXP, XPL, EXT],
    [EXT, EXP, XPL],
  ]);
  let s = state;
  while (actor(s) !== 0) s = act(s, actor(s), { type: 'stop' }).state;
  return s;
}

describe('terminal: labels say what the action does', () => {
  const board = () => put(put(put(emptyBoard(3, BASE_GAME), at(2, 2), 0, 3), at(2, 3), 1, 1), at(8, 5), 2, 1);

  it('"stop" gives up the command, "end" ends a fleet’s move; each label starts with its own word', () => {
    let state = exploring(board());
    const stop = label(state, { type: 'stop' });
    expect(stop).toMatch(/^stop the Explore command/);
    expect(stop).toContain('3 of 3 actions unused');
    state = act(state, 0, { type: 'fleet', from: at(2, 2), ships: 2 }).state;
    state = act(state, 0, { type: 'move', to: at(1, 2) }).state;
    expect(label(state, { type: 'end' })).toBe(`end the fleet’s move at #${at(1, 2)} (level I)`);
    expect(label(state, { type: 'drop', ships: 1 })).toBe(`leave 1 ship at #${at(1, 2)} and move on`);
    expect(label(state, { type: 'pickup', ships: 1 })).toBe(
      `pick up 1 more ship at #${at(1, 2)} and move on`,
    );
  });

  it('stopping a command with actions left asks for confirmation; nothing else does', () => {
    let state = exploring(board());
    const view = () => game.view(state, 0);
    expect(game.render.confirm?.({ type: 'stop' }, view())).toBe(
      'You still have 3 Explore actions; stop the command anyway?',
    );
    state = act(state, 0, { type: 'fleet', from: at(2, 2), ships: 1 }).state;
    expect(game.render.confirm?.({ type: 'move', to: at(1, 2) }, view())).toBeNull();
    state = act(state, 0, { type: 'move', to: TRI }).state;
    expect(game.render.confirm?.({ type: 'stop' }, view())).toBe(
      'You still have 2 Explore actions; stop the command anyway?',
    );
  });

  it('an invasion reads as what happened: an empty system is taken, a battle says who holds the system', () => {
    let state = put(put(put(emptyBoard(3, BASE_GAME), at(1, 2), 0, 3), at(2, 2), 1, 1), at(8, 5), 2, 1);
    const { state: planned } = planAll(state, [
      [EXT, EXP, XPL],
      [EXP, XPL, EXT],
      [XPL, EXP, EXT],
    ]);
    state = planned;
    while (actor(state) !== 0) state = act(state, actor(state), { type: 'stop' }).state;
    state = act(state, 0, { type: 'target', hex: at(0, 2) }).state;
    state = act(state, 0, { type: 'attack', from: at(1, 2), ships: 1 }).state;
    expect(label(state, { type: 'launch' })).toBe(`launch the invasion of #${at(0, 2)}: 1 ship against none`);
    const taken = act(state, 0, { type: 'launch' });
    expect(texts(taken.events)).toContain(`Ann (A) takes the empty system #${at(0, 2)} with 1 ship.`);
    expect(texts(taken.events, 0)).toContain(`You take the empty system #${at(0, 2)} with 1 ship.`);
    state = act(taken.state, 0, { type: 'target', hex: at(2, 2) }).state;
    state = act(state, 0, { type: 'attack', from: at(1, 2), ships: 2 }).state;
    expect(label(state, { type: 'launch' })).toBe(
      `launch the invasion of #${at(2, 2)}: 2 ships against Ben (B)'s 1 ship`,
    );
    const battle = act(state, 0, { type: 'launch' });
    expect(texts(battle.events)).toContain(
      `Ann (A) invades #${at(2, 2)} with 2 against Ben (B)'s 1 ship: both lose 1; Ann (A) holds it with 1.`,
    );
    expect(texts(battle.events, 0)).toContain(
      `You invade #${at(2, 2)} with 2 against Ben (B)'s 1 ship: both lose 1; you hold it with 1.`,
    );
    expect(texts(battle.events, 1)).toContain(
      `Ann (A) invades #${at(2, 2)} with 2 against your 1 ship: both lose 1; Ann (A) holds it with 1.`,
    );
  });
});

describe('terminal: the map and the table', () => {
  it('Tri-Prime is drawn once, not as four cells repeating its ships', () => {
    const state = put(put(put(emptyBoard(3), TRI, 1, 3), at(0, 0), 0, 2), at(8, 5), 2, 1);
    const text = game.render.view(game.view(state, 0), 0);
    expect(text.split('19 TP').length - 1).toBe(1);
    expect(text.split('B3').length - 1).toBe(1);
    expect(text.split('(19)').length - 1).toBe(3);
  });

  it('setup is not called round 1; the viewer’s own row says "you"; plans are spelled out', () => {
    const fresh = game.setup(3, 'table', game.optionsSchema.parse({}));
    expect(game.render.view(game.view(fresh, 0), 0).split('\n')[0]).toMatch(/— setup \(6 rounds\)$/);
    const { state } = planAll(emptyBoard(3), [
      [XPL, EXP, EXT],
      [EXP, XPL, EXT],
      [EXT, EXP, XPL],
    ]);
    const text = game.render.view(game.view(state, 0), 0);
    expect(text).toContain('Explore > Expand > Exterminate');
    expect(text).toMatch(/^You \(A\) /m);
    expect(text).toMatch(/^Player B /m);
    const named = game.render.view(game.view(state, 1), 1, namesFor(1, NAMES));
    expect(named).toMatch(/^Ann \(A\) /m);
    expect(named).toMatch(/^You \(B\) /m);
  });
});

describe('terminal: where a Prosperity +1 comes from', () => {
  const explorer = PROSPERITY_CARDS.find((c) => c.slots[0] === 1)!; // slot 1 pictures Explore

  it('the reveal and the turn line show the +1 of the card; plan choices show the slots it rewards', () => {
    let board = put(
      put(put(emptyBoard(3, { prosperity: true }), at(2, 2), 0, 3), at(2, 3), 1, 1),
      at(8, 5),
      2,
      1,
    );
    const chain = board.chain.slice();
    chain[0] = explorer.id;
    board = { ...board, chain };
    const plans = legal(board, 0).map((a) => label(board, a));
    expect(plans).toContain('plan Explore > Expand > Exterminate (Prosperity +1 in slot 1)');
    expect(plans.some((p) => /^plan Expand > Explore > Exterminate$/.test(p))).toBe(
      explorer.slots[1] !== 1 && explorer.slots[2] !== 2,
    );
    const { state, events } = planAll(board, [
      [XPL, EXP, EXT],
      [EXP, XPL, EXT],
      [EXT, EXP, XPL],
    ]);
    const reveal = texts(events).find((t) => t.startsWith('Step 1'))!;
    expect(reveal).toContain('Ann (A) Explore 3+1 Prosperity');
    expect(reveal).toContain('Ben (B) Expand 3,');
    expect(texts(events, 0).find((t) => t.startsWith('Step 1'))).toContain('you Explore 3+1 Prosperity');
    let s = state;
    while (actor(s) !== 0) s = act(s, actor(s), { type: 'stop' }).state;
    expect(game.render.view(game.view(s, 0), 0)).toContain(
      'Step 1: You perform Explore (4 left of strength 4 = 3 + 1 Prosperity).',
    );
  });
});

describe('terminal: prosper play asks before a command is given up', () => {
  it('answering n keeps the command; answering y gives it up', { timeout: 30_000 }, async () => {
    const input = new PassThrough();
    let out = '';
    let asked = 0;
    let stops = 0;
    const answer = (line: string) => setImmediate(() => input.write(`${line}\n`));
    const done = main(['play', 'pocket-imperium', '--players', '3', '--seed', 'confirm'], {
      io: {
        out: (text) => {
          out += text.endsWith('> ') ? text : `${text}\n`;
          if (!text.endsWith('> ')) return;
          const screen = out.slice(out.lastIndexOf('Pocket Imperium ('));
          if (/stop the command anyway\? \(y\/n\)\n> $/.test(out)) return answer(asked++ === 0 ? 'n' : 'y');
          if (stops >= 2) return answer('q');
          const stop = screen.match(/^\s+(\d+)\. stop the /m);
          if (stop && /Step \d: You perform /.test(screen)) {
            stops++;
            return answer(stop[1]!);
          }
          answer('1');
        },
        err: () => {},
        input,
        interactive: false,
      },
    });
    expect(await done).toBe(0);
    expect(asked).toBe(2);
    expect(out).toContain('Not done; choose again.');
    expect(out.match(/You stop the command\./g)?.length).toBe(1);
  });
});
