import { extent } from './extent.ts';
import type { GameResult } from './play.ts';

export interface Spread {
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

export interface BotSummary {
  readonly bot: string;
  readonly seats: number;
  readonly wins: number;
  readonly winShare: number;
  /** 95% Wilson interval of the win share. */
  readonly ci95: readonly [number, number];
  readonly score: Spread;
}

export interface SimSummary {
  readonly games: number;
  readonly completed: number;
  readonly failed: number;
  readonly seconds: number;
  readonly actionsPerSecond: number;
  readonly gamesPerSecond: number;
  readonly length: Spread;
  readonly bySeat: readonly { seat: number; winShare: number; score: Spread }[];
  readonly byBot: readonly BotSummary[];
  /** Means of the game's own final figures (e.g. rounds). */
  readonly finals: Record<string, Spread>;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { mean: 0, sd: 0, min: 0, max: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1);
  const [min, max] = extent(values);
  return { mean, sd: Math.sqrt(variance), min, max };
}

/** Share of a win that seat gets: shared first places split the win. */
export function winCredit(ranks: readonly number[], seat: number): number {
  if (ranks[seat] !== 1) return 0;
  return 1 / ranks.filter((r) => r === 1).length;
}

export function wilson(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const denom = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function summarize(results: readonly GameResult[], seconds: number): SimSummary {
  const ok = results.filter((r) => !r.error && !r.truncated);
  const players = ok[0]?.ranks.length ?? 0;
  const bySeat = Array.from({ length: players }, (_, seat) => ({
    seat,
    winShare: ok.reduce((a, r) => a + winCredit(r.ranks, seat), 0) / Math.max(1, ok.length),
    score: spread(ok.map((r) => r.scores[seat]!)),
  }));
  const bots = new Map<string, { seats: number; wins: number; scores: number[] }>();
  for (const r of ok) {
    r.bots.forEach((bot, seat) => {
      const entry = bots.get(bot) ?? { seats: 0, wins: 0, scores: [] };
      entry.seats++;
      entry.wins += winCredit(r.ranks, seat);
      entry.scores.push(r.scores[seat]!);
      bots.set(bot, entry);
    });
  }
  const byBot = [...bots.entries()].map(([bot, e]) => ({
    bot,
    seats: e.seats,
    wins: e.wins,
    winShare: e.wins / e.seats,
    ci95: wilson(e.wins, e.seats),
    score: spread(e.scores),
  }));
  const finalKeys = new Set(ok.flatMap((r) => Object.keys(r.final)));
  const finals = Object.fromEntries(
    [...finalKeys].sort().map((k) => [k, spread(ok.flatMap((r) => (k in r.final ? [r.final[k]!] : [])))]),
  );
  const totalActions = results.reduce((a, r) => a + r.actions, 0);
  return {
    games: results.length,
    completed: ok.length,
    failed: results.length - ok.length,
    seconds,
    actionsPerSecond: totalActions / Math.max(seconds, 1e-9),
    gamesPerSecond: results.length / Math.max(seconds, 1e-9),
    length: spread(ok.map((r) => r.actions)),
    bySeat,
    byBot,
    finals,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Games per second: a long ISMCTS run plays far fewer than one, which one decimal would show as 0.0. */
const rate = (x: number) => (x >= 1 || x === 0 ? x.toFixed(1) : x.toPrecision(2));

export function formatSummary(s: SimSummary): string {
  // The bot column fits the longest name, so parameterised bots (`ismcts:ms=1000`) stay aligned.
  const name = s.byBot.reduce((width, b) => Math.max(width, b.bot.length), 9);
  const lines = [
    `${s.completed}/${s.games} games completed${s.failed ? ` (${s.failed} failed or truncated)` : ''} in ${s.seconds.toFixed(1)} s`,
    `${Math.round(s.actionsPerSecond).toLocaleString('en')} actions/s, ${rate(s.gamesPerSecond)} games/s`,
    `game length: ${num(s.length.mean)} ± ${num(s.length.sd)} actions (min ${s.length.min}, max ${s.length.max})`,
    '',
    'by seat:   win share   score (mean ± sd)',
    ...s.bySeat.map(
      (b) => `  seat ${b.seat}   ${pct(b.winShare).padStart(9)}   ${num(b.score.mean)} ± ${num(b.score.sd)}`,
    ),
    '',
    `${'by bot:'.padEnd(name + 2)}${'win share   95% CI'.padEnd(33)}seats   score (mean ± sd)`,
    ...s.byBot.map(
      (b) =>
        `  ${b.bot.padEnd(name)} ${pct(b.winShare).padStart(8)}   ${pct(b.ci95[0])}–${pct(b.ci95[1])}`.padEnd(
          name + 35,
        ) + `${String(b.seats).padStart(5)}   ${num(b.score.mean)} ± ${num(b.score.sd)}`,
    ),
  ];
  const finals = Object.entries(s.finals);
  if (finals.length) {
    lines.push('', 'game figures (mean ± sd, min–max):');
    for (const [k, v] of finals)
      lines.push(`  ${k}: ${num(v.mean)} ± ${num(v.sd)} (${num(v.min)}–${num(v.max)})`);
  }
  return lines.join('\n');
}
