/** Test helpers: build Prospectus states at a chosen step without replaying a whole game. */
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { PRICE_BY_SPACE } from '../../../src/games/prospectus/data.ts';
import type { ProspectusAction, ProspectusState } from '../../../src/games/prospectus/state.ts';
import { optionsSchema } from '../../../src/games/prospectus/state.ts';

export const OWL = 0;
export const PIXIE = 1;
export const GOBLIN = 2;
export const TROLL = 3;
export const FROG = 4;

export function fresh(players = 4, seed = 'test', options: Record<string, unknown> = {}): ProspectusState {
  return prospectus.setup(players, seed, optionsSchema.parse(options));
}

/** A fresh game with the draft played out (everybody takes the first colour offered). */
export function afterDraft(
  players = 4,
  seed = 'test',
  options: Record<string, unknown> = {},
): ProspectusState {
  let s = fresh(players, seed, options);
  while (s.phase === 'draft') {
    const seat = prospectus.actors(s)[0]!;
    s = prospectus.applyTrusted(s, seat, prospectus.legalActions(s, seat)[0]!).state;
  }
  return s;
}

export function space(price: number): number {
  const at = PRICE_BY_SPACE.indexOf(price);
  if (at < 0) throw new Error(`no space at $${price}`);
  return at;
}

export function act(s: ProspectusState, action: ProspectusAction, seat = prospectus.actors(s)[0]!) {
  const result = prospectus.apply(s, seat, action);
  if (!result.ok) throw new Error(`${result.error.rule}: ${result.error.message}`);
  return result;
}

export function refuse(s: ProspectusState, action: unknown, seat = prospectus.actors(s)[0]!) {
  const result = prospectus.apply(s, seat, action);
  if (result.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return result.error;
}

export function legal(s: ProspectusState, seat = prospectus.actors(s)[0]!): ProspectusAction[] {
  return prospectus.legalActions(s, seat);
}

export const key = (a: ProspectusAction): string => JSON.stringify(a);
export const has = (list: ProspectusAction[], a: ProspectusAction): boolean => list.map(key).includes(key(a));
