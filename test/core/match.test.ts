import { describe, expect, it } from 'vitest';
import type { Bot, BotContext } from '../../src/core/index.ts';
import { namesFor, newGame, playMatch, replayActions, stateHash, SPECTATOR } from '../../src/core/index.ts';
import { randomBot } from '../../src/bots/random.ts';
import { secretBid } from '../fixtures/secret-bid.ts';
import type { BidAction, BidState, BidView } from '../fixtures/secret-bid.ts';

const randoms = (n: number, seed: string) =>
  Array.from({ length: n }, (_, seat) => randomBot({ game: secretBid, seat, seed: `${seed}:${seat}` }));

describe('match runner and replay', () => {
  it('plays to the end and gives the same record and hash every time', () => {
    const a = playMatch(secretBid, { players: 3, seed: 'm', bots: randoms(3, 'x') });
    const b = playMatch(secretBid, { players: 3, seed: 'm', bots: randoms(3, 'x') });
    expect(a.outcome).not.toBeNull();
    expect(a.truncated).toBe(false);
    expect(stateHash(a.state)).toBe(stateHash(b.state));
    expect(a.record.actions).toEqual(b.record.actions);
  });

  it('rebuilds the final state from {game, players, seed, options, actions}', () => {
    const played = playMatch(secretBid, { players: 4, seed: 'r', bots: randoms(4, 'y') });
    const { record } = played;
    const start = newGame(secretBid, record.players, record.seed, record.options);
    if (!start.ok) throw new Error(start.error);
    const replay = replayActions(secretBid, start.value.state, record.actions);
    expect(replay.ok).toBe(true);
    expect(stateHash(replay.state)).toBe(stateHash(played.state));
  });

  it('stops a replay at the first refused action and says which', () => {
    const start = newGame(secretBid, 2, 's');
    if (!start.ok) throw new Error(start.error);
    const replay = replayActions(secretBid, start.value.state, [
      { seat: 0, action: { type: 'pass' } },
      { seat: 1, action: { type: 'bid', card: 1 } },
    ]);
    expect(replay.ok).toBe(false);
    expect(replay.applied).toBe(0);
    expect(replay.error?.rule).toBe('bid.phase');
  });

  it('refuses a seat out of turn in words for that seat: "You may not act now", never "Seat N"', () => {
    const start = newGame(secretBid, 3, 'turn');
    if (!start.ok) throw new Error(start.error);
    const state = start.value.state as BidState;
    const card = state.hands[1]![0]!;
    const bid = secretBid.apply(state, 1, { type: 'bid', card });
    if (!bid.ok) throw new Error(bid.error.message);
    // Seat 1 in JSON has bid and may not act again until the others have.
    const again = secretBid.apply(bid.state, 1, { type: 'bid', card: bid.state.hands[1]![0]! });
    expect(again).toEqual({
      ok: false,
      error: { code: 'not_your_turn', rule: 'core.turn', message: 'You may not act now' },
    });
    // The refusal is the refused seat's to read, whoever the names table was written for.
    const named = secretBid.apply(
      bid.state,
      1,
      { type: 'bid', card: 0 },
      namesFor(0, ['Ann', 'Ben', 'Cleo']),
    );
    expect(named.ok ? '' : named.error.message).toBe('You may not act now');
  });
});

describe('bots never receive the state', () => {
  it('get exactly their seat, view, legal actions and a world sampler', () => {
    const seen: BotContext<BidState, BidAction, BidView>[] = [];
    const spy: Bot<BidState, BidAction, BidView> = {
      name: 'spy',
      act(ctx) {
        seen.push(ctx);
        return ctx.legal[0]!;
      },
    };
    const bots = [spy, ...randoms(2, 'z')] as Bot<unknown, unknown, unknown>[];
    playMatch(secretBid, { players: 3, seed: 'spy', bots });
    expect(seen.length).toBeGreaterThan(0);
    for (const ctx of seen) {
      expect(Object.keys(ctx).sort()).toEqual(['legal', 'sampleWorld', 'seat', 'view']);
      expect(ctx.view.viewer).toBe(0);
      // The view holds only the bot's own hand: other hands appear as counts.
      expect(JSON.stringify(ctx.view)).not.toMatch(/"hands"/);
    }
  });

  it('is enforced by the types: a context with a state field does not type-check', () => {
    const game = secretBid;
    const start = newGame(game, 2, 't');
    if (!start.ok) throw new Error(start.error);
    const state = start.value.state as BidState;
    const ctx: BotContext<BidState, BidAction, BidView> = {
      seat: 0,
      view: game.view(state, 0),
      legal: game.legalActions(state, 0),
      sampleWorld: (rng) => game.resample(state, 0, rng),
      // @ts-expect-error a bot context has no place for the true state
      state,
    };
    expect(ctx.seat).toBe(0);
    expect(game.view(state, SPECTATOR).hand).toBeNull();
  });
});
