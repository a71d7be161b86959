import type { BotFactory } from '../core/bot.ts';
import { Rng } from '../core/rng.ts';

/** Uniform choice among the legal actions, from its own seeded generator. */
export const randomBot: BotFactory<unknown, unknown, unknown> = ({ seed }) => {
  const rng = Rng.fromSeed(`random-bot:${seed}`);
  return { name: 'random', act: ({ legal }) => rng.pick(legal) };
};
