import { parentPort } from 'node:worker_threads';
import type { AnyGame } from '../../core/index.ts';
import { actionKey } from '../../core/index.ts';
import { makeBot } from '../../bots/registry.ts';

/** One decision to make: the real state stays inside the server; the bot sees only its seat's view. */
export interface BotTask {
  readonly id: number;
  readonly game: string;
  readonly seat: number;
  readonly bot: { readonly name: string; readonly params: Readonly<Record<string, string>> };
  readonly seed: string;
  readonly state: unknown;
}

/** The chosen action as its index among the seat's legal actions (their order is deterministic). */
export type BotReply =
  { readonly id: number; readonly index: number } | { readonly id: number; readonly error: string };

/**
 * The body of a bot worker (bundled with the game registry by `bundle.ts`). A bot gets exactly
 * what `playMatch` gives it: its view, its legal actions and a world sampler for its seat.
 */
export function runBotWorker(games: readonly AnyGame[]): void {
  const port = parentPort!;
  port.on('message', (task: BotTask) => {
    port.postMessage(decide(games, task));
  });
}

export function decide(games: readonly AnyGame[], task: BotTask): BotReply {
  try {
    const game = games.find((g) => g.id === task.game);
    if (!game) throw new Error(`no game "${task.game}"`);
    const { seat, state } = task;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
    if (legal.length === 1) return { id: task.id, index: 0 };
    const bot = makeBot(game, task.bot, seat, task.seed);
    const action = bot.act({
      seat,
      view: game.view(state, seat),
      legal,
      sampleWorld: (rng) => game.resample(state, seat, rng),
    });
    let index = legal.indexOf(action);
    if (index < 0) {
      const key = actionKey(action);
      index = legal.findIndex((a) => actionKey(a) === key);
    }
    if (index < 0) throw new Error(`bot ${task.bot.name} chose an action that is not legal`);
    return { id: task.id, index };
  } catch (err) {
    return { id: task.id, error: err instanceof Error ? err.message : String(err) };
  }
}
