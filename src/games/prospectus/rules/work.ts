/**
 * Copy-on-write working copy of a state. perform() must never mutate its input, yet most actions
 * touch only a few small arrays; a Work copies the top-level record once and each array the first
 * time it is written, so unchanged parts stay shared with the previous state.
 */
import { Rng } from '../../../core/rng.ts';
import type { ProspectusEvent } from '../events.ts';
import type { ProspectusState } from '../state.ts';

type FlatKey = {
  [K in keyof ProspectusState]: ProspectusState[K] extends number[] ? K : never;
}[keyof ProspectusState];
type NestedKey = {
  [K in keyof ProspectusState]: ProspectusState[K] extends number[][] ? K : never;
}[keyof ProspectusState];

export class Work {
  readonly s: ProspectusState;
  readonly events: ProspectusEvent[] = [];
  private copied: Record<string, boolean> = {};
  private rngCursor: Rng | null = null;

  constructor(state: ProspectusState) {
    this.s = { ...state };
  }

  /** A writable copy of a flat number array of the state. */
  arr<K extends FlatKey>(key: K): number[] {
    if (!this.copied[key]) {
      this.s[key] = this.s[key].slice() as ProspectusState[K];
      this.copied[key] = true;
    }
    return this.s[key];
  }

  /** A writable copy of row `i` of a nested array (cubes, hands, …). */
  row<K extends NestedKey>(key: K, i: number): number[] {
    const rowKey = `${key}:${i}`;
    if (!this.copied[key]) {
      this.s[key] = this.s[key].slice() as ProspectusState[K];
      this.copied[key] = true;
    }
    const outer = this.s[key];
    if (!this.copied[rowKey]) {
      outer[i] = outer[i]!.slice();
      this.copied[rowKey] = true;
    }
    return outer[i]!;
  }

  interrupts(): boolean[] {
    if (!this.copied.interrupts) {
      this.s.interrupts = this.s.interrupts.slice();
      this.copied.interrupts = true;
    }
    return this.s.interrupts;
  }

  get rng(): Rng {
    if (!this.rngCursor) this.rngCursor = new Rng(this.s.rng);
    return this.rngCursor;
  }

  emit(event: ProspectusEvent): void {
    this.events.push(event);
  }

  finish(): { state: ProspectusState; events: ProspectusEvent[] } {
    if (this.rngCursor) this.s.rng = this.rngCursor.state() as ProspectusState['rng'];
    return { state: this.s, events: this.events };
  }
}
