/**
 * Shared, frozen action objects. legalActions runs on every simulated step; handing out the same
 * immutable objects instead of allocating new ones keeps the garbage collector quiet.
 */
import type { ProspectusAction } from '../state.ts';

const freeze = <T extends ProspectusAction>(a: T): T => Object.freeze(a);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export const SKIP_ACTION = freeze({ t: 'skip' });
export const POUND_ACTION = freeze({ t: 'pound' });
export const EXECUTE_ACTION = freeze({ t: 'execute' });
/** prospectus.turn.back: take back a transaction before its quantity, or a spell's first target. */
export const BACK_ACTION = freeze({ t: 'back' });
export const DRAFT_ACTIONS = range(5).map((potion) => freeze({ t: 'draft', potion }));
export const POTION_ACTIONS = range(5).map((potion) => freeze({ t: 'potion', potion }));
export const REDROP_ACTIONS = range(5).map((potion) => freeze({ t: 'redrop', potion }));
export const BUY_ACTIONS = range(5).map((potion) => freeze({ t: 'tx', kind: 'buy', potion }));
export const SELL_ACTIONS = range(5).map((potion) => freeze({ t: 'tx', kind: 'sell', potion }));
/**
 * QTY_ACTIONS[n] is { t: 'qty', n }, made on first demand. Rich players buy or sell more than a
 * hundred cubes at once (108 seen in heuristic games): a table of a guessed size fell back to fresh,
 * unfrozen actions past its end, another hidden class, and the engine's and the bots' code that met
 * them was thrown away and compiled again in every simulation worker.
 */
const QTY_ACTIONS: ProspectusAction[] = [];
export const COUNCIL_ACTIONS = range(5).map((space) =>
  [0, 1].map((demand) => freeze({ t: 'council', space, demand })),
);
export const PLAY_ACTIONS = range(12).map((spell) => ({
  cast: freeze({ t: 'play', spell, mode: 'cast' }),
  council: freeze({ t: 'play', spell, mode: 'council' }),
  recharge: freeze({ t: 'play', spell, mode: 'recharge' }),
}));

export function qtyAction(n: number): ProspectusAction {
  while (n >= QTY_ACTIONS.length) QTY_ACTIONS.push(freeze({ t: 'qty', n: QTY_ACTIONS.length }));
  return QTY_ACTIONS[n]!;
}
