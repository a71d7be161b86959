import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { afterDraft } from './helpers.ts';

describe('prospectus.hidden', () => {
  it('prospectus.hidden.hands: a seat sees its own hand, only sizes of the others', () => {
    const s = afterDraft(4, 'hands');
    const v = prospectus.view(s, 1);
    expect(v.hand).toEqual(s.hands[1]!.slice().sort((a, b) => a - b));
    expect(v.handSizes).toEqual([3, 3, 3, 3]);
    expect(prospectus.view(s, 'spectator').hand).toBeNull();
    const text = JSON.stringify(v);
    expect(text).not.toContain('"draws"');
    expect(text).not.toContain('"hands"');
  });

  it('prospectus.hidden.future: the deck order is not in any view, only its size', () => {
    const s = afterDraft(3, 'future');
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const v = prospectus.view(s, viewer);
      expect(v.futureDeckSize).toBe(s.future.length);
      expect(v.knownFuture).toEqual([]);
      expect(JSON.stringify(v)).not.toContain(JSON.stringify(s.future.slice(0, 4)).slice(1, -1));
    }
  });

  it('prospectus.hidden.resample: other hands and the unseen deck are redrawn, the viewer’s view kept', () => {
    const s = afterDraft(4, 'resample');
    let changedHands = false;
    let changedDeck = false;
    for (let i = 0; i < 10; i++) {
      const world = prospectus.resample(s, 0, Rng.fromSeed(`w${i}`));
      expect(prospectus.view(world, 0)).toEqual(prospectus.view(s, 0));
      expect(world.hands[0]).toEqual(s.hands[0]);
      if (JSON.stringify(world.hands[1]) !== JSON.stringify(s.hands[1])) changedHands = true;
      if (JSON.stringify(world.future) !== JSON.stringify(s.future)) changedDeck = true;
      expect([...world.hands[1]!, ...world.draws[1]!].sort()).toEqual(
        [...s.hands[1]!, ...s.draws[1]!].sort(),
      );
      expect(world.rng).not.toEqual(s.rng);
    }
    expect(changedHands).toBe(true);
    expect(changedDeck).toBe(true);
  });

  it('prospectus.hidden.future: resample keeps the cards a seat has looked at', () => {
    const s = { ...afterDraft(4, 'peek'), knownTop: [0, 3, 0, 0] };
    for (let i = 0; i < 5; i++) {
      const world = prospectus.resample(s, 1, Rng.fromSeed(`p${i}`));
      expect(world.future.slice(0, 3)).toEqual(s.future.slice(0, 3));
      expect(prospectus.view(world, 1).knownFuture).toEqual(s.future.slice(0, 3));
    }
  });

  it('prospectus.hidden.spell-draw: only the drawer reads which spell was drawn', () => {
    const event = { type: 'spell-draw' as const, seat: 2, spell: 4 };
    expect(prospectus.viewEvent(event, 2)?.text).toMatch(/Freeze/);
    expect(prospectus.viewEvent(event, 1)?.text).not.toMatch(/Freeze/);
    expect(JSON.stringify(prospectus.viewEvent(event, 'spectator'))).not.toContain('"spell"');
  });
});
