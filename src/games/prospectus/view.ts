/**
 * What one seat (or a spectator) knows. Hidden: other hands and draw piles, the future deck's order
 * beyond what the viewer has looked at, other seats' secret chamber additions, and — unless the
 * `openScreens` option is on or the game is over — the totals behind other seats' screens (their
 * cubes and money are not tallied for the viewer). What the table saw cross the screens (colours,
 * directions, prices, limits, revealed split/bust counts, and with the default 'open-trades' screens
 * every quantity, amount and dividend payment) is kept in `record`.
 */
import type { Viewer } from '../../core/game.ts';
import * as arraysModule from '../../core/arrays.ts';
import type { Rng } from '../../core/rng.ts';
import * as dataModule from './data.ts';
import type {
  DropRecord,
  FinalScore,
  PendingTx,
  Phase,
  PlayedSpell,
  ProspectusState,
  Reveal,
  ScreenMode,
} from './state.ts';
import * as engineModule from './rules/engine.ts';
import * as endModule from './rules/end.ts';
import * as recordModule from './rules/record.ts';
import * as samplerModule from './sampler.ts';
import * as stateModule from './state.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { mapArray } = arraysModule;
const { FUTURE_CARDS, PRICE_BY_SPACE } = dataModule;
const { actorOf } = engineModule;
const { totalRounds } = endModule;
const { recordEntries } = recordModule;
const { redrawScreens } = samplerModule;
const { cloneState } = stateModule;

export interface TrackSpaceView {
  space: number;
  card: number;
  demands: { potion: number; state: number }[];
}

/** A pending transaction; the limit (from the trader's money or cubes) only for the trader. */
export type PendingTxView = Omit<PendingTx, 'max'> & { max: number | null };

export interface ProspectusView {
  viewer: Viewer;
  players: number;
  phase: Phase;
  active: number;
  actor: number;
  turn: number;
  /** Rounds the game lasts (each seat plays one turn a round). */
  rounds: number;
  /** Future cards already executed this turn (from the current space leftwards). */
  executed: number;
  /** 'open' with openScreens, otherwise the table's screen mode (see ScreenMode). */
  screens: 'open' | ScreenMode;
  /** Per seat; null behind a screen the viewer cannot see. */
  money: (number | null)[];
  cubes: (number[] | null)[];
  /** The public record of screened moves, oldest first (rules/record.ts); empty with open screens. */
  record: number[][];
  prices: number[];
  priceSpaces: number[];
  dividends: number[];
  abilities: number[];
  aside: number[];
  track: TrackSpaceView[];
  futureDeckSize: number;
  futureDiscard: number[];
  /** Future cards the viewer has seen on top of the deck, top first. */
  knownFuture: number[];
  ball: number[];
  chamber: number[];
  /** The viewer's own secret chamber additions; others' only as a count of cubes. */
  mySecret: number[] | null;
  secretCounts: number[];
  hand: number[] | null;
  handSizes: number[];
  drawSizes: number[];
  discards: number[][];
  removed: number[];
  deck: number[];
  interrupts: boolean[];
  frozen: number[];
  draftPool: number[];
  ability: number;
  tx: PendingTxView | null;
  played: PlayedSpell | null;
  interruptQueue: number[];
  emerged: number[] | null;
  lastDrop: DropRecord | null;
  lastReveal: Reveal | null;
  splits: number[];
  busts: number[];
  final: FinalScore | null;
}

function isSeat(viewer: Viewer, players: number): viewer is number {
  return viewer !== 'spectator' && viewer >= 0 && viewer < players;
}

/** Whether `viewer` sees what stands behind `seat`'s screen. */
export function seesScreen(s: ProspectusState, seat: number, viewer: Viewer): boolean {
  return s.openScreens || s.phase === 'over' || seat === viewer;
}

function txView(s: ProspectusState, viewer: Viewer): PendingTxView | null {
  if (!s.tx || seesScreen(s, s.tx.seat, viewer)) return s.tx;
  // A literal, not `{ ...s.tx, max: null }`: in Pocket Imperium's views, a spread of a record that
  // always has one hidden class made copies that outlived young collections (docs/architecture.md).
  const tx = s.tx;
  return { seat: tx.seat, kind: tx.kind, potion: tx.potion, max: null, then: tx.then };
}

export function viewOf(s: ProspectusState, viewer: Viewer): ProspectusView {
  const seat = isSeat(viewer, s.players) ? viewer : -1;
  const sees = (other: number) => seesScreen(s, other, viewer);
  return {
    viewer,
    players: s.players,
    phase: s.phase,
    active: s.active,
    actor: actorOf(s),
    turn: s.turn,
    rounds: totalRounds(s),
    executed: s.executed,
    screens: s.openScreens ? 'open' : s.screens,
    money: s.money.map((m, other) => (sees(other) ? m : null)),
    cubes: s.cubes.map((row, other) => (sees(other) ? row : null)),
    record: recordEntries(s.record),
    prices: s.prices.map((space) => PRICE_BY_SPACE[space]!),
    priceSpaces: s.prices,
    dividends: s.dividends,
    abilities: s.abilities,
    aside: s.aside,
    track: s.track.map((card, space) => ({
      space,
      card,
      demands:
        card < 0
          ? []
          : FUTURE_CARDS[card]!.demands.map((potion, j) => ({ potion, state: s.dem[2 * space + j]! })),
    })),
    futureDeckSize: s.future.length,
    futureDiscard: s.futureDiscard,
    knownFuture: seat >= 0 ? s.future.slice(0, s.knownTop[seat]) : [],
    ball: s.ball,
    chamber: s.chamber,
    mySecret: seat >= 0 ? s.secret[seat]! : null,
    secretCounts: s.secret.map((row) => row.reduce((a, b) => a + b, 0)),
    hand: seat >= 0 ? s.hands[seat]!.slice().sort((a, b) => a - b) : null,
    handSizes: s.hands.map((h) => h.length),
    drawSizes: s.draws.map((d) => d.length),
    discards: s.discards,
    removed: s.removed,
    deck: s.deck,
    interrupts: s.interrupts,
    frozen: s.frozen,
    draftPool: s.draftPool,
    ability: s.ability,
    tx: txView(s, viewer),
    played: s.played,
    interruptQueue: s.interruptQueue,
    emerged: s.emerged,
    lastDrop: s.lastDrop,
    lastReveal: s.lastReveal,
    splits: s.splits,
    busts: s.busts,
    final: s.final,
  };
}

/**
 * A world the viewer cannot tell from this one: unseen spells reshuffled among each other seat's hand
 * and draw pile (and the viewer's own draw pile), the unseen part of the future deck reshuffled, other
 * seats' secret chamber cubes redrawn, other seats' cubes and money redrawn from the public record
 * (sampler.ts), and a fresh RNG.
 */
export function resampleState(s: ProspectusState, viewer: Viewer, rng: Rng): ProspectusState {
  const seat = isSeat(viewer, s.players) ? viewer : -1;
  const hands = s.hands.slice();
  const draws = s.draws.slice();
  for (let other = 0; other < s.players; other++) {
    if (other === seat) {
      draws[other] = rng.shuffle(s.draws[other]!);
      continue;
    }
    const pool = rng.shuffle(s.hands[other]!.concat(s.draws[other]!));
    hands[other] = pool.slice(0, s.hands[other]!.length);
    draws[other] = pool.slice(s.hands[other]!.length);
  }
  const keep = seat >= 0 ? s.knownTop[seat]! : 0;
  const future = s.future.slice(0, keep).concat(rng.shuffle(s.future.slice(keep)));
  const secret = mapArray(s.secret, (row, other) => {
    if (other === seat) return row;
    const total = row.reduce((a, b) => a + b, 0);
    const fresh = [0, 0, 0, 0, 0];
    for (let k = 0; k < total; k++) fresh[rng.int(5)]! += 1;
    return fresh;
  });
  // One copy, so that resampled worlds share the engine's hidden class (see cloneState).
  const out = cloneState(s);
  redrawScreens(out, seat, rng);
  out.hands = hands;
  out.draws = draws;
  out.future = future;
  out.secret = secret;
  out.rng = rng.fork().state() as ProspectusState['rng'];
  return out;
}
