/**
 * Heuristic play. A cube is worth what the visible future track says its price will be (market
 * arrows times the share of cubes that usually emerge, council verdicts, dividends due), plus the
 * council bonus it already carries. The bot tries each legal action on a few worlds drawn from its
 * own information (never the real state), follows its own forced follow-up choices greedily, and
 * keeps the action whose resulting worth is highest on average. Behind closed screens the rivals'
 * cubes and money in those worlds come from the public record (sampler.ts): with the default
 * 'open-trades' screens the record fixes them (every quantity was seen), with 'hidden-quantities' they
 * are draws, so the rival term of the margin is an estimate. Either way the bot never reads the true
 * figures, only what its seat was told.
 */
import type { BotFactory } from '../../core/bot.ts';
import { Rng } from '../../core/rng.ts';
import * as dataModule from './data.ts';
import * as stateModule from './state.ts';
import type { ProspectusAction, ProspectusState } from './state.ts';
import * as futureCardModule from './rules/future-card.ts';
import * as engineModule from './rules/engine.ts';
import * as endModule from './rules/end.ts';
import type { ProspectusView } from './view.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const {
  CRYSTAL_BALL,
  CURRENT_SPACE,
  DIVIDEND_BY_SPACE,
  DIVIDEND_TRIGGER,
  FUTURE_CARDS,
  PRICE_BY_SPACE,
  START_SPACE,
  TOP_SPACE,
} = dataModule;
const { FILLED, OPEN } = stateModule;
const { arrowsInto, cubesToDropInto } = futureCardModule;
const { actorOf, legalActions, performQuiet } = engineModule;
const { totalRounds } = endModule;

const EMERGE_RATE = 1 - CRYSTAL_BALL.value.stickChance;

/** Total turns in the game: each seat plays until its spell deck cannot refill the hand. */
function totalTurns(s: ProspectusState): number {
  return s.players * totalRounds(s);
}

/** The first space still to execute (cards run from the current space down to space 0). */
function firstPendingSpace(s: ProspectusState): number {
  const executedNow =
    s.phase === 'tx2' || (s.phase === 'qty' && s.tx?.then === 'replenish') ? s.execLeft : s.executed;
  return CURRENT_SPACE - executedNow;
}

// Scratch for `cubeValues`, which the bot calls for every action it tries in every sampled world:
// fresh arrays here were a large share of a simulated game's garbage (the returned values alone were
// a tenth of it). Filled and read within one call; VALUES is the result, valid until the next call.
const DRIFT = [0, 0, 0, 0, 0];
const LAIR = [0, 0, 0, 0, 0];
const BONUS = [0, 0, 0, 0, 0];
const VALUES = [0, 0, 0, 0, 0];
const DROPPED = [0, 0, 0, 0, 0];
const ARROWS = [0, 0, 0, 0, 0];

/**
 * Expected $ value per cube of each potion if held to the end of the visible track: the cards still
 * to execute (limited to the turns left in the game) move prices, fill demands and feed the lair.
 * Returns a shared array that the next call overwrites: read it before calling again.
 */
function cubeValues(s: ProspectusState): readonly number[] {
  if (s.phase === 'over') return VALUES.fill(0);
  for (let p = 0; p < 5; p++) {
    DRIFT[p] = 0;
    LAIR[p] = s.dividends[p]!;
    BONUS[p] = s.chamber[p]!;
  }
  const turnsLeft = totalTurns(s) - s.turn;
  let k = 0;
  for (let space = firstPendingSpace(s); space >= 0 && k < turnsLeft; space--) {
    if (s.track[space]! < 0) continue;
    const card = FUTURE_CARDS[s.track[space]!]!;
    const current = k === 0 && s.executed === 0;
    const dropped = current ? cubesToDropInto(s, space, DROPPED) : card.icons;
    const arrows = current ? arrowsInto(s, space, ARROWS) : card.arrows;
    const weight = k === 0 ? 1 : 0.85;
    for (let p = 0; p < 5; p++) DRIFT[p]! += weight * arrows[p]! * dropped[p]! * EMERGE_RATE;
    for (let j = 0; j < 2; j++) {
      const p = card.demands[j]!;
      const state = s.dem[2 * space + j]!;
      DRIFT[p]! += state === FILLED ? 1 : state === OPEN && k > 0 ? -0.4 : -1;
      if (state === FILLED) BONUS[p]! += 1;
    }
    LAIR[card.dividend]! += 1;
    k++;
  }
  const values = VALUES;
  for (let p = 0; p < 5; p++) {
    const at = s.prices[p]! + DRIFT[p]!;
    let value: number;
    if (at > TOP_SPACE) value = 2 * priceAt(START_SPACE + (at - TOP_SPACE - 1));
    else if (at < 0) value = Math.max(0, 4 + at * 4);
    else value = priceAt(at);
    if (LAIR[p]! >= DIVIDEND_TRIGGER.value) value += DIVIDEND_BY_SPACE[s.prices[p]!]!;
    values[p] = value + BONUS[p]!;
  }
  return values;
}

function priceAt(space: number): number {
  const lo = Math.max(0, Math.min(TOP_SPACE, Math.floor(space)));
  const hi = Math.min(TOP_SPACE, lo + 1);
  const f = Math.max(0, Math.min(1, space - lo));
  return PRICE_BY_SPACE[lo]! * (1 - f) + PRICE_BY_SPACE[hi]! * f;
}

/** Money plus the expected value of the cubes held, given `cubeValues(s)`. */
function worthOf(s: ProspectusState, seat: number, values: readonly number[]): number {
  const cubes = s.cubes[seat]!;
  let worth = s.money[seat]! + (s.interrupts[seat] ? 3 : 0);
  for (let p = 0; p < 5; p++) worth += cubes[p]! * values[p]!;
  return worth;
}

/** Money plus the expected value of the cubes held, per seat. */
function worths(s: ProspectusState): number[] {
  const values = cubeValues(s);
  const out = new Array<number>(s.players);
  for (let seat = 0; seat < s.players; seat++) out[seat] = worthOf(s, seat, values);
  return out;
}

export function evaluateState(s: ProspectusState): number[] {
  const w = worths(s).map((x) => Math.max(1, x));
  const best = Math.max(...w);
  // Shares relative to the leader: 1 for the leader, less for the others.
  return w.map((x) => x / best);
}

/** My worth minus the best opponent's, the quantity the bot maximises. */
function margin(s: ProspectusState, seat: number): number {
  const values = cubeValues(s);
  let rival = -Infinity;
  for (let other = 0; other < s.players; other++)
    if (other !== seat) rival = Math.max(rival, worthOf(s, other, values));
  return worthOf(s, seat, values) - 0.3 * rival;
}

/** Follows this seat's own follow-up decisions greedily (a few plies), returns the final margin. */
function scoreAfter(s: ProspectusState, seat: number, action: ProspectusAction, depth: number): number {
  const next = performQuiet(s, seat, action);
  if (depth <= 0 || actorOf(next) !== seat || next.phase === 'over') return margin(next, seat);
  let best = -Infinity;
  for (const follow of legalActions(next, seat))
    if (follow.t !== 'back') best = Math.max(best, scoreAfter(next, seat, follow, depth - 1));
  return best;
}

/**
 * Taking a step back (prospectus.turn.back) is for a person's misclick: a bot that weighed it could
 * go back and forth for ever, so bots never choose it.
 */
const forward = (legal: readonly ProspectusAction[]): readonly ProspectusAction[] =>
  legal.some((a) => a.t === 'back') ? legal.filter((a) => a.t !== 'back') : legal;

const WORLDS = 2;
const DEPTH = 2;

export const heuristicBot: BotFactory<ProspectusState, ProspectusAction, ProspectusView> = ({ seed }) => {
  const rng = Rng.fromSeed(`prospectus-heuristic:${seed}`);
  return {
    name: 'heuristic',
    act(ctx) {
      const legal = forward(ctx.legal);
      if (legal.length === 1) return legal[0]!;
      const worlds = Array.from({ length: WORLDS }, () => ctx.sampleWorld(rng));
      let best = legal[0]!;
      let bestScore = -Infinity;
      for (const action of legal) {
        let total = 0;
        for (const world of worlds) total += scoreAfter(world, ctx.seat, action, DEPTH);
        if (total > bestScore) {
          bestScore = total;
          best = action;
        }
      }
      return best;
    },
  };
};

/** Cheap playout move: the best immediate transaction or sale by cube value, otherwise random. */
export function playoutPolicy(
  s: ProspectusState,
  _seat: number,
  all: readonly ProspectusAction[],
  rng: Rng,
): ProspectusAction {
  const legal = forward(all);
  if (rng.next() < 0.3) return legal[rng.int(legal.length)]!;
  const values = cubeValues(s);
  let best = legal[rng.int(legal.length)]!;
  let bestGain = 0;
  for (const a of legal) {
    let gain = 0;
    if (a.t === 'tx') {
      const edge = values[a.potion]! - PRICE_BY_SPACE[s.prices[a.potion]!]!;
      gain = a.kind === 'buy' ? edge : -edge;
    } else if (a.t === 'qty') gain = s.tx && a.n === s.tx.max ? 1 : 0;
    if (gain > bestGain) {
      bestGain = gain;
      best = a;
    }
  }
  return best;
}
