/** Who acts, what is legal, and how an action is carried out: the dispatch over turn steps. */
import { ruleError } from '../../../core/game.ts';
import type { RuleError } from '../../../core/game.ts';
import * as dataModule from '../data.ts';
import type { ProspectusEvent } from '../events.ts';
import * as stateModule from '../state.ts';
import type { Phase, ProspectusAction, ProspectusState, TxReturn } from '../state.ts';
import * as abilitiesModule from './abilities.ts';
import * as councilModule from './council.ts';
import * as flowModule from './flow.ts';
import * as futureCardModule from './future-card.ts';
import * as marketModule from './market.ts';
import * as spellsModule from './spells.ts';
import * as transactionModule from './transaction.ts';
import { Work } from './work.ts';
import * as actionsModule from './actions.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { BACKS_PER_TURN, playedSpell } = stateModule;
const { BACK_ACTION, DRAFT_ACTIONS, EXECUTE_ACTION, POUND_ACTION, REDROP_ACTIONS, SKIP_ACTION, qtyAction } =
  actionsModule;
const { ABILITY_IDS, ABILITY_INDEX, PRICE_BY_SPACE, SPELL_IDS, SPELL_INDEX, START } = dataModule;
const { abilityOptions, resolveAbility } = abilitiesModule;
const { councilOptions, sellToCouncil } = councilModule;
const {
  afterPlay,
  announce,
  beginExecution,
  continueExecution,
  decideSecondCard,
  enterAbility,
  enterTx1,
  nextInterrupt,
  plusExtra,
  replenish,
  startTurn,
} = flowModule;
const { castSpell, finishExecution } = futureCardModule;
const { dropIntoBall, knock } = marketModule;
const { needsMoreParams, paramOptions, paramValues, playOptions, reorderOptions, reorderTop } = spellsModule;
const { beginTx, completeTx, isFrozen, txOptions } = transactionModule;

const { REC_DRAFT, note } = recordModule;

const SKIP: ProspectusAction = SKIP_ACTION;

export function actorOf(s: ProspectusState): number {
  switch (s.phase) {
    case 'over':
      return -1;
    case 'draft':
      return s.draftPicks % s.players;
    case 'qty':
      return s.tx!.seat;
    case 'interrupt':
      return s.interruptQueue[0]!;
    default:
      return s.active;
  }
}

export function actors(s: ProspectusState): number[] {
  const seat = actorOf(s);
  return seat < 0 ? [] : [seat];
}

function withSkip(options: ProspectusAction[]): ProspectusAction[] {
  options.push(SKIP);
  return options;
}

type Options = (s: ProspectusState, seat: number) => ProspectusAction[];

const HOURGLASS_OPTIONS: readonly ProspectusAction[] = [EXECUTE_ACTION, SKIP];

const MARKET_OPTIONS: Options = (s) => {
  const spell = castSpell(s);
  if (spell === SPELL_INDEX.hourglass) return HOURGLASS_OPTIONS.slice();
  if (spell === SPELL_INDEX['pulsa-pugnum']) return [POUND_ACTION, SKIP];
  const out: ProspectusAction[] = [];
  for (let potion = 0; potion < 5; potion++) if (s.emerged![potion]! > 0) out.push(REDROP_ACTIONS[potion]!);
  return withSkip(out);
};

/** The legal actions of the acting seat, step by step. Optional steps add 'skip'. */
const OPTIONS: Readonly<Record<Phase, Options>> = {
  draft: (s) => {
    const out: ProspectusAction[] = [];
    for (let potion = 0; potion < 5; potion++) if (s.draftPool[potion]! > 0) out.push(DRAFT_ACTIONS[potion]!);
    return out;
  },
  council: (s, seat) => withSkip(councilOptions(s, seat)),
  ability: (s, seat) => withSkip(abilityOptions(s, seat).slice()),
  tx1: (s, seat) => withSkip(txOptions(s, seat, 0)),
  qty: (s) => {
    const out: ProspectusAction[] = [];
    for (let n = 1; n <= s.tx!.max; n++) out.push(qtyAction(n));
    if (s.backs < BACKS_PER_TURN) out.push(BACK_ACTION);
    return out;
  },
  play: (s, seat) => playOptions(s, seat),
  param: (s) => {
    const out = paramOptions(s).slice();
    if (s.played!.params.length > 0 && s.backs < BACKS_PER_TURN) out.push(BACK_ACTION);
    return out;
  },
  interrupt: (s, seat) => {
    const out = txOptions(s, seat, 0);
    out.push(SKIP);
    return out;
  },
  resell: (s, seat) => withSkip(councilOptions(s, seat)),
  reorder: (s) => reorderOptions(s),
  market: MARKET_OPTIONS,
  tx2: (s, seat) => withSkip(txOptions(s, seat, plusExtra(s))),
  over: () => [],
};

export function legalActions(s: ProspectusState, seat: number): ProspectusAction[] {
  if (seat !== actorOf(s)) return [];
  return OPTIONS[s.phase](s, seat);
}

/** The rule a refused action breaks, by step, named without revealing anything hidden. */
export function explainIllegal(s: ProspectusState, seat: number, action: ProspectusAction): RuleError {
  if (action.t === 'back')
    return ruleError(
      'illegal',
      'prospectus.turn.back',
      `only a transaction whose quantity is not chosen yet, or the first target of Block, can be taken back, ` +
        `${BACKS_PER_TURN} times a turn`,
    );
  const legal = legalActions(s, seat);
  const kinds = [...new Set(legal.map((a) => a.t))];
  if (!kinds.includes(action.t))
    return ruleError('illegal', 'prospectus.turn.order', `the ${s.phase} step accepts: ${kinds.join(', ')}`);
  switch (s.phase) {
    case 'draft':
      return ruleError('illegal', 'prospectus.setup.draft', 'that colour did not emerge from the ball');
    case 'council':
    case 'resell':
      return ruleError('illegal', 'prospectus.council.open-demand', 'sell a cube you own to an open demand');
    case 'tx1':
    case 'tx2':
    case 'interrupt':
      return explainTx(s, seat, action);
    case 'qty':
      return s.tx!.kind === 'buy'
        ? ruleError('illegal', 'prospectus.transaction.buy-limit', `buy 1 to ${s.tx!.max} cubes`)
        : ruleError('illegal', 'prospectus.transaction.sell', `sell 1 to ${s.tx!.max} cubes`);
    case 'play':
      if (action.t === 'play' && action.mode === 'recharge' && s.interrupts[seat])
        return ruleError('illegal', 'prospectus.spell.recharge', 'your interrupt tile is already active');
      return ruleError('illegal', 'prospectus.spell.play', 'play a spell card from your hand');
    case 'ability': {
      const id = ABILITY_IDS[s.ability]!;
      if (id === 'trade') return explainTx(s, seat, action);
      if (id === 'encore')
        return ruleError(
          'illegal',
          'prospectus.council.open-demand',
          'sell a cube you own to an open demand',
        );
      if (
        id === 'exchange' &&
        action.t === 'exchange' &&
        (isFrozen(s, action.from) || isFrozen(s, action.to))
      )
        return ruleError(
          'illegal',
          'prospectus.spell.freeze.exchange',
          'a frozen potion can be neither given nor taken in an exchange',
        );
      if (id === 'nudge' && action.t === 'nudge')
        return ruleError(
          'illegal',
          'prospectus.ability.nudge',
          'move a price 1 or 2 spaces, by at most $3, and never past $40 or under $10 (a split or bust)',
        );
      return ruleError('illegal', `prospectus.ability.${id}`, `not a possible choice for ${id}`);
    }
    case 'param':
      return ruleError(
        'illegal',
        `prospectus.spell.${SPELL_IDS[s.played!.spell]}`,
        'not a possible choice for this spell',
      );
    case 'reorder':
      return ruleError('illegal', 'prospectus.spell.look', 'choose one of the listed orders');
    case 'market':
      return ruleError('illegal', 'prospectus.spell.redrop', 'choose a cube that emerged this drop');
    default:
      return ruleError('illegal', 'prospectus.turn.order', 'nothing to do now');
  }
}

/** Only the trader's own money appears: errors go to the seat that acted (prospectus.hidden.screens). */
function explainTx(s: ProspectusState, seat: number, action: ProspectusAction): RuleError {
  if (action.t === 'tx' && isFrozen(s, action.potion))
    return ruleError('illegal', 'prospectus.spell.freeze', 'that potion is frozen');
  if (action.t === 'tx' && action.kind === 'sell')
    return ruleError('illegal', 'prospectus.transaction.sell', 'you own no cube of that potion');
  if (action.t === 'tx')
    return ruleError(
      'illegal',
      'prospectus.transaction.buy',
      `you have $${s.money[seat]}; a cube costs $${PRICE_BY_SPACE[s.prices[action.potion]!]}`,
    );
  return ruleError('illegal', 'prospectus.transaction.one-colour', 'choose a colour to buy or sell, or skip');
}

function performDraft(w: Work, seat: number, potion: number): void {
  const s = w.s;
  w.arr('draftPool')[potion]! -= 1;
  w.row('cubes', seat)[potion]! += 1;
  s.draftPicks += 1;
  w.emit({ type: 'draft', seat, potion });
  note(w, [REC_DRAFT, seat, potion]);
  if (s.draftPicks === s.players * START.value.draftCubes) {
    // prospectus.setup.draft: unclaimed cubes go back to the supply.
    s.draftPool = [0, 0, 0, 0, 0];
    startTurn(w);
  }
}

function performAbility(w: Work, seat: number, action: ProspectusAction): void {
  const ability = w.s.ability;
  if (action.t === 'skip') return enterTx1(w);
  if (ability === ABILITY_INDEX.trade && action.t === 'tx')
    return beginTx(w, seat, action.kind, action.potion, 0, 'tx1');
  if (ability === ABILITY_INDEX.encore && action.t === 'council') {
    sellToCouncil(w, seat, action.space, action.demand, false);
    return enterTx1(w);
  }
  resolveAbility(w, seat, action);
  enterTx1(w);
}

/** The step each pending transaction began in (its `then` says where the flow goes afterwards). */
const TX_STEP: Readonly<Record<TxReturn, Phase>> = {
  play: 'tx1',
  replenish: 'tx2',
  interrupt: 'interrupt',
  tx1: 'ability',
};

/**
 * prospectus.turn.back: the transaction is taken back before any cube changed hands. The step it
 * began in is offered again as it was (an interrupt's tile active again, the seat first in the
 * queue), and its announcement leaves the public record, since nothing was traded.
 */
function withdrawTx(w: Work): void {
  const s = w.s;
  const tx = s.tx!;
  s.tx = null;
  s.backs += 1;
  if (s.record && !s.openScreens) s.record = s.record.up;
  if (tx.then === 'interrupt') {
    w.interrupts()[tx.seat] = true;
    s.interruptQueue = [tx.seat, ...s.interruptQueue];
  }
  s.phase = TX_STEP[tx.then];
  w.emit({
    type: 'withdraw',
    seat: tx.seat,
    kind: tx.kind,
    potion: tx.potion,
    interrupt: tx.then === 'interrupt',
  });
}

function performQty(w: Work, n: number): void {
  completeTx(w, n);
  const then = w.s.tx!.then;
  w.s.tx = null;
  if (then === 'play') w.s.phase = 'play';
  else if (then === 'tx1') enterTx1(w);
  else if (then === 'interrupt') nextInterrupt(w);
  else replenish(w);
}

function performPlay(w: Work, seat: number, spell: number, mode: 'cast' | 'council' | 'recharge'): void {
  const hand = w.row('hands', seat);
  hand.splice(hand.indexOf(spell), 1);
  w.row('discards', seat).push(spell);
  w.s.played = playedSpell(spell, mode, []);
  w.emit({ type: 'play', seat, spell, mode });
  if (mode === 'recharge') w.interrupts()[seat] = true;
  afterPlay(w);
}

function performMarket(w: Work, seat: number, action: ProspectusAction): void {
  const s = w.s;
  if (castSpell(s) === SPELL_INDEX.hourglass) return decideSecondCard(w, action.t === 'execute');
  const emerged = s.emerged!.slice();
  if (action.t === 'pound') {
    const fell = [0, 0, 0, 0, 0];
    knock(w.arr('ball'), w.rng, fell);
    for (let p = 0; p < 5; p++) emerged[p]! += fell[p]!;
    w.emit({ type: 'pound', seat, emerged: fell });
  } else if (action.t === 'redrop') {
    emerged[action.potion]! -= 1;
    const drop = [0, 0, 0, 0, 0];
    drop[action.potion] = 1;
    const fell = dropIntoBall(w.arr('ball'), drop, w.rng);
    for (let p = 0; p < 5; p++) emerged[p]! += fell[p]!;
    w.emit({ type: 'redrop', seat, potion: action.potion, emerged: fell });
  }
  s.lastDrop = { dropped: s.lastDrop!.dropped, emerged };
  finishExecution(w, emerged);
  continueExecution(w);
}

/** Applies a legal action. */
export function perform(
  state: ProspectusState,
  seat: number,
  action: ProspectusAction,
): { state: ProspectusState; events: ProspectusEvent[] } {
  return run(new Work(state, false), seat, action).finish();
}

/**
 * The state `perform` reaches, without its events and without the wrapper: a bot's look-ahead runs
 * this tens of thousands of times a game and never reads events.
 */
export function performQuiet(
  state: ProspectusState,
  seat: number,
  action: ProspectusAction,
): ProspectusState {
  return run(new Work(state, true), seat, action).state();
}

function run(w: Work, seat: number, action: ProspectusAction): Work {
  const s = w.s;
  switch (s.phase) {
    case 'draft':
      if (action.t === 'draft') performDraft(w, seat, action.potion);
      break;
    case 'council':
      if (action.t === 'council') enterAbility(w, sellToCouncil(w, seat, action.space, action.demand, true));
      else enterTx1(w);
      break;
    case 'ability':
      performAbility(w, seat, action);
      break;
    case 'tx1':
      if (action.t === 'tx') beginTx(w, seat, action.kind, action.potion, 0, 'play');
      else s.phase = 'play';
      break;
    case 'qty':
      if (action.t === 'qty') performQty(w, action.n);
      else if (action.t === 'back') withdrawTx(w);
      break;
    case 'play':
      if (action.t === 'play') performPlay(w, seat, action.spell, action.mode);
      break;
    case 'param':
      // prospectus.turn.back: the targets chosen so far are dropped; nothing was announced yet.
      if (action.t === 'back') {
        s.played = playedSpell(s.played!.spell, s.played!.mode, []);
        s.backs += 1;
      } else {
        s.played = playedSpell(s.played!.spell, s.played!.mode, s.played!.params.concat(paramValues(action)));
        if (!needsMoreParams(s)) announce(w);
      }
      break;
    case 'interrupt':
      s.interruptQueue = s.interruptQueue.slice(1);
      if (action.t === 'tx') {
        w.interrupts()[seat] = false;
        w.emit({ type: 'interrupt', seat });
        beginTx(w, seat, action.kind, action.potion, 0, 'interrupt');
      } else {
        w.emit({ type: 'pass', seat });
        nextInterrupt(w);
      }
      break;
    case 'resell':
      if (action.t === 'council') sellToCouncil(w, seat, action.space, action.demand, false);
      beginExecution(w);
      break;
    case 'reorder':
      if (action.t === 'order') reorderTop(w, seat, action.perm);
      beginExecution(w);
      break;
    case 'market':
      performMarket(w, seat, action);
      break;
    case 'tx2':
      if (action.t === 'tx') beginTx(w, seat, action.kind, action.potion, plusExtra(s), 'replenish');
      else replenish(w);
      break;
    case 'over':
      break;
  }
  return w;
}
