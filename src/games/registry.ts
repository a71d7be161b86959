import type { AnyGame } from '../core/index.ts';

/** Every playable game, in the order the CLI lists them. Each game adds itself here once it works. */
export const GAMES: readonly AnyGame[] = [];

export function findGame(id: string): AnyGame | undefined {
  return GAMES.find((g) => g.id === id);
}
