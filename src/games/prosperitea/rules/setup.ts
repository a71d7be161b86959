/** Setup: shuffled decks, the market, a random first player, money and starting ingredients. */
import { patch } from './common.ts';
import { Rng, arrayOf, filledArray, mapArray } from '../../../core/index.ts';
import { FAVOR_TOKENS, SETUP_TABLE } from '../data.ts';
import type { ProsperiteaAction, ProsperiteaState } from '../state.ts';
import { KINDS, MARKET_SLOTS, ORDER_IDS_BY_DECK, SLOT_DECK, fullIngredientDeck } from '../tables.ts';
import { addIngredients, drawIngredients, nextSeat, storeRng, withShop } from './common.ts';
import type { Step } from './common.ts';
import { DECKS } from './sourcing.ts';

/**
 * The market starts as a copy of this row of empty slots, so its array holds any values from the
 * start: a slot whose deck has run out holds null, and an array of small integers would change its
 * hidden class when the first null arrives.
 */
const EMPTY_MARKET: readonly (number | null)[] = arrayOf(MARKET_SLOTS, () => null);

function dealMarket(orderDecks: number[][]): (number | null)[] {
  const market = EMPTY_MARKET.slice();
  for (let slot = 0; slot < MARKET_SLOTS; slot++) market[slot] = orderDecks[SLOT_DECK[slot]!]!.pop()!;
  return market;
}

/** Every array is built packed (see core/arrays.ts), as the rules later copy it. */
export function setupState(players: number, seed: string): ProsperiteaState {
  const rng = Rng.fromSeed(seed);
  const decks = arrayOf(DECKS, (t) => rng.shuffle(fullIngredientDeck(t)));
  const orderDecks = mapArray(ORDER_IDS_BY_DECK, (ids) => rng.shuffle(ids));
  const market = dealMarket(orderDecks);
  // Rule prosperitea.setup.first-player: chance picks the first player; positions follow clockwise.
  const first = rng.int(players);
  const pos = (seat: number) => (seat - first + players) % players;
  return {
    rng: storeRng(rng),
    players,
    first,
    current: first,
    phase: 'draft',
    round: 0,
    draftLeft: arrayOf(players, (s) => SETUP_TABLE.value.ingredients[pos(s)]!),
    decks,
    discards: arrayOf(DECKS, (): number[] => []),
    market,
    orderDecks,
    orderDiscard: [],
    shops: arrayOf(players, (s) => ({
      ingredients: filledArray(KINDS, 0),
      money: SETUP_TABLE.value.money[pos(s)]!,
      favors: 0,
      displayed: [],
    })),
    favorReserve: FAVOR_TOKENS.value,
    pending: null,
    claimed: null,
    declined: [],
    backedOut: 0,
    finalRound: false,
    stats: {
      sold: filledArray(players, 0),
      evergreens: filledArray(players, 0),
      coopFills: 0,
      advertised: 0,
      requestsDeclined: 0,
    },
  };
}

/** Rule prosperitea.setup.starting-ingredients: one card at a time, from the top of any deck. */
export function draftActions(state: ProsperiteaState): ProsperiteaAction[] {
  const out: ProsperiteaAction[] = [];
  for (let deck = 0; deck < DECKS; deck++)
    if (state.decks[deck]!.length > 0) out.push({ type: 'draft', deck });
  return out;
}

/** The next seat in turn order that still has starting cards to choose, or null when all are done. */
function nextDrafter(state: ProsperiteaState, draftLeft: readonly number[]): number | null {
  let seat = state.current;
  for (let i = 0; i < state.players; i++) {
    seat = nextSeat(state, seat);
    if (draftLeft[seat]! > 0) return seat;
  }
  return null;
}

export function draft(state: ProsperiteaState, seat: number, deck: number): Step {
  const rng = new Rng(state.rng);
  const events: Step['events'] = [];
  const { piles, cards } = drawIngredients(state, deck, 1, rng, events);
  const draftLeft = state.draftLeft.slice();
  draftLeft[seat]! -= 1;
  const next = nextDrafter(state, draftLeft);
  const base: ProsperiteaState = patch(state, {
    decks: piles.decks,
    discards: piles.discards,
    rng: storeRng(rng),
    draftLeft,
    shops: withShop(state.shops, seat, addIngredients(state.shops[seat]!, cards)),
  });
  const drafted = [{ type: 'draft', seat, deck, kind: cards[0]! } as const, ...events];
  if (next !== null) return { state: patch(base, { current: next }), events: drafted };
  return {
    state: patch(base, { current: state.first, phase: 'source', round: 1 }),
    events: [...drafted, { type: 'turn', seat: state.first, round: 1 }],
  };
}
