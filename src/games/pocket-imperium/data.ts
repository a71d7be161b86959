/**
 * Pocket Imperium component data. The Prosperity rulebook prints none of it; every table below says
 * where its values come from (`rulebook:` the expansion text, `research:` the project's research note
 * on the classic map and base rules, `reconstructed:` our own choice and why).
 */

export const COMMANDS = ['expand', 'explore', 'exterminate'] as const;
export type Command = (typeof COMMANDS)[number];
export const COMMAND_PROVENANCE = 'research: the three base-game command cards';

/** Victory points a controlled system scores, by level (index 0 = empty hex). */
export const LEVEL_VP = [0, 1, 2, 3] as const;
export const LEVEL_VP_PROVENANCE = 'research: systems score 1/2/3 VP by level I/II/III';

/** Ships a hex may hold after sustain, by level (index 0 = empty hex). */
export const SUSTAIN_LIMIT = [1, 2, 3, 4] as const;
export const SUSTAIN_PROVENANCE = 'research: sustain limits empty 1, level I 2, level II 3, Tri-Prime 4';

/** Strength of a command by how many players chose it in a step (index = count). */
export const STRENGTH_BY_COUNT = [0, 3, 2, 1, 1] as const;
export const STRENGTH_PROVENANCE =
  'research: 1 → 3, 2 → 2, 3 → 1; with 4 players strength = 3 − neighbours with the same command';

/** VP per claimed Prosperity card. */
export const PROSPERITY_CARD_VP = 3;
export const PROSPERITY_VP_PROVENANCE = 'rulebook: each claimed Prosperity card is worth 3 VPs';

// ---------------------------------------------------------------------------------------------
// Sector cards
// ---------------------------------------------------------------------------------------------

export type CardShape = 'edge' | 'side';

export interface SectorCard {
  readonly id: string;
  readonly shape: CardShape;
  /** Systems as [card row, card column, level]. */
  readonly systems: readonly (readonly [number, number, 1 | 2])[];
}

/**
 * Card positions: edge cards have rows of 2, 1 and 2 hexes (row 0 at the outer edge of the board);
 * side cards rows of 1, 2 and 1 hexes (column 0 at the outer edge).
 */
export const SECTOR_CARDS: readonly SectorCard[] = [
  {
    id: 'T1',
    shape: 'edge',
    systems: [
      [0, 0, 2],
      [1, 0, 1],
      [2, 1, 1],
    ],
  },
  {
    id: 'T2',
    shape: 'edge',
    systems: [
      [2, 0, 2],
      [0, 0, 1],
      [1, 0, 1],
    ],
  },
  {
    id: 'T3',
    shape: 'edge',
    systems: [
      [2, 1, 2],
      [0, 0, 1],
      [0, 1, 1],
    ],
  },
  {
    id: 'T4',
    shape: 'edge',
    systems: [
      [1, 0, 2],
      [2, 0, 1],
      [2, 1, 1],
    ],
  },
  {
    id: 'T5',
    shape: 'edge',
    systems: [
      [1, 0, 2],
      [0, 0, 1],
      [2, 0, 1],
    ],
  },
  {
    id: 'T6',
    shape: 'edge',
    systems: [
      [1, 0, 2],
      [0, 0, 1],
      [0, 1, 1],
    ],
  },
  {
    id: 'S1',
    shape: 'side',
    systems: [
      [0, 0, 2],
      [1, 0, 1],
      [2, 0, 1],
    ],
  },
  {
    id: 'S2',
    shape: 'side',
    systems: [
      [1, 1, 2],
      [0, 0, 1],
      [2, 0, 1],
    ],
  },
];
export const SECTOR_CARDS_PROVENANCE =
  'research: classic card table (four independent implementations and the card art agree); ' +
  'the orientation of the right-hand side card (turned 180°) is reconstructed: the note leaves it open';

// ---------------------------------------------------------------------------------------------
// Maps
// ---------------------------------------------------------------------------------------------

/** A place on the board where a card lies, and how card coordinates land on board cells. */
export interface CardPlace {
  readonly name: string;
  readonly shape: CardShape;
  /** Board cell [row, column] for each card cell [card row][card column]. */
  readonly cells: readonly (readonly (readonly [number, number])[])[];
}

function edgePlace(name: string, k: number, bottom: boolean): CardPlace {
  // Top cards: card row i is board row i. Bottom cards are turned 180°: row i → 8 − i, column j → 1 − j.
  const row = (i: number) => (bottom ? 8 - i : i);
  const col = (j: number) => 2 * k + (bottom ? 1 - j : j);
  return {
    name,
    shape: 'edge',
    cells: [
      [
        [row(0), col(0)],
        [row(0), col(1)],
      ],
      [[row(1), 2 * k]],
      [
        [row(2), col(0)],
        [row(2), col(1)],
      ],
    ],
  };
}

function sidePlace(name: string, right: boolean): CardPlace {
  // Left card: card row i is board row 3 + i. The right card is turned 180°: row i → 5 − i, column j → 1 − j.
  const row = (i: number) => (right ? 5 - i : 3 + i);
  const single = right ? 4 : 0;
  const pair = (j: number) => (right ? 5 - j : j);
  return {
    name,
    shape: 'side',
    cells: [
      [[row(0), single]],
      [
        [row(1), pair(0)],
        [row(1), pair(1)],
      ],
      [[row(2), single]],
    ],
  };
}

export interface MapLayout {
  readonly id: 'classic-3x3' | 'variant-3x2';
  /** Hexes in each board row (even rows 6, odd rows 5, shifted half a hex right). */
  readonly rowLengths: readonly number[];
  readonly triPrime: readonly (readonly [number, number])[];
  /** Card places in sector order. */
  readonly places: readonly CardPlace[];
  readonly provenance: string;
}

const TRI_PRIME_CELLS = [
  [3, 2],
  [4, 2],
  [4, 3],
  [5, 2],
] as const;

export const MAP_LAYOUTS: Readonly<Record<'classic-3x3' | 'variant-3x2', MapLayout>> = {
  'classic-3x3': {
    id: 'classic-3x3',
    rowLengths: [6, 5, 6, 5, 6, 5, 6, 5, 6],
    triPrime: TRI_PRIME_CELLS,
    places: [
      edgePlace('top-left', 0, false),
      edgePlace('top', 1, false),
      edgePlace('top-right', 2, false),
      sidePlace('left', false),
      sidePlace('right', true),
      edgePlace('bottom-left', 0, true),
      edgePlace('bottom', 1, true),
      edgePlace('bottom-right', 2, true),
    ],
    provenance: 'research: the classic 3×3 card map, 9 rows of pointy-top hexes, Tri-Prime in the centre',
  },
  'variant-3x2': {
    id: 'variant-3x2',
    rowLengths: [6, 5, 6, 5, 6, 5],
    triPrime: TRI_PRIME_CELLS,
    places: [
      edgePlace('top-left', 0, false),
      edgePlace('top', 1, false),
      edgePlace('top-right', 2, false),
      sidePlace('left', false),
      sidePlace('right', true),
    ],
    provenance:
      "research: the designer's 2-player variant drops one edge row of three cards; reconstructed: we drop the bottom row",
  },
};

// ---------------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------------

export type PresetId = 'boxed' | 'classic';

export interface Preset {
  readonly ships: number;
  /** Rounds by player count (index = players). */
  readonly rounds: readonly number[];
  /**
   * The last round has no sector choices: every system a player holds (Tri-Prime included) scores
   * its level's VP times this.
   */
  readonly lastRoundMultiplier: 1 | 2;
  /**
   * The game also ends at the end of a round in which a player has no ships on the board: every
   * classic game, whatever the player count (docs/rules/pocket-imperium.md, end.no-ships, says why).
   */
  readonly endsWhenFleetGone: boolean;
  readonly provenance: string;
}

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  boxed: {
    ships: 12,
    rounds: [0, 0, 6, 6, 8],
    lastRoundMultiplier: 1,
    endsWhenFleetGone: false,
    provenance:
      'research: boxed edition, 12 ships, 6 rounds with 2–3 players and 8 with 4, last round scores every sector once; ' +
      'reconstructed: no source gives the boxed edition an early end when a fleet is gone, so it runs its rounds',
  },
  classic: {
    ships: 15,
    rounds: [0, 0, 10, 9, 9],
    lastRoundMultiplier: 2,
    endsWhenFleetGone: true,
    provenance:
      'research: classic edition, 15 ships, 9 rounds (2-player variant 10), in the last round every held system ' +
      'scores double (Tri-Prime 6); the game ends early at the end of a round in which a player has no ships ' +
      '(research note, and the classic rules as a classic implementation quotes them; at every player count: ' +
      'the 2-player variant keeps the classic end); ' +
      'reconstructed: with 4 players (not published) we keep 9 rounds',
  },
};

/** 2 players: neutral ships on the map. */
export const NEUTRAL_SHIPS = { levelII: 1, triPrime: 2 } as const;
export const NEUTRAL_PROVENANCE =
  "research: designer's 2-player variant, 1 neutral ship per level-II system, 2 on Tri-Prime";

// ---------------------------------------------------------------------------------------------
// Prosperity cards
// ---------------------------------------------------------------------------------------------

export type Requirement = 'tri-prime' | 'level-1' | 'level-2' | 'largest-fleet';

export interface ProsperityCard {
  readonly id: number;
  readonly requirement: Requirement;
  /** Command index (into COMMANDS) pictured in each of the three slots. */
  readonly slots: readonly [number, number, number];
}

const ROTATIONS: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
];
const REQUIREMENTS: readonly Requirement[] = ['tri-prime', 'level-1', 'level-2', 'largest-fleet'];

/** 12 cards: each requirement three times, slots cycling through the three rotations. */
export const PROSPERITY_CARDS: readonly ProsperityCard[] = REQUIREMENTS.flatMap((requirement, r) =>
  ROTATIONS.map((slots, k) => ({ id: r * 3 + k, requirement, slots })),
);
export const PROSPERITY_PROVENANCE =
  'rulebook: 3 cards show Tri-Prime; 2–3 players remove 6 cards and 4 players remove 4 (so 12 cards in all); ' +
  'reconstructed: the other 9 are 3 "most level-I", 3 "most level-II" and 3 "largest fleet"; each card pictures ' +
  'each command once, the three rotations per requirement, so every command appears 4 times in every slot';

export const TRI_PRIME_CARDS = PROSPERITY_CARDS.filter((c) => c.requirement === 'tri-prime').map((c) => c.id);
