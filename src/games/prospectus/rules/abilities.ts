/** The eight potion abilities, triggered by a (first) council sale of that potion. */
import * as dataModule from '../data.ts';
import type { AbilityId } from '../data.ts';
import type { IdleReason } from '../events.ts';
import * as stateModule from '../state.ts';
import type { ProspectusAction, ProspectusState } from '../state.ts';
import * as councilModule from './council.ts';
import * as futureCardModule from './future-card.ts';
import * as marketModule from './market.ts';
import * as transactionModule from './transaction.ts';
import type { Work } from './work.ts';
import * as actionsModule from './actions.ts';
import * as recordModule from './record.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const { POTION_ACTIONS } = actionsModule;
const { ABILITY_IDS, BOUNTY_DOLLARS, NUDGE_MAX_DOLLARS, PRICE_BY_SPACE, TOP_SPACE } = dataModule;
const { councilOptions, mayCouncil } = councilModule;
const { advanceDividend } = futureCardModule;
const { movePrice } = marketModule;
const { isFrozen, mayTx, txOptions } = transactionModule;
const { REC_BOUNTY, REC_EXCHANGE, note } = recordModule;
const { OPEN } = stateModule;

const STEPS = [-2, -1, 1, 2] as const;

/**
 * prospectus.ability.nudge: one or two spaces either way, never more than $3 in all. A move off the
 * machine would split or bust the potion (a jump back to $20), so even a single step must stay on it.
 */
export function nudgeAllowed(s: ProspectusState, potion: number, steps: number): boolean {
  if (steps !== 1 && steps !== -1 && steps !== 2 && steps !== -2) return false;
  const from = s.prices[potion]!;
  const to = from + steps;
  if (to < 0 || to > TOP_SPACE) return false;
  return Math.abs(PRICE_BY_SPACE[to]! - PRICE_BY_SPACE[from]!) <= NUDGE_MAX_DOLLARS.value;
}

export function pairOptions(t: 'cubes'): ProspectusAction[] {
  const out: ProspectusAction[] = [];
  for (let a = 0; a < 5; a++) for (let b = a; b < 5; b++) out.push({ t, a, b });
  return out;
}
const PAIRS = pairOptions('cubes');

type OptionFn = (s: ProspectusState, seat: number) => ProspectusAction[];

/** What each ability lets the seller choose (besides declining it). Bounty needs no choice. */
export const ABILITY_OPTIONS: Readonly<Record<AbilityId, OptionFn>> = {
  dividend: () => POTION_ACTIONS,
  recall: (s, seat) => {
    const out: ProspectusAction[] = [];
    for (const give of s.hands[seat]!)
      for (const take of new Set(s.discards[seat]!)) out.push({ t: 'recall', give, take });
    return out;
  },
  trade: (s, seat) => txOptions(s, seat, 0),
  bounty: () => [],
  encore: (s, seat) => councilOptions(s, seat),
  nudge: (s) => {
    const out: ProspectusAction[] = [];
    for (let potion = 0; potion < 5; potion++)
      for (const steps of STEPS) if (nudgeAllowed(s, potion, steps)) out.push({ t: 'nudge', potion, steps });
    return out;
  },
  // prospectus.spell.freeze.exchange: swapping a cube with the supply is a transaction in that
  // potion, so a frozen potion can be neither given nor taken.
  exchange: (s, seat) => {
    const out: ProspectusAction[] = [];
    for (let from = 0; from < 5; from++)
      if (s.cubes[seat]![from]! > 0 && !isFrozen(s, from))
        for (let to = 0; to < 5; to++)
          if (to !== from && !isFrozen(s, to)) out.push({ t: 'exchange', from, to });
    return out;
  },
  tribute: () => PAIRS,
};

function unfrozenPotions(s: ProspectusState): number {
  let n = 0;
  for (let potion = 0; potion < 5; potion++) if (!isFrozen(s, potion)) n++;
  return n;
}

export function abilityOptions(s: ProspectusState, seat: number): ProspectusAction[] {
  return ABILITY_OPTIONS[ABILITY_IDS[s.ability]!](s, seat);
}

/**
 * Whether the ability step is offered. The abilities whose choices depend on the seller's cubes or
 * money are judged publicly behind closed screens (prospectus.hidden.flow).
 */
export function abilityOffered(s: ProspectusState, seat: number): boolean {
  if (!s.openScreens) {
    const id = ABILITY_IDS[s.ability]!;
    if (id === 'trade') return mayTx(s, seat, 0);
    if (id === 'encore') return mayCouncil(s, seat);
    if (id === 'exchange') return unfrozenPotions(s) >= 2;
  }
  return abilityOptions(s, seat).length > 0;
}

/**
 * Why the seller has nothing to choose with this ability, or null when it has a choice (bounty needs
 * none). `open` says whether the table may read the reason: reasons that come from behind the screen
 * (the seller's cubes or money) are the seller's alone unless the screens are open.
 */
export function idleReason(s: ProspectusState, seat: number): { reason: IdleReason; open: boolean } | null {
  const id = ABILITY_IDS[s.ability]!;
  if (id === 'bounty' || abilityOptions(s, seat).length > 0) return null;
  const reason = IDLE_REASON[id](s);
  return { reason, open: s.openScreens || !PRIVATE_IDLE.has(reason) };
}

const PRIVATE_IDLE: ReadonlySet<IdleReason> = new Set([
  'nothing-to-trade',
  'no-cube-for-demand',
  'no-cube-to-exchange',
]);

/** The reason, for an ability whose options came out empty. */
const IDLE_REASON: Readonly<Record<AbilityId, (s: ProspectusState) => IdleReason>> = {
  recall: () => 'no-discards',
  trade: (s) => (unfrozenPotions(s) === 0 ? 'all-frozen' : 'nothing-to-trade'),
  encore: (s) => (anyOpenDemand(s) ? 'no-cube-for-demand' : 'no-open-demand'),
  exchange: (s) => (unfrozenPotions(s) < 2 ? 'too-frozen' : 'no-cube-to-exchange'),
  // These always offer a choice; the fallbacks only keep the table total.
  dividend: () => 'no-open-demand',
  bounty: () => 'no-open-demand',
  nudge: () => 'all-frozen',
  tribute: () => 'no-open-demand',
};

function anyOpenDemand(s: ProspectusState): boolean {
  for (let space = 0; space < s.track.length; space++)
    if (s.track[space]! >= 0 && (s.dem[2 * space] === OPEN || s.dem[2 * space + 1] === OPEN)) return true;
  return false;
}

/** prospectus.ability.bounty: paid at once, no choice to make. */
export function payBounty(w: Work, seat: number): void {
  w.arr('money')[seat]! += BOUNTY_DOLLARS.value;
  w.emit({ type: 'bounty', seat, amount: BOUNTY_DOLLARS.value });
  note(w, [REC_BOUNTY, seat, BOUNTY_DOLLARS.value]);
}

/** Resolves an ability choice that needs no further step (trade and encore are handled by the flow). */
export function resolveAbility(w: Work, seat: number, action: ProspectusAction): void {
  switch (action.t) {
    case 'potion':
      w.emit({ type: 'dividend-advance', seat, potion: action.potion });
      advanceDividend(w, action.potion);
      return;
    case 'recall': {
      const hand = w.row('hands', seat);
      const pile = w.row('discards', seat);
      hand[hand.indexOf(action.give)] = action.take;
      pile[pile.indexOf(action.take)] = action.give;
      w.emit({ type: 'recall', seat, give: action.give, take: action.take });
      return;
    }
    case 'nudge':
      w.emit({ type: 'nudge', seat, potion: action.potion, steps: action.steps });
      movePrice(w, action.potion, action.steps);
      return;
    case 'exchange': {
      const cubes = w.row('cubes', seat);
      cubes[action.from]! -= 1;
      cubes[action.to]! += 1;
      w.emit({ type: 'exchange', seat, from: action.from, to: action.to });
      note(w, [REC_EXCHANGE, seat, action.from, action.to]);
      return;
    }
    case 'cubes': {
      // prospectus.ability.tribute: from the supply, in secret; only the adder knows the colours.
      const secret = w.row('secret', seat);
      secret[action.a]! += 1;
      secret[action.b]! += 1;
      w.emit({ type: 'tribute', seat, a: action.a, b: action.b });
      return;
    }
    default:
      return;
  }
}
