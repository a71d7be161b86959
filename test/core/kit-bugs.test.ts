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
  leakingOwnSecret:
    /seat \d's actions .* leave .* view the same .*, but their events read differently .*actor's own secret/,
  truthfulResample: /resample for .* returned the true state unchanged, its RNG included/,
  truthfulResampleFreshRng: /resample for .* returned the true hidden state in all 16 draws/,
  unvalidatedViewer: /view took "0" as a viewer .* must throw InvalidViewerError/,
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
