/** Terminal rendering: an ASCII hex map (odd rows shifted half a hex), a score table and the turn. */
import { andList, does, rowName, seatLetter, whom } from '../../core/index.ts';
import type { Names, Viewer } from '../../core/index.ts';
import { LEVEL_VP, PROSPERITY_CARDS } from './data.ts';
import type { Command } from './data.ts';
import { GEOMETRY } from './map.ts';
import { NEUTRAL, NOBODY } from './state.ts';
import type { PiAction, PiView } from './state.ts';
import { cardLabel, commandLabel, defendersText, hexName } from './events.ts';
import { COMMAND_INDEX } from './rules/common.ts';

const CELL = 9;
const LEVEL_MARK = ['.', 'I', 'II', 'TP'];

const pad = (text: string, width: number) =>
  text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);

function occupant(view: PiView, hex: number): string {
  const o = view.owner[hex]!;
  if (o === NOBODY) return '--';
  const who = o === NEUTRAL ? 'N' : seatLetter(o);
  return `${who}${view.ships[hex]}`;
}

function sectorTag(view: PiView, hex: number): string {
  const s = view.sector[hex]!;
  return s >= 0 ? `s${s}` : '  ';
}

export function renderMap(view: PiView): string {
  const geo = GEOMETRY[view.layout];
  const lines: string[] = [];
  // Tri-Prime covers four cells: its first cell shows it, the other three only point back to it.
  const isFirstCell = (h: number, r: number, c: number) => {
    const [fr, fc] = geo.cells[h]![0]!;
    return fr === r && fc === c;
  };
  geo.spaceAt.forEach((row, r) => {
    const indent = r % 2 === 1 ? ' '.repeat(CELL / 2) : '';
    const top = row.map((h, c) =>
      pad(
        isFirstCell(h, r, c) ? `${String(h).padStart(2)} ${LEVEL_MARK[view.level[h]!]}` : `(${h})`,
        CELL - 1,
      ),
    );
    const bottom = row.map((h, c) =>
      pad(isFirstCell(h, r, c) ? `${sectorTag(view, h)} ${occupant(view, h)}` : '', CELL - 1),
    );
    lines.push(indent + top.map((t) => `/${t}`).join(''));
    lines.push(indent + bottom.map((b) => `\\${b}`).join(''));
  });
  return lines.join('\n');
}

function planText(plan: readonly (number | null)[]): string {
  return plan.map((c) => (c === null ? '?' : commandLabel(c))).join(' > ');
}

/** The Prosperity card in effect this round, if any. */
function currentCard(view: PiView) {
  const id = view.prosperity && view.round >= 1 ? view.chain[view.round - 1] : null;
  return id === null || id === undefined ? undefined : PROSPERITY_CARDS[id];
}

/** Slots (1-based) where the current card rewards this plan's command with +1 strength. */
function rewardedSlots(view: PiView, order: readonly number[]): number[] {
  const card = currentCard(view);
  return card ? order.flatMap((c, slot) => (card.slots[slot] === c ? [slot + 1] : [])) : [];
}

function shipsOnBoard(view: PiView, seat: number): number {
  let n = 0;
  view.owner.forEach((o, h) => (o === seat ? (n += view.ships[h]!) : 0));
  return n;
}

function playerTable(view: PiView, n: Names): string[] {
  const names = Array.from({ length: view.players }, (_, s) => rowName(n, s));
  const width = Math.max(11, ...names.map((name) => name.length));
  const lines = [`${pad('Player', width)} VP (sectors+extra+Prosperity)  supply board  plan`];
  for (let s = 0; s < view.players; s++) {
    const name = names[s]!;
    const start = view.start === s ? ' (start player)' : '';
    const vp = `${view.vp.total[s]} (${view.vp.sector[s]}+${view.vp.extra[s]}+${view.vp.prosperity[s]})`;
    const plan =
      view.phase === 'plan' && view.viewer !== s
        ? view.submitted[s]
          ? 'planned'
          : 'planning…'
        : planText(view.plans[s]!);
    lines.push(
      `${pad(name, width)} ${pad(vp, 30)} ${String(view.supply[s]).padStart(6)} ${String(shipsOnBoard(view, s)).padStart(5)}  ${plan}${start}`,
    );
  }
  lines.push('(extra: VP from the sector the Tri-Prime controller adds to the scoring each round)');
  return lines;
}

function winnerText(view: PiView, n: Names): string {
  const best = Math.max(...view.vp.total);
  const top = view.vp.total.flatMap((v, s) => (v === best ? [s] : []));
  return top.length === 1
    ? `Game over: ${whom(n, top[0]!)} ${top[0] === n.viewer ? 'have' : 'has'} the most VP (${best}).`
    : `Game over: ${andList(top.map((s) => whom(n, s)))} have ${best} VP each (ties go to Tri-Prime's controller, then to most ships on the board).`;
}

function strengthOf(view: PiView, seat: number): string {
  const strength = view.strengths[seat]!;
  const card = currentCard(view);
  const bonus = card && card.slots[view.step] === view.plans[seat]![view.step] ? 1 : 0;
  return bonus > 0 ? `${strength} = ${strength - bonus} + ${bonus} Prosperity` : String(strength);
}

function turnText(view: PiView, n: Names): string[] {
  const out: string[] = [];
  if (view.over) return [winnerText(view, n)];
  if (view.phase === 'setup')
    return [`Setup: ${does(n, view.setupSeat!, 'place', 'places')} 2 ships on a free level-I system.`];
  if (view.phase === 'plan') {
    const card = currentCard(view);
    return [
      'Plan: everyone orders Expand, Explore and Exterminate in secret.' +
        (card
          ? ' A command in the slot where the current Prosperity card pictures it gets +1 strength.'
          : ''),
    ];
  }
  if (view.phase === 'perform' && view.actor !== null) {
    const cmd = view.plans[view.actor]![view.step]!;
    out.push(
      `Step ${view.step + 1}: ${does(n, view.actor, 'perform', 'performs')} ${commandLabel(cmd)} (${view.left} left of strength ${strengthOf(view, view.actor)}).`,
    );
    if (view.fleet)
      out.push(
        `  Fleet of ${view.fleet.ships} from ${hexName(view.fleet.from)} now at ${hexName(view.fleet.at)} (${view.fleet.steps}/2 moves).`,
      );
    if (view.attack)
      out.push(`  Invading ${hexName(view.attack.target)} with ${ships(view.attack.ships)} so far.`);
  }
  if (view.phase === 'exploit' && view.chooser !== null) {
    out.push(
      `Exploit: ${does(n, view.chooser, 'choose', 'chooses')} a sector to score for everyone${view.extraChoice ? ' (the extra choice for holding Tri-Prime)' : ''}; chosen so far: ${view.chosen.join(', ') || 'none'}.`,
    );
  }
  return out;
}

function prosperityLines(view: PiView, n: Names): string[] {
  if (!view.prosperity) return [];
  const lines = [
    'Prosperity chain (who claims it after scoring [command pictured in slots 1/2/3: +1 strength when yours matches]; 3 VP each):',
  ];
  view.chain.forEach((c, i) => {
    const mark = i === view.round - 1 ? '>' : ' ';
    const claim =
      view.claims[i]! >= 0
        ? ` — claimed by ${whom(n, view.claims[i]!)}`
        : view.claims[i] === -1
          ? ' — discarded'
          : '';
    lines.push(` ${mark} ${String(i + 1).padStart(2)}. ${c === null ? '(face down)' : cardLabel(c)}${claim}`);
  });
  return lines;
}

const LAST_ROUND: Readonly<Record<PiView['preset'], string>> = {
  boxed: ' (last round: no sector choices; every system held scores once, Tri-Prime 3)',
  classic: ' (last round: no sector choices; every system held scores double, Tri-Prime 6)',
};

const LEGEND =
  'Each hex: number and level (I, II, TP = Tri-Prime, . = empty), then sector (sN) and ships (A2 = A with 2, N = neutral).';

function titleLine(view: PiView): string {
  const title = `Pocket Imperium (${view.preset}${view.prosperity ? ' + Prosperity' : ''})`;
  if (view.phase === 'setup') return `${title} — setup (${view.rounds} rounds)`;
  return (
    `${title} — round ${view.round} of ${view.rounds}` +
    (view.round === view.rounds ? LAST_ROUND[view.preset] : '')
  );
}

export function renderView(view: PiView, _viewer: Viewer, n: Names): string {
  return [
    titleLine(view),
    renderMap(view),
    LEGEND,
    '',
    ...playerTable(view, n),
    ...prosperityLines(view, n),
    ...turnText(view, n),
  ].join('\n');
}

function hexInfo(view: PiView, hex: number): string {
  const lvl = view.level[hex]!;
  const what = lvl === 3 ? 'Tri-Prime' : lvl > 0 ? `level ${'I'.repeat(lvl)}` : 'empty';
  const occ = view.owner[hex] === NOBODY ? '' : `, ${occupant(view, hex)}`;
  return `${hexName(hex)} (${what}${occ})`;
}

function sectorGains(view: PiView, sector: number, n: Names): string {
  const gains = new Array<number>(view.players).fill(0);
  view.sector.forEach((s, h) => {
    const o = view.owner[h]!;
    if (s === sector && o >= 0 && o < view.players) gains[o]! += LEVEL_VP[view.level[h]!]!;
  });
  return gains.map((g, s) => `${whom(n, s)} +${g}`).join(', ');
}

const ships = (n: number) => `${n} ship${n === 1 ? '' : 's'}`;

/** "1", "1 and 2", "1, 2 and 3". */
const listText = (items: readonly number[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function planLabel(view: PiView, order: readonly Command[]): string {
  const text = `plan ${order.map((c) => commandLabel(COMMAND_INDEX[c])).join(' > ')}`;
  const slots = rewardedSlots(
    view,
    order.map((c) => COMMAND_INDEX[c]),
  );
  return slots.length > 0
    ? `${text} (Prosperity +1 in slot${slots.length > 1 ? 's' : ''} ${listText(slots)})`
    : text;
}

/** The command the acting seat performs now. */
function commandNow(view: PiView): string {
  return view.actor === null ? 'current' : commandLabel(view.plans[view.actor]![view.step]!);
}

function launchLabel(view: PiView, n: Names): string {
  const attack = view.attack!;
  const defenders = view.ships[attack.target]!;
  const owner = view.owner[attack.target]!;
  const against = defenders === 0 ? 'none' : defendersText(n, defenders, owner);
  return `launch the invasion of ${hexName(attack.target)}: ${ships(attack.ships)} against ${against}`;
}

export function renderAction(action: PiAction, view: PiView, n: Names): string {
  switch (action.type) {
    case 'place':
      return `place 2 ships on ${hexInfo(view, action.hex)} in sector ${view.sector[action.hex]}`;
    case 'plan':
      return planLabel(view, action.order);
    case 'expand':
      return `add a ship to ${hexInfo(view, action.hex)}`;
    case 'fleet':
      return `send a fleet of ${ships(action.ships)} from ${hexInfo(view, action.from)}`;
    case 'move':
      return `move to ${hexInfo(view, action.to)}`;
    case 'pickup':
      return `pick up ${action.ships} more ship${action.ships === 1 ? '' : 's'} at ${hexName(view.fleet?.at ?? -1)} and move on`;
    case 'drop':
      return `leave ${ships(action.ships)} at ${hexName(view.fleet?.at ?? -1)} and move on`;
    case 'end':
      return `end the fleet’s move at ${view.fleet ? hexInfo(view, view.fleet.at) : 'its hex'}`;
    case 'target':
      return `invade ${hexInfo(view, action.hex)}`;
    case 'attack':
      return `commit ${ships(action.ships)} from ${hexInfo(view, action.from)}`;
    case 'launch':
      return launchLabel(view, n);
    case 'stop': {
      const strength = view.actor === null ? 0 : view.strengths[view.actor]!;
      return `stop the ${commandNow(view)} command (${view.left} of ${strength} actions unused)`;
    }
    case 'score':
      return `score sector ${action.sector} (${sectorGains(view, action.sector, n)})`;
  }
}

/** Giving up actions one still has is asked about first; nothing else is. */
export function confirmAction(action: PiAction, view: PiView): string | null {
  if (action.type !== 'stop' || view.left <= 0) return null;
  return `You still have ${view.left} ${commandNow(view)} action${view.left === 1 ? '' : 's'}; stop the command anyway?`;
}
