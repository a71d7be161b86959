/**
 * Prosperitea component data. The rulebook prints no card list, so everything that is not a
 * rulebook number is reconstructed here, once, with its provenance; the engine only reads tables.
 */

export interface Sourced<T> {
  readonly value: T;
  readonly provenance: string;
}

// ---------------------------------------------------------------------------------------------
// Ingredient types and rarity
// ---------------------------------------------------------------------------------------------

export const INGREDIENT_TYPES = ['black', 'green', 'tisane', 'flavor'] as const;
export type IngredientType = (typeof INGREDIENT_TYPES)[number];
export const INGREDIENT_TYPES_PROVENANCE =
  'rulebook: Game Setup step 1 names the FOUR ingredient decks Black, Green, Tisane and Flavor';

export const TYPE_LABEL: Readonly<Record<IngredientType, string>> = {
  black: 'Black',
  green: 'Green',
  tisane: 'Tisane',
  flavor: 'Flavor',
};

export type Rarity = 'common' | 'uncommon' | 'rare';

/** Copies per rarity: rarer ingredients have fewer copies. */
export const COPIES_BY_RARITY: Sourced<Readonly<Record<Rarity, number>>> = {
  value: { common: 5, uncommon: 3, rare: 2 },
  provenance:
    'reconstructed: the rulebook prints a rarity on every ingredient card but no counts; 5/3/2 copies ' +
    'give 18-card decks, enough for 3-6 players to draft 15 starting cards and still source for 10-15 rounds',
};

/** Weight of a requirement when pricing orders: rarer specific ingredients are worth more. */
export const RARITY_COST: Sourced<Readonly<Record<Rarity | 'any', number>>> = {
  value: { any: 1, common: 1, uncommon: 2, rare: 3 },
  provenance:
    'reconstructed: a price scale for orders so that payouts follow how hard an order is to fill ' +
    '(rare cards have 2 copies, uncommon 3, common 5; any card of a type is the easiest)',
};

export interface IngredientDef {
  readonly id: string;
  readonly name: string;
  readonly type: IngredientType;
  readonly rarity: Rarity;
  /** The card's fun fact (the rulebook says every ingredient card carries one). */
  readonly fact: string;
}

const ING = (
  id: string,
  name: string,
  type: IngredientType,
  rarity: Rarity,
  fact: string,
): IngredientDef => ({
  id,
  name,
  type,
  rarity,
  fact,
});

/** Real tea ingredients, five per deck: two common, two uncommon, one rare. */
export const INGREDIENTS: Sourced<readonly IngredientDef[]> = {
  provenance:
    'reconstructed: real tea ingredients of each of the four rulebook types (black teas, green teas, ' +
    'herbal tisanes, flavourings); two common, two uncommon and one rare per deck, rarity by how prized ' +
    'the ingredient is in the tea trade',
  value: [
    ING(
      'assam',
      'Assam',
      'black',
      'common',
      'Grown in the Brahmaputra valley, the base of most breakfast teas.',
    ),
    ING('ceylon', 'Ceylon', 'black', 'common', 'Sri Lankan black tea, bright and brisk.'),
    ING(
      'darjeeling',
      'Darjeeling',
      'black',
      'uncommon',
      'Grown in the Himalayan foothills; called the champagne of teas.',
    ),
    ING('keemun', 'Keemun', 'black', 'uncommon', 'A Chinese black tea with a winey, slightly smoky note.'),
    ING(
      'lapsang',
      'Lapsang Souchong',
      'black',
      'rare',
      'Leaves dried over pinewood fires in the Wuyi mountains.',
    ),
    ING('sencha', 'Sencha', 'green', 'common', "Steamed Japanese green tea, Japan's everyday cup."),
    ING(
      'gunpowder',
      'Gunpowder',
      'green',
      'common',
      'Leaves rolled into small pellets that unfurl in the pot.',
    ),
    ING('dragonwell', 'Dragonwell', 'green', 'uncommon', 'Longjing: pan-fired flat leaves from Hangzhou.'),
    ING('matcha', 'Matcha', 'green', 'uncommon', 'Shade-grown leaves stone-ground into a fine powder.'),
    ING('gyokuro', 'Gyokuro', 'green', 'rare', 'Shaded for weeks before harvest; sweet and rich in umami.'),
    ING('chamomile', 'Chamomile', 'tisane', 'common', 'Daisy-like flowers brewed since ancient Egypt.'),
    ING('peppermint', 'Peppermint', 'tisane', 'common', 'A natural hybrid of watermint and spearmint.'),
    ING('rooibos', 'Rooibos', 'tisane', 'uncommon', 'Red bush from the Cederberg mountains of South Africa.'),
    ING('hibiscus', 'Hibiscus', 'tisane', 'uncommon', 'Dried calyces that brew a deep red, tart infusion.'),
    ING('lavender', 'Lavender', 'tisane', 'rare', 'Provence flower buds with a floral, calming scent.'),
    ING('lemon', 'Lemon Peel', 'flavor', 'common', 'Dried zest adds a bright citrus note.'),
    ING('ginger', 'Ginger', 'flavor', 'common', 'A warming rhizome used in chai and cold-weather blends.'),
    ING(
      'cinnamon',
      'Cinnamon',
      'flavor',
      'uncommon',
      'The inner bark of Cinnamomum trees, rolled into quills.',
    ),
    ING('bergamot', 'Bergamot', 'flavor', 'uncommon', 'The citrus oil that makes an Earl Grey.'),
    ING('jasmine', 'Jasmine', 'flavor', 'rare', 'Blossoms picked at dusk and layered with tea overnight.'),
  ],
};

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** One line of an order's ingredient list: a named ingredient, or any card of a type. */
export type Requirement = { readonly ingredient: string } | { readonly anyOf: IngredientType };

export type OrderTier = 'standard' | 'premium';

export interface OrderDef {
  readonly name: string;
  readonly tier: OrderTier;
  readonly needs: readonly Requirement[];
  /** SELL payout (left of the card). */
  readonly money: number;
  /** DISPLAY payout (right of the card). */
  readonly prestige: number;
  readonly copies: number;
}

const I = (ingredient: string): Requirement => ({ ingredient });
const ANY = (anyOf: IngredientType): Requirement => ({ anyOf });
const ORDER = (
  name: string,
  tier: OrderTier,
  needs: Requirement[],
  money: number,
  prestige: number,
  copies = 1,
): OrderDef => ({ name, tier, needs, money, prestige, copies });

/** Payout scale: cost = sum of RARITY_COST over the ingredient list. */
export const PAYOUT_RULE: Sourced<Readonly<Record<OrderTier, { moneyPlus: number; prestigePlus: number }>>> =
  {
    value: { standard: { moneyPlus: 1, prestigePlus: -1 }, premium: { moneyPlus: 2, prestigePlus: 0 } },
    provenance:
      'reconstructed: Standard orders sell for cost + 1 money or display for cost - 1 prestige; Premium ' +
      'orders, which the research notes need more or rarer ingredients and pay more, sell for cost + 2 ' +
      'or display for cost prestige. Displaying is worth more than selling at 5 money per prestige, and ' +
      'selling funds sourcing (3 money buys 3 cards), so the choice matters',
  };

export const STANDARD_ORDERS: Sourced<readonly OrderDef[]> = {
  provenance:
    'reconstructed: named real teas whose recipes use the ingredients above; 2-3 ingredients each; ' +
    'payouts from PAYOUT_RULE; deck size chosen by simulation so that a 4-player game lasts ' +
    'about 10-15 rounds',
  value: [
    ORDER('Earl Grey', 'standard', [I('ceylon'), I('bergamot')], 4, 2, 2),
    ORDER('English Breakfast', 'standard', [I('assam'), I('ceylon'), ANY('black')], 4, 2, 2),
    ORDER('Masala Chai', 'standard', [I('assam'), I('cinnamon'), I('ginger')], 5, 3),
    ORDER('Lemon Ginger', 'standard', [I('ginger'), I('lemon'), ANY('tisane')], 4, 2, 2),
    ORDER('Peppermint Blend', 'standard', [I('peppermint'), ANY('tisane')], 3, 1, 2),
    ORDER('Chamomile Classic', 'standard', [I('chamomile'), ANY('tisane')], 3, 1),
    ORDER('Jasmine Green', 'standard', [ANY('green'), I('jasmine')], 5, 3),
    ORDER('Moroccan Mint', 'standard', [I('gunpowder'), I('peppermint')], 3, 1, 2),
    ORDER('Hibiscus Cooler', 'standard', [I('hibiscus'), I('lemon')], 4, 2),
    ORDER('Rooibos Spice', 'standard', [I('rooibos'), I('cinnamon'), ANY('tisane')], 6, 4),
    ORDER('Smoky Breakfast', 'standard', [I('lapsang'), I('assam')], 5, 3),
    ORDER('Cinnamon Spice', 'standard', [ANY('black'), I('cinnamon'), ANY('flavor')], 5, 3),
    ORDER('Green Harmony', 'standard', [I('sencha'), I('gunpowder')], 3, 1, 2),
    ORDER('Lady Grey', 'standard', [I('ceylon'), I('bergamot'), I('lemon')], 5, 3),
    ORDER('Darjeeling Classic', 'standard', [I('darjeeling'), ANY('black')], 4, 2),
    ORDER('Keemun Breakfast', 'standard', [I('keemun'), I('assam')], 4, 2),
    ORDER('Matcha-iri Sencha', 'standard', [I('matcha'), I('sencha')], 4, 2),
    ORDER('Rooibos Citrus', 'standard', [I('rooibos'), I('lemon'), ANY('tisane')], 5, 3),
    ORDER('Dragonwell Spring', 'standard', [I('dragonwell'), ANY('green')], 4, 2),
    ORDER('Bedtime Blend', 'standard', [I('chamomile'), I('lavender'), I('peppermint')], 6, 4),
    ORDER('Hibiscus Zinger', 'standard', [I('hibiscus'), I('ginger'), ANY('tisane')], 5, 3),
    ORDER('Gunpowder Green', 'standard', [I('gunpowder'), ANY('green'), ANY('green')], 4, 2),
    ORDER('Citrus Black', 'standard', [ANY('black'), I('lemon'), ANY('flavor')], 4, 2),
    ORDER('Mint Green', 'standard', [I('sencha'), I('peppermint'), ANY('green')], 4, 2),
  ],
};

export const PREMIUM_ORDERS: Sourced<readonly OrderDef[]> = {
  provenance:
    'reconstructed: named speciality teas with 3-5 ingredients, each with at least one rare or two ' +
    'uncommon ingredients; payouts from PAYOUT_RULE',
  value: [
    ORDER(
      'Imperial Jasmine Pearl',
      'premium',
      [I('gyokuro'), I('jasmine'), ANY('green'), ANY('green')],
      10,
      8,
    ),
    ORDER('Russian Caravan', 'premium', [I('lapsang'), I('keemun'), I('assam'), ANY('flavor')], 9, 7),
    ORDER('Royal Earl Grey', 'premium', [I('darjeeling'), I('bergamot'), I('lavender'), ANY('black')], 10, 8),
    ORDER('Kashmiri Kahwa', 'premium', [I('dragonwell'), I('cinnamon'), I('ginger'), ANY('green')], 8, 6),
    ORDER('Ceremonial Matcha', 'premium', [I('matcha'), I('matcha'), ANY('green'), ANY('green')], 8, 6),
    ORDER('Lapsang Reserve', 'premium', [I('lapsang'), ANY('black'), ANY('black'), ANY('flavor')], 8, 6),
    ORDER('Provence Garden', 'premium', [I('lavender'), I('chamomile'), I('hibiscus'), ANY('tisane')], 9, 7),
    ORDER(
      'Spiced Rooibos Chai',
      'premium',
      [I('rooibos'), I('cinnamon'), I('ginger'), ANY('flavor'), ANY('tisane')],
      9,
      7,
    ),
    ORDER(
      'First Flush Darjeeling',
      'premium',
      [I('darjeeling'), I('keemun'), ANY('black'), I('lemon')],
      8,
      6,
    ),
    ORDER('Moonlight Blend', 'premium', [I('gyokuro'), I('lavender'), ANY('tisane')], 9, 7),
    ORDER(
      'Golden Chai',
      'premium',
      [I('assam'), I('keemun'), I('cinnamon'), I('ginger'), ANY('flavor')],
      9,
      7,
    ),
    ORDER('Garden Party', 'premium', [I('dragonwell'), I('hibiscus'), I('bergamot'), ANY('tisane')], 9, 7),
  ],
};

export interface EvergreenDef {
  readonly name: string;
  readonly needs: readonly Requirement[];
  readonly money: number;
}

/** The Evergreen orders of the reference card: always available, money only, never removed. */
export const EVERGREEN_ORDERS: Sourced<readonly EvergreenDef[]> = {
  provenance:
    'reconstructed: the rulebook says the reference cards carry simple Evergreen teas that pay a little ' +
    'money and no prestige; two cards of one type for 2 money is a small profit on free (budget 0) ' +
    'cards and roughly break-even on paid ones',
  value: [
    { name: 'House Black', needs: [ANY('black'), ANY('black')], money: 2 },
    { name: 'House Green', needs: [ANY('green'), ANY('green')], money: 2 },
    { name: 'House Herbal', needs: [ANY('tisane'), ANY('tisane')], money: 2 },
    { name: 'House Spice', needs: [ANY('flavor'), ANY('flavor')], money: 2 },
  ],
};

// ---------------------------------------------------------------------------------------------
// Rulebook numbers
// ---------------------------------------------------------------------------------------------

/** Money and starting ingredient count by turn position (1st..6th). */
export const SETUP_TABLE: Sourced<{
  readonly money: readonly number[];
  readonly ingredients: readonly number[];
}> = {
  value: { money: [3, 2, 2, 1, 1, 0], ingredients: [1, 2, 2, 3, 3, 4] },
  provenance: 'rulebook: First Player, step 2 table (Money 3 2 2 1 1 0; Ingredient 1 2 2 3 3 4)',
};

export interface Budget {
  readonly money: number;
  readonly cards: number;
}

export const BUDGETS: Sourced<readonly Budget[]> = {
  value: [
    { money: 0, cards: 1 },
    { money: 3, cards: 3 },
    { money: 5, cards: 4 },
  ],
  provenance: 'rulebook: Sourcing (0 money: one card; 3 money: three cards; 5 money: four cards)',
};

export const ADVERTISE_MONEY: Sourced<number> = {
  value: 2,
  provenance: 'rulebook: Advertising (take 2 money from the bank, then discard one order from the market)',
};

export const FAVOR_TOKENS: Sourced<number> = {
  value: 12,
  provenance: 'rulebook: Fulfillment, Favor tokens (there are only twelve in the game)',
};

export const MARKET: Sourced<{
  readonly standardRows: number;
  readonly perRow: number;
  readonly premium: number;
}> = {
  value: { standardRows: 2, perRow: 3, premium: 3 },
  provenance: 'rulebook: Game Setup steps 4 and 6 (two rows of three Standard orders, three Premium orders)',
};

export const SCORING: Sourced<{ readonly perFavor: number; readonly moneyPerPrestige: number }> = {
  value: { perFavor: 1, moneyPerPrestige: 5 },
  provenance: 'rulebook: Final Score (1 prestige per Favor token, 1 prestige for every 5 money)',
};

export const PLAYERS: Sourced<{ readonly min: number; readonly max: number }> = {
  value: { min: 2, max: 6 },
  provenance:
    'rulebook: the setup table has six turn positions; research notes 3-6 players with optional 2-player ' +
    'rules that are not published, so 2 players use the same rules (see docs)',
};

/** Orders a player may back out of in one turn before starting new ones stops (see docs). */
export const BACK_OUTS_PER_TURN: Sourced<number> = {
  value: 3,
  provenance:
    'reconstructed: the rulebook has no commitment to an order before its ingredients are handed in; ' +
    'backing out is free, and a cap keeps every turn finite for bots and search (three is more than ' +
    'a player needs after declined requests)',
};
