import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';
import * as bugs from '../fixtures/planted-bugs.ts';

const expected: Record<keyof typeof bugs, RegExp> = {
  leakingView: /view for \w+ differs/,
  leakingSpectator: /spectator/,
  leakingEvent: /event leaks hidden information/,
  leakingError: /error .* differs between worlds/,
  mutatingApply: /mutated its input/,
  nondeterministicApply: /nondeterministic|different final state/,
  rejectsLegal: /legal action .* was rejected/,
  acceptsIllegal: /apply accepted/,
  endless: /did not end within/,
  forgetfulResample: /view for \w+ differs/,
  crashing: /was rejected: core.internal/,
};

describe('the conformance kit fails every planted bug', () => {
  for (const [name, game] of Object.entries(bugs) as [keyof typeof bugs, AnyGame][]) {
    it(name, () => {
      const report = checkGame(game, { playouts: 6, maxActions: 500 });
      expect(report.ok).toBe(false);
      expect(report.failures.join('\n')).toMatch(expected[name]);
    });
  }
});
