/**
 * Display geometry and names for Pocket Imperium, from the game's static data module only. Spaces
 * are numbered row by row with the four Tri-Prime cells as one space, as the engine numbers them;
 * test/web checks this numbering against the engine's map module.
 */
import {
  COMMANDS,
  LEVEL_VP,
  MAP_LAYOUTS,
  PROSPERITY_CARD_VP,
  PROSPERITY_CARDS,
  SUSTAIN_LIMIT,
} from '../../../games/pocket-imperium/data.ts';
import type { Requirement } from '../../../games/pocket-imperium/data.ts';

export { COMMANDS, LEVEL_VP, PROSPERITY_CARD_VP, PROSPERITY_CARDS, SUSTAIN_LIMIT };

/** The most ships a hex of this level keeps at the end of a round (pocket-imperium.exploit.sustain). */
export const capacityOf = (level: number): number => SUSTAIN_LIMIT[level as 0 | 1 | 2 | 3] ?? 1;

const LEVEL_WORDS = ['empty hex', 'level I system', 'level II system', 'Tri-Prime, level III system'];

/**
 * A hex in words, for its accessible name: its number (what the map shows), what it is, its sector,
 * who is there, and how many ships it keeps. `owner` is "Ann (B)", "you", "neutral" or null.
 */
export function hexLabel(
  id: number,
  level: number,
  sector: number,
  owner: string | null,
  ships: number,
): string {
  const what = LEVEL_WORDS[level] ?? 'hex';
  const vp = level > 0 ? ` (${LEVEL_VP[level as 1 | 2 | 3]} VP)` : '';
  const where =
    sector >= 0 ? `, sector ${sector} (${SECTOR_NAMES[sector] ?? ''})` : level === 3 ? '' : ', no sector';
  const who = owner && ships > 0 ? `, ${owner}: ${ships} ship${ships === 1 ? '' : 's'}` : ', no ships';
  return `Hex ${id}: ${what}${vp}${where}${who}; keeps at most ${capacityOf(level)}`;
}
export type LayoutId = keyof typeof MAP_LAYOUTS;

/** Owner values the view uses besides seats (the engine's NEUTRAL and NOBODY). */
export const NEUTRAL = 9;
export const NOBODY = -1;

export const HEX = 34;
export const HEX_W = Math.sqrt(3) * HEX;
export const ROW_H = 1.5 * HEX;
export const MARGIN = 10;

export interface Space {
  readonly id: number;
  readonly cells: readonly (readonly [number, number])[];
  /** Centre in board units (the mean of its cells' centres). */
  readonly x: number;
  readonly y: number;
}

export interface Layout {
  readonly spaces: readonly Space[];
  readonly triPrime: number;
  readonly width: number;
  readonly height: number;
  /** Space id at [row][column]. */
  readonly spaceAt: readonly (readonly number[])[];
  readonly rowLengths: readonly number[];
}

export const cellCentre = (r: number, c: number): [number, number] => [
  MARGIN + HEX_W / 2 + c * HEX_W + (r % 2 === 1 ? HEX_W / 2 : 0),
  MARGIN + HEX + r * ROW_H,
];

function buildLayout(id: LayoutId): Layout {
  const layout = MAP_LAYOUTS[id];
  const isTri = (r: number, c: number) => layout.triPrime.some(([tr, tc]) => tr === r && tc === c);
  const cells: [number, number][][] = [];
  const spaceAt: number[][] = layout.rowLengths.map((n) => new Array<number>(n).fill(-1));
  let triPrime = -1;
  layout.rowLengths.forEach((n, r) => {
    for (let c = 0; c < n; c++) {
      if (isTri(r, c)) {
        if (triPrime < 0) {
          triPrime = cells.length;
          cells.push([]);
        }
        cells[triPrime]!.push([r, c]);
        spaceAt[r]![c] = triPrime;
      } else {
        spaceAt[r]![c] = cells.length;
        cells.push([[r, c]]);
      }
    }
  });
  const spaces = cells.map((list, sid) => {
    const centres = list.map(([r, c]) => cellCentre(r, c));
    const x = centres.reduce((s, [cx]) => s + cx, 0) / centres.length;
    const y = centres.reduce((s, [, cy]) => s + cy, 0) / centres.length;
    return { id: sid, cells: list, x, y };
  });
  const widest = Math.max(...layout.rowLengths.map((n, r) => n + (r % 2 === 1 ? 0.5 : 0)));
  return {
    spaces,
    triPrime,
    spaceAt,
    rowLengths: layout.rowLengths,
    width: MARGIN * 2 + widest * HEX_W,
    height: MARGIN * 2 + HEX * 2 + (layout.rowLengths.length - 1) * ROW_H,
  };
}

export const LAYOUTS: Readonly<Record<LayoutId, Layout>> = {
  'classic-3x3': buildLayout('classic-3x3'),
  'variant-3x2': buildLayout('variant-3x2'),
};

/** Corner points of a pointy-top hex centred on (x, y). */
export function hexPoints(x: number, y: number, r = HEX): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 90);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/**
 * The six edges of a cell with the cell across each edge (or null off the board): corners i and
 * i+1 of hexPoints, clockwise from the top corner.
 */
export function cellEdges(
  layout: Layout,
  r: number,
  c: number,
): { i: number; across: [number, number] | null }[] {
  const odd = r % 2 === 1;
  const across: [number, number][] = [
    [r - 1, odd ? c + 1 : c], // top-right edge
    [r, c + 1], // right
    [r + 1, odd ? c + 1 : c], // bottom-right
    [r + 1, odd ? c : c - 1], // bottom-left
    [r, c - 1], // left
    [r - 1, odd ? c : c - 1], // top-left
  ];
  return across.map(([rr, cc], i) => ({
    i,
    across:
      rr >= 0 && rr < layout.rowLengths.length && cc >= 0 && cc < layout.rowLengths[rr]! ? [rr, cc] : null,
  }));
}

export const commandName = (c: number): string => {
  const name = COMMANDS[c] ?? '?';
  return name[0]!.toUpperCase() + name.slice(1);
};

/** A colour per command, with an ink that reads at 4.5:1 or more on it. */
export const COMMAND_STYLES: readonly { fill: string; ink: string }[] = [
  { fill: '#009E73', ink: '#1b1b1b' },
  { fill: '#0072B2', ink: '#ffffff' },
  { fill: '#D55E00', ink: '#000000' },
];

export const REQUIREMENT_TEXT: Readonly<Record<Requirement, string>> = {
  'tri-prime': 'Control Tri-Prime',
  'level-1': 'Most level-I systems',
  'level-2': 'Most level-II systems',
  'largest-fleet': 'Largest fleet',
};

export const SECTOR_NAMES = [
  'top-left',
  'top',
  'top-right',
  'left',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
];

/** A hex a recent event touched, and the seat that acted (null for the game itself). */
export interface RecentHex {
  readonly hex: number;
  readonly seat: number | null;
}

const HEX_FIELDS = ['hex', 'to'] as const;

/** The hexes of the last few events of this round that name one: where something just happened. */
export function recentHexes(events: readonly { type: string; data?: unknown }[], limit = 6): RecentHex[] {
  const out: RecentHex[] = [];
  for (let i = events.length - 1; i >= 0 && out.length < limit; i--) {
    const e = events[i]!;
    if (e.type === 'round') break;
    const data = (e.data ?? {}) as Record<string, unknown>;
    for (const field of HEX_FIELDS) {
      const hex = data[field];
      if (typeof hex === 'number' && !out.some((r) => r.hex === hex))
        out.push({ hex, seat: typeof data.seat === 'number' ? data.seat : null });
    }
  }
  return out;
}
