/**
 * Copy-on-write working copy of a state. perform() must never mutate its input, yet most actions
 * touch only a few small arrays; a Work copies the top-level record once and each array the first
 * time it is written, so unchanged parts stay shared with the previous state. Copy flags are bit
 * masks because this is the hottest path of every simulation.
 */
import { Rng } from '../../../core/rng.ts';
import type { ProspectusEvent } from '../events.ts';
import * as stateModule from '../state.ts';
import type { ProspectusState } from '../state.ts';
// Module-local binding: the loader turns imported names into getter calls on every use.
const { cloneState } = stateModule;

type FlatKey = {
  [K in keyof ProspectusState]: ProspectusState[K] extends number[] ? K : never;
}[keyof ProspectusState];
type NestedKey = {
  [K in keyof ProspectusState]: ProspectusState[K] extends number[][] ? K : never;
}[keyof ProspectusState];

const FLAT_BIT: Readonly<Record<FlatKey, number>> = {
  rng: 1 << 20,
  deck: 1 << 0,
  money: 1 << 1,
  prices: 1 << 2,
  dividends: 1 << 3,
  abilities: 1 << 4,
  aside: 1 << 5,
  track: 1 << 6,
  dem: 1 << 7,
  future: 1 << 8,
  futureDiscard: 1 << 9,
  knownTop: 1 << 10,
  ball: 1 << 11,
  chamber: 1 << 12,
  removed: 1 << 13,
  frozen: 1 << 14,
  draftPool: 1 << 15,
  interruptQueue: 1 << 16,
  splits: 1 << 17,
  busts: 1 << 18,
};
const INTERRUPTS_BIT = 1 << 19;
const NESTED_INDEX: Readonly<Record<NestedKey, number>> = {
  cubes: 0,
  secret: 1,
  hands: 2,
  draws: 3,
  discards: 4,
};

export class Work {
  readonly s: ProspectusState;
  /** Null when quiet: a bot's look-ahead never reads events. */
  private readonly events: ProspectusEvent[] | null;
  private flat = 0;
  private outer = 0;
  private rows = 0;
  private rngCursor: Rng | null = null;

  /** `quiet` drops events: a bot's look-ahead never reads them (about 5% of its garbage per game). */
  constructor(state: ProspectusState, quiet = false) {
    this.s = cloneState(state);
    this.events = quiet ? null : [];
  }

  /** A writable copy of a flat number array of the state. */
  arr<K extends FlatKey>(key: K): number[] {
    const bit = FLAT_BIT[key];
    if ((this.flat & bit) === 0) {
      this.s[key] = this.s[key].slice() as ProspectusState[K];
      this.flat |= bit;
    }
    return this.s[key];
  }

  /** A writable copy of row `i` of a nested array (cubes, hands, …). */
  row<K extends NestedKey>(key: K, i: number): number[] {
    const n = NESTED_INDEX[key];
    if ((this.outer & (1 << n)) === 0) {
      this.s[key] = this.s[key].slice() as ProspectusState[K];
      this.outer |= 1 << n;
    }
    const outer = this.s[key];
    const bit = 1 << (n * 4 + i);
    if ((this.rows & bit) === 0) {
      outer[i] = outer[i]!.slice();
      this.rows |= bit;
    }
    return outer[i]!;
  }

  interrupts(): boolean[] {
    if ((this.flat & INTERRUPTS_BIT) === 0) {
      this.s.interrupts = this.s.interrupts.slice();
      this.flat |= INTERRUPTS_BIT;
    }
    return this.s.interrupts;
  }

  get rng(): Rng {
    if (!this.rngCursor) this.rngCursor = new Rng(this.s.rng);
    return this.rngCursor;
  }

  emit(event: ProspectusEvent): void {
    if (this.events) this.events.push(event);
  }

  /** The finished next state. */
  state(): ProspectusState {
    if (this.rngCursor) this.s.rng = this.rngCursor.state() as ProspectusState['rng'];
    return this.s;
  }

  finish(): { state: ProspectusState; events: ProspectusEvent[] } {
    return { state: this.state(), events: this.events ?? [] };
  }
}
