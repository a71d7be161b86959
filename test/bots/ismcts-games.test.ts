import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.ts';
import type { AnyGame } from '../../src/core/game.ts';
import { playMatch } from '../../src/core/match.ts';
import { randomBot } from '../../src/bots/random.ts';
import { ismctsBot } from '../../src/bots/ismcts.ts';
import { GAMES } from '../../src/games/registry.ts';

/** A table size every game of the project allows (Pocket Imperium stops at three). */
const playersFor = (game: AnyGame) => Math.min(game.maxPlayers, 3);

const GAMES_PER_TEST = 3;

describe('ismcts against random bots in every registered game', () => {
  for (const game of GAMES) {
    it(`${game.id}: wins a short seat-rotated match with a small budget`, () => {
      const players = playersFor(game);
      let wins = 0;
      for (let g = 0; g < GAMES_PER_TEST; g++) {
        const seat = g % players;
        const bots: Bot<unknown, unknown, unknown>[] = Array.from({ length: players }, (_, s) =>
          s === seat
            ? ismctsBot({ game, seat: s, seed: `ismcts-${g}`, params: { iterations: '40' } })
            : randomBot({ game, seat: s, seed: `random-${g}-${s}` }),
        );
        const match = playMatch(game, { players, seed: `${game.id}-${g}`, bots });
        expect(match.truncated).toBe(false);
        if (match.outcome!.ranks[seat] === 1) wins++;
      }
      expect(wins).toBe(GAMES_PER_TEST);
    }, 120_000);
  }
});
