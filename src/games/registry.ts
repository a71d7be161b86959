import type { AnyGame } from '../core/index.ts';
import { prospectus } from './prospectus/index.ts';
import { pocketImperium } from './pocket-imperium/index.ts';
import { prosperitea } from './prosperitea/index.ts';

/** Every playable game, in the order the CLI lists them. Each game adds itself here once it works. */
export const GAMES: readonly AnyGame[] = [
  prospectus as AnyGame,
  pocketImperium as AnyGame,
  prosperitea as AnyGame,
];

export function findGame(id: string): AnyGame | undefined {
  return GAMES.find((g) => g.id === id);
}
