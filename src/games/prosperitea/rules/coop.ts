/**
 * Co-op requests: once no line of an order is open, each asked player answers the request (accept
 * or decline). Everyone asked acts at once; answers are public.
 */
import { patch, patchStats } from './common.ts';
import type { Answer, Pending, ProsperiteaState } from '../state.ts';
import type { Step } from './common.ts';
import { completeFill, pendingHelpers } from './fulfilment.ts';

export { pendingHelpers };

function hasDeclined(pending: Pending): boolean {
  for (const s of pending.sources) if (s !== null && s.from === 'ask' && s.answer === 'declined') return true;
  return false;
}

/** The seat's unanswered asks, answered. */
function answered(pending: Pending, seat: number, answer: Answer): Pending {
  const sources = pending.sources.slice();
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!;
    if (s === null || s.from !== 'ask' || s.seat !== seat || s.answer !== 'none') continue;
    sources[i] = { from: 'ask', seat, kind: s.kind, answer };
  }
  return { target: pending.target, sources };
}

/** Declined asks taken back: their lines are open again. */
function reopened(pending: Pending): Pending {
  const sources = pending.sources.slice();
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!;
    if (s !== null && s.from === 'ask' && s.answer === 'declined') sources[i] = null;
  }
  return { target: pending.target, sources };
}

/**
 * Rules prosperitea.coop.answer and prosperitea.coop.decline: an answer covers all of the seat's
 * open asks. Once everyone asked has answered, the order is filled if no line is open; otherwise
 * (someone declined) it goes back to the active player, who may cover the open lines another way
 * or back out. A decliner is not asked again this turn (rule prosperitea.coop.no-reask); earlier
 * acceptances stand.
 */
export function answer(state: ProsperiteaState, seat: number, accept: boolean): Step {
  const pending = answered(state.pending!, seat, accept ? 'accepted' : 'declined');
  const next: ProsperiteaState = accept
    ? patch(state, { pending })
    : patch(state, {
        pending,
        declined: [...state.declined, seat],
        stats: patchStats(state.stats, { requestsDeclined: state.stats.requestsDeclined + 1 }),
      });
  const events: Step['events'] = [{ type: 'answer', seat, accept }];
  if (pendingHelpers(next).length > 0) return { state: next, events };
  if (hasDeclined(pending))
    return { state: patch(next, { phase: 'assign', pending: reopened(pending) }), events };
  const filled = completeFill(next);
  return { state: filled.state, events: [...events, ...filled.events] };
}
