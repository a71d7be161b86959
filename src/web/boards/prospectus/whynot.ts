/**
 * What a click on a Prospectus element that is not highlighted would have been: the action it is
 * asked about (WhyNot.tsx). Never taken: the server checks it with the game's rules and says why not.
 */
import type { ProspectusAction } from './types.ts';

export const WOULD_BE = {
  /** A potion's tube: buy that potion (selling is offered on the same tube when it is legal). */
  buy: (potion: number): ProspectusAction => ({ t: 'tx', kind: 'buy', potion }),
  /** A spell card in the hand: cast it. */
  cast: (spell: number): ProspectusAction => ({ t: 'play', spell, mode: 'cast' }),
  /** A cube that emerged in the draft: draft it. */
  draft: (potion: number): ProspectusAction => ({ t: 'draft', potion }),
} as const;
