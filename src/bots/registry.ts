import type { AnyGame, Bot, BotFactory, Seat } from '../core/index.ts';
import { ismctsBot } from './ismcts.ts';
import { randomBot } from './random.ts';

/** Bots that play any game. Game-specific bots (e.g. `heuristic`) come from `game.bots`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const GENERIC_BOTS: Record<string, BotFactory<any, any, any>> = {
  random: randomBot,
  ismcts: ismctsBot,
};

export interface BotSpec {
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
}

/** `name` or `name:key=value:key=value`, e.g. `ismcts:ms=1000`. */
export function parseBotSpec(text: string): BotSpec {
  const [name = '', ...pairs] = text.trim().split(':');
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`bad bot parameter "${pair}" in "${text}" (expected key=value)`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { name, params };
}

export function botNames(game: AnyGame): string[] {
  return [...Object.keys(GENERIC_BOTS), ...Object.keys(game.bots ?? {})];
}

/** `table[key]` if it is the table's own: `constructor` or `toString` are on every object, and are no bots. */
function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

export function makeBot(
  game: AnyGame,
  spec: BotSpec,
  seat: Seat,
  seed: string,
): Bot<unknown, unknown, unknown> {
  const factory = ownEntry(game.bots, spec.name) ?? ownEntry(GENERIC_BOTS, spec.name);
  if (!factory)
    throw new Error(`unknown bot "${spec.name}" for ${game.id}; known: ${botNames(game).join(', ')}`);
  return factory({ game, seat, seed, params: spec.params });
}

/** One spec per seat: a shorter list repeats its last entry; an empty list means all random. */
export function lineup(specs: readonly string[], players: number): BotSpec[] {
  const list = specs.length ? specs : ['random'];
  return Array.from({ length: players }, (_, seat) => parseBotSpec(list[Math.min(seat, list.length - 1)]!));
}
