/**
 * Display helpers for Prospectus, derived from the game's static data module only (never from
 * its rules). The public record's entry kinds are mirrored here; test/web checks the mirror
 * against the engine's record module.
 */
import {
  ABILITIES,
  COUNCIL_PRICES,
  DECK_TOTALS,
  DIVIDEND_BY_SPACE,
  FUTURE_CARDS,
  LIMIT_BY_SPACE,
  POTIONS,
  PRICE_BY_SPACE,
  SPELLS,
  TANKS,
} from '../../../games/prospectus/data.ts';

export { COUNCIL_PRICES, DIVIDEND_BY_SPACE, FUTURE_CARDS, LIMIT_BY_SPACE, PRICE_BY_SPACE, TANKS };

/**
 * Okabe–Ito colours in the potions' own hues (blue, purple, yellow, red, green), with a letter each,
 * in the ink that reads at 4.5:1 or more on it (white on the red or green reads at 3.4–3.9:1).
 */
export const POTION_STYLES: readonly { fill: string; ink: string }[] = [
  { fill: '#0072B2', ink: '#ffffff' },
  { fill: '#CC79A7', ink: '#1b1b1b' },
  { fill: '#F0E442', ink: '#1b1b1b' },
  { fill: '#D55E00', ink: '#000000' },
  { fill: '#009E73', ink: '#1b1b1b' },
];

export const POTION_COUNT = POTIONS.value.length;
export const potionName = (p: number): string => POTIONS.value[p]?.name ?? `potion ${p}`;
export const potionLetter = (p: number): string => POTIONS.value[p]?.letter ?? '?';
export const spellName = (i: number): string => SPELLS.value[i]?.name ?? `spell ${i}`;
export const spellText = (i: number): string => SPELLS.value[i]?.text ?? '';
export const spellId = (i: number): string => SPELLS.value[i]?.id ?? '';
export const spellPromo = (i: number): boolean => SPELLS.value[i]?.promo ?? false;
export const abilityName = (i: number): string => ABILITIES.value[i]?.name ?? `ability ${i}`;
export const abilityText = (i: number): string => ABILITIES.value[i]?.text ?? '';
export const SPACES = PRICE_BY_SPACE.length;

/**
 * How volatile each potion is, as the rulebook prints it under each ability token: the future
 * cards' icons that may move its price (as many up as down, "±40") and the cards that advance its
 * dividend ("4 div").
 */
export const VOLATILITY: readonly { readonly icons: number; readonly dividends: number }[] =
  DECK_TOTALS.value.up.map((icons, p) => ({ icons, dividends: DECK_TOTALS.value.dividends[p]! }));

/** A potion's volatility in words, for its legend and its label. */
export const volatilityText = (p: number): string => {
  const v = VOLATILITY[p]!;
  return (
    `${v.icons} cube icons on the future cards may raise its price and ${v.icons} lower it; ` +
    `${v.dividends} of the 40 cards advance its dividend`
  );
};

/** An ability's name short enough for its token under the tube. */
export const shortAbility = (i: number): string =>
  abilityName(i).replace('Advance a dividend', 'Dividend+').replace('Recall a spell', 'Recall');

/**
 * A discard pile split into the spells removed at setup (a 4-player game puts the same two into
 * every pile) and those discarded since. At setup the removed spells are the whole pile; played
 * cards go on top, and Recall swaps a card of the pile for one in hand in its place, so a removed
 * spell still in one of the first places of the pile has been there since setup.
 */
export function splitDiscards(
  pile: readonly number[],
  removed: readonly number[],
): { setup: number[]; played: number[] } {
  const fromSetup = (spell: number, at: number) => at < removed.length && removed.includes(spell);
  return {
    setup: pile.filter((spell, at) => fromSetup(spell, at)),
    played: pile.filter((spell, at) => !fromSetup(spell, at)),
  };
}

/** Kinds of the public record's entries: [kind, seat, …] (see the engine's rules/record.ts). */
export const REC = {
  DRAFT: 0,
  COUNCIL: 1,
  BOUNTY: 2,
  EXCHANGE: 3,
  BUY: 4,
  SELL: 5,
  DIVIDEND: 6,
  SPLIT: 7,
  BUST: 8,
  /** [QTY, seat, potion, n, amount]: the quantity of the trade just before, when screens show it. */
  QTY: 9,
} as const;

/** Demand space states on the future track (the engine's OPEN / FILLED / BLOCKED). */
export const DEMAND = { OPEN: 0, FILLED: 1, BLOCKED: 2 } as const;

/** What the acting seat is asked to do, to follow "Your move:" or "Waiting for Ada to". */
export const PHASE_TEXT: Readonly<Record<string, string>> = {
  draft: 'draft a cube from the crystal ball',
  council: 'sell a cube to the council, or skip',
  ability: 'use the potion’s ability, or skip',
  tx1: 'buy or sell one potion, or skip',
  qty: 'choose how many cubes',
  play: 'play a spell card',
  param: 'announce the spell’s target',
  interrupt: 'interrupt with a transaction, or pass',
  resell: 'sell one more cube to the council, or skip',
  reorder: 'put the top future cards back in order',
  market: 'act at the crystal ball, or skip',
  tx2: 'make a second transaction, or skip',
};

/** The tank (0–4) of a price space, and the spaces where each tank starts. */
export const TANK_OF_SPACE: readonly number[] = TANKS.value.flatMap((t, tank) => t.prices.map(() => tank));

/** A record entry, with the quantity and amount of a trade when the table saw them. */
export interface RecordLine {
  readonly e: readonly number[];
  readonly qty: { readonly n: number; readonly amount: number } | null;
}

/** The record's entries with each QTY entry folded into the trade it belongs to. */
export function recordLines(record: readonly (readonly number[])[]): RecordLine[] {
  const out: RecordLine[] = [];
  for (const e of record) {
    const last = out[out.length - 1];
    if (e[0] === REC.QTY && last && last.e[1] === e[1] && last.qty === null)
      out[out.length - 1] = { e: last.e, qty: { n: e[3]!, amount: e[4]! } };
    else out.push({ e, qty: null });
  }
  return out;
}

/** One public record entry in words, with the seat left to the caller. */
export function recordText(e: readonly number[], qty: RecordLine['qty'] = null): string {
  const p = potionName(e[2]!);
  const many = qty ? `${qty.n} ${p} at $${e[3]} ($${qty.amount})` : null;
  switch (e[0]) {
    case REC.DRAFT:
      return `drafts ${p}`;
    case REC.COUNCIL:
      return `sells ${p} to the council at $${e[3]}`;
    case REC.BOUNTY:
      return `takes a $${e[2]} bounty`;
    case REC.EXCHANGE:
      return `exchanges ${p} for ${potionName(e[3]!)}`;
    case REC.BUY:
      return many ? `buys ${many}` : `buys ${p} at $${e[3]} (up to ${e[4]})`;
    case REC.SELL:
      return many ? `sells ${many}` : `sells ${p} at $${e[3]}`;
    case REC.DIVIDEND:
      return (
        `${p} pays $${e[3]} a cube` +
        (e.length > 4
          ? `: ${e
              .slice(4)
              .map((m) => `$${m}`)
              .join('/')}`
          : '')
      );
    case REC.QTY:
      return `trades ${e[3]} ${p} ($${e[4]})`;
    case REC.SPLIT:
      return `${p} splits — holdings ${e.slice(3).join('/')}`;
    case REC.BUST:
      return `${p} busts — holdings ${e.slice(3).join('/')}`;
    default:
      return 'unknown entry';
  }
}

/** Spell parameters as the table announced them. */
export function paramsText(spell: number, params: readonly number[]): string {
  const p = (i: number) => potionName(params[i]!);
  if (params.length === 0) return '';
  switch (spellId(spell)) {
    case 'add-cubes':
      return `adds ${p(0)} and ${p(1)}`;
    case 'reverse':
      return `reverses ${p(0)}`;
    case 'freeze':
      return `freezes ${p(0)}`;
    case 'change':
      return `turns a ${p(0)} cube into ${p(1)}`;
    case 'block': {
      const n = Math.floor(params.length / 2);
      return `blocks ${n} council demand${n === 1 ? '' : 's'}`;
    }
    case 'move-card':
      return `brings the $${COUNCIL_PRICES.value[params[0]!]} card forward`;
    case 'swap-tokens':
      return 'swaps two ability tokens';
    default:
      return '';
  }
}

/** Net price move of each potion since the current turn began (null: it has not moved). */
export interface PriceMove {
  readonly from: number;
  readonly change: number;
}

export function priceMovesThisTurn(
  events: readonly { type: string; data?: unknown }[],
): (PriceMove | null)[] {
  let start = 0;
  for (let i = events.length - 1; i >= 0; i--)
    if (events[i]!.type === 'turn') {
      start = i + 1;
      break;
    }
  const moves: (PriceMove | null)[] = Array.from({ length: POTION_COUNT }, () => null);
  for (const e of events.slice(start)) {
    if (e.type !== 'price') continue;
    const d = e.data as { potion: number; from: number; to: number };
    const first = moves[d.potion]?.from ?? d.from;
    moves[d.potion] = { from: first, change: d.to - first };
  }
  return moves;
}
