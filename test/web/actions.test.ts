/** Matching legal actions to board elements by their fields. */
import { describe, expect, it } from 'vitest';
import { ActionIndex, describeAction, matchesPattern } from '../../src/web/boards/actions.ts';

describe('matchesPattern', () => {
  it('matches when every field of the pattern is equal', () => {
    expect(matchesPattern({ t: 'tx', kind: 'buy', potion: 2 }, { t: 'tx', potion: 2 })).toBe(true);
    expect(matchesPattern({ t: 'tx', kind: 'buy', potion: 2 }, { t: 'tx', potion: 3 })).toBe(false);
  });

  it('compares arrays and nested objects by value, in order', () => {
    const plan = { type: 'plan', order: ['explore', 'expand', 'exterminate'] };
    expect(matchesPattern(plan, { order: ['explore', 'expand', 'exterminate'] })).toBe(true);
    expect(matchesPattern(plan, { order: ['expand', 'explore', 'exterminate'] })).toBe(false);
    expect(matchesPattern({ a: { b: 1 } }, { a: { b: 1 } })).toBe(true);
    expect(matchesPattern({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toBe(false);
  });

  it('treats a missing field as different from null', () => {
    expect(matchesPattern({ type: 'advertise', slot: null }, { slot: null })).toBe(true);
    expect(matchesPattern({ type: 'end' }, { slot: null })).toBe(false);
  });

  it('never matches something that is not an action object', () => {
    expect(matchesPattern(null, {})).toBe(false);
    expect(matchesPattern('skip', {})).toBe(false);
  });
});

describe('ActionIndex', () => {
  const legal = [
    { t: 'tx', kind: 'buy', potion: 0 },
    { t: 'tx', kind: 'sell', potion: 0 },
    { t: 'tx', kind: 'buy', potion: 1 },
    { t: 'skip' },
  ];

  it('keeps each action with its label and its place in the legal list', () => {
    const index = new ActionIndex(legal, ['buy O', 'sell O', 'buy P', 'skip']);
    expect(index.pick({ potion: 0 }).map((r) => [r.index, r.label])).toEqual([
      [0, 'buy O'],
      [1, 'sell O'],
    ]);
    expect(index.pickAny([{ t: 'skip' }, { kind: 'buy', potion: 1 }]).map((r) => r.index)).toEqual([2, 3]);
    expect(index.where((a) => a.t === 'tx').length).toBe(3);
    expect(index.active).toBe(true);
  });

  it('hands back the very action objects it was given', () => {
    const index = new ActionIndex(legal);
    expect(index.pick({ t: 'skip' })[0]!.action).toBe(legal[3]);
  });

  it('is inactive, offering nothing, for a viewer who may not act', () => {
    const index = new ActionIndex(null);
    expect(index.active).toBe(false);
    expect(index.pick({})).toEqual([]);
  });

  it('describes an action readably when no label was given', () => {
    expect(new ActionIndex(legal).all[0]!.label).toBe('tx kind="buy" potion=0');
    expect(describeAction({ type: 'advertise', slot: null })).toBe('advertise slot=null');
  });
});
