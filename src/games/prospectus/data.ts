/**
 * Prospectus component data. The rulebook prints almost none of it, so every table says where its
 * values come from: `rulebook: …` for numbers the rulebook states, `reconstructed: …` for values
 * proposed in the research note (shared/research/prospectus.md) that satisfy every printed number.
 * Engines read these tables; they never hard-code a price, a limit or a card.
 */

export interface Sourced<T> {
  readonly value: T;
  readonly provenance: string;
}

/** The five potions, in the board's order. Index = potion id everywhere in the engine. */
export const POTIONS = {
  value: [
    { id: 'owl-spit', name: 'Owl Spit', colour: 'blue', letter: 'O' },
    { id: 'pixie-dust', name: 'Pixie Dust', colour: 'purple', letter: 'P' },
    { id: 'goblin-wizz', name: 'Goblin Wizz', colour: 'yellow', letter: 'G' },
    { id: 'troll-sweat', name: 'Troll Sweat', colour: 'red', letter: 'T' },
    { id: 'frog-juice', name: 'Frog Juice', colour: 'green', letter: 'F' },
  ],
  provenance:
    'rulebook: the five potion names and the colours of Owl Spit (blue) and Frog Juice (green); ' +
    'reconstructed: the other colours and the order (most to least volatile)',
} as const;
export const POTION_COUNT = 5;

export const START = {
  value: { money: 100, price: 20, handSize: 3, draftCubes: 3, ballCubesPerColour: 5 },
  provenance: 'rulebook: $100 each, every price at $20, hands of 3, 3 drafted cubes, 5 cubes of each colour',
} as const;

/** One space of the price machine, left (cheap) to right (dear). */
export interface PriceSpace {
  readonly price: number;
  readonly tank: number;
}

/** Tanks: a buy limit and a dividend per cube. The dearer the tank, the fewer you may buy. */
export const TANKS = {
  value: [
    { prices: [10, 11, 12], buyLimit: 5, dividend: 1 },
    { prices: [13, 14, 15, 16], buyLimit: 4, dividend: 2 },
    { prices: [17, 18, 19, 20, 21, 22], buyLimit: 3, dividend: 3 },
    { prices: [24, 26, 28, 30], buyLimit: 2, dividend: 5 },
    { prices: [32, 34, 36, 38, 40], buyLimit: 1, dividend: 8 },
  ],
  provenance:
    'rulebook: prices run $10..$40 (split above 40, bust below 10), a $14 potion may be bought 4 at a time, ' +
    'Goblin Wizz pays a $5 dividend in the example, the price-nudge ability implies some steps exceed $1; ' +
    'reconstructed: the 22 spaces, the tank limits and the other dividends (research note proposal)',
} as const;

/** The price machine flattened to spaces (index 0 = $10 .. 21 = $40). */
export const PRICE_SPACES: readonly PriceSpace[] = TANKS.value.flatMap((t, tank) =>
  t.prices.map((price) => ({ price, tank })),
);
export const TOP_SPACE = PRICE_SPACES.length - 1;
export const PRICE_BY_SPACE: readonly number[] = PRICE_SPACES.map((s) => s.price);
export const LIMIT_BY_SPACE: readonly number[] = PRICE_SPACES.map((s) => TANKS.value[s.tank]!.buyLimit);
export const DIVIDEND_BY_SPACE: readonly number[] = PRICE_SPACES.map((s) => TANKS.value[s.tank]!.dividend);
export const START_SPACE = PRICE_BY_SPACE.indexOf(START.value.price);

/** A dividend pays when the third cube arrives in a potion's lair. */
export const DIVIDEND_TRIGGER = {
  value: 3,
  provenance: 'rulebook: the third cube triggers the dividend',
} as const;

/** Council price per future-track space, left-most first; the right-most space is the current card. */
export const COUNCIL_PRICES = {
  value: [16, 18, 20, 22, 24],
  provenance:
    'rulebook: five spaces, the left-most shows 16 and is unused with 3 players, a Troll Sweat sale pays $20; ' +
    'reconstructed: $2 steps to the right (research note proposal)',
} as const;
export const TRACK_SPACES = COUNCIL_PRICES.value.length;
export const CURRENT_SPACE = TRACK_SPACES - 1;

export const BLOCKERS = { value: 10, provenance: 'rulebook: 10 black demand blocker cubes' } as const;

/**
 * The 40 future cards: [id, the two demanded potions, cube icons per potion (O P G T F),
 * arrow per potion (U up / D down, printed for every potion even with no icons), dividend potion].
 * Card 0 is the rulebook's market example (3 Owl Spit, 1 Pixie Dust, 1 Goblin Wizz, 1 Troll Sweat,
 * 2 Frog Juice; Owl, Pixie and Goblin down, Frog up).
 */
export type FutureCardRow = readonly [number, string, readonly number[], string, string];
export const FUTURE_CARD_ROWS = {
  value: [
    [0, 'OP', [3, 1, 1, 1, 2], 'DDDUU', 'O'],
    [1, 'OP', [2, 4, 2, 2, 1], 'UDDUU', 'P'],
    [2, 'GT', [1, 1, 3, 0, 1], 'UUUDD', 'F'],
    [3, 'PG', [2, 1, 2, 3, 3], 'DDDUU', 'F'],
    [4, 'OF', [1, 2, 2, 1, 1], 'UDUDD', 'P'],
    [5, 'OG', [1, 4, 0, 0, 1], 'DDDUD', 'F'],
    [6, 'GT', [1, 1, 2, 2, 0], 'UUDUU', 'T'],
    [7, 'OP', [3, 2, 3, 2, 1], 'UUUUD', 'F'],
    [8, 'GF', [2, 4, 1, 3, 1], 'UDUDD', 'F'],
    [9, 'TF', [2, 3, 2, 0, 0], 'DUUUD', 'T'],
    [10, 'PG', [2, 0, 3, 0, 1], 'UDUDD', 'O'],
    [11, 'GT', [0, 2, 2, 2, 2], 'DUUDU', 'F'],
    [12, 'OG', [1, 1, 0, 2, 1], 'UUUUU', 'G'],
    [13, 'OG', [0, 3, 2, 1, 2], 'DUDUD', 'T'],
    [14, 'OP', [1, 2, 2, 1, 0], 'UUDDU', 'P'],
    [15, 'PF', [4, 3, 1, 1, 0], 'UUDDD', 'P'],
    [16, 'PT', [2, 2, 0, 2, 1], 'DUUDD', 'F'],
    [17, 'GT', [3, 1, 3, 2, 1], 'UUDDU', 'T'],
    [18, 'TF', [2, 1, 1, 1, 2], 'UDDDU', 'G'],
    [19, 'OG', [2, 4, 1, 2, 1], 'DDUDU', 'T'],
    [20, 'OT', [3, 2, 1, 0, 2], 'DDDDU', 'G'],
    [21, 'OT', [2, 1, 1, 3, 2], 'UUDUD', 'G'],
    [22, 'TF', [2, 2, 1, 1, 0], 'DDDUU', 'G'],
    [23, 'OG', [2, 0, 1, 1, 2], 'UUUUD', 'T'],
    [24, 'OF', [4, 1, 3, 2, 1], 'DDDDD', 'T'],
    [25, 'OF', [3, 3, 1, 0, 0], 'DUUUD', 'T'],
    [26, 'GT', [2, 0, 2, 0, 1], 'DDDDU', 'T'],
    [27, 'PT', [2, 0, 1, 3, 3], 'DUDUD', 'T'],
    [28, 'TF', [0, 4, 2, 2, 0], 'UUUDU', 'F'],
    [29, 'PF', [4, 2, 3, 1, 0], 'UDUUD', 'G'],
    [30, 'PF', [3, 2, 3, 0, 0], 'DDUDU', 'G'],
    [31, 'PG', [2, 2, 1, 1, 2], 'UDDUD', 'G'],
    [32, 'GF', [2, 2, 3, 0, 4], 'UUDDU', 'O'],
    [33, 'PF', [2, 2, 0, 4, 2], 'UUDDD', 'F'],
    [34, 'GT', [1, 0, 1, 3, 1], 'DDDDD', 'P'],
    [35, 'PF', [2, 0, 2, 3, 2], 'DUUUU', 'P'],
    [36, 'PF', [1, 4, 2, 1, 0], 'DDDUU', 'F'],
    [37, 'OP', [2, 1, 1, 1, 1], 'DUUUD', 'F'],
    [38, 'OT', [3, 1, 2, 2, 1], 'DUUDD', 'F'],
    [39, 'TF', [3, 1, 0, 0, 2], 'UUDUU', 'O'],
  ] as readonly FutureCardRow[],
  provenance:
    'rulebook: 40 cards, two different demands each, icons with an arrow per potion and one dividend potion; ' +
    'Owl Spit 40 up / 40 down icons, Frog Juice 24 / 24, the example card drops 8 cubes; ' +
    'reconstructed: the individual cards, written out once from the research note totals ' +
    '(icons up=down 40/36/32/28/24, dividends 4/6/8/10/12, 16 demands per potion)',
} as const;

export interface FutureCard {
  readonly id: number;
  readonly demands: readonly [number, number];
  readonly icons: readonly number[];
  /** +1 up, -1 down, per potion. */
  readonly arrows: readonly number[];
  readonly dividend: number;
}

const LETTERS = POTIONS.value.map((p) => p.letter as string);
export const FUTURE_CARDS: readonly FutureCard[] = FUTURE_CARD_ROWS.value.map(
  ([id, demands, icons, arrows, div]) => ({
    id,
    demands: [LETTERS.indexOf(demands[0]!), LETTERS.indexOf(demands[1]!)] as const,
    icons,
    arrows: [...arrows].map((a) => (a === 'U' ? 1 : -1)),
    dividend: LETTERS.indexOf(div),
  }),
);

/** The published volatility and dividend figures the cards must sum to. */
export const DECK_TOTALS = {
  value: {
    up: [40, 36, 32, 28, 24],
    down: [40, 36, 32, 28, 24],
    dividends: [4, 6, 8, 10, 12],
    demands: [16, 16, 16, 16, 16],
  },
  provenance: 'rulebook: Owl Spit 40/40, Frog Juice 24/24; reconstructed: the rest (research note proposal)',
} as const;

/** The eight potion abilities (tokens); five are dealt to the potions at setup. */
export const ABILITIES = {
  value: [
    { id: 'dividend', name: 'Advance a dividend', text: 'advance the dividend of any potion' },
    { id: 'recall', name: 'Recall a spell', text: 'swap a spell in hand for one in your discard pile' },
    { id: 'trade', name: 'Trade', text: 'make a transaction now' },
    { id: 'bounty', name: 'Bounty', text: 'take $10 from the bank' },
    { id: 'encore', name: 'Encore', text: 'sell one more cube to the council (money only)' },
    { id: 'nudge', name: 'Nudge', text: 'move any price 1 or 2 spaces, by at most $3' },
    { id: 'exchange', name: 'Exchange', text: 'swap one of your cubes for one from the supply' },
    { id: 'tribute', name: 'Tribute', text: 'add two cubes to the council chamber in secret' },
  ],
  provenance: 'rulebook: the eight effects of the potion ability index; reconstructed: the short names',
} as const;
export type AbilityId = (typeof ABILITIES.value)[number]['id'];
export const ABILITY_IDS: readonly AbilityId[] = ABILITIES.value.map((a) => a.id);
export const ABILITIES_IN_PLAY = { value: 5, provenance: 'rulebook: one token per potion lair' } as const;
export const NUDGE_MAX_DOLLARS = { value: 3, provenance: 'rulebook: not by more than $3' } as const;
export const BOUNTY_DOLLARS = { value: 10, provenance: 'rulebook: $10 from the bank' } as const;
export const TRIBUTE_CUBES = {
  value: 2,
  provenance: 'rulebook: two cubes into the council chamber',
} as const;

/** Every spell known: the rulebook's seven base spells and five promo cards. */
export const SPELLS = {
  value: [
    {
      id: 'hourglass',
      name: 'Hourglass',
      text: 'execute the first two future cards this turn',
      promo: false,
    },
    { id: 'add-cubes', name: 'Add two cubes', text: 'drop two extra cubes of your choice', promo: false },
    { id: 'plus-three', name: '+3', text: 'buy 3 over the limit in your second transaction', promo: false },
    {
      id: 'reverse',
      name: 'Reverse arrow',
      text: "reverse one potion's arrow on the current card",
      promo: false,
    },
    { id: 'freeze', name: 'Freeze', text: 'no transactions in a potion until your next turn', promo: false },
    {
      id: 'block',
      name: 'Block two demands',
      text: 'put blockers on two open council demands',
      promo: false,
    },
    { id: 'change', name: 'Change a cube', text: 'change one cube icon of the current card', promo: false },
    {
      id: 'look',
      name: 'Look at future cards',
      text: 'look at the top 3 future cards and reorder them',
      promo: true,
    },
    {
      id: 'move-card',
      name: 'Move a future card',
      text: 'move a track card to the current space',
      promo: true,
    },
    { id: 'redrop', name: 'Re-drop a cube', text: 'drop one emerged cube into the ball again', promo: true },
    {
      id: 'pulsa-pugnum',
      name: 'Pulsa Pugnum',
      text: 'pound the table: one extra knock on the ball',
      promo: true,
    },
    {
      id: 'swap-tokens',
      name: 'Swap ability tokens',
      text: 'swap any two potion ability tokens',
      promo: true,
    },
  ],
  provenance:
    'rulebook: the seven spells of the spell index and the five promo cards; the index lists only 7 of the ' +
    '10 base cards, so the three missing ones are reconstructed (research note proposal)',
} as const;
export type SpellId = (typeof SPELLS.value)[number]['id'];
export const SPELL_IDS: readonly SpellId[] = SPELLS.value.map((s) => s.id);

export const DEFAULT_SPELL_DECK = {
  value: [
    'hourglass',
    'add-cubes',
    'plus-three',
    'reverse',
    'freeze',
    'block',
    'change',
    'look',
    'move-card',
    'redrop',
  ] as readonly SpellId[],
  provenance:
    'rulebook: 10 spells per player; reconstructed: the 7 indexed spells plus Look, Move and Re-drop ' +
    '(research note proposal)',
} as const;
export const SPELLS_REMOVED_AT_FOUR = {
  value: 2,
  provenance: 'rulebook: 4 players discard the same two',
} as const;
export const PLUS_THREE_EXTRA = { value: 3, provenance: 'rulebook: exceed the buy limit by 3' } as const;
export const LOOK_DEPTH = { value: 3, provenance: 'rulebook: the top three future cards' } as const;
export const ADDED_CUBES = { value: 2, provenance: 'rulebook: any two cubes' } as const;
export const BLOCKED_DEMANDS = { value: 2, provenance: 'rulebook: any two demand spaces' } as const;

/** The crystal ball as a cube tower. */
export const CRYSTAL_BALL = {
  value: { stickChance: 0.3, knockChance: 0.35 },
  provenance:
    'reconstructed: each dropped cube sticks inside with probability 0.3; each cube already inside is ' +
    'knocked out with probability 0.35 by a drop (or a tap / a pound); about as many come out as go in ' +
    '(research note proposal)',
} as const;

/** Index of a spell in SPELLS by id. */
export const SPELL_INDEX: Readonly<Record<SpellId, number>> = Object.fromEntries(
  SPELL_IDS.map((id, i) => [id, i]),
) as Record<SpellId, number>;
/** Index of an ability in ABILITIES by id. */
export const ABILITY_INDEX: Readonly<Record<AbilityId, number>> = Object.fromEntries(
  ABILITY_IDS.map((id, i) => [id, i]),
) as Record<AbilityId, number>;
