/**
 * What a click on a Prosperitea element that is not highlighted would have been: the action it is
 * asked about (WhyNot.tsx). Never taken: the server checks it with the game's rules and says why not.
 */
import type { ProsperiteaAction } from './types.ts';

export const WOULD_BE = {
  /** A market order card: start filling it. */
  fill: (slot: number): ProsperiteaAction => ({ type: 'fill', slot }),
  /** An Evergreen order card: start filling it. */
  evergreen: (recipe: number): ProsperiteaAction => ({ type: 'evergreen', recipe }),
  /** A deck's face-up top card: take it as a starting ingredient. */
  draft: (deck: number): ProsperiteaAction => ({ type: 'draft', deck }),
  /** A budget under a deck: source from that deck with it. */
  source: (deck: number, budget: number): ProsperiteaAction => ({ type: 'source', deck, budget }),
  /** An ingredient in the viewer's own shop: supply the order's line with it. */
  supply: (kind: number): ProsperiteaAction => ({ type: 'supply', kind }),
  /** An ingredient in another shop: ask its owner for it. */
  ask: (seat: number, kind: number): ProsperiteaAction => ({ type: 'ask', seat, kind }),
  /** The viewer's Favor tokens: spend one as a wildcard. */
  favor: (): ProsperiteaAction => ({ type: 'favor' }),
} as const;
