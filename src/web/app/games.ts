/**
 * What the client says about each game before any table exists. The lobby will take player ranges
 * and options from the server's game list; the pitch is the client's own text.
 */
export interface GameInfo {
  readonly id: string;
  readonly name: string;
  readonly players: string;
  readonly pitch: string;
}

export const GAME_INFO: readonly GameInfo[] = [
  {
    id: 'prospectus',
    name: 'Prospectus',
    players: '3–4 players',
    pitch:
      'A stock market of magic potions. Buy and sell behind your screen, sell to the council, and cast spells that ' +
      'bend the future track — then watch the crystal ball decide which prices rise, split or bust.',
  },
  {
    id: 'prosperitea',
    name: 'Prosperitea',
    players: '2–6 players',
    pitch:
      'Run a tea shop. Source ingredients with a budget, fill Standard and Premium orders alone or with help from ' +
      'your neighbours, then sell them for money or display them for prestige.',
  },
  {
    id: 'pocket-imperium',
    name: 'Pocket Imperium',
    players: '2–4 players',
    pitch:
      'A pocket-sized space 4X. Plan Expand, Explore and Exterminate in secret, resolve them in turn, and score the ' +
      'sectors you hold — with the Prosperity expansion rewarding Tri-Prime, systems and fleets.',
  },
];

export const gameInfo = (id: string): GameInfo | undefined => GAME_INFO.find((g) => g.id === id);
