/**
 * A tiny perfect-information fixture where search clearly beats random play, with draws (shared
 * first place) to exercise split rewards. Nothing is hidden, so `resample` only reseeds the RNG.
 */
import { z } from 'zod';
import { defineGame, ruleError, Rng } from '../../src/core/index.ts';
import type { GameDefinition } from '../../src/core/index.ts';
import { TIC_TAC_TOE_LINES } from '../../src/sim/bench.ts';

const Cell = z.union([z.literal(0), z.literal(1), z.null()]);
export const TttState = z.strictObject({
  rng: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  board: z.array(Cell).length(9),
  toMove: z.union([z.literal(0), z.literal(1)]),
});
export type TttState = z.infer<typeof TttState>;
export const TttAction = z.strictObject({ cell: z.number().int() });
export type TttAction = z.infer<typeof TttAction>;
const TttOptions = z.strictObject({});

function lineOwner(board: TttState['board']): 0 | 1 | null {
  for (const [a, b, c] of TIC_TAC_TOE_LINES) {
    const owner = board[a];
    if (owner !== null && owner !== undefined && owner === board[b] && owner === board[c]) return owner;
  }
  return null;
}

const isOver = (s: TttState) => lineOwner(s.board) !== null || s.board.every((c) => c !== null);

const definition: GameDefinition<TttState, TttAction, TttState, TttAction, z.infer<typeof TttOptions>> = {
  id: 'tic-tac-toe',
  name: 'Tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,
  rulesVersion: '1',
  optionsSchema: TttOptions,
  actionSchema: TttAction,
  stateSchema: TttState,
  setup: (_players, seed) => ({
    rng: Rng.fromSeed(seed).state() as TttState['rng'],
    board: Array(9).fill(null),
    toMove: 0,
  }),
  actors: (s) => (isOver(s) ? [] : [s.toMove]),
  legalActions(s, seat) {
    if (isOver(s) || seat !== s.toMove) return [];
    return s.board.flatMap((c, cell) => (c === null ? [{ cell }] : []));
  },
  explainIllegal: () => ruleError('illegal', 'ttt.empty-cell', 'play on an empty cell'),
  perform(s, seat, action) {
    const board = s.board.slice();
    board[action.cell] = seat as 0 | 1;
    return { state: { ...s, board, toMove: seat === 0 ? 1 : 0 }, events: [action] };
  },
  view: (s) => s,
  viewEvent: (e) => ({ type: 'move', text: `cell ${e.cell}` }),
  outcome(s) {
    if (!isOver(s)) return null;
    const owner = lineOwner(s.board);
    const scores = [0, 1].map((seat) => (owner === null ? 0 : owner === seat ? 1 : -1));
    return { scores, ranks: scores.map((p) => 1 + scores.filter((q) => q > p).length) };
  },
  resample: (s, _viewer, rng) => ({ ...s, rng: rng.fork().state() as TttState['rng'] }),
  render: {
    view: (v) => v.board.map((c) => (c === null ? '.' : 'XO'[c])).join(''),
    action: (a) => `cell ${a.cell}`,
  },
};

export const ticTacToe = defineGame(definition);
