import type { AnyGame, Seat } from '../core/index.ts';
import { playMatch } from '../core/index.ts';
import { lineup, makeBot } from '../bots/registry.ts';
import type { BotSpec } from '../bots/registry.ts';

/** What the simulator asks for: everything needed to rebuild any game from its index alone. */
export interface SimConfig {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly options: Record<string, unknown>;
  /** Rotate the line-up by one seat per game so that seat advantage cancels out. */
  readonly rotate: boolean;
  /** Record the game's insight series (costs time; for the report). */
  readonly series: boolean;
}

export interface GameResult {
  readonly index: number;
  readonly seed: string;
  /** Bot spec text per seat. */
  readonly bots: readonly string[];
  readonly scores: readonly number[];
  readonly ranks: readonly number[];
  readonly actions: number;
  readonly truncated: boolean;
  readonly final: Record<string, number>;
  readonly series: readonly { clock: number; values: Record<string, number> }[];
  readonly error?: string;
}

export function specText(spec: BotSpec): string {
  const params = Object.entries(spec.params).map(([k, v]) => `${k}=${v}`);
  return [spec.name, ...params].join(':');
}

/** The line-up of game `index`: rotated by `index` seats when asked. */
export function seatsFor(config: SimConfig, index: number): BotSpec[] {
  const base = lineup(config.bots, config.players);
  if (!config.rotate) return base;
  const shift = index % config.players;
  return base.map((_, seat) => base[(seat - shift + config.players) % config.players]!);
}

/** Plays game number `index` of a simulation. Pure function of (config, index): workers can share the load. */
export function playOne(game: AnyGame, config: SimConfig, index: number): GameResult {
  const seed = `${config.seed}:${index}`;
  const specs = seatsFor(config, index);
  const bots = specs.map((spec, seat: Seat) => makeBot(game, spec, seat, `${seed}:${seat}`));
  const series: { clock: number; values: Record<string, number> }[] = [];
  const insights = game.insights;
  let lastClock = Number.NaN;
  const sample = (state: unknown) => {
    if (!insights) return;
    const clock = insights.clock(state);
    if (clock !== lastClock) {
      lastClock = clock;
      series.push({ clock, values: insights.series(state) });
    }
  };
  try {
    const played = playMatch(game, {
      players: config.players,
      seed,
      options: config.options,
      bots,
      ...(config.series && insights ? { onAction: (state: unknown) => sample(state) } : {}),
    });
    const outcome = played.outcome;
    return {
      index,
      seed,
      bots: specs.map(specText),
      scores: outcome?.scores ?? [],
      ranks: outcome?.ranks ?? [],
      actions: played.actions,
      truncated: played.truncated,
      final: insights && outcome ? insights.final(played.state) : {},
      series,
    };
  } catch (err) {
    return {
      index,
      seed,
      bots: specs.map(specText),
      scores: [],
      ranks: [],
      actions: 0,
      truncated: true,
      final: {},
      series,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}
