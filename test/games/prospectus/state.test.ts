/** prospectus.state.invariants: a saved state is checked for its invariants, not only its shape. */
import { describe, expect, it } from 'vitest';
import { prospectus } from '../../../src/games/prospectus/index.ts';
import { SPELL_INDEX } from '../../../src/games/prospectus/data.ts';
import type { ProspectusState, RecordNode } from '../../../src/games/prospectus/state.ts';
import { STATE_LIMITS } from '../../../src/games/prospectus/state.ts';
import { Rng } from '../../../src/core/rng.ts';
import { mutations } from '../../../src/core/conformance.ts';
import { act, afterDraft, legal } from './helpers.ts';

const WATCHED: ReadonlySet<ProspectusState['phase']> = new Set([
  'draft',
  'qty',
  'interrupt',
  'market',
  'tx2',
]);

/** The state as it would arrive in a replay script: through JSON. */
const roundTrip = (s: ProspectusState): ProspectusState => JSON.parse(JSON.stringify(s)) as ProspectusState;

function refusal(s: unknown): string {
  const parsed = prospectus.stateSchema.safeParse(s);
  expect(parsed.success).toBe(false);
  return parsed.success ? '' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
}

/** Seat 0 choosing how many Pixie Dust to buy at $20 (limit 3, $100: three cubes). */
function pendingBuy(): ProspectusState {
  let s = afterDraft(4, 'invariants');
  while (s.phase !== 'tx1') s = act(s, { t: 'skip' }, 0).state;
  return act(s, { t: 'tx', kind: 'buy', potion: 1 }, 0).state;
}

describe('prospectus.state.invariants', () => {
  it('every state of random games in both screen modes passes, through JSON', () => {
    for (const options of [{}, { screens: 'hidden-quantities' }, { openScreens: true }]) {
      for (const players of [3, 4]) {
        let s = afterDraft(players, `inv-${players}`, options);
        const rng = Rng.fromSeed(`inv-${players}-${JSON.stringify(options)}`);
        let steps = 0;
        while (prospectus.actors(s).length > 0) {
          const parsed = prospectus.stateSchema.safeParse(roundTrip(s));
          if (!parsed.success) throw new Error(`step ${steps} (${s.phase}): ${parsed.error.message}`);
          const seat = prospectus.actors(s)[0]!;
          s = prospectus.applyTrusted(s, seat, rng.pick(legal(s, seat))).state;
          steps++;
        }
        expect(prospectus.stateSchema.safeParse(roundTrip(s)).success).toBe(true);
        expect(steps).toBeGreaterThan(50);
      }
    }
  });

  it('never throws on a tampered state: every small edit of states across a game is accepted or refused', () => {
    let s = afterDraft(3, 'tamper');
    const rng = Rng.fromSeed('tamper');
    const samples: ProspectusState[] = [];
    for (let step = 0; prospectus.actors(s).length > 0; step++) {
      // A few steps that hold the most cross-checked pending choices, the first time each is reached.
      if (WATCHED.has(s.phase) && !samples.some((t) => t.phase === s.phase)) samples.push(s);
      const seat = prospectus.actors(s)[0]!;
      s = prospectus.applyTrusted(s, seat, rng.pick(legal(s, seat))).state;
    }
    samples.push(s);
    let refused = 0;
    for (const sample of samples) {
      // The record keeps its newest two entries: editing every entry of a long record adds nothing.
      const short = {
        ...sample,
        record: sample.record && {
          e: sample.record.e,
          up: sample.record.up && { ...sample.record.up, up: null },
        },
      };
      const edits = mutations(roundTrip(short));
      // Every third edit: a spread over every field at a third of the cost (a refusal is slow in zod).
      for (let k = 0; k < edits.length; k += 3)
        if (!prospectus.stateSchema.safeParse(edits[k]).success) refused++;
    }
    expect(refused).toBeGreaterThan(1000);
  });

  it('refuses a pending quantity of 2^31 with a clear message, and one that does not follow from the money', () => {
    const s = pendingBuy();
    expect(prospectus.stateSchema.safeParse(roundTrip(s)).success).toBe(true);
    expect(s.tx!.max).toBe(3);
    expect(refusal({ ...s, tx: { ...s.tx!, max: 2 ** 31 } })).toMatch(/tx\.max/);
    expect(refusal({ ...s, tx: { ...s.tx!, max: 5 } })).toMatch(/tx\.max: .*allows 3 cube\(s\).*not 5/);
    // A sale as large as a holding the bounds allow is fine; a holding past them is not.
    const cubes = s.cubes.map((row) => row.slice());
    cubes[0]![1] = 2 ** 31;
    expect(refusal({ ...s, cubes })).toMatch(/cubes\.0\.1/);
  });

  it('refuses arrays whose length does not match the player count', () => {
    const s = roundTrip(afterDraft(4, 'lengths'));
    expect(refusal({ ...s, money: s.money.slice(0, 3) })).toMatch(
      /money has 3 entries but the game has 4 players/,
    );
    expect(refusal({ ...s, hands: [...s.hands, s.hands[0]] })).toMatch(/hands/);
    expect(refusal({ ...s, players: 3 })).toMatch(/4 entries but the game has 3 players/);
    expect(refusal({ ...s, prices: [7, 7, 7, 7] })).toMatch(/prices/);
  });

  it('refuses values out of range', () => {
    const s = roundTrip(afterDraft(3, 'ranges'));
    expect(refusal({ ...s, prices: [7, 7, 7, 7, 99] })).toMatch(/prices\.4/);
    expect(refusal({ ...s, money: [100, -5, 100] })).toMatch(/money\.1/);
    expect(refusal({ ...s, dividends: [0, 0, 3, 0, 0] })).toMatch(/dividends\.2/);
    expect(refusal({ ...s, turn: 24 })).toMatch(/3-player game has 24 turns/);
    expect(refusal({ ...s, frozen: [3, -1, -1, -1, -1] })).toMatch(/frozen\.0/);
    expect(refusal({ ...s, future: [...s.future.slice(1), s.future[1]] })).toMatch(/every future card/);
    expect(refusal({ ...s, hands: [[0, 0, 1], ...s.hands.slice(1)] })).toMatch(/Seat 1's hand/);
  });

  it('refuses a phase that does not agree with the pending choices', () => {
    const s = roundTrip(pendingBuy());
    expect(refusal({ ...s, tx: null })).toMatch(/pending quantity exists exactly in the qty step/);
    expect(refusal({ ...s, phase: 'tx2' })).toMatch(/qty step/);
    const play = roundTrip(afterDraft(4, 'phase'));
    expect(refusal({ ...play, phase: 'interrupt' })).toMatch(/a spell card has been played/);
    expect(refusal({ ...play, phase: 'ability', ability: -1 })).toMatch(/ability/);
    expect(
      refusal({ ...play, phase: 'market', played: { spell: SPELL_INDEX.freeze, mode: 'cast', params: [0] } }),
    ).toMatch(/market step waits/);
    expect(refusal({ ...play, phase: 'over' })).toMatch(/final scores/);
    expect(refusal({ ...play, active: 2 })).toMatch(/Seat 1 plays turn 0 \(counted from 0\), so active is 0/);
  });

  it(`refuses a record deeper than ${STATE_LIMITS.record} entries without overflowing the stack`, () => {
    const s = roundTrip(afterDraft(3, 'deep'));
    let record: RecordNode | null = s.record;
    for (let i = 0; i < 200_000; i++) record = { e: [2, 0, 10], up: record };
    expect(refusal({ ...s, record })).toMatch(/record must be a chain of at most 2000/);
    const bad = { e: [4, 7, 1, 20, 3], up: s.record };
    expect(refusal({ ...s, record: bad })).toMatch(/record entry 0 .* is not a valid public fact/);
    // A revealed count past the holding bound would make a resampled world's quantity menu huge.
    const split = { e: [7, -1, 1, 2 ** 30, 0, 0], up: s.record };
    expect(refusal({ ...s, record: split })).toMatch(/record entry 0 .* is not a valid public fact/);
  });
});
