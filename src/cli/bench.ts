import type { AnyGame } from '../core/index.ts';
import { ismctsIterationsPerSecond } from '../bots/ismcts.ts';
import {
  calibrationThroughput,
  interleavedScaling,
  randomPlayoutThroughput,
  simScaling,
} from '../sim/bench.ts';
import type { Interleaved, Scaling } from '../sim/bench.ts';
import { extent } from '../sim/extent.ts';
import type { CliContext } from './io.ts';
import { findGameOrThrow, json, parseIntArg, parseSecondsArg } from './io.ts';

export interface BenchFlags {
  seconds?: string;
  players?: string;
  json?: boolean;
  /** Commander's negation of `--no-scaling`. */
  scaling?: boolean;
  reps?: string;
  scalingSeconds?: string;
  turnSeconds?: string;
  rounds?: string;
}

/** "1.62–1.74×": the lowest and highest of the per-repetition speed-ups. */
function spread(ratios: readonly number[]): string {
  if (ratios.length === 0) return '—';
  const [lowest, highest] = extent(ratios);
  return `${lowest.toFixed(2)}–${highest.toFixed(2)}×`;
}

/** The player count each game is benchmarked at: the largest table up to four. */
export function benchPlayers(game: AnyGame): number {
  return Math.min(game.maxPlayers, 4);
}

export async function cmdBench(
  ctx: CliContext,
  gameId: string | undefined,
  flags: BenchFlags,
): Promise<number> {
  const seconds = parseSecondsArg('--seconds', flags.seconds, 2);
  const scalingSeconds = parseSecondsArg('--scaling-seconds', flags.scalingSeconds, 30);
  const reps = parseIntArg('--reps', flags.reps, 2, { min: 1 });
  const turnSeconds = parseSecondsArg('--turn-seconds', flags.turnSeconds, 3);
  const rounds = parseIntArg('--rounds', flags.rounds, 6, { min: 1 });
  const games = gameId ? [findGameOrThrow(ctx, gameId)] : ctx.games;
  // Read before measuring anything; each game then takes it or its own default.
  const givenPlayers =
    flags.players === undefined ? undefined : parseIntArg('--players', flags.players, 0, { min: 1 });
  const calibration = calibrationThroughput(seconds);
  const rows = games.map((game) => {
    const players = givenPlayers ?? benchPlayers(game);
    const t = randomPlayoutThroughput(game, players, seconds);
    return {
      game: game.id,
      players,
      actionsPerSecond: Math.round(t.actionsPerSecond),
      microsPerGame: Math.round(t.microsPerGame),
      actionsPerGame: Math.round(t.actions / t.games),
      games: t.games,
      ratioToCalibration: t.actionsPerSecond / calibration.actionsPerSecond,
      ismctsIterationsPerSecond: Math.round(
        ismctsIterationsPerSecond(game, players, 'bench', seconds * 1000),
      ),
    };
  });
  const scaling: (Scaling & { game: string; players: number })[] = [];
  const interleaved: (Interleaved & { game: string; players: number })[] = [];
  if (flags.scaling !== false) {
    for (const game of games) {
      const players = givenPlayers ?? benchPlayers(game);
      // Sized like the simulations designers run (thousands of games: 30 s is about 850 heuristic
      // Prospectus games), not like a quick check: every run pays a fixed start-up (printed), and on
      // a run of a few seconds that fixed cost, not the pool, would decide the figure.
      const s = await simScaling(game, players, ctx.worker, scalingSeconds, reps);
      scaling.push({ game: game.id, players, ...s });
      const t = await interleavedScaling(game, players, ctx.worker, turnSeconds, rounds);
      interleaved.push({ game: game.id, players, ...t });
    }
  }
  if (flags.json) {
    ctx.io.out(
      json({
        calibration: { actionsPerSecond: Math.round(calibration.actionsPerSecond) },
        games: rows,
        scaling,
        interleaved,
      }),
    );
    return 0;
  }
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const rate = (n: number) => (n < 100 ? n.toFixed(1) : fmt(n));
  ctx.io.out(
    `calibration (plain-JS tic-tac-toe random playouts): ${fmt(calibration.actionsPerSecond)} actions/s`,
  );
  ctx.io.out('');
  ctx.io.out(
    'game              players   actions/s    µs/game   actions/game   ratio to calibration   ISMCTS iter/s',
  );
  for (const r of rows) {
    ctx.io.out(
      `${r.game.padEnd(18)}${String(r.players).padStart(7)}${fmt(r.actionsPerSecond).padStart(12)}${fmt(r.microsPerGame).padStart(11)}` +
        `${fmt(r.actionsPerGame).padStart(15)}${r.ratioToCalibration.toFixed(3).padStart(23)}` +
        `${fmt(r.ismctsIterationsPerSecond).padStart(16)}`,
    );
  }
  if (rows.length === 0) ctx.io.out('(no games registered yet)');
  if (scaling.length) {
    ctx.io.out('');
    ctx.io.out(
      `simulator scaling, median of ${reps} run${reps === 1 ? '' : 's'} each, about ${scalingSeconds} s with one worker (target: 2 workers ≥ 1.8× one worker);`,
    );
    ctx.io.out(
      '"per rep" is the lowest and highest speed-up of one back-to-back pair of runs (the machine\'s drift);',
    );
    ctx.io.out(
      '"once warm" compares games per second after the first third of the games, when every worker is warm;',
    );
    ctx.io.out(
      '"start-up" is what a run lost before its workers were warm, with 1 / 2 workers (paid once per run:',
    );
    ctx.io.out('  a shorter run scales less, see --scaling-seconds);');
    ctx.io.out(
      '"machine" is what two threads of a plain loop gave over one just before each pair (the ceiling);',
    );
    ctx.io.out(
      '"split" is the smallest share of a two-worker run\'s games that one worker played (50% on equal cores)',
    );
    ctx.io.out(
      'game              players   bots        games   1 worker s   2 workers s   speed-up   per rep        once warm   start-up s    split   machine',
    );
    // A run too short to have a warm window has no steady rate, so no once-warm or start-up figure.
    const known = (x: number, text: string) => (Number.isNaN(x) ? '—' : text);
    for (const s of scaling) {
      const startUp = `${known(s.startUpOne, s.startUpOne.toFixed(2))} / ${known(s.startUpTwo, s.startUpTwo.toFixed(2))}`;
      ctx.io.out(
        `${s.game.padEnd(18)}${String(s.players).padStart(7)}   ${s.bots.padEnd(10)}${fmt(s.games).padStart(7)}` +
          `${s.one.toFixed(2).padStart(13)}${s.two.toFixed(2).padStart(14)}${(s.ratio.toFixed(2) + '×').padStart(11)}` +
          `   ${spread(s.repRatios).padEnd(12)}` +
          `${known(s.steadyRatio, s.steadyRatio.toFixed(2) + '×').padStart(12)}` +
          `${startUp.padStart(14)}` +
          `${known(s.lowestShare, (s.lowestShare * 100).toFixed(0) + '%').padStart(8)}` +
          `   ${spread(s.repCapacities)}`,
      );
    }
  }
  if (interleaved.length) {
    ctx.io.out('');
    ctx.io.out(
      `simulator scaling once warm, in alternating turns: a one-worker and a two-worker simulation, both warm, take turns of ${turnSeconds} s`,
    );
    ctx.io.out(
      `for ${rounds} round${rounds === 1 ? '' : 's'} (after one unmeasured round), so a slow minute of the machine falls on both alike;`,
    );
    ctx.io.out('"per round" is the lowest and highest speed-up of one round (one turn of each)');
    ctx.io.out(
      'game              players   bots        1 worker games/s   2 workers games/s   speed-up   per round',
    );
    for (const s of interleaved) {
      ctx.io.out(
        `${s.game.padEnd(18)}${String(s.players).padStart(7)}   ${s.bots.padEnd(10)}` +
          `${rate(s.oneRate).padStart(19)}${rate(s.twoRate).padStart(20)}${(s.ratio.toFixed(2) + '×').padStart(11)}` +
          `   ${spread(s.roundRatios)}`,
      );
    }
  }
  return 0;
}
