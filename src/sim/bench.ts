import type { AnyGame } from '../core/index.ts';
import { newGame, Rng } from '../core/index.ts';

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
