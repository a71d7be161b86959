/**
 * Co-op requests: once no line of an order is open, each asked player answers the request (accept
 * or decline). Everyone asked acts at once; answers are public.
 */
import { patch, patchStats } from './common.ts';
import type { Pending, ProsperiteaState, Source } from '../state.ts';
import type { Step } from './common.ts';
import { completeFill, pendingHelpers } from './fulfilment.ts';

export { pendingHelpers };

/** The seat's open asks accepted, or (declined) taken back: those lines are open again. */
function answered(pending: Pending, seat: number, accept: boolean): Pending {
  const sources = pending.sources.slice();
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!;
    if (s === null || s.from !== 'ask' || s.seat !== seat || s.accepted) continue;
    const yes: Source = { from: 'ask', seat, kind: s.kind, accepted: true };
    sources[i] = accept ? yes : null;
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
  const pending = answered(state.pending!, seat, accept);
  const next: ProsperiteaState = accept
    ? patch(state, { pending })
    : patch(state, {
        pending,
        declined: [...state.declined, seat],
        stats: patchStats(state.stats, { requestsDeclined: state.stats.requestsDeclined + 1 }),
      });
  const events: Step['events'] = [{ type: 'answer', seat, accept }];
  if (pendingHelpers(next).length > 0) return { state: next, events };
  if (pending.sources.includes(null)) return { state: patch(next, { phase: 'assign' }), events };
  const filled = completeFill(next);
  return { state: filled.state, events: [...events, ...filled.events] };
}
