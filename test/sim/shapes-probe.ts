/**
 * Run by shapes.test.ts in a child process started with --allow-natives-syntax: V8's own view of the
 * states a game produces. Prints one JSON line per game and player count.
 */
import { Rng } from '../../src/core/index.ts';
import type { AnyGame } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';

const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;
const native = (name: string) => new Function('a', `return %${name}(a)`) as (a: unknown) => boolean;
const doubles = native('HasDoubleElements');
const holey = native('HasHoleyElements');
const smis = native('HasSmiElements');

/** Deep enough for every record a state holds (Prospectus's screen record is a list: its head suffices). */
const DEPTH = 4;
/** Several games each, so that the hot rules code is optimised part-way, as in a real run. */
const GAMES_PER_TABLE = 6;

function describe(value: object): string {
  if (!Array.isArray(value)) return `{${Object.keys(value).join(',')}}`;
  const elements = smis(value) ? 'small integers' : doubles(value) ? 'doubles' : 'any values';
  return `${holey(value) ? 'holey' : 'packed'} array of ${elements}`;
}

/**
 * Every object and array reachable from the states, by path (array indexes written `[]`), with the
 * distinct hidden classes met there: a path with two means rules code reading it sees two.
 */
class Shapes {
  private readonly seen = new Map<string, { value: object; origin: string }[]>();

  visit(value: unknown, path: string, origin: string, depth = 0): void {
    if (value === null || typeof value !== 'object' || depth > DEPTH) return;
    let known = this.seen.get(path);
    if (!known) this.seen.set(path, (known = []));
    if (!known.some((k) => sameMap(k.value, value))) known.push({ value, origin });
    if (Array.isArray(value)) for (const item of value) this.visit(item, `${path}[]`, origin, depth + 1);
    else
      for (const [key, item] of Object.entries(value)) this.visit(item, `${path}.${key}`, origin, depth + 1);
  }

  /**
   * Paths met with more than one hidden class for the same kind of value: arrays of two kinds, or
   * records with the same keys built two ways. Records with different keys are the variants of a
   * union the state's schema defines (Prosperitea's pending sources, say); each must have one class.
   */
  mixed(): string[] {
    const variant = (value: object) => (Array.isArray(value) ? '[]' : Object.keys(value).join(','));
    return [...this.seen]
      .filter(([, known]) => new Set(known.map((k) => variant(k.value))).size < known.length)
      .map(
        ([path, known]) =>
          `state${path}: ${known.map((k) => `${describe(k.value)} (${k.origin})`).join('; ')}`,
      );
  }

  /** Number arrays stored as doubles (every game's numbers are integers). */
  doubles(): string[] {
    return [...this.seen]
      .filter(([, known]) => known.some((k) => Array.isArray(k.value) && doubles(k.value)))
      .map(([path]) => `state${path}`);
  }
}

/** Options that take code paths the defaults do not, probed besides the defaults. */
const EXTRA_OPTIONS: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  // Prosperity is on by default; the base game keeps its empty chain and claims.
  'pocket-imperium': [{ prosperity: false }],
  prospectus: [{ screens: 'open' }],
};

function probe(game: AnyGame, players: number, raw: Record<string, unknown>) {
  const options = game.optionsSchema.parse(raw) as Record<string, unknown>;
  const shapes = new Shapes();
  for (let g = 0; g < GAMES_PER_TABLE; g++) {
    let state = game.setup(players, `shapes:${players}:${g}`, options);
    shapes.visit(state, '', 'setup');
    const rng = Rng.fromSeed(`shapes:${game.id}:${g}`);
    for (let step = 0; step < 3000; step++) {
      const actors = game.actors(state);
      if (actors.length === 0) break;
      const seat = actors[0]!;
      const legal = game.legalActions(state, seat);
      // What search does: draw a world the seat cannot tell apart, and try every move in it.
      const world = game.resample(state, seat, rng);
      shapes.visit(world, '', `resample in step ${step}`);
      // Another seat's world too: it redraws what the acting seat holds (a pending trade, say).
      shapes.visit(
        game.resample(state, (seat + 1) % players, rng),
        '',
        `resample for another seat in step ${step}`,
      );
      for (const action of legal)
        shapes.visit(
          game.applyTrusted(world, seat, action).state,
          '',
          `apply to a resampled world in step ${step}`,
        );
      state = game.applyTrusted(state, seat, legal[rng.int(legal.length)]).state;
      shapes.visit(state, '', `apply in step ${step}`);
    }
  }
  return { game: game.id, players, options: raw, mixed: shapes.mixed(), doubleArrays: shapes.doubles() };
}

for (const game of GAMES)
  for (const options of [{}, ...(EXTRA_OPTIONS[game.id] ?? [])])
    for (const players of new Set([game.minPlayers, game.maxPlayers]))
      console.log(JSON.stringify(probe(game, players, options)));
