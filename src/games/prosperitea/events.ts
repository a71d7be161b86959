/**
 * Raw events. No event carries the order of the cards under an ingredient deck's top card or of the
 * order decks. The order being filled and the way its lines are covered are the active player's
 * secret until it is filled (rule prosperitea.info.secret-order): the others learn only that an
 * order is being prepared, the requests sent, the answers, and the fill itself.
 */
import type { VisibleEvent, Viewer } from '../../core/index.ts';
import { BUDGETS, EVERGREEN_ORDERS, INGREDIENT_TYPES, TYPE_LABEL } from './data.ts';
import type { Target } from './state.ts';
import { KIND_NAME, ORDER_CARDS } from './tables.ts';

export type ProsperiteaEvent =
  | { type: 'first-player'; seat: number }
  | { type: 'draft'; seat: number; deck: number; kind: number }
  | { type: 'source'; seat: number; deck: number; budget: number; kinds: number[] }
  | { type: 'reshuffle'; deck: number }
  | { type: 'advertise'; seat: number; slot: number | null; order: number | null }
  | { type: 'refill'; slot: number; order: number | null }
  | { type: 'final-round'; deck: number }
  | { type: 'choose'; seat: number; target: Target }
  | { type: 'supply'; seat: number; kind: number }
  | { type: 'favor'; seat: number }
  | { type: 'ask'; seat: number; helper: number; kind: number }
  | { type: 'request'; seat: number; asks: { seat: number; kind: number }[] }
  | { type: 'answer'; seat: number; accept: boolean }
  | { type: 'abandon'; seat: number; target: Target }
  | {
      type: 'fill';
      seat: number;
      target: Target;
      /** Every card handed in (sorted) and the Favor tokens spent: public once the order is filled. */
      cards: number[];
      favors: number;
      helpers: number[];
      rewarded: number[];
    }
  | { type: 'payout'; seat: number; order: number; choice: 'sell' | 'display'; amount: number }
  | { type: 'earn'; seat: number; recipe: number; amount: number }
  | { type: 'turn'; seat: number; round: number }
  | { type: 'game-end'; scores: number[] };

/**
 * JSON counts seats and market slots from 0; text for people counts from 1: seat 0 is "Seat 1" and
 * market slot 0 is "slot 1" (ingredient decks and Evergreen orders go by name).
 */
export const seatLabel = (seat: number): string => `Seat ${seat + 1}`;
export const slotLabel = (slot: number): string => `slot ${slot + 1}`;

/** A seat at the start of a sentence. */
export function seatName(seat: number, viewer: Viewer): string {
  return seat === viewer ? 'You' : seatLabel(seat);
}

/** A seat inside a sentence. */
export function seatRef(seat: number, viewer: Viewer): string {
  return seat === viewer ? 'you' : seatLabel(seat);
}

export function targetName(target: Target): string {
  return target.kind === 'market'
    ? `${ORDER_CARDS[target.order]!.def.name} (${slotLabel(target.slot)})`
    : `${EVERGREEN_ORDERS.value[target.recipe]!.name} (Evergreen)`;
}

const deckName = (t: number) => TYPE_LABEL[INGREDIENT_TYPES[t]!];
const names = (kinds: readonly number[]) => kinds.map((k) => KIND_NAME[k]).join(', ');

type Texts = {
  [K in ProsperiteaEvent['type']]: (e: Extract<ProsperiteaEvent, { type: K }>, v: Viewer) => string;
};

const TEXTS: Texts = {
  'first-player': (e, v) => `${seatName(e.seat, v)} ${e.seat === v ? 'are' : 'is'} the first player.`,
  draft: (e, v) => `${seatName(e.seat, v)} chose ${KIND_NAME[e.kind]} from the ${deckName(e.deck)} deck.`,
  source: (e, v) => {
    const cards = BUDGETS.value.find((b) => b.money === e.budget)?.cards ?? e.kinds.length;
    return `${seatName(e.seat, v)} set a budget of ${e.budget} and took ${cards} from ${deckName(e.deck)}: ${names(e.kinds)}.`;
  },
  reshuffle: (e) => `The ${deckName(e.deck)} discard pile was shuffled into a new face-up deck.`,
  advertise: (e, v) =>
    `${seatName(e.seat, v)} advertised for 2 money` +
    (e.order === null || e.slot === null
      ? '.'
      : ` and discarded ${ORDER_CARDS[e.order]!.def.name} from ${slotLabel(e.slot)}.`),
  refill: (e) =>
    e.order === null
      ? `Market ${slotLabel(e.slot)} stays empty: its deck is used up.`
      : `${ORDER_CARDS[e.order]!.def.name} joins the market in ${slotLabel(e.slot)}.`,
  'final-round': (e) =>
    `The ${e.deck === 0 ? 'Standard' : 'Premium'} order deck is empty: this is the final round.`,
  choose: (e, v) => `${seatName(e.seat, v)} started filling ${targetName(e.target)}.`,
  supply: (e, v) => `${seatName(e.seat, v)} put in ${KIND_NAME[e.kind]}.`,
  favor: (e, v) => `${seatName(e.seat, v)} spent a Favor token as an ingredient.`,
  ask: (e, v) => `${seatName(e.seat, v)} will ask ${seatRef(e.helper, v)} for ${KIND_NAME[e.kind]}.`,
  request: (e, v) => `${seatName(e.seat, v)} ${e.seat === v ? 'ask' : 'asks'} ${askList(e.asks, v)}.`,
  answer: (e, v) => `${seatName(e.seat, v)} ${e.accept ? 'accepted' : 'declined'} the request.`,
  abandon: (e, v) => `${seatName(e.seat, v)} backed out of ${targetName(e.target)}.`,
  fill: (e, v) =>
    `${seatName(e.seat, v)} filled ${targetName(e.target)} using ${handedIn(e.cards, e.favors)}` +
    (e.helpers.length ? ',' : '') +
    (e.helpers.length ? ` with help from ${and(e.helpers.map((s) => seatRef(s, v)))}` : '') +
    (e.rewarded.length
      ? `; ${and(e.rewarded.map((s) => seatRef(s, v)))} ${e.rewarded.length > 1 ? 'each took' : 'took'} a Favor token`
      : '') +
    '.',
  payout: (e, v) =>
    e.choice === 'sell'
      ? `${seatName(e.seat, v)} sold ${ORDER_CARDS[e.order]!.def.name} for ${e.amount} money.`
      : `${seatName(e.seat, v)} displayed ${ORDER_CARDS[e.order]!.def.name} for ${e.amount} prestige.`,
  earn: (e, v) =>
    `${seatName(e.seat, v)} earned ${e.amount} money from ${EVERGREEN_ORDERS.value[e.recipe]!.name}.`,
  turn: (e, v) => `Round ${e.round}: ${e.seat === v ? 'your' : `${seatLabel(e.seat)}’s`} turn.`,
  'game-end': (e, v) =>
    `Game over. Scores: ${e.scores.map((score, s) => `${seatName(s, v)} ${score}`).join(', ')}.`,
};

/** "A, B and C". */
function and(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function handedIn(cards: readonly number[], favors: number): string {
  const tokens = favors === 0 ? [] : [favors === 1 ? 'a Favor token' : `${favors} Favor tokens`];
  return and([...cards.map((k) => KIND_NAME[k]!), ...tokens]);
}

/** "Seat 2 for Bergamot and Lemon Peel; you for Ginger": one part per asked seat, in seat order. */
function askList(asks: readonly { seat: number; kind: number }[], v: Viewer): string {
  const seats = [...new Set(asks.map((a) => a.seat))];
  return seats
    .map(
      (seat) =>
        `${seatRef(seat, v)} for ${and(asks.filter((a) => a.seat === seat).map((a) => KIND_NAME[a.kind]!))}`,
    )
    .join('; ');
}

/**
 * What someone other than the active player learns of a step in preparing an order: that one was
 * started or dropped, never which; the lines covered so far not at all.
 */
type SecretType = 'choose' | 'supply' | 'favor' | 'ask' | 'abandon';
type SecretEvent = Extract<ProsperiteaEvent, { type: SecretType }>;

const hiddenStep = (what: string) => (e: SecretEvent, v: Viewer) => ({
  type: e.type,
  text: `${seatName(e.seat, v)} ${what}.`,
  data: { type: e.type, seat: e.seat },
});

const SECRET: Record<SecretType, ((e: SecretEvent, v: Viewer) => VisibleEvent) | null> = {
  choose: hiddenStep('started preparing an order'),
  supply: null,
  favor: null,
  ask: null,
  abandon: hiddenStep('backed out of the order'),
};

const isSecret = (e: ProsperiteaEvent): e is SecretEvent => e.type in SECRET;

export function viewEvent(event: ProsperiteaEvent, viewer: Viewer): VisibleEvent | null {
  if (isSecret(event) && event.seat !== viewer) return SECRET[event.type]?.(event, viewer) ?? null;
  const text = (TEXTS[event.type] as (e: ProsperiteaEvent, v: Viewer) => string)(event, viewer);
  return { type: event.type, text, data: { ...event } };
}
