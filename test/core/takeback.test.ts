import { describe, expect, it } from 'vitest';
import {
  namesFor,
  newGame,
  replayActions,
  stateHash,
  takeBackEvent,
  Timeline,
  viewTakeBack,
} from '../../src/core/index.ts';
import type { LogEntry } from '../../src/core/index.ts';
import { secretBid } from '../fixtures/secret-bid.ts';
import type { BidState } from '../fixtures/secret-bid.ts';

function start(players: number, seed: string): BidState {
  const created = newGame(secretBid, players, seed);
  if (!created.ok) throw new Error(created.error);
  return created.value.state as BidState;
}

/** A card seat `seat` holds. */
const cardOf = (state: BidState, seat: number) => state.hands[seat]![0]!;

describe('take-back in the core', () => {
  it('a bid that leaves the round open may be taken back; the one that reveals every bid may not', () => {
    const s0 = start(3, 'tb');
    const a = secretBid.apply(s0, 0, { type: 'bid', card: cardOf(s0, 0) });
    if (!a.ok) throw new Error(a.error.message);
    expect(secretBid.revealsNothing(s0, 0, { type: 'bid', card: cardOf(s0, 0) }, a.state)).toBe(true);
    const s1 = a.state as BidState;
    const b = secretBid.apply(s1, 1, { type: 'bid', card: cardOf(s1, 1) });
    if (!b.ok) throw new Error(b.error.message);
    const s2 = b.state as BidState;
    const last = { type: 'bid' as const, card: cardOf(s2, 2) };
    const c = secretBid.apply(s2, 2, last);
    if (!c.ok) throw new Error(c.error.message);
    expect(secretBid.revealsNothing(s2, 2, last, c.state)).toBe(false);
  });

  it('replaying a take-back gives the state of the log without the undone action', () => {
    const s0 = start(3, 'replay');
    const bid0 = { type: 'bid' as const, card: cardOf(s0, 0) };
    const other = { type: 'bid' as const, card: s0.hands[0]![1]! };
    const withTakeBack: LogEntry[] = [
      { seat: 0, action: bid0 },
      { seat: 0, takeBack: true },
      { seat: 0, action: other },
      { seat: 1, action: { type: 'bid', card: cardOf(s0, 1) } },
    ];
    const without: LogEntry[] = [withTakeBack[2]!, withTakeBack[3]!];
    const a = replayActions(secretBid, s0, withTakeBack);
    const b = replayActions(secretBid, s0, without);
    expect(a.ok).toBe(true);
    expect(a.applied).toBe(4);
    expect(stateHash(a.state)).toBe(stateHash(b.state));
    // And a take-back alone gives back the very start.
    const back = replayActions(secretBid, s0, withTakeBack.slice(0, 2));
    expect(stateHash(back.state)).toBe(stateHash(s0));
  });

  it('refuses with a reason: nothing to take back, someone acted since, revealed information', () => {
    const s0 = start(2, 'refuse');
    const t = new Timeline(secretBid, s0, 2);
    expect(t.refusal(0)).toBe('nothing_to_take_back');
    const bid0 = { type: 'bid' as const, card: cardOf(s0, 0) };
    const after0 = secretBid.applyTrusted(s0, 0, bid0).state;
    t.acted(0, bid0, after0);
    expect(t.refusal(0)).toBeNull();
    expect(t.refusal(1)).toBe('nothing_to_take_back');
    // Seat 1's bid ends the round (both bids revealed): it stands, and seat 0's is out of reach.
    const bid1 = { type: 'bid' as const, card: cardOf(after0 as BidState, 1) };
    const after1 = secretBid.applyTrusted(after0, 1, bid1).state;
    t.acted(1, bid1, after1);
    expect(t.refusal(1)).toBe('revealed_information');
    expect(t.refusal(0)).toBe('someone_acted_since');

    const replay = replayActions(secretBid, s0, [
      { seat: 0, action: bid0 },
      { seat: 1, action: bid1 },
      { seat: 0, takeBack: true },
    ]);
    expect(replay.ok).toBe(false);
    expect(replay.applied).toBe(2);
    expect(replay.error).toMatchObject({ rule: 'core.take-back', index: 2, seat: 0 });
    expect(replay.error?.message).toMatch(/another player has acted since/);
  });

  it('a take-back by someone else ends a seat’s chance too, and a second take-back finds nothing', () => {
    const s0 = start(3, 'chain');
    const t = new Timeline(secretBid, s0, 3);
    const bid0 = { type: 'bid' as const, card: cardOf(s0, 0) };
    const after0 = secretBid.applyTrusted(s0, 0, bid0).state;
    t.acted(0, bid0, after0);
    const bid1 = { type: 'bid' as const, card: cardOf(after0 as BidState, 1) };
    t.acted(1, bid1, secretBid.applyTrusted(after0, 1, bid1).state);
    expect(t.refusal(1)).toBeNull();
    const undone = t.takeBack(1);
    expect(undone.action).toEqual(bid1);
    expect(stateHash(t.state)).toBe(stateHash(after0));
    expect(t.refusal(1)).toBe('nothing_to_take_back');
    expect(t.refusal(0)).toBe('someone_acted_since');
    expect(() => t.takeBack(0)).toThrow(/someone_acted_since/);
  });

  it('tells the taker which action it took back, and everyone else only that one was', () => {
    const s0 = start(2, 'words');
    const bid0 = { type: 'bid' as const, card: cardOf(s0, 0) };
    const event = takeBackEvent(secretBid, 0, bid0, s0, ['Ann', 'Ben']);
    const mine = viewTakeBack(event, 0, namesFor(0, ['Ann', 'Ben']));
    const theirs = viewTakeBack(event, 1, namesFor(1, ['Ann', 'Ben']));
    const watcher = viewTakeBack(event, 'spectator', namesFor('spectator', ['Ann', 'Ben']));
    expect(mine.text).toBe(`You took back: ${secretBid.render.action(bid0, secretBid.view(s0, 0))}.`);
    expect(theirs.text).toBe('Ann (A) took back their last action.');
    expect(watcher.text).toBe(theirs.text);
    expect(JSON.stringify(theirs)).not.toContain(String(bid0.card));
  });
});
