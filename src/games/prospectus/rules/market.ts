/**
 * The price machine (moves, splits, busts) and the crystal ball (a cube tower that keeps some cubes
 * inside and lets them out on later drops).
 */
import * as arraysModule from '../../../core/arrays.ts';
import * as dataModule from '../data.ts';
import type { Rng } from '../../../core/rng.ts';
import type { Work } from './work.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { mapArray } = arraysModule;
const { CRYSTAL_BALL, PRICE_BY_SPACE, START_SPACE, TOP_SPACE } = dataModule;
const { REC_BUST, REC_SPLIT, note } = recordModule;

/** Shuffles the future discard pile back into the draw deck; nobody knows the new order. */
export function reshuffleFuture(w: Work): void {
  const s = w.s;
  s.future = w.rng.shuffle(s.future.concat(s.futureDiscard));
  s.futureDiscard = [];
  s.knownTop = mapArray(s.knownTop, () => 0);
  w.emit({ type: 'reshuffle', size: s.future.length });
}

function revealCounts(w: Work, potion: number): number[] {
  return mapArray(w.s.cubes, (row) => row[potion]!);
}

/** prospectus.market.split: every holding doubles, the price resets to $20, the future discards reshuffle. */
function split(w: Work, potion: number): void {
  const counts = revealCounts(w, potion);
  for (let seat = 0; seat < counts.length; seat++) if (counts[seat]) w.row('cubes', seat)[potion]! *= 2;
  w.arr('prices')[potion] = START_SPACE;
  w.arr('splits')[potion]! += 1;
  w.s.lastReveal = { kind: 'split', potion, counts };
  w.emit({ type: 'split', potion, counts });
  note(w, [REC_SPLIT, -1, potion, ...counts]);
  reshuffleFuture(w);
}

/** prospectus.market.bust: every holding is lost, the price resets, the future discards reshuffle. */
function bust(w: Work, potion: number): void {
  const counts = revealCounts(w, potion);
  for (let seat = 0; seat < counts.length; seat++) if (counts[seat]) w.row('cubes', seat)[potion] = 0;
  w.arr('prices')[potion] = START_SPACE;
  w.arr('busts')[potion]! += 1;
  w.s.lastReveal = { kind: 'bust', potion, counts };
  w.emit({ type: 'bust', potion, counts });
  note(w, [REC_BUST, -1, potion, ...counts]);
  reshuffleFuture(w);
}

/**
 * Moves a price `steps` spaces (negative = down). A rise past the top splits and keeps rising from
 * $20; a fall past the bottom busts and the rest of the fall is dropped.
 */
export function movePrice(w: Work, potion: number, steps: number): void {
  if (steps === 0) return;
  const from = w.s.prices[potion]!;
  const dir = steps > 0 ? 1 : -1;
  for (let left = Math.abs(steps); left > 0; left--) {
    const at = w.s.prices[potion]! + dir;
    if (at > TOP_SPACE) split(w, potion);
    else if (at < 0) {
      bust(w, potion);
      break;
    } else w.arr('prices')[potion] = at;
  }
  const to = w.s.prices[potion]!;
  w.emit({ type: 'price', potion, from: PRICE_BY_SPACE[from]!, to: PRICE_BY_SPACE[to]! });
}

/** One knock on the ball: each cube inside falls out with the knock chance. Returns what fell. */
export function knock(ball: number[], rng: Rng, out: number[]): void {
  for (let p = 0; p < ball.length; p++) {
    let fell = 0;
    for (let k = ball[p]!; k > 0; k--) if (rng.next() < CRYSTAL_BALL.value.knockChance) fell++;
    ball[p]! -= fell;
    out[p]! += fell;
  }
}

/**
 * prospectus.market.crystal-ball: a drop knocks on the cubes already inside, then each new cube either
 * sticks inside or falls through. Mutates `ball`; returns the emerged cubes per potion.
 */
export function dropIntoBall(ball: number[], dropped: readonly number[], rng: Rng): number[] {
  const emerged = [0, 0, 0, 0, 0];
  knock(ball, rng, emerged);
  for (let p = 0; p < dropped.length; p++) {
    for (let k = dropped[p]!; k > 0; k--) {
      if (rng.next() < CRYSTAL_BALL.value.stickChance) ball[p]! += 1;
      else emerged[p]! += 1;
    }
  }
  return emerged;
}

/** prospectus.market.results: each emerged cube moves its potion one space along the card's arrow. */
export function applyMarketResults(w: Work, arrows: readonly number[], emerged: readonly number[]): void {
  for (let p = 0; p < emerged.length; p++) if (emerged[p]) movePrice(w, p, arrows[p]! * emerged[p]!);
}
