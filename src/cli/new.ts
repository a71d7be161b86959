import { newGame, stateHash } from '../core/index.ts';
import type { CliContext } from './io.ts';
import { freshSeed } from './seed.ts';
import { defaultPlayers, findGameOrThrow, json, parseIntArg, parseOptions, UsageError } from './io.ts';

export function cmdNew(
  ctx: CliContext,
  gameId: string,
  opts: { players?: string; seed?: string; option: string[] },
): number {
  const game = findGameOrThrow(ctx, gameId);
  const players = parseIntArg('--players', opts.players, defaultPlayers(game));
  const seed = opts.seed ?? freshSeed();
  const created = newGame(game, players, seed, parseOptions(opts.option));
  if (!created.ok) throw new UsageError(created.error);
  const { state, options } = created.value;
  ctx.io.out(
    json({
      game: game.id,
      rulesVersion: game.rulesVersion,
      players,
      seed,
      options,
      hash: stateHash(state),
      state,
    }),
  );
  return 0;
}
