/** Who acts, what is legal, why something is not, and what an action does: one dispatch per phase. */
import { nameOf, ruleError } from '../../../core/index.ts';
import type { Names, RuleError } from '../../../core/index.ts';
import type { ActionType, Phase, ProsperiteaAction, ProsperiteaState } from '../state.ts';
import { EVERGREEN_REQS, KIND_NAME, KIND_TYPE, KINDS, MARKET_SLOTS } from '../tables.ts';
import { pendingHelpers, answer } from './coop.ts';
import { endTurn } from './end.ts';
import { completable } from './feasibility.ts';
import {
  abandon,
  askable,
  assign,
  assignActions,
  assignContext,
  fillActions,
  mayStartOrders,
  payout,
  startFill,
  targetOf,
} from './fulfilment.ts';
import { draft, draftActions } from './setup.ts';
import {
  DECKS,
  advertise,
  canAdvertise,
  canSource,
  source as sourceStep,
  sourcingActions,
} from './sourcing.ts';
import type { Step } from './common.ts';
import { BUDGETS, EVERGREEN_ORDERS, INGREDIENT_TYPES, TYPE_LABEL } from '../data.ts';
import { slotLabel } from '../events.ts';

export function actors(state: ProsperiteaState): number[] {
  if (state.phase === 'over') return [];
  if (state.phase === 'request') return pendingHelpers(state);
  return [state.current];
}

const ANSWERS: ProsperiteaAction[] = [{ type: 'accept' }, { type: 'decline' }];
const PAYOUTS: ProsperiteaAction[] = [{ type: 'display' }, { type: 'sell' }];

const LEGAL: Record<Phase, (state: ProsperiteaState, seat: number) => ProsperiteaAction[]> = {
  draft: (state) => draftActions(state),
  source: (state, seat) => sourcingActions(state, seat),
  fulfil: (state) => fillActions(state),
  assign: (state) => assignActions(state),
  request: () => ANSWERS.slice(),
  payout: () => PAYOUTS.slice(),
  over: () => [],
};

export function isActor(state: ProsperiteaState, seat: number): boolean {
  if (state.phase === 'over') return false;
  if (state.phase === 'request') return pendingHelpers(state).includes(seat);
  return seat === state.current;
}

export function legalActions(state: ProsperiteaState, seat: number): ProsperiteaAction[] {
  if (!isActor(state, seat)) return [];
  return LEGAL[state.phase](state, seat);
}

function sameAction(a: ProsperiteaAction, b: ProsperiteaAction): boolean {
  if (a.type !== b.type) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const key in ra) if (ra[key] !== rb[key]) return false;
  for (const key in rb) if (!(key in ra)) return false;
  return true;
}

export function isLegal(state: ProsperiteaState, seat: number, action: ProsperiteaAction): boolean {
  return legalActions(state, seat).some((legal) => sameAction(legal, action));
}

const PHASE_ACTIONS: Record<Phase, readonly ActionType[]> = {
  draft: ['draft'],
  source: ['source', 'advertise'],
  fulfil: ['fill', 'evergreen', 'end'],
  assign: ['supply', 'favor', 'ask', 'abandon'],
  request: ['accept', 'decline'],
  payout: ['sell', 'display'],
  over: [],
};

const PHASE_TEXT: Record<Phase, string> = {
  draft: 'choosing starting ingredients',
  source: 'sourcing (take ingredients or advertise)',
  fulfil: 'fulfilment (start an order or end the turn)',
  assign: 'assigning the ingredients of the order being filled',
  request: 'answering a co-op request',
  payout: 'choosing to sell or display the filled order',
  over: 'the end of the game',
};

const illegal = (rule: string, message: string) => ruleError('illegal', rule, message);

/** Messages are read by people, who count from 1; the JSON value is named too where it differs. */
const noSuchSlot = (slot: number) =>
  `there are market slots 1-${MARKET_SLOTS} (0-${MARKET_SLOTS - 1} in JSON); ${Number.isInteger(slot) ? slot + 1 : slot} is not one`;
const DECK_NAMES = INGREDIENT_TYPES.map((t, i) => `${i} ${TYPE_LABEL[t]}`).join(', ') + ' in JSON';

function explainFill(
  state: ProsperiteaState,
  action: Extract<ProsperiteaAction, { type: 'fill' | 'evergreen' }>,
) {
  if (action.type === 'fill') {
    if (!(action.slot >= 0 && action.slot < MARKET_SLOTS))
      return illegal('prosperitea.fulfil.market', noSuchSlot(action.slot));
    if (state.market[action.slot] === null)
      return illegal('prosperitea.fulfil.market', `market ${slotLabel(action.slot)} is empty`);
  }
  if (action.type === 'evergreen' && !(action.recipe >= 0 && action.recipe < EVERGREEN_REQS.length))
    return illegal(
      'prosperitea.fulfil.evergreen',
      `there are ${EVERGREEN_REQS.length} Evergreen orders (0-${EVERGREEN_REQS.length - 1} in JSON: ${EVERGREEN_ORDERS.value.map((e) => e.name).join(', ')})`,
    );
  if (!mayStartOrders(state))
    return illegal(
      'prosperitea.fulfil.back-out-limit',
      `you backed out of ${state.backedOut} orders this turn: no new order can be started until your next turn`,
    );
  return illegal(
    'prosperitea.fulfil.choose',
    'that order cannot be completed with your cards, your Favor tokens and the cards of players you may still ask',
  );
}

function explainAssign(
  state: ProsperiteaState,
  seat: number,
  action: ProsperiteaAction,
  names: Names,
): RuleError {
  const { reqs, rest, step, frees, own, all, tokens, needOwn } = assignContext(state);
  const req = reqs[step]!;
  const fits = (kind: number) =>
    Number.isInteger(kind) &&
    kind >= 0 &&
    kind < KINDS &&
    (req.kind >= 0 ? kind === req.kind : KIND_TYPE[kind] === req.type);
  if (action.type === 'favor' && tokens <= 0)
    return illegal('prosperitea.favor.wildcard', 'you have no Favor token left to spend');
  if (action.type === 'supply') {
    if (!fits(action.kind))
      return illegal('prosperitea.fulfil.requirement', 'that ingredient does not fit this line of the order');
    if (own[action.kind]! <= 0)
      return illegal('prosperitea.fulfil.own-cards', `you have no free ${KIND_NAME[action.kind]} card`);
  }
  if (action.type === 'ask') {
    if (
      !Number.isInteger(action.seat) ||
      action.seat < 0 ||
      action.seat >= state.players ||
      action.seat === seat
    )
      return illegal('prosperitea.coop.ask-others', 'you can only ask another player at the table');
    if (!askable(state, action.seat))
      return illegal(
        'prosperitea.coop.no-reask',
        `${nameOf(names, action.seat)} declined a request this turn`,
      );
    if (!fits(action.kind))
      return illegal('prosperitea.fulfil.requirement', 'that ingredient does not fit this line of the order');
    if (frees[action.seat]![action.kind]! <= 0)
      return illegal(
        'prosperitea.coop.ask-held',
        `${nameOf(names, action.seat)} has no free ${KIND_NAME[action.kind]} card`,
      );
    if (needOwn && completable(rest, own, all, tokens, false, action.kind))
      return illegal(
        'prosperitea.coop.own-share',
        'you must supply at least one ingredient of the order yourself',
      );
  }
  return illegal(
    'prosperitea.fulfil.completable',
    'after that choice the order could no longer be completed',
  );
}

function advertiseProblem(state: ProsperiteaState, slot: number | null): string {
  if (slot === null) return 'advertising discards one order from the market: name its slot';
  if (!(slot >= 0 && slot < MARKET_SLOTS)) return noSuchSlot(slot);
  return `market ${slotLabel(slot)} is empty: advertising discards an order that is in the market`;
}

export function explainIllegal(
  state: ProsperiteaState,
  seat: number,
  action: ProsperiteaAction,
  names: Names,
): RuleError {
  if (!PHASE_ACTIONS[state.phase].includes(action.type))
    return illegal(
      'prosperitea.turn.phase',
      `now is ${PHASE_TEXT[state.phase]}; "${action.type}" is not possible`,
    );
  switch (action.type) {
    case 'draft':
      return illegal(
        'prosperitea.setup.starting-ingredients',
        `choose the top card of a non-empty ingredient deck (${DECK_NAMES})`,
      );
    case 'source': {
      if (!BUDGETS.value.some((b) => b.money === action.budget))
        return illegal('prosperitea.sourcing.budget', 'the budget must be 0, 3 or 5 money');
      if (!(Number.isInteger(action.deck) && action.deck >= 0 && action.deck < DECKS))
        return illegal(
          'prosperitea.sourcing.one-deck',
          `choose one of the four ingredient decks (${DECK_NAMES})`,
        );
      if (state.shops[seat]!.money < action.budget)
        return illegal('prosperitea.sourcing.budget', `you cannot pay a budget of ${action.budget}`);
      if (!canSource(state, seat, action.deck, action.budget))
        return illegal(
          'prosperitea.sourcing.deck-size',
          'that deck does not have enough cards for this budget',
        );
      break;
    }
    case 'advertise':
      if (!canAdvertise(state, action.slot))
        return illegal('prosperitea.sourcing.advertise', advertiseProblem(state, action.slot));
      break;
    case 'fill':
    case 'evergreen':
      return explainFill(state, action);
    case 'supply':
    case 'favor':
    case 'ask':
      return explainAssign(state, seat, action, names);
  }
  return illegal('prosperitea.turn.phase', 'that action is not possible now');
}

export function perform(state: ProsperiteaState, seat: number, action: ProsperiteaAction): Step {
  switch (action.type) {
    case 'draft':
      return draft(state, seat, action.deck);
    case 'source':
      return sourceStep(state, seat, action.deck, action.budget);
    case 'advertise':
      return advertise(state, seat, action.slot);
    case 'fill':
    case 'evergreen':
      return startFill(state, seat, targetOf(state, action));
    case 'end':
      return endTurn(state);
    case 'supply':
    case 'favor':
    case 'ask':
      return assign(state, seat, action);
    case 'abandon':
      return abandon(state, seat);
    case 'accept':
    case 'decline':
      return answer(state, seat, action.type === 'accept');
    case 'sell':
    case 'display':
      return payout(state, seat, action.type);
  }
}
