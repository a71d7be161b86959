/** Prospectus on the Game contract. */
import { defineGame } from '../../core/game.ts';
import type { GameDefinition } from '../../core/game.ts';
import { heuristicBot, evaluateState, playoutPolicy } from './bot.ts';
import { viewEvent } from './events.ts';
import type { ProspectusEvent } from './events.ts';
import { confirmAction, renderAction, renderView } from './render.ts';
import { actors, explainIllegal, legalActions, perform } from './rules/engine.ts';
import { outcomeOf } from './rules/end.ts';
import { setupState } from './rules/setup.ts';
import { stateSchema } from './invariants.ts';
import { actionSchema, optionsSchema } from './state.ts';
import type { ProspectusAction, ProspectusOptions, ProspectusState } from './state.ts';
import { PRICE_BY_SPACE, POTIONS } from './data.ts';
import { resampleState, viewOf } from './view.ts';
import { revealsNothing } from './rules/takeback.ts';
import type { ProspectusView } from './view.ts';

const LETTERS = POTIONS.value.map((p) => p.id);

export const prospectusDefinition: GameDefinition<
  ProspectusState,
  ProspectusAction,
  ProspectusView,
  ProspectusEvent,
  ProspectusOptions
> = {
  id: 'prospectus',
  name: 'Prospectus',
  minPlayers: 3,
  maxPlayers: 4,
  rulesVersion: '2',
  optionsSchema,
  actionSchema,
  stateSchema,
  setup: setupState,
  actors,
  legalActions,
  explainIllegal,
  perform,
  revealsNothing: (before, _seat, _action, after) => revealsNothing(before, after),
  view: viewOf,
  viewEvent,
  outcome: outcomeOf,
  resample: resampleState,
  render: { view: renderView, action: renderAction, confirm: confirmAction },
  evaluate: evaluateState,
  playoutPolicy,
  bots: { heuristic: heuristicBot },
  insights: {
    clock: (s) => s.turn,
    // The clock counts turns completed, so the turn being played is one more.
    clockLabel: (turns) => `turn ${turns + 1}`,
    series: (s) =>
      Object.fromEntries(s.prices.map((space, p) => [`price.${LETTERS[p]}`, PRICE_BY_SPACE[space]!])),
    final: (s) => {
      const out: Record<string, number> = { turns: s.turn + 1 };
      s.splits.forEach((n, p) => (out[`splits.${LETTERS[p]}`] = n));
      s.busts.forEach((n, p) => (out[`busts.${LETTERS[p]}`] = n));
      return out;
    },
  },
};

export const prospectus = defineGame(prospectusDefinition);
