/** Terminal rendering: an ASCII hex map (odd rows shifted half a hex), a score table and the turn. */
import type { Viewer } from '../../core/index.ts';
import { LEVEL_VP } from './data.ts';
import { GEOMETRY } from './map.ts';
import { NEUTRAL, NOBODY } from './state.ts';
import type { PiAction, PiView } from './state.ts';
import { SEAT_LETTERS, cardLabel, commandLabel, hexName, seatName } from './events.ts';

const CELL = 9;
const LEVEL_MARK = ['.', 'I', 'II', 'TP'];

const pad = (text: string, width: number) =>
  text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);

function occupant(view: PiView, hex: number): string {
  const o = view.owner[hex]!;
  if (o === NOBODY) return '--';
  const who = o === NEUTRAL ? 'N' : (SEAT_LETTERS[o] ?? '?');
  return `${who}${view.ships[hex]}`;
}

function sectorTag(view: PiView, hex: number): string {
  const s = view.sector[hex]!;
  return s >= 0 ? `s${s}` : '  ';
}

export function renderMap(view: PiView): string {
  const geo = GEOMETRY[view.layout];
  const lines: string[] = [];
  geo.spaceAt.forEach((row, r) => {
    const indent = r % 2 === 1 ? ' '.repeat(CELL / 2) : '';
    const top = row.map((h) => pad(`${String(h).padStart(2)} ${LEVEL_MARK[view.level[h]!]}`, CELL - 1));
    const bottom = row.map((h) => pad(`${sectorTag(view, h)} ${occupant(view, h)}`, CELL - 1));
    lines.push(indent + top.map((t) => `/${t}`).join(''));
    lines.push(indent + bottom.map((b) => `\\${b}`).join(''));
  });
  return lines.join('\n');
}

function planText(plan: readonly (number | null)[]): string {
  return plan.map((c) => (c === null ? '?' : commandLabel(c).slice(0, 4))).join(' > ');
}

function shipsOnBoard(view: PiView, seat: number): number {
  let n = 0;
  view.owner.forEach((o, h) => (o === seat ? (n += view.ships[h]!) : 0));
  return n;
}

function playerTable(view: PiView): string[] {
  const lines = ['Player  VP (sect+tri+pros)  supply board  plan'];
  for (let s = 0; s < view.players; s++) {
    const me = view.viewer === s ? '*' : ' ';
    const start = view.start === s ? '(start)' : '';
    const vp = `${view.vp.total[s]} (${view.vp.sector[s]}+${view.vp.extra[s]}+${view.vp.prosperity[s]})`;
    const plan =
      view.phase === 'plan' && view.viewer !== s
        ? view.submitted[s]
          ? 'planned'
          : 'planning…'
        : planText(view.plans[s]!);
    lines.push(
      `${me}${SEAT_LETTERS[s]}      ${pad(vp, 20)} ${String(view.supply[s]).padStart(6)} ${String(shipsOnBoard(view, s)).padStart(5)}  ${plan} ${start}`,
    );
  }
  return lines;
}

function turnText(view: PiView): string[] {
  const out: string[] = [];
  if (view.over) return ['Game over.'];
  if (view.phase === 'setup')
    return [`Setup: ${seatName(view.setupSeat!)} places 2 ships on a free level-I system.`];
  if (view.phase === 'plan') return ['Plan: everyone orders Expand, Explore and Exterminate in secret.'];
  if (view.phase === 'perform' && view.actor !== null) {
    const cmd = view.plans[view.actor]![view.step]!;
    out.push(
      `Step ${view.step + 1}: ${seatName(view.actor)} performs ${commandLabel(cmd)} (${view.left} left of strength ${view.strengths[view.actor]}).`,
    );
    if (view.fleet)
      out.push(
        `  Fleet of ${view.fleet.ships} from ${hexName(view.fleet.from)} now at ${hexName(view.fleet.at)} (${view.fleet.steps}/2 moves).`,
      );
    if (view.attack)
      out.push(`  Invading ${hexName(view.attack.target)} with ${view.attack.ships} ships so far.`);
  }
  if (view.phase === 'exploit' && view.chooser !== null) {
    out.push(
      `Exploit: ${seatName(view.chooser)} chooses a sector${view.extraChoice ? ' (Tri-Prime extra choice)' : ''}; chosen: ${view.chosen.join(', ') || 'none'}.`,
    );
  }
  return out;
}

function prosperityLines(view: PiView): string[] {
  if (!view.prosperity) return [];
  const lines = ['Prosperity chain (requirement [icons of slots 1/2/3]; a claimed card is worth 3 VP):'];
  view.chain.forEach((c, i) => {
    const mark = i === view.round - 1 ? '>' : ' ';
    const claim =
      view.claims[i]! >= 0
        ? ` — claimed by ${SEAT_LETTERS[view.claims[i]!]}`
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

export function renderView(view: PiView, _viewer: Viewer): string {
  return [
    `Pocket Imperium (${view.preset}${view.prosperity ? ' + Prosperity' : ''}) — round ${Math.max(view.round, 1)}/${view.rounds}` +
      (view.round === view.rounds ? LAST_ROUND[view.preset] : ''),
    renderMap(view),
    LEGEND,
    '',
    ...playerTable(view),
    ...prosperityLines(view),
    ...turnText(view),
  ].join('\n');
}

function hexInfo(view: PiView, hex: number): string {
  const lvl = view.level[hex]!;
  const what = lvl === 3 ? 'Tri-Prime' : lvl > 0 ? `level ${'I'.repeat(lvl)}` : 'empty';
  const occ = view.owner[hex] === NOBODY ? '' : `, ${occupant(view, hex)}`;
  return `${hexName(hex)} (${what}${occ})`;
}

function sectorGains(view: PiView, sector: number): string {
  const gains = new Array<number>(view.players).fill(0);
  view.sector.forEach((s, h) => {
    const o = view.owner[h]!;
    if (s === sector && o >= 0 && o < view.players) gains[o]! += LEVEL_VP[view.level[h]!]!;
  });
  return gains.map((g, s) => `${SEAT_LETTERS[s]}+${g}`).join(' ');
}

export function renderAction(action: PiAction, view: PiView): string {
  switch (action.type) {
    case 'place':
      return `place 2 ships on ${hexInfo(view, action.hex)} in sector ${view.sector[action.hex]}`;
    case 'plan':
      return `plan ${action.order.join(' > ')}`;
    case 'expand':
      return `add a ship to ${hexInfo(view, action.hex)}`;
    case 'fleet':
      return `fleet of ${action.ships} from ${hexInfo(view, action.from)}`;
    case 'move':
      return `move to ${hexInfo(view, action.to)}`;
    case 'pickup':
      return `pick up ${action.ships} here`;
    case 'drop':
      return `drop ${action.ships} here`;
    case 'end':
      return 'stop the fleet here';
    case 'target':
      return `invade ${hexInfo(view, action.hex)}`;
    case 'attack':
      return `commit ${action.ships} from ${hexInfo(view, action.from)}`;
    case 'launch':
      return 'launch the invasion';
    case 'stop':
      return 'end this command';
    case 'score':
      return `score sector ${action.sector} (${sectorGains(view, action.sector)})`;
  }
}
