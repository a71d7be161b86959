import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';
import * as bugs from '../fixtures/planted-bugs.ts';
import { kitOptions, plantedRealBugs } from '../fixtures/planted-real-bugs.ts';

const expected: Record<keyof typeof bugs, RegExp> = {
  leakingView: /view for \w+ differs/,
  leakingSpectator: /spectator/,
  leakingEvent: /event leaks hidden information/,
  leakingError: /error .* differs between worlds/,
  mutatingApply: /mutated its input/,
  nondeterministicApply: /nondeterministic|different final state/,
  rejectsLegal: /legal action .* was rejected|isLegal refuses .* which legalActions lists/,
  acceptsIllegal: /apply accepted|isLegal accepts .* which legalActions does not list/,
  endless: /did not end within/,
  forgetfulResample: /view for \w+ differs/,
  crashing: /was rejected: core.internal/,
  leakingOwnSecret:
    /seat \d's actions .* leave .* view the same .*, but their events read differently .*actor's own secret/,
  truthfulResample: /resample for .* returned the true state unchanged, its RNG included/,
  truthfulResampleFreshRng: /resample for .* returned the true hidden state in all 16 draws/,
  unvalidatedViewer: /view took "0" as a viewer .* must throw InvalidViewerError/,
  acceptsPassWhileBidding: /isLegal accepts \{"type":"pass"\} for seat \d, which legalActions does not list/,
  sortsHandInPlace: /step \d+: view for seat \d wrote into the state it was given \(TypeError/,
  takesBackReveals:
    /declared take-backable \(revealsNothing\), but it (tells .* something hidden|shows seat \d something new)/,
  takesBackDraws: /declared take-backable \(revealsNothing\), but it shows seat \d something new/,
  takeBackDependsOnDeck:
    /declared take-backable \(revealsNothing\), but in a world seat \d cannot tell apart the game says/,
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

const expectedReal: Record<keyof typeof plantedRealBugs, RegExp> = {
  prosperiteaAcceptsEndWhileFilling:
    /isLegal accepts \{"type":"end"\} for seat \d, which legalActions does not list/,
  prospectusKeepsFutureOrder:
    /resample for .* kept `future` as it truly is in all 16 draws, although .* which differs there, and from that state it kept that state's `future`/,
  prospectusLeaksSpellDraw:
    /events of .* read differently by \w+ in a world it cannot tell apart \(the world resampled for it with `future` as in the true state\) \(an event leaks hidden information\).*draws [A-Z]/,
  prospectusSortsHandInPlace: /step 0: view for seat \d wrote into the state it was given \(TypeError/,
  pocketImperiumViewWritesState: /step 0: view for .* wrote into the state it was given \(TypeError/,
};

describe('the conformance kit fails bugs planted into the real games (issue 24)', () => {
  for (const [name, game] of Object.entries(plantedRealBugs) as [keyof typeof plantedRealBugs, AnyGame][]) {
    it(name, () => {
      const report = checkGame(game, kitOptions[name]);
      expect(report.ok).toBe(false);
      expect(report.failures.join('\n')).toMatch(expectedReal[name]);
    });
  }
});
