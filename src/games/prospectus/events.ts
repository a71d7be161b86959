/**
 * Raw events. Some carry secrets (a drawn spell, a secret chamber addition, a reordered deck, and
 * with 'hidden-quantities' screens the quantity traded and each seat's dividend): only viewEvent's
 * per-viewer text ever leaves the engine.
 */
import type { Viewer, VisibleEvent } from '../../core/game.ts';
import { does, nameOf, whom, whose, whoseAtStart } from '../../core/names.ts';
import type { Names } from '../../core/names.ts';
import { COUNCIL_PRICES } from './data.ts';
import { aCube, abilityName, cardText, paramsText, potionName, spaces, spellName } from './render.ts';

/**
 * Why a potion ability just triggered offers its seller nothing to choose. The first four follow from
 * what the whole table sees; the others from what stands behind the seller's screen (see
 * rules/abilities.ts, which also says which the table may read).
 */
export type IdleReason =
  | 'no-discards'
  | 'all-frozen'
  | 'too-frozen'
  | 'no-open-demand'
  | 'nothing-to-trade'
  | 'no-cube-for-demand'
  | 'no-cube-to-exchange';

export type ProspectusEvent =
  | { type: 'draft'; seat: number; potion: number }
  | { type: 'council-sale'; seat: number; space: number; potion: number; price: number; ability: boolean }
  | {
      type: 'ability';
      seat: number;
      ability: number;
      potion: number;
      /** Why the seller has nothing to choose, or null; `open` says whether the table may read it. */
      idle: IdleReason | null;
      open: boolean;
    }
  | { type: 'bounty'; seat: number; amount: number }
  | { type: 'dividend-advance'; seat: number; potion: number }
  | { type: 'recall'; seat: number; give: number; take: number }
  | { type: 'nudge'; seat: number; potion: number; steps: number }
  | { type: 'exchange'; seat: number; from: number; to: number }
  | { type: 'tribute'; seat: number; a: number; b: number }
  | {
      type: 'transaction';
      seat: number;
      kind: 'buy' | 'sell';
      potion: number;
      n: number;
      price: number;
      open: boolean;
    }
  | { type: 'play'; seat: number; spell: number; mode: 'cast' | 'council' | 'recharge' }
  | { type: 'announce'; seat: number; spell: number; params: number[] }
  | { type: 'interrupt'; seat: number }
  /** prospectus.turn.back: a transaction taken back before its quantity was chosen. */
  | { type: 'withdraw'; seat: number; kind: 'buy' | 'sell'; potion: number; interrupt: boolean }
  | { type: 'pass'; seat: number }
  | { type: 'freeze'; seat: number; potion: number }
  | { type: 'thaw'; potion: number }
  | { type: 'block'; space: number; demand: number }
  | { type: 'move-card'; from: number }
  | { type: 'swap-tokens'; a: number; b: number }
  | { type: 'look'; seat: number; cards: number[] }
  | { type: 'reorder'; seat: number; cards: number[] }
  | { type: 'council-verdict'; potion: number; blessed: boolean }
  | { type: 'drop'; dropped: number[]; emerged: number[] }
  | { type: 'pound'; seat: number; emerged: number[] }
  | { type: 'redrop'; seat: number; potion: number; emerged: number[] }
  | { type: 'price'; potion: number; from: number; to: number }
  | { type: 'split'; potion: number; counts: number[] }
  | { type: 'bust'; potion: number; counts: number[] }
  | { type: 'reshuffle'; size: number }
  | { type: 'dividend'; potion: number; perCube: number; paid: number[]; open: boolean }
  | { type: 'lair'; potion: number; cubes: number }
  | { type: 'future-draw'; card: number; space: number }
  | { type: 'spell-draw'; seat: number; spell: number }
  | { type: 'turn'; seat: number; turn: number }
  | { type: 'game-end'; chamber: number[]; bonus: number[]; selloff: number[]; money: number[] };

/** "your" for the reader, "its" for another seat (named earlier in the sentence). */
const your = (seat: number, n: Names): string => (seat === n.viewer ? 'your' : 'its');
const list = (counts: readonly number[]): string =>
  counts
    .map((n, p) => (n ? `${n} ${potionName(p)}` : ''))
    .filter(Boolean)
    .join(', ') || 'nothing';
/** Per-seat figures named by seat: "Ann (A) 3, you 0, Basil (C) 2". */
const bySeat = (values: readonly number[], n: Names, unit = ''): string =>
  values.map((v, seat) => `${whom(n, seat)} ${unit}${v}`).join(', ');

/** The reason an ability cannot be used, as the rest of a sentence about `seat`. */
const IDLE_TEXT: Readonly<Record<IdleReason, (mine: boolean) => string>> = {
  'no-discards': (mine) => `${mine ? 'your' : 'its'} discard pile is empty`,
  'all-frozen': () => 'every potion is frozen',
  'too-frozen': () => 'fewer than two potions are free of a freeze',
  'no-open-demand': () => 'no council demand is open',
  'nothing-to-trade': (mine) =>
    mine ? 'you can afford no cube and own none to sell' : 'it can afford no cube and owns none to sell',
  'no-cube-for-demand': (mine) =>
    mine ? 'you own no cube that an open demand asks for' : 'it owns no cube that an open demand asks for',
  'no-cube-to-exchange': (mine) =>
    mine ? 'you own no cube of a potion free of a freeze' : 'it owns no cube of a potion free of a freeze',
};

function abilityText(
  e: Extract<ProspectusEvent, { type: 'ability' }>,
  viewer: Viewer,
  n: Names,
): VisibleEvent {
  const mine = e.seat === viewer;
  const base = `${potionName(e.potion)}'s ability: ${abilityName(e.ability)}.`;
  // prospectus.hidden.screens: a reason read from behind the seller's screen is the seller's alone.
  if (e.idle === null || (!mine && !e.open))
    return {
      type: e.type,
      text: base,
      data: { seat: e.seat, ability: e.ability, potion: e.potion, idle: null },
    };
  return {
    type: e.type,
    text: `${base} ${does(n, e.seat, 'cannot', 'cannot')} use it: ${IDLE_TEXT[e.idle](mine)}.`,
    data: { ...e },
  };
}

/** The per-viewer text of an event: secrets only for the seat that owns them. */
export function viewEvent(e: ProspectusEvent, viewer: Viewer, n: Names): VisibleEvent | null {
  const mine = 'seat' in e && e.seat === viewer;
  const pub = (text: string): VisibleEvent => ({ type: e.type, text, data: { ...e } });
  switch (e.type) {
    case 'draft':
      return pub(`${does(n, e.seat, 'draft', 'drafts')} ${potionName(e.potion)}.`);
    case 'council-sale':
      return pub(
        `${does(n, e.seat, 'sell', 'sells')} ${potionName(e.potion)} to the council for $${e.price}` +
          (e.ability ? '.' : ' (no ability).'),
      );
    case 'ability':
      return abilityText(e, viewer, n);
    case 'bounty':
      return pub(`${does(n, e.seat, 'take', 'takes')} $${e.amount} from the bank.`);
    case 'dividend-advance':
      return pub(`${does(n, e.seat, 'advance', 'advances')} the ${potionName(e.potion)} dividend.`);
    case 'recall':
      return pub(
        `${does(n, e.seat, 'return', 'returns')} ${spellName(e.give)} and ${mine ? 'take' : 'takes'} back ${spellName(e.take)}.`,
      );
    case 'nudge':
      return pub(`${does(n, e.seat, 'move', 'moves')} ${potionName(e.potion)}'s price ${spaces(e.steps)}.`);
    case 'exchange':
      return pub(`${does(n, e.seat, 'swap', 'swaps')} ${aCube(e.from)} for ${potionName(e.to)}.`);
    case 'tribute':
      return mine
        ? pub(`You secretly add ${potionName(e.a)} and ${potionName(e.b)} to the council chamber.`)
        : {
            type: e.type,
            text: `${nameOf(n, e.seat)} secretly adds two cubes to the council chamber.`,
            data: { seat: e.seat },
          };
    case 'transaction': {
      const verb = e.kind === 'buy' ? does(n, e.seat, 'buy', 'buys') : does(n, e.seat, 'sell', 'sells');
      // prospectus.hidden.screens.transaction: with hidden quantities only the colour, direction and
      // price show; otherwise the quantity and amount are seen too (open supply, open bank).
      return mine || e.open
        ? pub(`${verb} ${e.n} ${potionName(e.potion)} at $${e.price} ($${e.n * e.price}).`)
        : {
            type: e.type,
            text: `${verb} ${potionName(e.potion)} at $${e.price} each.`,
            data: { seat: e.seat, kind: e.kind, potion: e.potion, price: e.price },
          };
    }
    case 'play':
      return pub(
        e.mode === 'cast'
          ? `${does(n, e.seat, 'cast', 'casts')} ${spellName(e.spell)}.`
          : `${does(n, e.seat, 'discard', 'discards')} ${spellName(e.spell)} to ` +
              (e.mode === 'council'
                ? 'sell to the council again.'
                : `recharge ${your(e.seat, n)} interrupt tile.`),
      );
    case 'announce':
      // A spell with nothing to announce was already named when it was cast.
      if (e.params.length === 0) return null;
      return pub(
        `${does(n, e.seat, 'announce', 'announces')} ${spellName(e.spell)}: ${paramsText(e.spell, e.params)}.`,
      );
    case 'interrupt':
      return pub(`${does(n, e.seat, 'use', 'uses')} ${your(e.seat, n)} interrupt tile.`);
    case 'pass':
      return pub(`${does(n, e.seat, 'do', 'does')} not interrupt.`);
    case 'withdraw':
      return pub(
        `${does(n, e.seat, 'take', 'takes')} back the ${e.kind === 'buy' ? 'purchase' : 'sale'} of ` +
          `${potionName(e.potion)} before any cube changed hands` +
          (e.interrupt ? `, and ${your(e.seat, n)} interrupt tile is active again.` : '.'),
      );
    case 'freeze':
      return pub(`${potionName(e.potion)} is frozen until ${whose(n, e.seat)} next turn.`);
    case 'thaw':
      return pub(`${potionName(e.potion)} thaws.`);
    case 'block':
      return pub(`A blocker goes on the $${COUNCIL_PRICES.value[e.space]} card's demand ${e.demand + 1}.`);
    case 'move-card':
      return pub(`The $${COUNCIL_PRICES.value[e.from]} card moves to the current space.`);
    case 'swap-tokens':
      return pub(`Ability tokens at positions ${e.a} and ${e.b} swap.`);
    case 'look':
      return mine
        ? pub(`You look at the next future cards: ${e.cards.map((c) => '#' + c).join(', ')}.`)
        : {
            type: e.type,
            text: `${nameOf(n, e.seat)} looks at the top future cards.`,
            data: { seat: e.seat },
          };
    case 'reorder':
      return mine
        ? pub(`You put them back as ${e.cards.map((c) => '#' + c).join(', ')}.`)
        : {
            type: e.type,
            text: `${nameOf(n, e.seat)} puts them back in a secret order.`,
            data: { seat: e.seat },
          };
    case 'council-verdict':
      return pub(`The council ${e.blessed ? 'blesses' : 'curses'} ${potionName(e.potion)}.`);
    case 'drop':
      return pub(`Into the crystal ball: ${list(e.dropped)}. Out: ${list(e.emerged)}.`);
    case 'pound':
      return pub(`${does(n, e.seat, 'pound', 'pounds')} the table: ${list(e.emerged)} fall out.`);
    case 'redrop':
      return pub(
        `${does(n, e.seat, 're-drop', 're-drops')} ${aCube(e.potion)}: ${list(e.emerged)} fall out.`,
      );
    case 'price':
      return pub(`${potionName(e.potion)}: $${e.from} → $${e.to}.`);
    case 'split':
      return pub(
        `${potionName(e.potion)} SPLITS! Holdings revealed: ${bySeat(e.counts, n)}; they double, and the price goes back to $20.`,
      );
    case 'bust':
      return pub(
        `${potionName(e.potion)} BUSTS! Holdings revealed: ${bySeat(e.counts, n)}; they are lost, and the price goes back to $20.`,
      );
    case 'reshuffle':
      return pub(`The future discards are shuffled back into the deck (${e.size} cards).`);
    case 'lair':
      return pub(`A cube goes into ${potionName(e.potion)}'s lair (${e.cubes} of 3).`);
    case 'dividend': {
      // prospectus.hidden.screens.dividend: paid out of the open bank, so every payment is seen.
      if (e.open)
        return pub(
          `${potionName(e.potion)} pays a $${e.perCube} dividend per cube: ${bySeat(e.paid, n, '$')}.`,
        );
      // prospectus.hidden.screens.dividend, with hidden quantities: the rate is public, each seat's
      // amount only its own.
      const own = typeof viewer === 'number' ? e.paid[viewer] : undefined;
      return {
        type: e.type,
        text:
          `${potionName(e.potion)} pays a $${e.perCube} dividend per cube.` +
          (own === undefined ? '' : ` You receive $${own}.`),
        data:
          own === undefined
            ? { potion: e.potion, perCube: e.perCube }
            : { potion: e.potion, perCube: e.perCube, received: own },
      };
    }
    case 'future-draw':
      return pub(`New future card: ${cardText(e.card)}.`);
    case 'spell-draw':
      return mine
        ? pub(`You draw ${spellName(e.spell)}.`)
        : { type: e.type, text: `${nameOf(n, e.seat)} draws a spell.`, data: { seat: e.seat } };
    case 'turn':
      return pub(`— ${whoseAtStart(n, e.seat)} turn —`);
    case 'game-end':
      return pub(
        `Game over. Chamber: ${list(e.chamber)}. Council bonus: ${bySeat(e.bonus, n, '$')}. ` +
          `Sell-off: ${bySeat(e.selloff, n, '$')}. Final money: ${bySeat(e.money, n, '$')}.`,
      );
  }
}
