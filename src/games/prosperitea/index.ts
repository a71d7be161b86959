/** Prosperitea: the game definition that ties data, rules, views, events, renderer and bots together. */
import { defineGame, mapArray } from '../../core/index.ts';
import type { GameDefinition, Rng, Viewer } from '../../core/index.ts';
import { PLAYERS, SCORING } from './data.ts';
import { heuristicBot, heuristicChoice } from './bot.ts';
import { viewEvent } from './events.ts';
import type { ProsperiteaEvent } from './events.ts';
import { renderAction, renderView } from './render.ts';
import { rawPrestige, scoreOf, outcome } from './rules/end.ts';
import { actors, explainIllegal, isLegal, legalActions, perform } from './rules/index.ts';
import { setupState } from './rules/setup.ts';
import { revealsNothing } from './rules/takeback.ts';
import { patch, storeRng } from './rules/common.ts';
import { imaginePending } from './rules/secret.ts';
import { ActionSchema, OptionsSchema, ProsperiteaStateSchema } from './state.ts';
import type { ProsperiteaAction, ProsperiteaOptions, ProsperiteaState } from './state.ts';
import { view } from './view.ts';
import type { ProsperiteaView } from './view.ts';

/**
 * Worlds a viewer cannot tell apart differ in the order of the cards under each ingredient deck's
 * face-up top, the order of the two order decks, the future of the RNG and, for everyone but the
 * active player, the order being filled (drawn from those the public requests leave possible).
 */
function resample(state: ProsperiteaState, viewer: Viewer, rng: Rng): ProsperiteaState {
  // mapArray, not `map`: the deck lists must stay packed once this is optimised (see core/arrays.ts).
  const decks = mapArray(state.decks, (deck) =>
    deck.length <= 2 ? deck : [...rng.shuffle(deck.slice(0, -1)), deck.at(-1)!],
  );
  const orderDecks = mapArray(state.orderDecks, (deck) => (deck.length <= 1 ? deck : rng.shuffle(deck)));
  const pending =
    state.pending === null || viewer === state.current ? state.pending : imaginePending(state, rng);
  return patch(state, { decks, orderDecks, pending, rng: storeRng(rng.fork()) });
}

/**
 * Score plus what leftover money and cards are likely to become, compared with the best other
 * seat and squashed into [0, 1]: above 0.5 means ahead of everyone else.
 */
function evaluate(state: ProsperiteaState): number[] {
  if (state.phase === 'over') {
    const o = outcome(state)!;
    const winners = o.ranks.filter((r) => r === 1).length;
    return o.ranks.map((r) => (r === 1 ? 1 / winners : 0));
  }
  const est = state.shops.map((shop) => {
    let cards = 0;
    for (const n of shop.ingredients) cards += n;
    return scoreOf(shop) + (shop.money % SCORING.value.moneyPerPrestige) / 5 + cards * 0.4;
  });
  return est.map((e, seat) => {
    let rival = -Infinity;
    for (let other = 0; other < est.length; other++) if (other !== seat) rival = Math.max(rival, est[other]!);
    return 1 / (1 + Math.exp((rival - e) / 4));
  });
}

/** Fast state-based playout move: the heuristic bot's choice on the seat's (public) view. */
function playoutPolicy(
  state: ProsperiteaState,
  seat: number,
  legal: readonly ProsperiteaAction[],
  rng: Rng,
): ProsperiteaAction {
  if (rng.chance(0.1)) return legal[rng.int(legal.length)]!;
  const choice = heuristicChoice(view(state, seat), seat, legal);
  return legal.find((a) => a === choice) ?? legal.find((a) => a.type === choice.type) ?? legal[0]!;
}

export const prosperiteaDefinition: GameDefinition<
  ProsperiteaState,
  ProsperiteaAction,
  ProsperiteaView,
  ProsperiteaEvent,
  ProsperiteaOptions
> = {
  id: 'prosperitea',
  name: 'Prosperitea',
  minPlayers: PLAYERS.value.min,
  maxPlayers: PLAYERS.value.max,
  rulesVersion: '2',
  optionsSchema: OptionsSchema,
  actionSchema: ActionSchema,
  stateSchema: ProsperiteaStateSchema,
  setup: (players, seed) => setupState(players, seed),
  actors,
  legalActions,
  isLegal,
  explainIllegal,
  perform,
  revealsNothing: (before, _seat, _action, after) => revealsNothing(before, after),
  view,
  viewEvent,
  outcome,
  resample,
  render: { view: renderView, action: renderAction },
  evaluate,
  playoutPolicy,
  bots: { heuristic: heuristicBot },
  insights: {
    clock: (state) => state.round,
    clockLabel: (round) => (round === 0 ? 'setup' : `round ${round}`),
    series: (state) => Object.fromEntries(state.shops.map((shop, s) => [`money.${s}`, shop.money])),
    final: (state) => {
      const sold = state.stats.sold.reduce((a, b) => a + b, 0);
      const displayed = state.shops.reduce((a, shop) => a + shop.displayed.length, 0);
      return {
        rounds: state.round,
        ordersSold: sold,
        ordersDisplayed: displayed,
        evergreens: state.stats.evergreens.reduce((a, b) => a + b, 0),
        coopFills: state.stats.coopFills,
        requestsDeclined: state.stats.requestsDeclined,
        advertised: state.stats.advertised,
        favorReserve: state.favorReserve,
        topPrestige: Math.max(...state.shops.map(rawPrestige)),
      };
    },
  },
};

export const prosperitea = defineGame(prosperiteaDefinition);
