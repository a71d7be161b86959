import { describe, expect, it } from 'vitest';
import { checkGame } from '../../../src/core/index.ts';
import { game } from './helpers.ts';

describe('conformance kit, boxed preset', () => {
  for (const players of [2, 3, 4])
    for (const prosperity of [false, true])
      it(`passes with ${players} players${prosperity ? ' and Prosperity' : ''}`, { timeout: 300_000 }, () => {
        const report = checkGame(game, {
          players: [players],
          optionSets: [{ preset: 'boxed', prosperity }],
          playouts: 3,
          leakEvery: 4,
          seed: `boxed-${players}-${prosperity}`,
        });
        expect(report.failures).toEqual([]);
        expect(report.actions).toBeGreaterThan(100);
      });
});
