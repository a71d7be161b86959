/**
 * The information-set MCTS bot: game-agnostic, honest about hidden information (it gets a view,
 * the legal actions and a world sampler, never the state), budgeted by iterations or by time.
 * How it works and what was measured: docs/ismcts.md.
 */
import type { Bot, BotContext, BotSetup } from '../core/bot.ts';
import type { AnyGame, Game, Seat } from '../core/game.ts';
import { hashJson } from '../core/json.ts';
import { newGame } from '../core/match.ts';
import { Rng } from '../core/rng.ts';
import { parseIsmctsParams } from './ismcts-params.ts';
import type { GameAbilities, IsmctsConfig } from './ismcts-params.ts';
import { Searcher } from './ismcts-search.ts';
import type { SearchResult } from './ismcts-search.ts';

export type { IsmctsConfig, PlayoutMode } from './ismcts-params.ts';
export { parseIsmctsParams, defaultPlayout } from './ismcts-params.ts';
export type { SearchResult, RootStat } from './ismcts-search.ts';

export function gameAbilities(game: Pick<Game, 'evaluate' | 'playoutPolicy'>): GameAbilities {
  return { evaluate: typeof game.evaluate === 'function', policy: typeof game.playoutPolicy === 'function' };
}

const clock = () => performance.now();

/**
 * Searches one decision. The search's randomness comes from the bot's seed and the view only, so a
 * fixed iteration budget gives the same move for the same information state.
 */
export function ismctsSearch<S, A, V>(
  game: Game<S, A, V, unknown, unknown>,
  ctx: BotContext<S, A, V>,
  config: IsmctsConfig,
  seed: string,
): SearchResult<A> {
  const rng = Rng.fromSeed(`ismcts:${seed}:${hashJson(ctx.view)}`);
  const searcher = new Searcher(game, ctx, config, rng);
  return searcher.run(config.ms > 0 ? clock : undefined);
}

/** The ISMCTS bot factory; `params` as in docs/ismcts.md (iterations, ms, playout, depth, c, …). */
export function ismctsBot<S, A, V>(setup: BotSetup<S, A, V>): Bot<S, A, V> {
  const { game, seed } = setup;
  const config = parseIsmctsParams(setup.params, gameAbilities(game));
  return {
    name: 'ismcts',
    act(ctx: BotContext<S, A, V>): A {
      if (ctx.legal.length === 1) return ctx.legal[0]!;
      return ismctsSearch(game, ctx, config, seed).action;
    },
  };
}

/** Decision points along one seeded random game, for benchmarks: [state, seat] pairs. */
function benchPositions(game: AnyGame, players: number, seed: string, count: number): [unknown, Seat][] {
  const created = newGame(game, players, seed);
  if (!created.ok) throw new Error(created.error);
  const rng = Rng.fromSeed(`ismcts-bench:${seed}`);
  const choices: [unknown, Seat][] = [];
  let state = created.value.state;
  for (let steps = 0; steps < 100_000; steps++) {
    const actors = game.actors(state);
    if (actors.length === 0) break;
    const seat = actors[0]!;
    const legal = game.legalActions(state, seat);
    if (legal.length > 1) choices.push([state, seat]);
    state = game.applyTrusted(state, seat, rng.pick(legal)).state;
  }
  if (choices.length === 0) throw new Error(`${game.id}: no decision with two or more choices in a game`);
  // Early, middle and late decisions: search cost changes a lot over a game.
  return Array.from({ length: count }, (_, i) => choices[Math.floor((i * choices.length) / count)]!);
}

/**
 * Iterations per second of the bot with `params` (defaults if omitted), averaged over decisions
 * spread along a seeded random game, spending about `ms` milliseconds in total.
 */
export function ismctsIterationsPerSecond(
  game: AnyGame,
  players: number,
  seed: string,
  ms: number,
  params: Readonly<Record<string, string>> = {},
): number {
  const positions = benchPositions(game, players, seed, 3);
  const config = { ...parseIsmctsParams(params, gameAbilities(game)), ms: ms / positions.length };
  let iterations = 0;
  let elapsed = 0;
  positions.forEach(([state, seat], i) => {
    const ctx = {
      seat,
      view: game.view(state, seat),
      legal: game.legalActions(state, seat),
      sampleWorld: (rng: Rng) => game.resample(state, seat, rng),
    };
    const result = new Searcher(
      game,
      ctx,
      { ...config, iterations: Number.MAX_SAFE_INTEGER },
      Rng.fromSeed(`${seed}:${i}`),
    ).run(clock);
    iterations += result.iterations;
    elapsed += result.elapsedMs;
  });
  return elapsed > 0 ? (iterations * 1000) / elapsed : 0;
}
