/**
 * Raw events. No event carries the order of the cards under an ingredient deck's top card or of the
 * order decks. The order being filled and the way its lines are covered are the active player's
 * secret until it is filled (rule prosperitea.info.secret-order): the others learn only that an
 * order is being prepared, the requests sent, the answers, and the fill itself.
 */
import { andList as and, does, who, whom, whose } from '../../core/index.ts';
import type { Names, VisibleEvent, Viewer } from '../../core/index.ts';
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
 * JSON counts market slots from 0; text for people counts from 1: market slot 0 is "slot 1"
 * (ingredient decks and Evergreen orders go by name). Seats are named as `core/names.ts` says:
 * "you", or "Ann (B)".
 */
export const slotLabel = (slot: number): string => `slot ${slot + 1}`;

export function targetName(target: Target): string {
  return target.kind === 'market'
    ? `${ORDER_CARDS[target.order]!.def.name} (${slotLabel(target.slot)})`
    : `${EVERGREEN_ORDERS.value[target.recipe]!.name} (Evergreen)`;
}

const deckName = (t: number) => TYPE_LABEL[INGREDIENT_TYPES[t]!];
const names = (kinds: readonly number[]) => kinds.map((k) => KIND_NAME[k]).join(', ');

/**
 * Events that are no line of the log for anyone, since another line tells what happened (one line
 * per thing that happened). Covering a line of the order — with one's own card, a Favor token, or
 * by choosing whom to ask — is a step of preparing it: the request that sends the asks is a line
 * ("You will ask Ann (B)…" then "You ask Ann (B)…" said it twice), and so is the fill, which names
 * every card handed in ("You put in Ceylon." before it said it twice); meanwhile the order being
 * filled, in the view, shows the lines covered. The money an Evergreen order pays is said by the
 * line that fills it.
 */
type Silent = 'supply' | 'favor' | 'ask' | 'earn';
const SILENT: ReadonlySet<ProsperiteaEvent['type']> = new Set<Silent>(['supply', 'favor', 'ask', 'earn']);

type Texts = {
  [K in Exclude<ProsperiteaEvent['type'], Silent>]: (
    e: Extract<ProsperiteaEvent, { type: K }>,
    n: Names,
  ) => string;
};

const TEXTS: Texts = {
  'first-player': (e, n) => `${does(n, e.seat, 'are', 'is')} the first player.`,
  draft: (e, n) => `${who(n, e.seat)} chose ${KIND_NAME[e.kind]} from the ${deckName(e.deck)} deck.`,
  source: (e, n) => {
    const cards = BUDGETS.value.find((b) => b.money === e.budget)?.cards ?? e.kinds.length;
    return `${who(n, e.seat)} set a budget of ${e.budget} and took ${cards} from ${deckName(e.deck)}: ${names(e.kinds)}.`;
  },
  reshuffle: (e) => `The ${deckName(e.deck)} discard pile was shuffled into a new face-up deck.`,
  advertise: (e, n) =>
    `${who(n, e.seat)} advertised for 2 money` +
    (e.order === null || e.slot === null
      ? '.'
      : ` and discarded ${ORDER_CARDS[e.order]!.def.name} from ${slotLabel(e.slot)}.`),
  refill: (e) =>
    e.order === null
      ? `Market ${slotLabel(e.slot)} stays empty: its deck is used up.`
      : `${ORDER_CARDS[e.order]!.def.name} joins the market in ${slotLabel(e.slot)}.`,
  'final-round': (e) =>
    `The ${e.deck === 0 ? 'Standard' : 'Premium'} order deck is empty: this is the final round.`,
  choose: (e, n) => `${who(n, e.seat)} started filling ${targetName(e.target)}.`,
  request: (e, n) => `${does(n, e.seat, 'ask', 'asks')} ${askList(e.asks, n)}.`,
  answer: (e, n) => `${who(n, e.seat)} ${e.accept ? 'accepted' : 'declined'} the request.`,
  abandon: (e, n) => `${who(n, e.seat)} backed out of ${targetName(e.target)}.`,
  fill: (e, n) =>
    `${who(n, e.seat)} filled ${targetName(e.target)} using ${handedIn(e.cards, e.favors)}` +
    (e.target.kind === 'evergreen' ? ` for ${EVERGREEN_ORDERS.value[e.target.recipe]!.money} money` : '') +
    (e.helpers.length ? ',' : '') +
    (e.helpers.length ? ` with help from ${and(e.helpers.map((s) => whom(n, s)))}` : '') +
    (e.rewarded.length
      ? `; ${and(e.rewarded.map((s) => whom(n, s)))} ${e.rewarded.length > 1 ? 'each took' : 'took'} a Favor token`
      : '') +
    '.',
  payout: (e, n) =>
    e.choice === 'sell'
      ? `${who(n, e.seat)} sold ${ORDER_CARDS[e.order]!.def.name} for ${e.amount} money.`
      : `${who(n, e.seat)} displayed ${ORDER_CARDS[e.order]!.def.name} for ${e.amount} prestige.`,
  turn: (e, n) => `Round ${e.round}: ${whose(n, e.seat)} turn.`,
  'game-end': (e, n) =>
    `Game over. Scores: ${e.scores.map((score, s) => `${whom(n, s)} ${score}`).join(', ')}.`,
};

function handedIn(cards: readonly number[], favors: number): string {
  const tokens = favors === 0 ? [] : [favors === 1 ? 'a Favor token' : `${favors} Favor tokens`];
  return and([...cards.map((k) => KIND_NAME[k]!), ...tokens]);
}

/** "Ann (B) for Bergamot and Lemon Peel; you for Ginger": one part per asked seat, in seat order. */
function askList(asks: readonly { seat: number; kind: number }[], n: Names): string {
  const seats = [...new Set(asks.map((a) => a.seat))];
  return seats
    .map(
      (seat) =>
        `${whom(n, seat)} for ${and(asks.filter((a) => a.seat === seat).map((a) => KIND_NAME[a.kind]!))}`,
    )
    .join('; ');
}

/**
 * What someone other than the active player learns of a step in preparing an order: that one was
 * started or dropped, never which; the lines covered so far not at all (those steps are `SILENT`).
 */
type SecretType = 'choose' | 'abandon';
type SecretEvent = Extract<ProsperiteaEvent, { type: SecretType }>;

const hiddenStep = (what: string) => (e: SecretEvent, n: Names) => ({
  type: e.type,
  text: `${who(n, e.seat)} ${what}.`,
  data: { type: e.type, seat: e.seat },
});

const SECRET: Record<SecretType, (e: SecretEvent, n: Names) => VisibleEvent> = {
  choose: hiddenStep('started preparing an order'),
  abandon: hiddenStep('backed out of the order'),
};

const isSecret = (e: ProsperiteaEvent): e is SecretEvent => e.type in SECRET;

export function viewEvent(event: ProsperiteaEvent, viewer: Viewer, names: Names): VisibleEvent | null {
  if (SILENT.has(event.type)) return null;
  if (isSecret(event) && event.seat !== viewer) return SECRET[event.type](event, names);
  const text = (TEXTS[event.type as keyof Texts] as (e: ProsperiteaEvent, n: Names) => string)(event, names);
  return { type: event.type, text, data: { ...event } };
}
