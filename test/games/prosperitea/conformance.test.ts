import { describe, expect, it } from 'vitest';
import { checkGame } from '../../../src/core/index.ts';
import { game } from './helpers.ts';

describe('prosperitea conformance kit', () => {
  it.each([2, 3, 4, 5, 6])('passes at %i players over several seeds', (players) => {
    const report = checkGame(game, { players: [players], playouts: 3, leakEvery: 4, seed: `pt-${players}` });
    expect(report.failures).toEqual([]);
    expect(report.playouts).toBe(3);
    expect(report.actions).toBeGreaterThan(100);
  });
});
