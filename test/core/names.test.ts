import { describe, expect, it } from 'vitest';
import {
  defaultName,
  defineGame,
  does,
  doesWithin,
  nameOf,
  namesFor,
  rowName,
  seatLetter,
  who,
  whom,
  whose,
  whoseAtStart,
} from '../../src/core/index.ts';
import type { Names } from '../../src/core/index.ts';
import { secretBidDefinition } from '../fixtures/secret-bid.ts';

describe('names: one way to name a seat', () => {
  const ann = namesFor(1, ['Ann', 'Ben', null]);

  it('the reader is "you"; another seat is its name and letter; a seat without a name is "Player C"', () => {
    expect([who(ann, 1), whom(ann, 1), whose(ann, 1), whoseAtStart(ann, 1)]).toEqual([
      'You',
      'you',
      'your',
      'Your',
    ]);
    expect([who(ann, 0), whom(ann, 0), whose(ann, 0), whoseAtStart(ann, 0)]).toEqual([
      'Ann (A)',
      'Ann (A)',
      "Ann (A)'s",
      "Ann (A)'s",
    ]);
    expect(nameOf(ann, 2)).toBe('Player C');
    expect(nameOf(ann, 3)).toBe('Player D');
    expect(nameOf(ann, 1)).toBe('Ben (B)');
    expect(rowName(ann, 1)).toBe('You (B)');
    expect(does(ann, 1, 'ask', 'asks')).toBe('You ask');
    expect(does(ann, 0, 'ask', 'asks')).toBe('Ann (A) asks');
    expect(doesWithin(ann, 1, 'ask', 'asks')).toBe('you ask');
    expect([seatLetter(0), seatLetter(3), defaultName(1)]).toEqual(['A', 'D', 'Player B']);
  });

  it('two players of the same name are told apart by their letters; blank names count as none', () => {
    const twins = namesFor('spectator', ['Ann', 'Ann', '  ']);
    expect([nameOf(twins, 0), nameOf(twins, 1), nameOf(twins, 2)]).toEqual([
      'Ann (A)',
      'Ann (B)',
      'Player C',
    ]);
    expect(who(twins, 0)).toBe('Ann (A)');
  });
});

describe('defineGame hands every text function the reader’s names', () => {
  const seen: Names[] = [];
  const game = defineGame({
    ...secretBidDefinition,
    viewEvent: (event, viewer, names) => {
      seen.push(names);
      return secretBidDefinition.viewEvent(event, viewer, names);
    },
    render: {
      ...secretBidDefinition.render,
      action: (action, view, names) =>
        `${whom(names, 0)}: ${secretBidDefinition.render.action(action, view, names)}`,
    },
  });

  it('without names, seats are "Player A"…; the viewer given wins over the names’ viewer', () => {
    seen.length = 0;
    game.viewEvent({ type: 'pass', seat: 0 }, 1);
    game.viewEvent({ type: 'pass', seat: 0 }, 2, namesFor(0, ['Ann', 'Ben', 'Cleo']));
    expect(seen).toEqual([namesFor(1), namesFor(2, ['Ann', 'Ben', 'Cleo'])]);
  });

  it('labels take their reader from the names (a spectator without them)', () => {
    const state = game.setup(3, 'names', game.optionsSchema.parse({}));
    const view = game.view(state, 0);
    const action = game.legalActions(state, 0)[0]!;
    expect(game.render.action(action, view)).toMatch(/^Player A: /);
    expect(game.render.action(action, view, namesFor(0, ['Ann']))).toMatch(/^you: /);
    expect(game.render.action(action, view, namesFor(1, ['Ann']))).toMatch(/^Ann \(A\): /);
  });
});
