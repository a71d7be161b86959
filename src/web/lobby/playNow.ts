/** "Play now against bots": you in the first seat, the game's own bot in every other. */
import type { BotInfo, CreateTableRequest, SeatSpec } from '../../protocol/index.ts';
import type { ServerGame } from './api.ts';

/** The bot a quick game gets: the game's own, else any cheap generic one, else the first listed. */
export function quickBot(bots: readonly BotInfo[]): BotInfo | null {
  return bots.find((b) => b.kind === 'game') ?? bots.find((b) => b.budgetMs === null) ?? bots[0] ?? null;
}

export const botSeat = (bot: BotInfo): SeatSpec =>
  bot.budgetMs ? { kind: 'bot', bot: bot.name, ms: bot.budgetMs.default } : { kind: 'bot', bot: bot.name };

export function playNowRequest(game: ServerGame, wanted: number, name: string): CreateTableRequest {
  const players = Math.min(game.maxPlayers, Math.max(game.minPlayers, wanted));
  const bot = quickBot(game.bots);
  if (!bot) throw new Error(`the server offers no bot for ${game.name}`);
  return {
    game: game.id,
    players,
    options: {},
    seats: [{ kind: 'human' }, ...Array.from({ length: players - 1 }, () => botSeat(bot))],
    name: name.trim(),
    claim: [0],
    clock: { kind: 'none' },
    spectators: true,
    listed: true,
  };
}
