/**
 * The turn as a state machine. Each `enter…` function puts the state into a step and skips the step
 * at once when it offers nothing to choose, so every decision that reaches a player is a real one.
 */
import * as dataModule from '../data.ts';
import type { ProspectusState } from '../state.ts';
import * as abilitiesModule from './abilities.ts';
import * as councilModule from './council.ts';
import * as endModule from './end.ts';
import * as futureCardModule from './future-card.ts';
import * as marketModule from './market.ts';
import * as setupModule from './setup.ts';
import * as spellsModule from './spells.ts';
import * as transactionModule from './transaction.ts';
import type { Work } from './work.ts';
import * as stateModule from '../state.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { ABILITY_INDEX, CURRENT_SPACE, PLUS_THREE_EXTRA, SPELL_INDEX, START } = dataModule;
const { abilityOffered, idleReason, payBounty } = abilitiesModule;
const { mayCouncil } = councilModule;
const { finishGame } = endModule;
const { castSpell, startExecution } = futureCardModule;
const { reshuffleFuture } = marketModule;
const { firstUsableSpace } = setupModule;
const { lookDepth, moveCardToCurrent, paramOptions, swapTokens } = spellsModule;
const { mayTx } = transactionModule;
const { BLOCKED, OPEN } = stateModule;

export function plusExtra(s: ProspectusState): number {
  return castSpell(s) === SPELL_INDEX['plus-three'] ? PLUS_THREE_EXTRA.value : 0;
}

/** prospectus.turn.start: the active seat's own freezes end as its turn begins. */
export function startTurn(w: Work): void {
  const s = w.s;
  s.active = s.turn % s.players;
  s.played = null;
  s.tx = null;
  s.executed = 0;
  s.execLeft = 0;
  s.execSlot = -1;
  s.emerged = null;
  s.backs = 0;
  w.emit({ type: 'turn', seat: s.active, turn: s.turn });
  for (let p = 0; p < 5; p++)
    if (s.frozen[p] === s.active) {
      w.arr('frozen')[p] = -1;
      w.emit({ type: 'thaw', potion: p });
    }
  enterCouncil(w);
}

export function enterCouncil(w: Work): void {
  w.s.phase = 'council';
  if (!mayCouncil(w.s, w.s.active)) enterTx1(w);
}

export function enterAbility(w: Work, potion: number): void {
  const s = w.s;
  s.ability = s.abilities[potion]!;
  s.phase = 'ability';
  const idle = idleReason(s, s.active);
  w.emit({
    type: 'ability',
    seat: s.active,
    ability: s.ability,
    potion,
    idle: idle ? idle.reason : null,
    open: idle ? idle.open : true,
  });
  if (s.ability === ABILITY_INDEX.bounty) {
    payBounty(w, s.active);
    enterTx1(w);
  } else if (!abilityOffered(s, s.active)) enterTx1(w);
}

export function enterTx1(w: Work): void {
  w.s.ability = -1;
  w.s.phase = 'tx1';
  if (!mayTx(w.s, w.s.active, 0)) w.s.phase = 'play';
}

/** After a card is played and its parameters announced. */
export function afterPlay(w: Work): void {
  if (w.s.played!.mode === 'cast' && paramOptions(w.s).length > 0) {
    w.s.phase = 'param';
    return;
  }
  announce(w);
}

export function announce(w: Work): void {
  const played = w.s.played!;
  if (played.mode === 'cast')
    w.emit({ type: 'announce', seat: w.s.active, spell: played.spell, params: played.params });
  openInterrupts(w);
}

/** prospectus.interrupt.order: the other seats with an active tile, clockwise from the active seat. */
export function openInterrupts(w: Work): void {
  const s = w.s;
  const queue: number[] = [];
  for (let k = 1; k < s.players; k++) {
    const seat = (s.active + k) % s.players;
    if (s.interrupts[seat]) queue.push(seat);
  }
  s.interruptQueue = queue;
  nextInterrupt(w);
}

export function nextInterrupt(w: Work): void {
  const s = w.s;
  while (s.interruptQueue.length > 0 && !mayTx(s, s.interruptQueue[0]!, 0))
    s.interruptQueue = s.interruptQueue.slice(1);
  if (s.interruptQueue.length > 0) {
    s.phase = 'interrupt';
    return;
  }
  afterInterrupts(w);
}

/** The played card takes effect once every interrupt has been used or passed. */
function afterInterrupts(w: Work): void {
  const s = w.s;
  const played = s.played!;
  if (played.mode === 'council') {
    s.phase = 'resell';
    if (!mayCouncil(s, s.active)) beginExecution(w);
    return;
  }
  if (played.mode === 'cast') {
    const p = played.params;
    switch (played.spell) {
      case SPELL_INDEX.freeze:
        w.arr('frozen')[p[0]!] = s.active;
        w.emit({ type: 'freeze', seat: s.active, potion: p[0]! });
        break;
      case SPELL_INDEX.block:
        for (let i = 0; i < p.length; i += 2) {
          w.arr('dem')[2 * p[i]! + p[i + 1]!] = BLOCKED;
          w.emit({ type: 'block', space: p[i]!, demand: p[i + 1]! });
        }
        break;
      case SPELL_INDEX['move-card']:
        if (p.length) moveCardToCurrent(w, p[0]!);
        break;
      case SPELL_INDEX['swap-tokens']:
        if (p.length) swapTokens(w, p[0]!, p[1]!);
        break;
      case SPELL_INDEX.look:
        if (lookDepth(s) > 0) {
          w.arr('knownTop')[s.active] = Math.max(s.knownTop[s.active]!, lookDepth(s));
          w.emit({ type: 'look', seat: s.active, cards: s.future.slice(0, lookDepth(s)) });
          s.phase = 'reorder';
          return;
        }
        break;
      default:
        break;
    }
  }
  beginExecution(w);
}

/**
 * prospectus.future.execute: the current card. With Hourglass the caster may then execute the next
 * card too; `execLeft` counts the cards this turn executes (1, or 2 once the caster chose so).
 */
export function beginExecution(w: Work): void {
  w.s.execLeft = 1;
  w.s.executed = 0;
  continueExecution(w);
}

export function continueExecution(w: Work): void {
  const s = w.s;
  while (s.executed < s.execLeft) {
    const space = CURRENT_SPACE - s.executed;
    if (s.track[space]! < 0) {
      s.executed += 1;
      continue;
    }
    if (!startExecution(w, space)) return;
  }
  if (offersSecondCard(s)) {
    s.phase = 'market';
    return;
  }
  enterTx2(w);
}

/** prospectus.spell.hourglass: after the current card, the caster may execute the next one. */
function offersSecondCard(s: ProspectusState): boolean {
  return (
    castSpell(s) === SPELL_INDEX.hourglass &&
    s.execLeft === 1 &&
    s.executed === 1 &&
    s.track[CURRENT_SPACE - 1]! >= 0
  );
}

/** The Hourglass caster's answer after the first card: execute the next card too, or stop. */
export function decideSecondCard(w: Work, execute: boolean): void {
  if (!execute) return enterTx2(w);
  w.s.execLeft = 2;
  continueExecution(w);
}

export function enterTx2(w: Work): void {
  w.s.phase = 'tx2';
  if (!mayTx(w.s, w.s.active, plusExtra(w.s))) replenish(w);
}

/** Draws the top future card; peeks shift with the deck. Reshuffles the discards when the deck is empty. */
function drawFuture(w: Work): number {
  if (w.s.future.length === 0 && w.s.futureDiscard.length > 0) reshuffleFuture(w);
  if (w.s.future.length === 0) return -1;
  const card = w.s.future[0]!;
  w.s.future = w.s.future.slice(1);
  const known = w.arr('knownTop');
  for (let seat = 0; seat < known.length; seat++) if (known[seat]! > 0) known[seat]! -= 1;
  return card;
}

/** prospectus.turn.replenish: discard executed cards, slide right, refill from the left, draw a spell. */
export function replenish(w: Work): void {
  const s = w.s;
  s.tx = null;
  const track = w.arr('track');
  const dem = w.arr('dem');
  const discard = s.futureDiscard.slice();
  for (let i = 0; i < s.execLeft; i++) {
    const space = CURRENT_SPACE - i;
    if (track[space]! >= 0) discard.push(track[space]!);
    track[space] = -1;
    dem[2 * space] = OPEN;
    dem[2 * space + 1] = OPEN;
  }
  s.futureDiscard = discard;
  const first = firstUsableSpace(s.players);
  let to = CURRENT_SPACE;
  for (let from = CURRENT_SPACE; from >= first; from--) {
    if (track[from]! < 0) continue;
    if (from !== to) {
      track[to] = track[from]!;
      dem[2 * to] = dem[2 * from]!;
      dem[2 * to + 1] = dem[2 * from + 1]!;
      track[from] = -1;
      dem[2 * from] = OPEN;
      dem[2 * from + 1] = OPEN;
    }
    to--;
  }
  for (; to >= first; to--) {
    const card = drawFuture(w);
    track[to] = card;
    if (card >= 0) w.emit({ type: 'future-draw', card, space: to });
  }
  const seat = s.active;
  if (s.draws[seat]!.length > 0) {
    const spell = s.draws[seat]![0]!;
    w.row('draws', seat).shift();
    w.row('hands', seat).push(spell);
    w.emit({ type: 'spell-draw', seat, spell });
  }
  s.played = null;
  s.execLeft = 0;
  s.executed = 0;
  s.execSlot = -1;
  // prospectus.end.trigger: the round in which hands can no longer be refilled is the last.
  if (seat === s.players - 1 && s.hands.some((h) => h.length < START.value.handSize)) {
    finishGame(w);
    return;
  }
  s.turn += 1;
  startTurn(w);
}
