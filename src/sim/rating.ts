import type { GameResult } from './play.ts';

export interface Rating {
  readonly bot: string;
  /** Elo-scale rating: 400·log10 of the Bradley–Terry strength, the field's mean at 1500. */
  readonly elo: number;
  readonly pairings: number;
}

/**
 * Bradley–Terry fit over every pair of seats in every game (a better rank beats a worse one, equal
 * ranks are half a win each), by the MM algorithm (Hunter 2004). Unlike sequential Elo updates it
 * does not depend on the order of the games, so it is the same for any worker count.
 */
export function rateBots(results: readonly GameResult[], iterations = 200): Rating[] {
  const names = [...new Set(results.flatMap((r) => r.bots))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const n = names.length;
  const wins = Array.from({ length: n }, () => new Float64Array(n));
  const games = Array.from({ length: n }, () => new Float64Array(n));
  for (const r of results) {
    if (r.error || r.truncated || r.ranks.length === 0) continue;
    for (let a = 0; a < r.bots.length; a++) {
      for (let b = a + 1; b < r.bots.length; b++) {
        const i = index.get(r.bots[a]!)!;
        const j = index.get(r.bots[b]!)!;
        if (i === j) continue;
        const ra = r.ranks[a]!;
        const rb = r.ranks[b]!;
        const score = ra < rb ? 1 : ra === rb ? 0.5 : 0;
        wins[i]![j]! += score;
        wins[j]![i]! += 1 - score;
        games[i]![j]! += 1;
        games[j]![i]! += 1;
      }
    }
  }
  // A small prior (one draw against a virtual average player) keeps unbeaten bots finite.
  let strength = new Float64Array(n).fill(1);
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let w = 0.5;
      let denom = 1 / (strength[i]! + 1);
      for (let j = 0; j < n; j++) {
        if (i === j || games[i]![j]! === 0) continue;
        w += wins[i]![j]!;
        denom += games[i]![j]! / (strength[i]! + strength[j]!);
      }
      next[i] = w / denom;
    }
    const logMean = next.reduce((a, s) => a + Math.log(s), 0) / Math.max(1, n);
    strength = next.map((s) => s / Math.exp(logMean));
  }
  return names.map((bot, i) => ({
    bot,
    elo: 1500 + 400 * Math.log10(strength[i]!),
    pairings: games[i]!.reduce((a, g) => a + g, 0),
  }));
}
