import type { Game, Seat } from './game.ts';
import type { Rng } from './rng.ts';

/**
 * Everything a bot is given when it must act. There is deliberately no state here: a bot sees its
 * seat's view and legal actions, and may draw worlds consistent with that view (for search).
 */
export interface BotContext<S, A, V> {
  readonly seat: Seat;
  readonly view: V;
  readonly legal: readonly A[];
  /** A world drawn from everything this seat cannot tell apart from the real game. */
  sampleWorld(rng: Rng): S;
}

export interface Bot<S, A, V> {
  readonly name: string;
  act(ctx: BotContext<S, A, V>): A;
}

export interface BotSetup<S, A, V> {
  readonly game: Game<S, A, V, unknown, unknown>;
  readonly seat: Seat;
  /** Seeds the bot's own randomness; never shared with the game's RNG. */
  readonly seed: string;
  /** Free-form tuning (iterations, time budget, …) from the command line. */
  readonly params?: Readonly<Record<string, string>>;
}

export type BotFactory<S, A, V> = (setup: BotSetup<S, A, V>) => Bot<S, A, V>;
