import { z } from 'zod';
import type { AnyGame, Outcome, RuleError, Seat } from './game.ts';
import { hashJson } from './json.ts';
import type { Bot } from './bot.ts';
import type { Rng } from './rng.ts';
import { isTakeBack, TAKE_BACK_REFUSALS, TAKE_BACK_RULE, Timeline } from './takeback.ts';
import type { LogEntry } from './takeback.ts';

/** A finished or partial game as data: enough to rebuild every state exactly. */
export interface MatchRecord {
  readonly game: string;
  readonly rulesVersion: string;
  readonly players: number;
  readonly seed: string;
  readonly options: Record<string, unknown>;
  /** Actions, and take-backs (`{seat, takeBack: true}`, see `src/core/takeback.ts`), in order. */
  readonly actions: readonly LogEntry[];
}

export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

/** Checks a player count and options against the game and returns the initial state. */
export function newGame(
  game: AnyGame,
  players: number,
  seed: string,
  rawOptions: unknown = {},
): Result<{ state: unknown; options: Record<string, unknown> }> {
  if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    return {
      ok: false,
      error: `${game.name} takes ${game.minPlayers}–${game.maxPlayers} players, not ${players}`,
    };
  }
  const parsed = game.optionsSchema.safeParse(rawOptions ?? {});
  if (!parsed.success) {
    return { ok: false, error: `bad options: ${z.prettifyError(parsed.error)}` };
  }
  const options = parsed.data as Record<string, unknown>;
  return { ok: true, value: { state: game.setup(players, seed, options), options } };
}

export function stateHash(state: unknown): string {
  return hashJson(state);
}

export interface ReplayResult {
  readonly ok: boolean;
  readonly state: unknown;
  readonly applied: number;
  readonly error?: RuleError & { readonly index: number; readonly seat: Seat };
}

/**
 * Applies recorded actions one by one from a state, stopping at the first refused one. A take-back
 * entry undoes the seat's last action still standing (`Timeline`); one that the rules of take-back
 * refuse stops the replay like a refused action, with the rule `core.take-back`.
 */
export function replayActions(game: AnyGame, start: unknown, actions: readonly LogEntry[]): ReplayResult {
  const timeline = new Timeline(game, start, game.seatCount(start));
  for (let i = 0; i < actions.length; i++) {
    const step = actions[i]!;
    const state = timeline.state;
    if (isTakeBack(step)) {
      const refused = Number.isInteger(step.seat) ? timeline.refusal(step.seat) : 'nothing_to_take_back';
      if (refused !== null) {
        const error = {
          code: 'illegal' as const,
          rule: TAKE_BACK_RULE,
          message: TAKE_BACK_REFUSALS[refused],
        };
        return { ok: false, state, applied: i, error: { ...error, index: i, seat: step.seat } };
      }
      timeline.takeBack(step.seat);
      continue;
    }
    const result = game.apply(state, step.seat, step.action);
    if (!result.ok)
      return { ok: false, state, applied: i, error: { ...result.error, index: i, seat: step.seat } };
    timeline.acted(step.seat, step.action, result.state);
  }
  return { ok: true, state: timeline.state, applied: actions.length };
}

export interface PlayedMatch {
  readonly record: MatchRecord;
  readonly state: unknown;
  readonly outcome: Outcome | null;
  readonly actions: number;
  /** True when the action cap stopped the game before it ended (an engine or bot bug). */
  readonly truncated: boolean;
}

export interface PlayOptions {
  readonly players: number;
  readonly seed: string;
  readonly options?: Record<string, unknown>;
  readonly bots: readonly Bot<unknown, unknown, unknown>[];
  readonly maxActions?: number;
  /** Called after every applied action (the simulator samples insights here). */
  readonly onAction?: (state: unknown, seat: Seat, action: unknown) => void;
}

/**
 * Plays one game with bots. When several seats may act, the first of them in `actors` is asked
 * first; a bot only ever sees its own view, its legal actions and a world sampler.
 */
export function playMatch(game: AnyGame, opts: PlayOptions): PlayedMatch {
  const created = newGame(game, opts.players, opts.seed, opts.options ?? {});
  if (!created.ok) throw new Error(created.error);
  let state = created.value.state;
  const log: { seat: Seat; action: unknown }[] = [];
  const maxActions = opts.maxActions ?? 100_000;
  while (log.length < maxActions) {
    const actors = game.actors(state);
    if (actors.length === 0) break;
    const seat = actors[0]!;
    const bot = opts.bots[seat];
    if (!bot) throw new Error(`no bot for Seat ${seat + 1} (bots[${seat}])`);
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: Seat ${seat + 1} must act but has no legal action`);
    const current = state;
    const action =
      legal.length === 1
        ? legal[0]
        : bot.act({
            seat,
            view: game.view(current, seat),
            legal,
            sampleWorld: (rng: Rng) => game.resample(current, seat, rng),
          });
    // Bots normally return one of the offered objects; anything else goes through the checked path.
    if (legal.includes(action)) state = game.applyTrusted(state, seat, action).state;
    else {
      const checked = game.apply(state, seat, action);
      if (!checked.ok) throw new Error(`bot ${bot.name} chose an illegal action: ${checked.error.message}`);
      state = checked.state;
    }
    log.push({ seat, action });
    opts.onAction?.(state, seat, action);
  }
  return {
    record: {
      game: game.id,
      rulesVersion: game.rulesVersion,
      players: opts.players,
      seed: opts.seed,
      options: created.value.options,
      actions: log,
    },
    state,
    outcome: game.outcome(state),
    actions: log.length,
    truncated: game.actors(state).length > 0,
  };
}
