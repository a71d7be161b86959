/** Selling single cubes to the High Council's open demand spaces. */
import * as dataModule from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusAction, ProspectusState } from '../state.ts';
import type { Work } from './work.ts';
import * as actionsModule from './actions.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { COUNCIL_ACTIONS } = actionsModule;
const { COUNCIL_PRICES, FUTURE_CARDS } = dataModule;
const { FILLED, OPEN } = stateModule;
const { REC_COUNCIL, note } = recordModule;

/** The potion a demand space asks for, or -1 when the space holds no card. */
export function demandPotion(s: ProspectusState, space: number, demand: number): number {
  const card = s.track[space]!;
  return card < 0 ? -1 : FUTURE_CARDS[card]!.demands[demand]!;
}

/** prospectus.council.open-demand: one cube of the demanded potion onto an open space. */
export function councilOptions(s: ProspectusState, seat: number): ProspectusAction[] {
  const out: ProspectusAction[] = [];
  const cubes = s.cubes[seat]!;
  for (let space = 0; space < s.track.length; space++) {
    const card = s.track[space]!;
    if (card < 0) continue;
    const demands = FUTURE_CARDS[card]!.demands;
    for (let demand = 0; demand < 2; demand++) {
      if (s.dem[2 * space + demand] === OPEN && cubes[demands[demand]!]! > 0)
        out.push(COUNCIL_ACTIONS[space]![demand]!);
    }
  }
  return out;
}

/** Whether a council step is offered: behind closed screens, whenever any demand is open (prospectus.hidden.flow). */
export function mayCouncil(s: ProspectusState, seat: number): boolean {
  if (s.openScreens) return councilOptions(s, seat).length > 0;
  for (let space = 0; space < s.track.length; space++)
    if (s.track[space]! >= 0 && (s.dem[2 * space] === OPEN || s.dem[2 * space + 1] === OPEN)) return true;
  return false;
}

export function isCouncilLegal(s: ProspectusState, seat: number, space: number, demand: number): boolean {
  if (!Number.isInteger(space) || space < 0 || space >= s.track.length || (demand !== 0 && demand !== 1))
    return false;
  const potion = demandPotion(s, space, demand);
  return potion >= 0 && s.dem[2 * space + demand] === OPEN && s.cubes[seat]![potion]! > 0;
}

/** prospectus.council.sale: the cube fills the space and the bank pays that space's council price. */
export function sellToCouncil(
  w: Work,
  seat: number,
  space: number,
  demand: number,
  ability: boolean,
): number {
  const potion = demandPotion(w.s, space, demand);
  const price = COUNCIL_PRICES.value[space]!;
  w.row('cubes', seat)[potion]! -= 1;
  w.arr('dem')[2 * space + demand] = FILLED;
  w.arr('money')[seat]! += price;
  w.emit({ type: 'council-sale', seat, space, potion, price, ability });
  note(w, [REC_COUNCIL, seat, potion, price]);
  return potion;
}
