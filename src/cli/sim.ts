import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { lineup } from '../bots/registry.ts';
import { makeBot } from '../bots/registry.ts';
import { newGame } from '../core/index.ts';
import { MAX_GAMES, MAX_WORKERS_PER_CORE, simulate } from '../sim/pool.ts';
import type { SimConfig } from '../sim/play.ts';
import { formatSummary, summarize } from '../sim/summary.ts';
import { rateBots } from '../sim/rating.ts';
import { buildReport, resultsCsv } from '../sim/report.ts';
import type { CliContext } from './io.ts';
import { freshSeed } from './seed.ts';
import { defaultPlayers, findGameOrThrow, json, parseIntArg, parseOptions, UsageError } from './io.ts';

export interface SimFlags {
  players?: string;
  games?: string;
  seed?: string;
  bots?: string;
  workers?: string;
  json?: boolean;
  rotate?: boolean;
  report?: string;
  csv?: string;
  option: string[];
}

export function simConfig(ctx: CliContext, gameId: string, flags: SimFlags): SimConfig {
  const game = findGameOrThrow(ctx, gameId);
  const players = parseIntArg('--players', flags.players, defaultPlayers(game));
  const games = parseIntArg('--games', flags.games, 100, { min: 1, max: MAX_GAMES });
  const options = parseOptions(flags.option);
  const check = newGame(game, players, 'check', options);
  if (!check.ok) throw new UsageError(check.error);
  const bots = flags.bots ? flags.bots.split(',') : [];
  // Fail early on an unknown bot name rather than inside a worker.
  try {
    lineup(bots, players).forEach((spec, seat) => makeBot(game, spec, seat, 'check'));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  return {
    game: game.id,
    players,
    games,
    seed: flags.seed ?? freshSeed(),
    bots,
    options: check.value.options,
    rotate: flags.rotate ?? false,
    series: flags.report !== undefined,
  };
}

/**
 * Refuses an output path the run could not write, so that a mistake costs nothing rather than the
 * whole run: its directory must exist and be writable, and the path must not be a directory.
 */
export function checkOutputPath(flag: string, path: string): void {
  const full = resolve(path);
  const dir = dirname(full);
  const kind = (p: string) => {
    try {
      return statSync(p).isDirectory() ? 'directory' : 'file';
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return 'below a file';
      throw new UsageError(`${flag}: cannot use ${path}: ${(err as Error).message}`);
    }
  };
  const target = kind(full);
  if (target === 'directory') throw new UsageError(`${flag}: ${path} is a directory`);
  if (target === 'below a file') throw new UsageError(`${flag}: ${dirname(path)} is not a directory`);
  const parent = kind(dir);
  if (parent === 'missing') throw new UsageError(`${flag}: the directory ${dir} does not exist`);
  if (parent !== 'directory') throw new UsageError(`${flag}: ${dir} is not a directory`);
  try {
    accessSync(target === 'file' ? full : dir, constants.W_OK);
  } catch {
    throw new UsageError(`${flag}: cannot write ${target === 'file' ? full : `in ${dir}`}`);
  }
}

/** The worker count to use: above the cores it warns, and above MAX_WORKERS_PER_CORE per core it caps. */
export function workerCount(ctx: CliContext, text: string | undefined, cores: number): number {
  const asked = parseIntArg('--workers', text, cores);
  if (asked <= cores) return asked;
  const cap = MAX_WORKERS_PER_CORE * cores;
  ctx.io.err(
    `prosper: --workers ${asked} is more than the ${cores} cores; games are CPU-bound, so the extra workers only take turns on them` +
      (asked > cap ? `; using ${cap} workers (at most ${MAX_WORKERS_PER_CORE} per core)` : ''),
  );
  return Math.min(asked, cap);
}

export async function cmdSim(ctx: CliContext, gameId: string, flags: SimFlags): Promise<number> {
  const config = simConfig(ctx, gameId, flags);
  const game = findGameOrThrow(ctx, gameId);
  if (flags.csv !== undefined) checkOutputPath('--csv', flags.csv);
  if (flags.report !== undefined) checkOutputPath('--report', flags.report);
  if (flags.csv !== undefined && flags.report !== undefined && resolve(flags.csv) === resolve(flags.report))
    throw new UsageError('--csv and --report name the same file');
  const workers = workerCount(ctx, flags.workers, availableParallelism());
  const bar =
    ctx.io.interactive && !flags.json
      ? new cliProgress.SingleBar(
          {
            format: 'simulating [{bar}] {value}/{total} games  {eta_formatted} left',
            stream: process.stderr,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(config.games, 0);
  // Ctrl-C stops handing out games; the ones being played finish and the summary covers them all.
  const stop = new AbortController();
  const stopListening = ctx.onInterrupt(() => {
    ctx.io.err('\nstopping: finishing the games in play (Ctrl-C again quits at once)');
    stop.abort();
  });
  let run;
  try {
    run = await simulate(game, config, {
      workers,
      worker: ctx.worker,
      onProgress: (done) => bar?.update(done),
      signal: stop.signal,
    });
  } finally {
    stopListening();
    bar?.stop();
  }
  // The raw rows first: whatever happens to the summary or the charts, the games are kept.
  if (flags.csv) writeFileSync(flags.csv, resultsCsv(run.results));
  const summary = summarize(run.results, run.seconds);
  const ratings = rateBots(run.results);
  const failures = run.results.filter((r) => r.error || r.truncated);
  if (flags.report)
    writeFileSync(flags.report, await buildReport(game.name, config, summary, ratings, run.results));
  if (flags.json) {
    ctx.io.out(
      json({
        config: { ...config, workers },
        stopped: run.stopped,
        summary,
        ratings,
        failures: failures.slice(0, 10),
      }),
    );
  } else {
    ctx.io.out(
      `${game.name}, ${config.players} players, ${config.games} games, seed ${config.seed}, ${workers} workers`,
    );
    if (run.stopped) ctx.io.out(`stopped after ${run.results.length} of ${config.games} games`);
    ctx.io.out(formatSummary(summary));
    if (ratings.length > 1) {
      ctx.io.out('');
      ctx.io.out('ratings (Bradley–Terry over every pair of seats, Elo scale):');
      for (const r of ratings) ctx.io.out(`  ${r.bot.padEnd(24)} ${Math.round(r.elo)}`);
    }
    if (flags.report) ctx.io.out(`report written to ${flags.report}`);
    if (flags.csv) ctx.io.out(`per-game rows written to ${flags.csv}`);
    for (const f of failures.slice(0, 5))
      ctx.io.err(`game ${f.index} (seed ${f.seed}): ${f.error ?? 'truncated'}`);
  }
  // 130, as for any program ended by Ctrl-C: the run was cut short, whatever it printed.
  return run.stopped ? 130 : failures.length ? 1 : 0;
}
