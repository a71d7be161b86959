/** Terminal text for a view and short labels for the action menu. */
import { nameOf, rowName, who, whom, whose } from '../../core/index.ts';
import type { Names, Viewer } from '../../core/index.ts';
import {
  ADVERTISE_MONEY,
  BACK_OUTS_PER_TURN,
  BUDGETS,
  EVERGREEN_ORDERS,
  INGREDIENT_TYPES,
  TYPE_LABEL,
} from './data.ts';
import type { ProsperiteaAction } from './state.ts';
import { EVERGREEN_REQS, KIND_NAME, KINDS, ORDER_CARDS, STANDARD_SLOTS } from './tables.ts';
import type { Req } from './tables.ts';
import type { PendingView, ProsperiteaView } from './view.ts';
import { slotLabel, targetName } from './events.ts';

const typeName = (t: number) => TYPE_LABEL[INGREDIENT_TYPES[t]!];
const reqName = (r: Req) => (r.kind >= 0 ? KIND_NAME[r.kind]! : `any ${typeName(r.type)}`);

const PHASE_LABEL: Record<ProsperiteaView['phase'], string> = {
  draft: 'choosing starting ingredients',
  source: 'sourcing',
  fulfil: 'fulfilment',
  assign: 'assigning ingredients',
  request: 'co-op request',
  payout: 'sell or display',
  over: 'game over',
};

function pad(text: string, width: number): string {
  return text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);
}

function ingredientList(counts: readonly number[]): string {
  const parts: string[] = [];
  for (let k = 0; k < KINDS; k++)
    if (counts[k]! > 0) parts.push(counts[k]! > 1 ? `${KIND_NAME[k]}×${counts[k]}` : KIND_NAME[k]!);
  return parts.length ? parts.join(', ') : '—';
}

/** "2 × any Black" rather than "any Black + any Black". */
function evergreenNeeds(reqs: readonly Req[]): string {
  const names = reqs.map(reqName);
  return names.every((n) => n === names[0])
    ? `${names.length}×${names[0]!.replace('any ', '')}`
    : names.join('+');
}

const needsText = (reqs: readonly Req[]) => reqs.map(reqName).join(' + ');

function orderLine(slot: number, order: number | null, needsWidth: number): string {
  if (order === null) return `  ${slot + 1}  (empty)`;
  const card = ORDER_CARDS[order]!;
  return `  ${slot + 1}  ${pad(card.def.name, 24)}${pad(needsText(card.reqs), needsWidth + 2)}$${card.def.money} | ${card.def.prestige}★`;
}

function requestLines(pending: PendingView, names: Names): string[] {
  return pending.requests.map(
    (r) =>
      `    ${KIND_NAME[r.kind]} from ${whom(names, r.seat)}: ${r.answer === 'none' ? 'waiting for an answer' : r.answer}`,
  );
}

function pendingLines(pending: PendingView, current: number, names: Names): string[] {
  const { target, sources } = pending;
  if (target === null || sources === null)
    return [
      `${who(names, current)} is preparing an order (which one stays secret until it is filled)` +
        (pending.requests.length ? '; requests:' : '.'),
      ...requestLines(pending, names),
    ];
  const reqs = target.kind === 'market' ? ORDER_CARDS[target.order]!.reqs : EVERGREEN_REQS[target.recipe]!;
  const step = sources.indexOf(null);
  const lines = reqs.map((r, i) => {
    const s = sources[i] ?? null;
    const how =
      s === null
        ? i === step
          ? '← choose'
          : '…'
        : s.from === 'own'
          ? `${KIND_NAME[s.kind]} (own)`
          : s.from === 'favor'
            ? 'Favor token'
            : `${KIND_NAME[s.kind]} from ${whom(names, s.seat)}${s.answer === 'none' ? '' : ` (${s.answer})`}`;
    return `    ${pad(reqName(r), 16)} ${how}`;
  });
  return [`You are filling ${targetName(target)} (the others see only your requests):`, ...lines];
}

export function renderView(view: ProsperiteaView, viewer: Viewer, names: Names): string {
  const out: string[] = [];
  const status =
    view.phase === 'over'
      ? 'game over'
      : view.phase === 'request'
        ? `waiting for ${view.actors.map((s) => whom(names, s)).join(' and ')} to answer ${whom(names, view.current)}`
        : `${whose(names, view.current)} turn — ${PHASE_LABEL[view.phase]}`;
  const round = view.round === 0 ? 'setup' : `round ${view.round}`;
  out.push(`Prosperitea · ${round}${view.finalRound ? ' (FINAL ROUND)' : ''} · ${status}`);
  out.push(
    'Ingredient decks: ' +
      view.decks
        .map(
          (d, t) =>
            `${typeName(t)} ${d.size}${d.top === null ? '' : ` [${KIND_NAME[d.top]}]`}${d.discardSize ? ` (+${d.discardSize} discarded)` : ''}`,
        )
        .join(' · '),
  );
  const needsWidth = Math.max(
    0,
    ...view.market.map((o) => (o === null ? 0 : needsText(ORDER_CARDS[o]!.reqs).length)),
  );
  out.push(`${pad(`Standard orders (deck ${view.orderDeckSizes[0]}):`, 29 + needsWidth)}sell | display`);
  for (let slot = 0; slot < STANDARD_SLOTS; slot++) out.push(orderLine(slot, view.market[slot]!, needsWidth));
  out.push(`Premium orders (deck ${view.orderDeckSizes[1]}):`);
  for (let slot = STANDARD_SLOTS; slot < view.market.length; slot++)
    out.push(orderLine(slot, view.market[slot]!, needsWidth));
  out.push(
    'Evergreen (money only): ' +
      EVERGREEN_ORDERS.value
        .map((e, i) => `${e.name} ${evergreenNeeds(EVERGREEN_REQS[i]!)} $${e.money}`)
        .join(' · '),
  );
  out.push(`Favor tokens in reserve: ${view.favorReserve}   (* = first player, > = to play)`);
  const rows = view.shops.map((_, s) => `${rowName(names, s)}${s === view.first ? '*' : ''}`);
  const nameWidth = Math.max(14, ...rows.map((r) => r.length + 2));
  out.push(
    `  ${pad('', nameWidth)}${pad('money', 7)}${pad('favor', 7)}${pad('shown★', 8)}${pad('score', 7)}ingredients`,
  );
  view.shops.forEach((shop, s) => {
    const mark = s === view.current && view.phase !== 'over' ? '>' : ' ';
    const name = rows[s]!;
    const shown = shop.displayed.reduce((sum, o) => sum + ORDER_CARDS[o]!.def.prestige, 0);
    out.push(
      `${mark} ${pad(name, nameWidth)}${pad(`$${shop.money}`, 7)}${pad(String(shop.favors), 7)}${pad(String(shown), 8)}${pad(String(view.scores[s]), 7)}${ingredientList(shop.ingredients)}` +
        (view.phase === 'draft' && view.draftLeft[s]! > 0 ? `  (${view.draftLeft[s]} to choose)` : ''),
    );
  });
  if (view.phase === 'source' && view.current === viewer)
    out.push(
      `Sourcing: pay ${BUDGETS.value.map((b) => `$${b.money}`).join(', ')} to take ` +
        `${BUDGETS.value.map((b) => b.cards).join(', ')} cards from the top of one deck, ` +
        `or advertise: take $${ADVERTISE_MONEY.value} and discard one market order.`,
    );
  if (view.pending) out.push(...pendingLines(view.pending, view.current, names));
  if (view.claimed !== null) {
    const def = ORDER_CARDS[view.claimed]!.def;
    out.push(`Filled ${def.name}: sell for $${def.money} or display for ${def.prestige}★.`);
  }
  if (view.declined.length)
    out.push(
      `Declined this turn (not asked again until the next turn): ${view.declined.map((s) => whom(names, s)).join(', ')}`,
    );
  if (view.backedOut > 0)
    out.push(`Orders backed out of this turn: ${view.backedOut} of ${BACK_OUTS_PER_TURN.value} allowed.`);
  return out.join('\n');
}

function askedOf(view: ProsperiteaView, seat: Viewer): string {
  const kinds = (view.pending?.requests ?? []).flatMap((r) =>
    r.seat === seat && r.answer === 'none' ? [KIND_NAME[r.kind]] : [],
  );
  return kinds.join(' and ');
}

/** " for the any Black line": which line of the active player's order a choice covers. */
function lineFor(view: ProsperiteaView): string {
  const target = view.pending?.target;
  const sources = view.pending?.sources;
  if (!target || !sources) return '';
  const reqs = target.kind === 'market' ? ORDER_CARDS[target.order]!.reqs : EVERGREEN_REQS[target.recipe]!;
  const req = reqs[sources.indexOf(null)];
  return req && req.kind < 0 ? ` (for ${reqName(req)})` : '';
}

export function renderAction(action: ProsperiteaAction, view: ProsperiteaView, names: Names): string {
  switch (action.type) {
    case 'draft': {
      const top = view.decks[action.deck]?.top;
      return `Take ${top == null ? '?' : KIND_NAME[top]} (top of ${typeName(action.deck)})`;
    }
    case 'source': {
      const top = view.decks[action.deck]?.top;
      const cards = action.budget === 0 ? 1 : action.budget === 3 ? 3 : 4;
      return `Budget ${action.budget}: take ${cards} from ${typeName(action.deck)} (top ${top == null ? '?' : KIND_NAME[top]})`;
    }
    case 'advertise':
      return action.slot === null
        ? 'Advertise: +2 money (the market is empty)'
        : `Advertise: +2 money, discard ${slotLabel(action.slot)} (${ORDER_CARDS[view.market[action.slot]!]?.def.name ?? '?'})`;
    case 'fill': {
      const def = ORDER_CARDS[view.market[action.slot]!]?.def;
      return def
        ? `Fill ${slotLabel(action.slot)}: ${def.name} ($${def.money} / ${def.prestige}★)`
        : 'Fill ?';
    }
    case 'evergreen': {
      const e = EVERGREEN_ORDERS.value[action.recipe];
      const reqs = EVERGREEN_REQS[action.recipe];
      return e && reqs ? `Fill ${e.name} (Evergreen: ${evergreenNeeds(reqs)} for $${e.money})` : 'Fill ?';
    }
    case 'end':
      return 'End turn';
    case 'supply':
      return `Use your ${KIND_NAME[action.kind]}${lineFor(view)}`;
    case 'favor':
      return `Spend a Favor token${lineFor(view)}`;
    case 'ask':
      return `Ask ${nameOf(names, action.seat)} for ${KIND_NAME[action.kind]}`;
    case 'accept':
      return `Accept: give ${askedOf(view, view.viewer)} to ${nameOf(names, view.current)}${view.favorReserve > 0 ? ' for a Favor token' : ' (no Favor tokens left)'}`;
    case 'decline':
      return 'Decline the request';
    case 'abandon':
      return 'Back out of this order (nothing is handed in)';
    case 'sell': {
      const def = view.claimed === null ? undefined : ORDER_CARDS[view.claimed]!.def;
      return `Sell for $${def?.money ?? '?'}`;
    }
    case 'display': {
      const def = view.claimed === null ? undefined : ORDER_CARDS[view.claimed]!.def;
      return `Display for ${def?.prestige ?? '?'}★`;
    }
  }
}
