/**
 * Run by shapes.test.ts in a child process started with --allow-natives-syntax: V8's own view of the
 * states a game produces. Prints one JSON line per game and player count.
 */
import { Rng } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';

const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;
const doubles = new Function('a', 'return %HasDoubleElements(a)') as (a: unknown) => boolean;

/** Number arrays of the state, at the top level and one level down, stored as doubles by V8. */
function doubleArrays(state: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(state)) {
    if (!Array.isArray(value)) continue;
    if (doubles(value)) found.push(key);
    value.forEach((row, i) => Array.isArray(row) && doubles(row) && found.push(`${key}[${i}]`));
  }
  return found;
}

function probe(game: AnyGame, players: number) {
  const options = game.optionsSchema.parse({}) as Record<string, unknown>;
  let state = game.setup(players, `shapes:${players}`, options);
  const shapes: unknown[] = [state];
  const origins: string[] = ['setup'];
  const notice = (s: unknown, origin: string) => {
    if (shapes.some((known) => sameMap(known, s))) return;
    shapes.push(s);
    origins.push(origin);
  };
  const rng = Rng.fromSeed(`shapes:${game.id}`);
  const stored = new Set<string>();
  for (let step = 0; step < 2000; step++) {
    const actors = game.actors(state);
    if (actors.length === 0) break;
    const seat = actors[0]!;
    const legal = game.legalActions(state, seat);
    const action = legal[rng.int(legal.length)];
    // What search does: draw a world the seat cannot tell apart, and play on in it.
    const world = game.resample(state, seat, rng);
    notice(world, `resample at step ${step}`);
    // Another seat's world too: it redraws what the acting seat holds (a pending trade, say).
    notice(game.resample(state, (seat + 1) % players, rng), `resample for another seat at step ${step}`);
    notice(game.applyTrusted(world, seat, action).state, `apply to a resampled world at step ${step}`);
    state = game.applyTrusted(state, seat, action).state;
    notice(state, `apply at step ${step}`);
    for (const key of doubleArrays(world as Record<string, unknown>)) stored.add(`${key} (resample)`);
    for (const key of doubleArrays(state as Record<string, unknown>)) stored.add(`${key} (apply)`);
  }
  return { game: game.id, players, shapes: origins, doubleArrays: [...stored].sort() };
}

for (const game of GAMES)
  for (const players of new Set([game.minPlayers, game.maxPlayers]))
    console.log(JSON.stringify(probe(game, players)));
