import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../core/index.ts';
import { newGame, Rng } from '../core/index.ts';
import { workerCode } from './bundle.ts';
import type { WorkerSource } from './bundle.ts';
import { extent } from './extent.ts';
import type { SimConfig } from './play.ts';
import { Gate } from './gate.ts';
import { MAX_GAMES, shareCoresWisely, simulate } from './pool.ts';

export interface Throughput {
  readonly actions: number;
  readonly games: number;
  readonly seconds: number;
  readonly actionsPerSecond: number;
  readonly microsPerGame: number;
}

/** Plays whole games with `playGame` (which returns its action count) for about `seconds` of wall time. */
function timeGames(seconds: number, playGame: (index: number) => number): Throughput {
  // Warm up first, so the JIT has compiled the hot path before the clock starts.
  const warmUntil = performance.now() + Math.min(500, seconds * 250);
  for (let i = 0; performance.now() < warmUntil; i++) playGame(-1 - i);
  let actions = 0;
  let games = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline || games === 0) actions += playGame(games++);
  const elapsed = (performance.now() - start) / 1000;
  return {
    actions,
    games,
    seconds: elapsed,
    actionsPerSecond: actions / elapsed,
    microsPerGame: (elapsed * 1e6) / games,
  };
}

/** Random playouts through the trusted path (legalActions + applyTrusted), as simulations and search run them. */
export function randomPlayoutThroughput(
  game: AnyGame,
  players: number,
  seconds: number,
  seed = 'bench',
): Throughput {
  const rng = Rng.fromSeed(seed);
  return timeGames(seconds, (index) => {
    const created = newGame(game, players, `${seed}:${index}`);
    if (!created.ok) throw new Error(created.error);
    let state = created.value.state;
    let actions = 0;
    for (;;) {
      const actors = game.actors(state);
      if (actors.length === 0) return actions;
      const seat = actors[0]!;
      const legal = game.legalActions(state, seat);
      state = game.applyTrusted(state, seat, legal[rng.int(legal.length)]).state;
      actions++;
    }
  });
}

/** The eight winning lines of tic-tac-toe (also used by the search bot's test fixture). */
export const TIC_TAC_TOE_LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

/**
 * Calibration: the same loop in plain JavaScript on tic-tac-toe with immutable boards. Its speed
 * tracks the machine, so game figures divided by it compare across machines.
 */
export function calibrationThroughput(seconds: number): Throughput {
  const won = (board: readonly number[]) =>
    TIC_TAC_TOE_LINES.some(([a, b, c]) => board[a] && board[a] === board[b] && board[a] === board[c]);
  const rng = Rng.fromSeed('calibration');
  return timeGames(seconds, () => {
    let board: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    let player = 1;
    let actions = 0;
    for (;;) {
      const legal: number[] = [];
      for (let i = 0; i < 9; i++) if (board[i] === 0) legal.push(i);
      if (legal.length === 0 || won(board)) return actions;
      const next = board.slice();
      next[legal[rng.int(legal.length)]!] = player;
      board = next;
      player = 3 - player;
      actions++;
    }
  });
}

/**
 * Games per second from the moment a third of the games were done to the last one, given the moment
 * (ms) each game's result arrived, in arrival order. NaN when every game after the first third
 * arrived at once (too short a run to tell).
 */
export function steadyRate(arrivals: readonly number[]): number {
  const n = arrivals.length;
  const third = Math.ceil(n / 3);
  if (third === 0 || arrivals[n - 1]! <= arrivals[third - 1]!) return Number.NaN;
  return ((n - third) * 1000) / (arrivals[n - 1]! - arrivals[third - 1]!);
}

/**
 * Seconds a run lost to start-up: its wall time beyond what its games would have taken at the steady
 * rate (worker start, bundle evaluation, warm-up, and the JIT compiling its way up to full speed).
 * Every run pays it once whatever its length, so it is what makes short runs scale less. Negative
 * when the machine sped up during the run (its steady rate then overstates its start).
 */
export function startUpSeconds(seconds: number, games: number, rate: number): number {
  return seconds - games / rate;
}

/**
 * A plain arithmetic loop that counts its rounds for `ms` milliseconds and posts the count. It touches
 * no memory, so it measures only how much CPU the machine hands to each thread.
 */
const SPIN = `const { parentPort, workerData: ms } = require('node:worker_threads');
let x = 1, rounds = 0;
for (const end = performance.now() + ms; performance.now() < end; rounds++)
  for (let i = 0; i < 1e5; i++) x = (x * 1664525 + 1013904223) | 0;
// Reading x keeps the loop from being optimised away.
parentPort.postMessage(x === 0.5 ? -1 : rounds);`;

const spin = (ms: number) =>
  new Promise<number>((resolve, reject) => {
    const worker = new Worker(SPIN, { eval: true, workerData: ms });
    worker.once('message', (rounds: number) => void worker.terminate().then(() => resolve(rounds)));
    worker.once('error', reject);
  });

/**
 * What the machine itself gives two threads at this moment: rounds of a plain loop on two threads at
 * once over rounds on one, `ms` each. About 2 on two free cores of the same speed; lower when the
 * host takes cycles from one or both (this virtual machine reports no steal time, so nothing else
 * inside it shows that). The simulator cannot beat this figure, and also shares cache and memory.
 */
export async function threadCapacity(ms: number): Promise<number> {
  const one = await spin(ms);
  const two = await Promise.all([spin(ms), spin(ms)]);
  return (two[0] + two[1]) / one;
}

export interface Scaling {
  /** Games per simulation run: as many as one worker finished in the requested seconds. */
  readonly games: number;
  readonly bots: string;
  /** Wall seconds of each run, in the order they ran. */
  readonly runs: readonly {
    readonly workers: number;
    readonly seconds: number;
    readonly steadyRate: number;
    /** `startUpSeconds` of this run (NaN without a steady rate). */
    readonly startUp: number;
    /** Games each worker played: on two equal cores about half each (see `lowestShare`). */
    readonly perWorker: readonly number[];
  }[];
  /** Median wall seconds with one and with two workers. */
  readonly one: number;
  readonly two: number;
  /** How many times more games per second two workers play than one (median over median). */
  readonly ratio: number;
  /**
   * The same ratio within each repetition (its one-worker run over its two-worker run, which ran
   * back to back), in the order they ran. Their spread shows how far the machine drifted.
   */
  readonly repRatios: readonly number[];
  /**
   * The same ratio once the workers are warm: games per second from the moment a third of the games
   * were done to the end (median over the runs). It leaves out worker start-up and JIT warm-up, which
   * every worker pays for itself, so it is what a long simulation gets.
   */
  readonly steadyRatio: number;
  /** Median seconds lost to start-up (`startUpSeconds`) with one worker and with two. */
  readonly startUpOne: number;
  readonly startUpTwo: number;
  /**
   * `threadCapacity` measured just before each back-to-back pair, in the same order as `repRatios`:
   * the speed-up the machine itself gave a plain loop at that moment.
   */
  readonly repCapacities: readonly number[];
  /** `lowestShare` of the two-worker runs: 0.5 when both cores kept the same speed throughout. */
  readonly lowestShare: number;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The simulation every scaling measurement runs: heuristic bots where the game has them. */
function scalingConfig(game: AnyGame, players: number): SimConfig {
  return {
    game: game.id,
    players,
    games: MAX_GAMES,
    seed: 'scaling',
    bots: [game.bots?.['heuristic'] ? 'heuristic' : 'random'],
    options: {},
    rotate: false,
    series: false,
  };
}

/** How long each half of a `threadCapacity` probe runs: a second, or a tenth of a shorter run. */
const capacityMs = (runSeconds: number) => Math.min(1000, runSeconds * 100);

/**
 * How the simulator scales from one worker thread to two: the same simulation (heuristic bots where
 * the game has them) run `reps` times with each count, alternating which goes first so that a machine
 * that drifts in speed does not favour either. The worker bundle is built before the clock starts: it
 * is a once-per-process cost, the same for any number of workers.
 */
export async function simScaling(
  game: AnyGame,
  players: number,
  worker: WorkerSource,
  seconds: number,
  reps: number,
): Promise<Scaling> {
  const base = scalingConfig(game, players);
  const bots = base.bots[0]!;
  await workerCode(worker);
  const runs: {
    workers: number;
    seconds: number;
    steadyRate: number;
    startUp: number;
    perWorker: number[];
  }[] = [];
  const play = async (workers: number, games: number, signal?: AbortSignal) => {
    // One timestamp per result: the time-boxed run does not know its length until it ends.
    const arrivals: number[] = [];
    const run = await simulate(
      game,
      { ...base, games },
      { workers, worker, signal, onProgress: () => arrivals.push(performance.now()) },
    );
    const rate = steadyRate(arrivals);
    const n = run.results.length;
    runs.push({
      workers,
      seconds: run.seconds,
      steadyRate: rate,
      startUp: startUpSeconds(run.seconds, n, rate),
      perWorker: run.perWorker,
    });
    return n;
  };
  // The first run, with one worker, is time-boxed: it stops handing out games after `seconds` and
  // finishes the one in play, and the number it played is the size of every other run. It is then
  // an ordinary run of that many games. Sizing from a separate, shorter run, as before, turned a slow
  // minute into runs of 6 s instead of 10 s, and shorter runs lower the figure (start-up weighs more).
  const capacities = [await threadCapacity(capacityMs(seconds))];
  let games = await play(1, MAX_GAMES, AbortSignal.timeout(seconds * 1000));
  if (games < 2) {
    // A busy machine finished fewer than two games in the time box: two is the least a two-worker
    // run can share, so the one-worker run is played again at that size instead of giving up.
    runs.pop();
    games = 2;
    await play(1, games);
  }
  for (let rep = 0; rep < reps; rep++) {
    if (rep > 0) capacities.push(await threadCapacity(capacityMs(seconds)));
    for (const workers of rep % 2 ? [2, 1] : [1, 2]) {
      if (rep === 0 && workers === 1) continue; // the time-boxed run
      await play(workers, games);
    }
  }
  const of = (workers: number, pick: (r: (typeof runs)[number]) => number) =>
    median(runs.filter((r) => r.workers === workers).map(pick));
  const one = of(1, (r) => r.seconds);
  const two = of(2, (r) => r.seconds);
  const steadyRatio = of(2, (r) => r.steadyRate) / of(1, (r) => r.steadyRate);
  return {
    games,
    bots,
    runs,
    one,
    two,
    ratio: one / two,
    repRatios: repRatios(runs),
    repCapacities: capacities,
    steadyRatio,
    startUpOne: of(1, (r) => r.startUp),
    startUpTwo: of(2, (r) => r.startUp),
    lowestShare: lowestShare(runs),
  };
}

/** One-worker seconds over two-worker seconds for each back-to-back pair of runs. */
export function repRatios(runs: readonly { readonly workers: number; readonly seconds: number }[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const pair = [runs[i]!, runs[i + 1]!];
    const one = pair.find((r) => r.workers === 1);
    const two = pair.find((r) => r.workers === 2);
    if (one && two) out.push(one.seconds / two.seconds);
  }
  return out;
}

/**
 * The smallest share of the games that one worker played, over the runs with more than one worker
 * (NaN without such runs). Workers claim games as they go, so it is about 1 / workers when the cores
 * run at the same speed; well below that, one core was slower during that run.
 */
export function lowestShare(runs: readonly { readonly perWorker: readonly number[] }[]): number {
  let lowest = Number.NaN;
  for (const { perWorker } of runs) {
    if (perWorker.length < 2) continue;
    const total = perWorker.reduce((a, b) => a + b, 0);
    const share = extent(perWorker)[0] / total;
    if (Number.isNaN(lowest) || share < lowest) lowest = share;
  }
  return lowest;
}

export interface Interleaved {
  readonly bots: string;
  readonly rounds: number;
  readonly turnSeconds: number;
  /** Games per second over every measured turn, with one worker and with two. */
  readonly oneRate: number;
  readonly twoRate: number;
  /** `twoRate / oneRate`. */
  readonly ratio: number;
  /** The same ratio within each round (one turn of each, back to back), in the order they ran. */
  readonly roundRatios: readonly number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How the simulator scales once warm, measured so that the machine's drift from minute to minute
 * falls on both worker counts alike: a one-worker and a two-worker simulation run side by side, each
 * paused at a `Gate` between games, and take turns of `turnSeconds`, one round after another (the
 * order alternating from round to round), after one unmeasured round in which their code warms up.
 * The back-to-back runs of `simScaling` can catch a slow minute in one run and not the other. A host
 * that gives two busy cores less than twice one still shows (docs/architecture.md). It leaves out
 * what a run pays once at its start (measured there); it is what a long simulation gets.
 */
export async function interleavedScaling(
  game: AnyGame,
  players: number,
  worker: WorkerSource,
  turnSeconds: number,
  rounds: number,
): Promise<Interleaved> {
  const config = scalingConfig(game, players);
  await workerCode(worker);
  const stop = new AbortController();
  const pools: { workers: number; gate: Gate; run: Promise<unknown>; ended: Promise<void> }[] = [];
  // Waits until every worker of a pool is parked; a run that fails or ends first is an error.
  const parked = async ({ workers, gate, ended }: (typeof pools)[number]) => {
    while (gate.parked < workers) await Promise.race([ended, sleep(1)]);
  };
  try {
    for (const workers of [1, 2]) {
      const gate = new Gate();
      const run = simulate(game, config, { workers, worker, signal: stop.signal, gate });
      const ended = run.then(() => {
        if (!stop.signal.aborted)
          throw new Error(`${game.id}: an interleaved run ended before it was stopped`);
      });
      ended.catch(() => {}); // reaches the caller through `parked`, or after the stop not at all
      pools.push({ workers, gate, run, ended });
      // One pool at a time: V8 reads some of the flags `simulate` sets per worker count when a
      // worker's isolate starts, so the next pool must not set its own before this one's are up.
      await parked(pools.at(-1)!);
    }
    const turn = async (pool: (typeof pools)[number]) => {
      shareCoresWisely(pool.workers);
      const before = pool.gate.finished;
      const start = performance.now();
      pool.gate.open();
      await sleep(turnSeconds * 1000);
      pool.gate.close();
      await parked(pool);
      return { games: pool.gate.finished - before, seconds: (performance.now() - start) / 1000 };
    };
    for (const pool of pools) await turn(pool);
    const totals = [
      { games: 0, seconds: 0 },
      { games: 0, seconds: 0 },
    ];
    const roundRatios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const rates = [0, 0];
      for (const index of round % 2 ? [1, 0] : [0, 1]) {
        const t = await turn(pools[index]!);
        totals[index]!.games += t.games;
        totals[index]!.seconds += t.seconds;
        rates[index] = t.games / t.seconds;
      }
      roundRatios.push(rates[1]! / rates[0]!);
    }
    const [oneRate, twoRate] = totals.map((t) => t.games / t.seconds) as [number, number];
    return {
      bots: config.bots[0]!,
      rounds,
      turnSeconds,
      oneRate,
      twoRate,
      ratio: twoRate / oneRate,
      roundRatios,
    };
  } finally {
    stop.abort();
    await Promise.allSettled(pools.map((pool) => pool.run));
  }
}
