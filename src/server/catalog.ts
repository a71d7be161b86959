/** What the server offers per game (info, bots), and a table request checked against its game. */
import { z } from 'zod';
import type { AnyGame } from '../core/index.ts';
import { botNames, GENERIC_BOTS } from '../bots/registry.ts';
import { BOT_BUDGET, STRANGER_CLOCK, takeBackByDefault } from '../protocol/index.ts';
import type {
  BotChoice,
  BotInfo,
  CreateTableParsed,
  GameInfo,
  Seat,
  TableSettings,
} from '../protocol/index.ts';
import { describeZodError, ProtocolError, seatWord } from './errors.ts';
import type { StoredSeat } from './storage/types.ts';

/** Bots that take a thinking-time budget (`ms`). */
const BUDGETED_BOTS: ReadonlySet<string> = new Set(['ismcts']);

export function gameInfo(game: AnyGame): GameInfo {
  const bots: BotInfo[] = botNames(game).map((name) => ({
    name,
    kind: name in GENERIC_BOTS && !game.bots?.[name] ? 'generic' : 'game',
    budgetMs: BUDGETED_BOTS.has(name) ? { ...BOT_BUDGET } : null,
  }));
  return {
    id: game.id,
    name: game.name,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    rulesVersion: game.rulesVersion,
    options: {
      schema: z.toJSONSchema(game.optionsSchema, {
        io: 'input',
        unrepresentable: 'any',
      }) as GameInfo['options']['schema'],
      defaults: game.optionsSchema.parse({}) as GameInfo['options']['defaults'],
    },
    bots,
  };
}

/** A bot seat's choice checked against the game: a known bot, and a budget only for budgeted bots. */
export function botChoice(game: AnyGame, choice: BotChoice): BotChoice {
  if (!botNames(game).includes(choice.bot))
    throw new ProtocolError(
      'unknown_bot',
      `no bot "${choice.bot}" for ${game.name}; known: ${botNames(game).join(', ')}`,
    );
  if (!BUDGETED_BOTS.has(choice.bot)) {
    if (choice.ms !== undefined)
      throw new ProtocolError('invalid_table', `bot "${choice.bot}" takes no time budget`);
    return { bot: choice.bot };
  }
  return { bot: choice.bot, ms: choice.ms ?? BOT_BUDGET.default };
}

export interface TablePlan {
  readonly options: Record<string, unknown>;
  /** Every seat open or a bot; the claims are filled in when tokens are made. */
  readonly seats: StoredSeat[];
  readonly settings: TableSettings;
  /** The human seats the creator takes. */
  readonly claim: readonly Seat[];
}

/** A create-table request checked against its game: player count, seats, options, bots, claims. */
export function planTable(game: AnyGame, request: CreateTableParsed): TablePlan {
  const { players } = request;
  if (players < game.minPlayers || players > game.maxPlayers)
    throw new ProtocolError(
      'invalid_table',
      `${game.name} takes ${game.minPlayers}–${game.maxPlayers} players, not ${players}`,
    );
  if (request.seats.length !== players)
    throw new ProtocolError(
      'invalid_table',
      `${players} players need ${players} seats, not ${request.seats.length}`,
    );
  const parsed = game.optionsSchema.safeParse(request.options);
  if (!parsed.success)
    throw new ProtocolError('invalid_table', `bad options: ${describeZodError(parsed.error)}`);
  const seats: StoredSeat[] = request.seats.map((spec, seat) => ({
    seat,
    kind: spec.kind,
    bot: spec.kind === 'bot' ? botChoice(game, { bot: spec.bot, ms: spec.ms }) : null,
    name: null,
    tokenHash: null,
    claimedAt: null,
  }));
  const humans = seats.filter((s) => s.kind === 'human').map((s) => s.seat);
  const claim = request.claim ?? humans.slice(0, 1);
  if (new Set(claim).size !== claim.length)
    throw new ProtocolError('invalid_table', 'a seat is claimed twice');
  for (const seat of claim)
    if (!humans.includes(seat))
      throw new ProtocolError('invalid_table', `${seatWord(seat)} is not a human seat`);
  const takeover = request.takeover
    ? { bot: botChoice(game, request.takeover.bot), absentMs: request.takeover.absentMs }
    : { bot: { bot: game.bots?.['heuristic'] ? 'heuristic' : 'random' }, absentMs: null };
  const strangersMaySit = request.listed && humans.some((seat) => !claim.includes(seat));
  const clock = request.clock ?? (strangersMaySit ? STRANGER_CLOCK : { kind: 'none' as const });
  return {
    options: parsed.data as Record<string, unknown>,
    seats,
    settings: {
      clock,
      spectators: request.spectators,
      listed: request.listed,
      takeover,
      takeBack: request.takeBack ?? takeBackByDefault(request.listed, claim),
    },
    claim,
  };
}
