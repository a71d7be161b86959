/** Terminal text for a seat's view and short labels for the action menu. */
import type { Viewer } from '../../core/game.ts';
import { does, rowName, whom } from '../../core/names.ts';
import type { Names } from '../../core/names.ts';
import {
  ABILITIES,
  COUNCIL_PRICES,
  CURRENT_SPACE,
  DIVIDEND_BY_SPACE,
  FUTURE_CARDS,
  LIMIT_BY_SPACE,
  POTIONS,
  SPELLS,
} from './data.ts';
import { BLOCKED, FILLED, OPEN } from './state.ts';
import type { Phase, ProspectusAction } from './state.ts';
import type { ProspectusView } from './view.ts';
import { PERMUTATIONS } from './rules/spells.ts';
import { REC_BUY, REC_COUNCIL, REC_DRAFT, REC_QTY, REC_SELL } from './rules/record.ts';

export const potionName = (p: number): string => POTIONS.value[p]?.name ?? `potion ${p}`;
const short = (p: number): string => POTIONS.value[p]?.letter ?? '?';
/** "a Pixie Dust cube", "an Owl Spit cube". */
export const aCube = (p: number): string =>
  `${/^[AEIOU]/.test(potionName(p)) ? 'an' : 'a'} ${potionName(p)} cube`;
/** "up 1 space", "down 2 spaces". */
export const spaces = (steps: number): string =>
  `${steps > 0 ? 'up' : 'down'} ${Math.abs(steps)} space${Math.abs(steps) === 1 ? '' : 's'}`;
export const spellName = (i: number): string => SPELLS.value[i]?.name ?? `spell ${i}`;
export const abilityName = (i: number): string => ABILITIES.value[i]?.name ?? `ability ${i}`;
const pad = (text: string | number, n: number): string => String(text).padEnd(n);
const lpad = (text: string | number, n: number): string => String(text).padStart(n);

export function cardText(id: number): string {
  const card = FUTURE_CARDS[id];
  if (!card) return '(none)';
  const icons = card.icons.map((n, p) => `${short(p)}${card.arrows[p]! > 0 ? '↑' : '↓'}${n}`).join(' ');
  return `#${lpad(id, 2)} wants ${short(card.demands[0])}+${short(card.demands[1])} | ${icons} | div ${short(card.dividend)}`;
}

/** Human text of a spell's announced parameters. */
export function paramsText(spell: number, params: readonly number[]): string {
  const id = SPELLS.value[spell]?.id;
  const p = (i: number) => potionName(params[i]!);
  if (params.length === 0) return '';
  switch (id) {
    case 'add-cubes':
      return `adds ${p(0)} and ${p(1)}`;
    case 'reverse':
      return `reverses ${p(0)}`;
    case 'freeze':
      return `freezes ${p(0)}`;
    case 'change':
      return `turns ${aCube(params[0]!)} into ${p(1)}`;
    case 'block': {
      const spots: string[] = [];
      for (let i = 0; i < params.length; i += 2)
        spots.push(`$${COUNCIL_PRICES.value[params[i]!]} demand ${params[i + 1]! + 1}`);
      return `blocks ${spots.join(' and ')}`;
    }
    case 'move-card':
      return `brings the $${COUNCIL_PRICES.value[params[0]!]} card forward`;
    case 'swap-tokens':
      return `swaps token positions ${params[0]} and ${params[1]}`;
    default:
      return params.join(', ');
  }
}

function demandText(potion: number, state: number): string {
  const mark = state === FILLED ? '■' : state === BLOCKED ? '✕' : '□';
  return `${short(potion)}${mark}`;
}

/** What the actor does in each step: [after "You", after another seat's name]. */
const PHASE_TEXT: Readonly<Record<Phase, readonly [string, string]>> = {
  draft: ['draft a cube from the crystal ball', 'drafts a cube from the crystal ball'],
  council: ['may sell one cube to the council', 'may sell one cube to the council'],
  ability: ['may use a potion ability', 'may use a potion ability'],
  tx1: ['may make a transaction', 'may make a transaction'],
  qty: ['choose a quantity', 'chooses a quantity'],
  play: ['must play a spell card', 'must play a spell card'],
  param: ["announce the spell's target", "announces the spell's target"],
  interrupt: ['may interrupt with a transaction', 'may interrupt with a transaction'],
  resell: ['may sell again to the council', 'may sell again to the council'],
  reorder: ['reorder the top future cards', 'reorders the top future cards'],
  market: ['decide at the crystal ball', 'decides at the crystal ball'],
  tx2: ['may make a second transaction', 'may make a second transaction'],
  over: ['', ''],
};
const HOURGLASS_TEXT = [
  'decide whether to execute the next card too',
  'decides whether to execute the next card too',
];

const isHourglass = (v: ProspectusView): boolean =>
  v.played !== null && v.played.mode === 'cast' && SPELLS.value[v.played.spell]?.id === 'hourglass';

function phaseText(v: ProspectusView, n: Names): string {
  const forms = v.phase === 'market' && isHourglass(v) ? HOURGLASS_TEXT : PHASE_TEXT[v.phase];
  return does(n, v.actor, forms[0]!, forms[1]!);
}

const spellList = (spells: readonly number[]): string =>
  spells.length ? spells.map(spellName).join(', ') : 'empty';

export function renderView(v: ProspectusView, viewer: Viewer, n: Names): string {
  const lines: string[] = [];
  const round = Math.floor(v.turn / v.players) + 1;
  const when =
    v.phase === 'draft'
      ? 'the draft before round 1'
      : `round ${round} of ${v.rounds}, turn of ${whom(n, v.active)}`;
  lines.push(`PROSPECTUS — ${when}` + (v.phase === 'over' ? ' — GAME OVER' : ` — ${phaseText(v, n)}`));
  lines.push('');
  lines.push('Potion        Price Lim Div Lair Ability                Ball Chamber Frozen');
  for (let p = 0; p < 5; p++) {
    const space = v.priceSpaces[p]!;
    lines.push(
      `${pad(potionName(p), 13)} ${lpad('$' + v.prices[p], 5)} ${lpad(LIMIT_BY_SPACE[space]!, 3)} ` +
        `${lpad('$' + DIVIDEND_BY_SPACE[space], 3)} ${pad('●'.repeat(v.dividends[p]!) + '·'.repeat(3 - v.dividends[p]!), 4)} ` +
        `${pad(abilityName(v.abilities[p]!), 22)} ${lpad(v.ball[p]!, 4)} ${lpad(v.chamber[p]!, 7)} ` +
        `${v.frozen[p]! >= 0 ? 'by ' + whom(n, v.frozen[p]!) : ''}`,
    );
  }
  lines.push('');
  lines.push(
    `Future track (right-most is executed next; deck ${v.futureDeckSize}, discards ${v.futureDiscard.length}):`,
  );
  for (const t of v.track) {
    if (t.card < 0) continue;
    const demands = t.demands.map((d) => demandText(d.potion, d.state)).join(' ');
    // Cards executed this turn stay on the track until the turn ends, then leave it.
    const done = t.space > CURRENT_SPACE - v.executed ? '  (executed this turn)' : '';
    lines.push(`  $${lpad(COUNCIL_PRICES.value[t.space]!, 2)} ${demands}  ${cardText(t.card)}${done}`);
  }
  if (v.knownFuture.length)
    lines.push(`  You know the next: ${v.knownFuture.map((c) => '#' + c).join(', ')}`);
  lines.push('');
  const rows = Array.from({ length: v.players }, (_, seat) => rowName(n, seat));
  const width = Math.max(10, ...rows.map((r) => r.length));
  lines.push(
    `${pad('Player', width + 2)}Money  ${[0, 1, 2, 3, 4].map((p) => lpad(short(p), 3)).join('')}  Hand Tile     Trades seen`,
  );
  for (let seat = 0; seat < v.players; seat++) {
    const marker = seat === v.active ? '▶' : ' ';
    const money = v.money[seat];
    const cubes = v.cubes[seat];
    lines.push(
      `${marker}${pad(rows[seat]!, width)} ${lpad(money === null || money === undefined ? '$?' : '$' + money, 6)}  ` +
        `${cubes ? cubes.map((n) => lpad(n, 3)).join('') : lpad('?', 3).repeat(5)}  ${lpad(v.handSizes[seat]!, 4)} ` +
        `${pad(v.interrupts[seat] ? 'active' : 'inactive', 8)} ${cubes ? '' : recentTrades(v, seat)}`.trimEnd(),
    );
  }
  if (v.cubes.some((row) => row === null))
    lines.push(
      v.screens === 'hidden-quantities'
        ? '(screens hide quantities: trades seen are +buy / -sell colour@price, C council sale, d draft)'
        : '(behind screens; trades seen are +buy / -sell quantity colour@price, C council sale, d draft)',
    );
  if (v.hand) {
    lines.push(`Your spells: ${spellList(v.hand)}`);
    lines.push(`Your discard pile: ${spellList(v.discards[viewer as number] ?? [])}`);
  }
  if (v.removed.length)
    lines.push(`Removed from every deck (into each discard pile): ${spellList(v.removed)}`);
  if (v.mySecret && v.mySecret.some((n) => n > 0))
    lines.push(
      `Your secret chamber cubes: ${v.mySecret
        .map((n, p) => (n ? `${n} ${short(p)}` : ''))
        .filter(Boolean)
        .join(', ')}`,
    );
  if (v.tx)
    lines.push(
      `${does(n, v.tx.seat, v.tx.kind, v.tx.kind + 's')} ${potionName(v.tx.potion)}` +
        (v.tx.max === null ? ' (choosing the quantity behind the screen)' : `: up to ${v.tx.max}`),
    );
  if (v.phase === 'draft')
    lines.push(`Emerged cubes to draft: ${v.draftPool.map((n, p) => `${short(p)}×${n}`).join(' ')}`);
  if (v.played)
    lines.push(
      `This turn: ${spellName(v.played.spell)} (${v.played.mode})` +
        (v.played.params.length ? ` — ${paramsText(v.played.spell, v.played.params)}` : ''),
    );
  if (v.lastDrop)
    lines.push(
      `Last drop: in ${v.lastDrop.dropped.map((n, p) => `${short(p)}${n}`).join(' ')}, out ${v.lastDrop.emerged.map((n, p) => `${short(p)}${n}`).join(' ')}`,
    );
  if (v.lastReveal)
    lines.push(
      `Last ${v.lastReveal.kind}: ${potionName(v.lastReveal.potion)}; holdings revealed: ` +
        `${v.lastReveal.counts.map((count, seat) => `${whom(n, seat)} ${count}`).join(', ')}`,
    );
  if (v.final) {
    lines.push('');
    lines.push(`Council chamber: ${v.final.chamber.map((n, p) => `${short(p)}${n}`).join(' ')}`);
    for (let seat = 0; seat < v.players; seat++)
      lines.push(
        `  ${pad(rows[seat]!, width)} bonus $${v.final.bonus[seat]}, sell-off $${v.final.selloff[seat]}, total $${v.money[seat]}`,
      );
  }
  return lines.join('\n');
}

/** A potion named for a spell (Reverse arrow, Freeze) or for the dividend ability. */
function potionChoiceText(potion: number, v: ProspectusView): string {
  const name = potionName(potion);
  if (v.phase === 'ability') return `advance ${name}'s dividend`;
  const id = v.played ? SPELLS.value[v.played.spell]?.id : undefined;
  if (id === 'freeze') return `freeze ${name}`;
  if (id === 'reverse') {
    const card = FUTURE_CARDS[v.track[CURRENT_SPACE]?.card ?? -1];
    const up = card ? card.arrows[potion]! > 0 : true;
    return `reverse ${name}'s arrow (${up ? 'up → down' : 'down → up'})`;
  }
  return name;
}

/** What declining reads like at each step. */
const SKIP_TEXT: Readonly<Partial<Record<Phase, string>>> = {
  council: 'no council sale',
  ability: 'do not use the ability',
  tx1: 'no transaction',
  tx2: 'no transaction',
  interrupt: 'pass (keep the tile)',
  resell: 'no council sale',
};

/**
 * Whether the viewer (the seller) owns a cube an open demand asks for. Behind closed screens the step is
 * offered anyway (prospectus.hidden.flow), so the menu says why it holds nothing else.
 */
function canSellToCouncil(v: ProspectusView): boolean {
  const cubes = typeof v.viewer === 'number' ? v.cubes[v.viewer] : null;
  if (!cubes) return true;
  return v.track.some((t) => t.demands.some((d) => d.state === OPEN && cubes[d.potion]! > 0));
}

function marketSkipText(v: ProspectusView): string {
  if (isHourglass(v)) return 'stop after one card';
  const id = v.played ? SPELLS.value[v.played.spell]?.id : undefined;
  return id === 'pulsa-pugnum' ? 'do not pound the table' : 'keep the drop as it is';
}

/** A record entry as a short trade mark; `n` is the quantity when the table saw it, or -1. */
const RECORD_TEXT: Readonly<Record<number, (e: readonly number[], n: number) => string>> = {
  [REC_BUY]: (e, n) => `+${n >= 0 ? n : ''}${short(e[2]!)}@${e[3]}`,
  [REC_SELL]: (e, n) => `-${n >= 0 ? n : ''}${short(e[2]!)}@${e[3]}`,
  [REC_COUNCIL]: (e) => `C${short(e[2]!)}`,
  [REC_DRAFT]: (e) => `d${short(e[2]!)}`,
};

/**
 * The last few buys (+), sales (-) and council sales (C) the table saw from a closed screen, with the
 * quantity when it was public (a QTY entry follows its trade).
 */
function recentTrades(v: ProspectusView, seat: number): string {
  const out: string[] = [];
  let qty = -1;
  for (let i = v.record.length - 1; i >= 0 && out.length < 6; i--) {
    const e = v.record[i]!;
    if (e[1] !== seat) continue;
    if (e[0] === REC_QTY) {
      qty = e[3]!;
      continue;
    }
    const text = RECORD_TEXT[e[0]!];
    if (text) out.unshift(text(e, qty));
    qty = -1;
  }
  return out.join(' ');
}

export function renderAction(a: ProspectusAction, v: ProspectusView): string {
  switch (a.t) {
    case 'draft':
      return `take ${potionName(a.potion)}`;
    case 'skip':
      if (v.phase === 'market') return marketSkipText(v);
      if ((v.phase === 'council' || v.phase === 'resell') && !canSellToCouncil(v))
        return 'no council sale (no open demand asks for a cube you own)';
      return SKIP_TEXT[v.phase] ?? 'skip';
    case 'council': {
      const potion = v.track[a.space]?.demands[a.demand]?.potion ?? -1;
      const sale = `sell ${potionName(potion)} to the council for $${COUNCIL_PRICES.value[a.space]}`;
      // Only the first sale of the turn uses the potion's ability (not a re-sale or an encore).
      if (v.phase !== 'council') return sale;
      const ability = ABILITIES.value[v.abilities[potion] ?? -1];
      return ability ? `${sale}, then ${ability.name}: ${ability.text}` : sale;
    }
    case 'tx':
      return `${a.kind} ${potionName(a.potion)} at $${v.prices[a.potion]}`;
    case 'qty':
      return `${a.n} cube${a.n > 1 ? 's' : ''}${v.tx ? ` ($${a.n * v.prices[v.tx.potion]!})` : ''}`;
    case 'play':
      return a.mode === 'cast'
        ? `cast ${spellName(a.spell)} (${SPELLS.value[a.spell]?.text ?? ''})`
        : a.mode === 'council'
          ? `discard ${spellName(a.spell)} to sell to the council again`
          : `discard ${spellName(a.spell)} to recharge your tile`;
    case 'potion':
      return potionChoiceText(a.potion, v);
    case 'cubes':
      return `${potionName(a.a)} + ${potionName(a.b)}`;
    case 'demand': {
      const potion = v.track[a.space]?.demands[a.demand]?.potion ?? -1;
      return `block ${potionName(potion)} at $${COUNCIL_PRICES.value[a.space]}`;
    }
    case 'change':
      return `change ${aCube(a.from)} into ${potionName(a.to)}`;
    case 'space':
      return `move the $${COUNCIL_PRICES.value[a.space]} card to the current space`;
    case 'tokens': {
      const at = (i: number) => (i < 5 ? potionName(i) : `aside ${abilityName(v.aside[i - 5]!)}`);
      return `swap tokens of ${at(a.a)} and ${at(a.b)}`;
    }
    case 'order': {
      const k = v.knownFuture.length >= 3 ? 3 : v.knownFuture.length;
      const perm = PERMUTATIONS[k]?.[a.perm] ?? [];
      return `order ${perm.map((i) => '#' + v.knownFuture[i]).join(' then ')}`;
    }
    case 'nudge':
      return `move ${potionName(a.potion)}'s price ${spaces(a.steps)}`;
    case 'recall':
      return `give back ${spellName(a.give)}, take ${spellName(a.take)}`;
    case 'exchange':
      return `swap ${aCube(a.from)} for ${potionName(a.to)}`;
    case 'pound':
      return 'pound the table';
    case 'execute':
      return 'execute the next future card too (Hourglass)';
    case 'redrop':
      return `re-drop ${aCube(a.potion)}`;
    case 'back':
      return backText(v);
  }
}

/** prospectus.turn.back in words: what is taken back, and that the step is offered again. */
function backText(v: ProspectusView): string {
  if (!v.tx) return 'cancel the targets chosen so far and choose again';
  const what = `${v.tx.kind === 'buy' ? 'buying' : 'selling'} ${potionName(v.tx.potion)}`;
  return `cancel ${what} and choose again` + (v.tx.then === 'interrupt' ? ' (your tile stays active)' : '');
}

/** Whether any council demand on the track is open (a demand Block could cover). */
const anyOpenDemand = (v: ProspectusView): boolean =>
  v.track.some((t) => t.demands.some((d) => d.state === OPEN));

/**
 * A spell card is gone once played: playing one for nothing is asked about first (a re-sale with
 * no cube an open demand asks for, a Block with no demand to block). Nothing else is asked.
 */
export function confirmAction(a: ProspectusAction, v: ProspectusView): string | null {
  if (a.t !== 'play') return null;
  if (a.mode === 'council' && !canSellToCouncil(v))
    return `No open demand asks for a cube you own, so discarding ${spellName(a.spell)} sells nothing. Discard it anyway?`;
  if (a.mode === 'cast' && SPELLS.value[a.spell]?.id === 'block' && !anyOpenDemand(v))
    return `No council demand is open, so ${spellName(a.spell)} blocks nothing. Cast it anyway?`;
  return null;
}
