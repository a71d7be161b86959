/** Playing a spell card: cast it (parameters announced at once), or discard it to re-sell or recharge. */
import * as dataModule from '../data.ts';
import type { SpellId } from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusAction, ProspectusState } from '../state.ts';
import * as abilitiesModule from './abilities.ts';
import type { Work } from './work.ts';
import * as actionsModule from './actions.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { PLAY_ACTIONS, POTION_ACTIONS } = actionsModule;
const { BLOCKED_DEMANDS, BLOCKERS, CURRENT_SPACE, FUTURE_CARDS, LOOK_DEPTH, SPELL_IDS } = dataModule;
const { BLOCKED, OPEN } = stateModule;
const { pairOptions } = abilitiesModule;

const MODES = ['cast', 'council', 'recharge'] as const;

/** prospectus.spell.play: any card in hand, for its effect, to re-sell, or to recharge an inactive tile. */
export function playOptions(s: ProspectusState, seat: number): ProspectusAction[] {
  const out: ProspectusAction[] = [];
  for (const spell of s.hands[seat]!)
    for (const mode of MODES)
      if (mode !== 'recharge' || !s.interrupts[seat]) out.push(PLAY_ACTIONS[spell]![mode]);
  return out;
}

function currentIcons(s: ProspectusState): readonly number[] | null {
  const card = s.track[CURRENT_SPACE]!;
  return card < 0 ? null : FUTURE_CARDS[card]!.icons;
}

export function blockersInSupply(s: ProspectusState): number {
  let used = 0;
  for (const d of s.dem) if (d === BLOCKED) used++;
  return BLOCKERS.value - used;
}

const PAIRS = pairOptions('cubes');
type ParamFn = (s: ProspectusState, params: readonly number[]) => ProspectusAction[];

/** The parameter choices each spell announces when cast; an empty list means nothing to choose. */
export const PARAM_OPTIONS: Readonly<Record<SpellId, ParamFn>> = {
  hourglass: () => [],
  'add-cubes': (s) => (currentIcons(s) ? PAIRS : []),
  'plus-three': () => [],
  // Every card prints an arrow for every potion, and cubes of a potion with no icon can still come
  // out of the ball, so any potion's arrow may be reversed.
  reverse: (s) => (currentIcons(s) ? POTION_ACTIONS : []),
  freeze: () => POTION_ACTIONS,
  block: (s, params) => {
    const chosen = params.length / 2;
    if (chosen >= BLOCKED_DEMANDS.value || blockersInSupply(s) <= chosen) return [];
    const out: ProspectusAction[] = [];
    for (let space = 0; space < s.track.length; space++) {
      if (s.track[space]! < 0) continue;
      for (let demand = 0; demand < 2; demand++) {
        if (s.dem[2 * space + demand] !== OPEN) continue;
        if (chosen === 1 && params[0] === space && params[1] === demand) continue;
        out.push({ t: 'demand', space, demand });
      }
    }
    return out;
  },
  change: (s) => {
    const icons = currentIcons(s);
    const out: ProspectusAction[] = [];
    if (icons)
      for (let from = 0; from < 5; from++)
        if (icons[from]! > 0)
          for (let to = 0; to < 5; to++) if (to !== from) out.push({ t: 'change', from, to });
    return out;
  },
  look: () => [],
  'move-card': (s) => {
    const out: ProspectusAction[] = [];
    for (let space = 0; space < CURRENT_SPACE; space++)
      if (s.track[space]! >= 0) out.push({ t: 'space', space });
    return out;
  },
  redrop: () => [],
  'pulsa-pugnum': () => [],
  'swap-tokens': () => {
    const out: ProspectusAction[] = [];
    for (let a = 0; a < 5; a++) for (let b = a + 1; b < 8; b++) out.push({ t: 'tokens', a, b });
    return out;
  },
};

export function paramOptions(s: ProspectusState): ProspectusAction[] {
  const played = s.played!;
  return PARAM_OPTIONS[SPELL_IDS[played.spell]!](s, played.params);
}

/** The numbers an announced parameter action adds to the spell's parameter list. */
export function paramValues(action: ProspectusAction): number[] {
  switch (action.t) {
    case 'cubes':
      return [action.a, action.b];
    case 'potion':
      return [action.potion];
    case 'demand':
      return [action.space, action.demand];
    case 'change':
      return [action.from, action.to];
    case 'space':
      return [action.space];
    case 'tokens':
      return [action.a, action.b];
    default:
      return [];
  }
}

/** Whether the spell still has parameters to announce after these. */
export function needsMoreParams(s: ProspectusState): boolean {
  const id = SPELL_IDS[s.played!.spell]!;
  if (id === 'block') return paramOptions(s).length > 0;
  return s.played!.params.length === 0 && paramOptions(s).length > 0;
}

/** All permutations of 0..k-1 for k ≤ 3, in a fixed order: `order` actions index into these. */
export const PERMUTATIONS: readonly (readonly (readonly number[])[])[] = [
  [[]],
  [[0]],
  [
    [0, 1],
    [1, 0],
  ],
  [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ],
];

export function lookDepth(s: ProspectusState): number {
  return Math.min(LOOK_DEPTH.value, s.future.length);
}

export function reorderOptions(s: ProspectusState): ProspectusAction[] {
  return PERMUTATIONS[lookDepth(s)]!.map((_, perm) => ({ t: 'order', perm }));
}

/** prospectus.spell.look: the top cards go back in the chosen order; only the looker knows it. */
export function reorderTop(w: Work, seat: number, perm: number): void {
  const k = lookDepth(w.s);
  const top = w.s.future.slice(0, k);
  const order = PERMUTATIONS[k]![perm]!;
  const future = w.arr('future');
  for (let i = 0; i < k; i++) future[i] = top[order[i]!]!;
  const known = w.arr('knownTop');
  // A seat that had peeked no longer knows the order of the cards just rearranged.
  for (let other = 0; other < known.length; other++) if (other !== seat) known[other] = 0;
  known[seat] = Math.max(known[seat]!, k);
  w.emit({ type: 'reorder', seat, cards: future.slice(0, k) });
}

/** prospectus.spell.move-card: the chosen card moves to the current space; the passed cards slide left. */
export function moveCardToCurrent(w: Work, from: number): void {
  const track = w.arr('track');
  const dem = w.arr('dem');
  const card = track[from]!;
  const d0 = dem[2 * from]!;
  const d1 = dem[2 * from + 1]!;
  for (let space = from; space < CURRENT_SPACE; space++) {
    track[space] = track[space + 1]!;
    dem[2 * space] = dem[2 * space + 2]!;
    dem[2 * space + 1] = dem[2 * space + 3]!;
  }
  track[CURRENT_SPACE] = card;
  dem[2 * CURRENT_SPACE] = d0;
  dem[2 * CURRENT_SPACE + 1] = d1;
  w.emit({ type: 'move-card', from });
}

/** prospectus.spell.swap-tokens: positions 0-4 are the potion lairs, 5-7 the tokens set aside. */
export function swapTokens(w: Work, a: number, b: number): void {
  const read = (i: number) => (i < 5 ? w.s.abilities[i]! : w.s.aside[i - 5]!);
  const va = read(a);
  const vb = read(b);
  const write = (i: number, v: number) => {
    if (i < 5) w.arr('abilities')[i] = v;
    else w.arr('aside')[i - 5] = v;
  };
  write(a, vb);
  write(b, va);
  w.emit({ type: 'swap-tokens', a, b });
}
