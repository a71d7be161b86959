/**
 * What the client says about each game in its own words: the pitch, and plain names and help for the
 * options and bots the server lists. Player ranges, options and bots themselves come from the
 * server's game list (`GET /api/v1/games`); `players` here is only shown when the server cannot be
 * reached.
 */
export interface GameInfo {
  readonly id: string;
  readonly name: string;
  readonly players: string;
  readonly pitch: string;
  /** "Play now against bots": how many seats (you and bots). */
  readonly playNowPlayers: number;
}

export const GAME_INFO: readonly GameInfo[] = [
  {
    id: 'prospectus',
    name: 'Prospectus',
    players: '3–4 players',
    pitch:
      'A stock market of magic potions. Buy and sell behind your screen, sell to the council, and cast spells that ' +
      'bend the future track — then watch the crystal ball decide which prices rise, split or bust.',
    playNowPlayers: 4,
  },
  {
    id: 'prosperitea',
    name: 'Prosperitea',
    players: '2–6 players',
    pitch:
      'Run a tea shop. Source ingredients with a budget, fill Standard and Premium orders alone or with help from ' +
      'your neighbours, then sell them for money or display them for prestige.',
    playNowPlayers: 4,
  },
  {
    id: 'pocket-imperium',
    name: 'Pocket Imperium',
    players: '2–4 players',
    pitch:
      'A pocket-sized space 4X. Plan Expand, Explore and Exterminate in secret, resolve them in turn, and score the ' +
      'sectors you hold — with the Prosperity expansion rewarding Tri-Prime, systems and fleets.',
    playNowPlayers: 3,
  },
];

export const gameInfo = (id: string): GameInfo | undefined => GAME_INFO.find((g) => g.id === id);

/** A label, help and value names for a game option; the schema's own `description` wins over `help`. */
export interface OptionText {
  readonly label: string;
  readonly help?: string;
  readonly values?: Readonly<Record<string, string>>;
}

/** Keyed `<game>.<option>`. An option missing here is named from its key and has no help. */
export const OPTION_TEXT: Readonly<Record<string, OptionText>> = {
  'prospectus.spells': {
    label: 'Spell deck',
    help: 'The ten spells in every player’s deck: any ten of the twelve (seven base spells and five promo cards).',
    values: {
      hourglass: 'Hourglass',
      'add-cubes': 'Add two cubes',
      'plus-three': '+3',
      reverse: 'Reverse arrow',
      freeze: 'Freeze',
      block: 'Block two demands',
      change: 'Change a cube',
      look: 'Look at future cards',
      'move-card': 'Move a future card',
      redrop: 'Re-drop a cube',
      'pulsa-pugnum': 'Pulsa Pugnum',
      'swap-tokens': 'Swap ability tokens',
    },
  },
  // Tables made before the screens became one choice said this instead of `screens: 'open'`.
  'prospectus.openScreens': { label: 'Open screens' },
  'prospectus.screens': {
    label: 'Screens',
    help: 'What each player keeps behind a screen, and what the table sees of trades made behind it.',
    values: {
      open: 'Open screens (no screens: everyone sees every cube, sum and quantity)',
      'open-trades':
        'Open trades (totals behind screens; every quantity and payment public, as at a real table)',
      'hidden-quantities': 'Hidden quantities (harder: quantities and dividends stay behind the screen)',
    },
  },
  'pocket-imperium.preset': {
    label: 'Edition',
    help: 'Boxed: 12 ships, 6 rounds (8 with four players). Classic: 15 ships, 9–10 rounds, the last round scores double and a player left without ships ends the game.',
    values: { boxed: 'Boxed', classic: 'Classic' },
  },
  'pocket-imperium.prosperity': {
    label: 'Prosperity expansion',
    help: 'Adds the Prosperity chain, rewarding Tri-Prime, systems and fleets. Without it: the base game.',
  },
};

/**
 * Bots as players know them: their level (the server's words for its bots, `BOT_LEVELS` in
 * src/bots/names.ts, which the table shows as "Basil · Casual bot"; a test keeps the two the same)
 * and what playing one is like. A bot missing here is shown by its server name.
 */
export const BOT_TEXT: Readonly<Record<string, { label: string; help: string }>> = {
  random: { label: 'Beginner', help: 'plays any legal move: a gentle first game' },
  heuristic: { label: 'Casual', help: 'plays a sensible game, and quickly' },
  ismcts: {
    label: 'Strong',
    help: 'thinks ahead before each move: the more time it has, the harder it plays',
  },
};

export const botLabel = (name: string): string => BOT_TEXT[name]?.label ?? name;
