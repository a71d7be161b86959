import { defineGame } from '../../core/index.ts';
import type { GameDefinition } from '../../core/index.ts';
import { PiAction, PiOptions } from './state.ts';
import type { PiEvent, PiState, PiView } from './state.ts';
import { actorsOf, explainOf, legalOf, performOf, sameAction } from './rules/index.ts';
import { createState } from './rules/setup.ts';
import { revealsNothing } from './rules/takeback.ts';
import { outcomeOf } from './rules/end.ts';
import { resampleState, viewOf } from './view.ts';
import { viewEventOf } from './events.ts';
import { confirmAction, renderAction, renderView } from './render.ts';
import { evaluateState, heuristicBot, playoutMove } from './bot.ts';
import { insights } from './insights.ts';
import { PiStateSchema } from './invariants.ts';

export const pocketImperiumDefinition: GameDefinition<PiState, PiAction, PiView, PiEvent, PiOptions> = {
  id: 'pocket-imperium',
  name: 'Pocket Imperium',
  minPlayers: 2,
  maxPlayers: 4,
  // 2 (issue 18): random start player, classic last round and early end, Prosperity on by default.
  rulesVersion: '2',
  optionsSchema: PiOptions,
  actionSchema: PiAction,
  stateSchema: PiStateSchema,
  setup: createState,
  actors: actorsOf,
  legalActions(state, seat) {
    if (!actorsOf(state).includes(seat)) return [];
    return legalOf(state, seat);
  },
  isLegal(state, seat, action) {
    if (!actorsOf(state).includes(seat)) return false;
    return legalOf(state, seat).some((legal) => sameAction(legal, action));
  },
  explainIllegal: explainOf,
  perform: performOf,
  revealsNothing: (before, _seat, _action, after) => revealsNothing(before, after),
  view: viewOf,
  viewEvent: viewEventOf,
  outcome: outcomeOf,
  resample: resampleState,
  render: { view: renderView, action: renderAction, confirm: confirmAction },
  evaluate: evaluateState,
  playoutPolicy: playoutMove,
  bots: { heuristic: heuristicBot },
  insights,
};

export const pocketImperium = defineGame(pocketImperiumDefinition);
