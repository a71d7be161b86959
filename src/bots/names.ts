/**
 * What the server's bots are called at a table: a name of their own and their level, "Basil ·
 * Casual bot", so that two bots at one table are never both "heuristic" (two identical buttons
 * "Ask heuristic for Hibiscus", three "heuristic's shop").
 *
 * Names are herbs and spices, which sit well in a tea shop, a potion market and a star empire alike,
 * and none is an ingredient, potion or card of the games (a bot called "Hibiscus" asked for
 * Hibiscus would read badly). They are drawn per table, deterministically from a key the table
 * already has in public (its id), never from its secret seed: the same table always shows the same
 * names, and no two seats share one.
 */
import { Rng } from '../core/rng.ts';

/** More names than a table has seats (16 at most), so every seat of a table can get its own. */
export const BOT_NAMES: readonly string[] = [
  'Basil',
  'Sage',
  'Thyme',
  'Rosemary',
  'Juniper',
  'Fennel',
  'Sorrel',
  'Yarrow',
  'Clover',
  'Tansy',
  'Saffron',
  'Nutmeg',
  'Anise',
  'Borage',
  'Mallow',
  'Elder',
  'Hazel',
  'Dill',
  'Lovage',
  'Verbena',
];

/**
 * The level word of each bot, in one place until levels are defined properly: the random bot is
 * for a first game, the game's heuristic bot plays a fair game, the search bot plays hard.
 */
export const BOT_LEVELS: Readonly<Record<string, string>> = {
  random: 'Beginner',
  heuristic: 'Casual',
  ismcts: 'Strong',
};

/** "Casual bot"; a bot without a level word is just a "bot". */
export function botLevel(bot: string): string {
  const level = Object.hasOwn(BOT_LEVELS, bot) ? BOT_LEVELS[bot] : undefined;
  return level ? `${level} bot` : 'bot';
}

/** A name for every seat of a table of `seats`, all different, the same every time for `key`. */
export function botNamesFor(key: string, seats: number): string[] {
  return Rng.fromSeed(`bot-names:${key}`).shuffle(BOT_NAMES.slice()).slice(0, seats);
}

/** How a bot seat is shown: "Basil · Casual bot". */
export function botTitle(name: string, bot: string): string {
  return `${name} · ${botLevel(bot)}`;
}
