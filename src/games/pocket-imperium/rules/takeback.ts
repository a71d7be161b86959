import type { PiState } from '../state.ts';

/**
 * Whether an action revealed nothing (pocket-imperium.take-back): chance is spent at setup, so the
 * only hidden things are this round's plans (revealed slot by slot) and the face-down Prosperity
 * cards. An action that turns neither up — a placement, a plan while others still plan, any
 * Expand, Explore or Exterminate step, a sector scored — may be taken back.
 */
export function revealsNothing(before: PiState, after: PiState): boolean {
  return (
    after.round === before.round &&
    after.revealed === before.revealed &&
    after.chainRevealed === before.chainRevealed &&
    after.rng.every((word, i) => word === before.rng[i])
  );
}
