/**
 * Co-op requests: once every line of an order is assigned, each asked player answers the request
 * (accept or decline). Everyone asked acts at once; answers are public.
 */
import { patch, patchStats } from './common.ts';
import type { ProsperiteaState } from '../state.ts';
import type { Step } from './common.ts';
import { completeFill, helpersOf } from './fulfilment.ts';

/** Asked players who still owe an answer. */
export function pendingHelpers(state: ProsperiteaState): number[] {
  const accepted = state.pending!.accepted;
  return helpersOf(state).filter((s) => !accepted.includes(s));
}

/**
 * Rule prosperitea.coop.answer: an accept is recorded, and once everyone accepted the order is
 * filled. A decline ends the attempt at once: nothing changes hands, and the decliner is not
 * asked again this turn (rule prosperitea.coop.no-reask).
 */
export function answer(state: ProsperiteaState, seat: number, accept: boolean): Step {
  const pending = state.pending!;
  if (!accept) {
    return {
      state: patch(state, {
        phase: 'fulfil',
        pending: null,
        declined: [...state.declined, seat],
        stats: patchStats(state.stats, { requestsDeclined: state.stats.requestsDeclined + 1 }),
      }),
      events: [{ type: 'answer', seat, accept: false }],
    };
  }
  const next: ProsperiteaState = patch(state, {
    pending: { target: pending.target, sources: pending.sources, accepted: [...pending.accepted, seat] },
  });
  const events = [{ type: 'answer', seat, accept: true } as const];
  if (pendingHelpers(next).length > 0) return { state: next, events: [...events] };
  const filled = completeFill(next);
  return { state: filled.state, events: [...events, ...filled.events] };
}
