/** Executing a future card: council verdicts, market results through the crystal ball, a dividend. */
import * as arraysModule from '../../../core/arrays.ts';
import * as dataModule from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusState } from '../state.ts';
import * as marketModule from './market.ts';
import type { Work } from './work.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { mapArray } = arraysModule;
const { DIVIDEND_BY_SPACE, DIVIDEND_TRIGGER, FUTURE_CARDS, SPELL_INDEX } = dataModule;
const { FILLED, OPEN, quantitiesPublic } = stateModule;
const { applyMarketResults, dropIntoBall, movePrice } = marketModule;
const { REC_DIVIDEND, note } = recordModule;

/** The spell cast this turn (cast mode only), or -1. */
export function castSpell(s: ProspectusState): number {
  return s.played && s.played.mode === 'cast' ? s.played.spell : -1;
}

/**
 * prospectus.dividend.advance: one cube into the lair; the third pays every owner per cube by the
 * potion's tank, then the price drops a space and the lair empties.
 */
export function advanceDividend(w: Work, potion: number): void {
  const level = w.s.dividends[potion]! + 1;
  if (level < DIVIDEND_TRIGGER.value) {
    w.arr('dividends')[potion] = level;
    w.emit({ type: 'lair', potion, cubes: level });
    return;
  }
  w.arr('dividends')[potion] = 0;
  const perCube = DIVIDEND_BY_SPACE[w.s.prices[potion]!]!;
  const paid = mapArray(w.s.cubes, (row) => row[potion]! * perCube);
  const money = w.arr('money');
  for (let seat = 0; seat < paid.length; seat++) money[seat]! += paid[seat]!;
  // prospectus.hidden.screens.dividend: paid out in the open, unless the table hides quantities.
  const open = quantitiesPublic(w.s);
  w.emit({ type: 'dividend', potion, perCube, paid, open });
  note(w, open ? [REC_DIVIDEND, -1, potion, perCube, ...paid] : [REC_DIVIDEND, -1, potion, perCube]);
  movePrice(w, potion, -1);
}

/** prospectus.future.council: filled demands bless (+1), empty or blocked ones curse (-1). */
function councilVerdicts(w: Work, space: number): void {
  const card = FUTURE_CARDS[w.s.track[space]!]!;
  for (let j = 0; j < 2; j++) {
    const potion = card.demands[j]!;
    const blessed = w.s.dem[2 * space + j] === FILLED;
    w.emit({ type: 'council-verdict', potion, blessed });
    movePrice(w, potion, blessed ? 1 : -1);
  }
  // prospectus.future.chamber: sold cubes go into the chamber, blockers back to the supply.
  for (let j = 0; j < 2; j++) {
    if (w.s.dem[2 * space + j] === FILLED) w.arr('chamber')[card.demands[j]!]! += 1;
    if (w.s.dem[2 * space + j] !== OPEN) w.arr('dem')[2 * space + j] = OPEN;
  }
}

/** The cubes dropped for the card being executed, with this turn's spell applied to the current card. */
export function cubesToDrop(s: ProspectusState, space: number): number[] {
  return cubesToDropInto(s, space, [0, 0, 0, 0, 0]);
}

const NO_PARAMS: readonly number[] = [];

/** `cubesToDrop` written into `dropped` (five counts), for callers that reuse one array. */
export function cubesToDropInto(s: ProspectusState, space: number, dropped: number[]): number[] {
  const icons = FUTURE_CARDS[s.track[space]!]!.icons;
  for (let p = 0; p < 5; p++) dropped[p] = icons[p]!;
  if (s.executed !== 0) return dropped;
  const spell = castSpell(s);
  // While the caster is still naming potions (the bot looks ahead from there) only the potions
  // named so far count; indexing with a missing one used to write a stray key onto `dropped`.
  const params = s.played?.params ?? NO_PARAMS;
  if (spell === SPELL_INDEX['add-cubes']) {
    if (params.length > 0) dropped[params[0]!]! += 1;
    if (params.length > 1) dropped[params[1]!]! += 1;
  } else if (spell === SPELL_INDEX.change) {
    if (params.length > 0) dropped[params[0]!]! -= 1;
    if (params.length > 1) dropped[params[1]!]! += 1;
  }
  return dropped;
}

export function arrowsFor(s: ProspectusState, space: number): number[] {
  return arrowsInto(s, space, [0, 0, 0, 0, 0]);
}

/** `arrowsFor` written into `arrows` (five steps), for callers that reuse one array. */
export function arrowsInto(s: ProspectusState, space: number, arrows: number[]): number[] {
  const printed = FUTURE_CARDS[s.track[space]!]!.arrows;
  for (let p = 0; p < 5; p++) arrows[p] = printed[p]!;
  if (s.executed === 0 && castSpell(s) === SPELL_INDEX.reverse && s.played!.params.length > 0) {
    const p = s.played!.params[0]!;
    arrows[p] = -arrows[p]!;
  }
  return arrows;
}

/** Whether the caster gets a choice after the drop (Pulsa Pugnum, Re-drop) on this execution. */
function pausesAfterDrop(s: ProspectusState): boolean {
  const spell = castSpell(s);
  return s.executed === 0 && (spell === SPELL_INDEX['pulsa-pugnum'] || spell === SPELL_INDEX.redrop);
}

/**
 * Executes the card on `space` up to the market choice. Returns false when the flow must pause for
 * the caster's pound / re-drop decision (phase 'market'); finishExecution completes it.
 */
export function startExecution(w: Work, space: number): boolean {
  w.s.execSlot = space;
  councilVerdicts(w, space);
  const dropped = cubesToDrop(w.s, space);
  const emerged = dropIntoBall(w.arr('ball'), dropped, w.rng);
  w.s.lastDrop = { dropped, emerged };
  w.emit({ type: 'drop', dropped, emerged });
  if (pausesAfterDrop(w.s)) {
    w.s.emerged = emerged;
    w.s.phase = 'market';
    return false;
  }
  finishExecution(w, emerged);
  return true;
}

export function finishExecution(w: Work, emerged: readonly number[]): void {
  const space = w.s.execSlot;
  const card = FUTURE_CARDS[w.s.track[space]!]!;
  w.s.emerged = null;
  applyMarketResults(w, arrowsFor(w.s, space), emerged);
  advanceDividend(w, card.dividend);
  w.s.executed += 1;
}
