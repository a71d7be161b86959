/** Transactions: buy one colour up to its tank's limit, or sell any number of one colour. */
import * as dataModule from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusAction, ProspectusState, TxKind, TxReturn } from '../state.ts';
import type { Work } from './work.ts';
import * as actionsModule from './actions.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { pendingTx, quantitiesPublic } = stateModule;
const { BUY_ACTIONS, SELL_ACTIONS } = actionsModule;
const { LIMIT_BY_SPACE, PRICE_BY_SPACE } = dataModule;
const { REC_BUY, REC_QTY, REC_SELL, note } = recordModule;

/** prospectus.spell.freeze: a frozen potion can be neither bought nor sold by anyone. */
export function isFrozen(s: ProspectusState, potion: number): boolean {
  return s.frozen[potion]! >= 0;
}

/** How many cubes `seat` may trade at most (0 when the transaction is impossible). */
export function txMax(s: ProspectusState, seat: number, kind: TxKind, potion: number, extra: number): number {
  if (isFrozen(s, potion)) return 0;
  if (kind === 'sell') return s.cubes[seat]![potion]!;
  const space = s.prices[potion]!;
  return Math.min(LIMIT_BY_SPACE[space]! + extra, Math.floor(s.money[seat]! / PRICE_BY_SPACE[space]!));
}

/** prospectus.transaction.one-colour: every (kind, potion) with at least one cube possible. */
export function txOptions(s: ProspectusState, seat: number, extra: number): ProspectusAction[] {
  const out: ProspectusAction[] = [];
  for (let potion = 0; potion < 5; potion++)
    if (txMax(s, seat, 'buy', potion, extra) > 0) out.push(BUY_ACTIONS[potion]!);
  for (let potion = 0; potion < 5; potion++)
    if (txMax(s, seat, 'sell', potion, extra) > 0) out.push(SELL_ACTIONS[potion]!);
  return out;
}

export function hasTx(s: ProspectusState, seat: number, extra: number): boolean {
  for (let potion = 0; potion < 5; potion++)
    if (txMax(s, seat, 'buy', potion, extra) > 0 || txMax(s, seat, 'sell', potion, extra) > 0) return true;
  return false;
}

/**
 * Whether a step should offer `seat` a transaction. With open screens only possible ones count; behind
 * closed screens the table cannot tell whether a seat can afford or owns anything, so the step is
 * offered (possibly with nothing but 'skip') unless every potion is frozen — skipping it would reveal
 * the seat's holdings through the turn's flow (prospectus.hidden.flow).
 */
export function mayTx(s: ProspectusState, seat: number, extra: number): boolean {
  if (s.openScreens) return hasTx(s, seat, extra);
  for (let potion = 0; potion < 5; potion++) if (!isFrozen(s, potion)) return true;
  return false;
}

export function beginTx(
  w: Work,
  seat: number,
  kind: TxKind,
  potion: number,
  extra: number,
  then: TxReturn,
): void {
  w.s.tx = pendingTx(seat, kind, potion, txMax(w.s, seat, kind, potion, extra), then);
  // The colour, direction, price and limit in force are public; the quantity chosen next is public
  // only once it is chosen, and only with 'open-trades' screens (completeTx).
  const space = w.s.prices[potion]!;
  note(
    w,
    kind === 'buy'
      ? [REC_BUY, seat, potion, PRICE_BY_SPACE[space]!, LIMIT_BY_SPACE[space]! + extra]
      : [REC_SELL, seat, potion, PRICE_BY_SPACE[space]!],
  );
  w.s.phase = 'qty';
}

/** prospectus.transaction.buy / .sell: cubes from or to the supply at the current price. */
export function completeTx(w: Work, n: number): void {
  const tx = w.s.tx!;
  const price = PRICE_BY_SPACE[w.s.prices[tx.potion]!]!;
  const sign = tx.kind === 'buy' ? 1 : -1;
  w.row('cubes', tx.seat)[tx.potion]! += sign * n;
  w.arr('money')[tx.seat]! -= sign * n * price;
  const open = quantitiesPublic(w.s);
  w.emit({ type: 'transaction', seat: tx.seat, kind: tx.kind, potion: tx.potion, n, price, open });
  // prospectus.hidden.screens.transaction: cubes come from an open supply and money goes to an open bank.
  if (open) note(w, [REC_QTY, tx.seat, tx.potion, n, n * price]);
}
