/**
 * Raw events. Some carry secrets (a drawn spell, a secret chamber addition, a reordered deck, and
 * with 'hidden-quantities' screens the quantity traded and each seat's dividend): only viewEvent's
 * per-viewer text ever leaves the engine.
 */
import type { Viewer, VisibleEvent } from '../../core/game.ts';
import { COUNCIL_PRICES } from './data.ts';
import { abilityName, cardText, paramsText, potionName, spellName } from './render.ts';

export type ProspectusEvent =
  | { type: 'draft'; seat: number; potion: number }
  | { type: 'council-sale'; seat: number; space: number; potion: number; price: number; ability: boolean }
  | { type: 'ability'; seat: number; ability: number; potion: number }
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
  | { type: 'future-draw'; card: number; space: number }
  | { type: 'spell-draw'; seat: number; spell: number }
  | { type: 'turn'; seat: number; turn: number }
  | { type: 'game-end'; chamber: number[]; bonus: number[]; selloff: number[]; money: number[] };

const who = (seat: number, viewer: Viewer): string => (seat === viewer ? 'You' : `Seat ${seat}`);
const list = (counts: readonly number[]): string =>
  counts
    .map((n, p) => (n ? `${n} ${potionName(p)}` : ''))
    .filter(Boolean)
    .join(', ') || 'nothing';

/** The per-viewer text of an event: secrets only for the seat that owns them. */
export function viewEvent(e: ProspectusEvent, viewer: Viewer): VisibleEvent | null {
  const mine = 'seat' in e && e.seat === viewer;
  const pub = (text: string): VisibleEvent => ({ type: e.type, text, data: { ...e } });
  switch (e.type) {
    case 'draft':
      return pub(`${who(e.seat, viewer)} drafts ${potionName(e.potion)}.`);
    case 'council-sale':
      return pub(
        `${who(e.seat, viewer)} sells ${potionName(e.potion)} to the council for $${e.price}` +
          (e.ability ? '.' : ' (no ability).'),
      );
    case 'ability':
      return pub(`${potionName(e.potion)}'s ability: ${abilityName(e.ability)}.`);
    case 'bounty':
      return pub(`${who(e.seat, viewer)} takes $${e.amount} from the bank.`);
    case 'dividend-advance':
      return pub(`${who(e.seat, viewer)} advances the ${potionName(e.potion)} dividend.`);
    case 'recall':
      return pub(`${who(e.seat, viewer)} returns ${spellName(e.give)} and takes back ${spellName(e.take)}.`);
    case 'nudge':
      return pub(
        `${who(e.seat, viewer)} moves ${potionName(e.potion)} ${e.steps > 0 ? 'up' : 'down'} ${Math.abs(e.steps)}.`,
      );
    case 'exchange':
      return pub(`${who(e.seat, viewer)} swaps a ${potionName(e.from)} cube for ${potionName(e.to)}.`);
    case 'tribute':
      return mine
        ? pub(`You secretly add ${potionName(e.a)} and ${potionName(e.b)} to the council chamber.`)
        : {
            type: e.type,
            text: `Seat ${e.seat} secretly adds two cubes to the council chamber.`,
            data: { seat: e.seat },
          };
    case 'transaction':
      // prospectus.hidden.screens.transaction: with hidden quantities only the colour, direction and
      // price show; otherwise the quantity and amount are seen too (open supply, open bank).
      return mine || e.open
        ? pub(
            `${who(e.seat, viewer)} ${e.kind === 'buy' ? 'buys' : 'sells'} ${e.n} ${potionName(e.potion)} at $${e.price} ($${e.n * e.price}).`,
          )
        : {
            type: e.type,
            text: `Seat ${e.seat} ${e.kind === 'buy' ? 'buys' : 'sells'} ${potionName(e.potion)} at $${e.price} each.`,
            data: { seat: e.seat, kind: e.kind, potion: e.potion, price: e.price },
          };
    case 'play':
      return pub(
        e.mode === 'cast'
          ? `${who(e.seat, viewer)} casts ${spellName(e.spell)}.`
          : `${who(e.seat, viewer)} discards ${spellName(e.spell)} to ${e.mode === 'council' ? 'sell to the council again' : 'recharge the interrupt tile'}.`,
      );
    case 'announce':
      return pub(
        `${who(e.seat, viewer)} announces ${spellName(e.spell)}${e.params.length ? `: ${paramsText(e.spell, e.params)}` : ''}.`,
      );
    case 'interrupt':
      return pub(`${who(e.seat, viewer)} uses the interrupt tile.`);
    case 'pass':
      return pub(`${who(e.seat, viewer)} does not interrupt.`);
    case 'freeze':
      return pub(`${potionName(e.potion)} is frozen until ${who(e.seat, viewer)}'s next turn.`);
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
        : { type: e.type, text: `Seat ${e.seat} looks at the top future cards.`, data: { seat: e.seat } };
    case 'reorder':
      return mine
        ? pub(`You put them back as ${e.cards.map((c) => '#' + c).join(', ')}.`)
        : { type: e.type, text: `Seat ${e.seat} puts them back in a secret order.`, data: { seat: e.seat } };
    case 'council-verdict':
      return pub(`The council ${e.blessed ? 'blesses' : 'curses'} ${potionName(e.potion)}.`);
    case 'drop':
      return pub(`Into the crystal ball: ${list(e.dropped)}. Out: ${list(e.emerged)}.`);
    case 'pound':
      return pub(`${who(e.seat, viewer)} pounds the table: ${list(e.emerged)} fall out.`);
    case 'redrop':
      return pub(
        `${who(e.seat, viewer)} re-drops a ${potionName(e.potion)} cube: ${list(e.emerged)} fall out.`,
      );
    case 'price':
      return pub(`${potionName(e.potion)}: $${e.from} → $${e.to}.`);
    case 'split':
      return pub(`${potionName(e.potion)} SPLITS! Holdings ${e.counts.join('/')} double; price back to $20.`);
    case 'bust':
      return pub(
        `${potionName(e.potion)} BUSTS! Holdings ${e.counts.join('/')} are lost; price back to $20.`,
      );
    case 'reshuffle':
      return pub(`The future discards are shuffled back into the deck (${e.size} cards).`);
    case 'dividend': {
      // prospectus.hidden.screens.dividend: paid out of the open bank, so every payment is seen.
      if (e.open)
        return pub(
          `${potionName(e.potion)} pays a $${e.perCube} dividend per cube: ` +
            `${e.paid.map((m, seat) => `${who(seat, viewer)} $${m}`).join(', ')}.`,
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
        : { type: e.type, text: `Seat ${e.seat} draws a spell.`, data: { seat: e.seat } };
    case 'turn':
      return pub(`— ${who(e.seat, viewer)}${e.seat === viewer ? 'r' : "'s"} turn —`);
    case 'game-end':
      return pub(
        `Game over. Chamber: ${list(e.chamber)}. Bonus ${e.bonus.map((m) => '$' + m).join('/')}, ` +
          `sell-off ${e.selloff.map((m) => '$' + m).join('/')}, final ${e.money.map((m) => '$' + m).join('/')}.`,
      );
  }
}
