/**
 * Board geometry, computed once per layout at module load: cells → playable spaces (the four
 * Tri-Prime cells are one space), neighbour lists, and where each card place lands. A concrete board
 * (levels and sectors) depends on which card lies where, decided at setup.
 */
import { filledArray } from '../../core/arrays.ts';
import { MAP_LAYOUTS, SECTOR_CARDS } from './data.ts';
import type { MapLayout } from './data.ts';

export type LayoutId = MapLayout['id'];

export interface Geometry {
  readonly layout: MapLayout;
  readonly spaces: number;
  /** Board cells [row, column] of each space (Tri-Prime has four). */
  readonly cells: readonly (readonly (readonly [number, number])[])[];
  readonly neighbours: readonly (readonly number[])[];
  readonly triPrime: number;
  /** Space id at [row][column]. */
  readonly spaceAt: readonly (readonly number[])[];
}

function cellNeighbours(layout: MapLayout, r: number, c: number): [number, number][] {
  const out: [number, number][] = [
    [r, c - 1],
    [r, c + 1],
  ];
  // Odd rows sit half a hex to the right of even rows.
  const shift = r % 2 === 0 ? [c - 1, c] : [c, c + 1];
  for (const rr of [r - 1, r + 1]) for (const cc of shift) out.push([rr, cc]);
  return out.filter(
    ([rr, cc]) => rr >= 0 && rr < layout.rowLengths.length && cc >= 0 && cc < layout.rowLengths[rr]!,
  );
}

function buildGeometry(layout: MapLayout): Geometry {
  const isTri = (r: number, c: number) => layout.triPrime.some(([tr, tc]) => tr === r && tc === c);
  const spaceAt: number[][] = layout.rowLengths.map((n) => new Array<number>(n).fill(-1));
  const cells: [number, number][][] = [];
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
  const neighbours = cells.map((list, id) => {
    const set = new Set<number>();
    for (const [r, c] of list)
      for (const [rr, cc] of cellNeighbours(layout, r, c)) {
        const other = spaceAt[rr]![cc]!;
        if (other !== id) set.add(other);
      }
    return [...set].sort((a, b) => a - b);
  });
  return { layout, spaces: cells.length, cells, neighbours, triPrime, spaceAt };
}

export const GEOMETRY: Readonly<Record<LayoutId, Geometry>> = {
  'classic-3x3': buildGeometry(MAP_LAYOUTS['classic-3x3']),
  'variant-3x2': buildGeometry(MAP_LAYOUTS['variant-3x2']),
};

export interface Board {
  /** System level per space: 0 empty hex, 1, 2, or 3 for Tri-Prime. */
  readonly level: number[];
  /** Sector (card place index) per space; -1 for hexes between cards and for Tri-Prime. */
  readonly sector: number[];
}

/** Levels and sectors once card ids have been dealt to the places (in place order). */
export function buildBoard(layoutId: LayoutId, cardIds: readonly string[]): Board {
  const geo = GEOMETRY[layoutId];
  const level = filledArray(geo.spaces, 0);
  const sector = filledArray(geo.spaces, -1);
  level[geo.triPrime] = 3;
  geo.layout.places.forEach((place, p) => {
    const card = SECTOR_CARDS.find((c) => c.id === cardIds[p]);
    if (!card || card.shape !== place.shape)
      throw new Error(`card ${cardIds[p]} cannot lie at ${place.name}`);
    for (const row of place.cells) for (const [r, c] of row) sector[geo.spaceAt[r]![c]!] = p;
    for (const [i, j, lvl] of card.systems) {
      const [r, c] = place.cells[i]![j]!;
      level[geo.spaceAt[r]![c]!] = lvl;
    }
  });
  return { level, sector };
}

const sectorCache = new WeakMap<readonly number[], number[][]>();

/** Spaces of each sector, in id order (cached per sector array, which states share). */
export function sectorSpaces(sector: readonly number[], sectors: number): number[][] {
  const cached = sectorCache.get(sector);
  if (cached && cached.length === sectors) return cached;
  const out: number[][] = Array.from({ length: sectors }, () => []);
  sector.forEach((s, id) => {
    if (s >= 0) out[s]!.push(id);
  });
  sectorCache.set(sector, out);
  return out;
}
