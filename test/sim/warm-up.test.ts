import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import type { SimConfig } from '../../src/sim/play.ts';
import { warmUp } from '../../src/sim/warm-up.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

const config: SimConfig = {
  game: 'secret-bid',
  players: 3,
  games: 10,
  seed: 'warm',
  bots: ['random'],
  options: {},
  rotate: false,
  series: false,
};

describe("a worker's warm-up", () => {
  it('plays random actions across several games until its budget is spent', () => {
    expect(warmUp(secretBid as AnyGame, config, 250)).toBe(250);
  });

  it('stops quietly when the run cannot start a game (the real games report why)', () => {
    expect(warmUp(secretBid as AnyGame, { ...config, players: 99 }, 250)).toBe(0);
  });

  it('stops quietly when a rule throws', () => {
    const broken = {
      ...secretBid,
      applyTrusted: () => {
        throw new Error('planted');
      },
    } as unknown as AnyGame;
    expect(warmUp(broken, config, 250)).toBe(0);
  });
});
