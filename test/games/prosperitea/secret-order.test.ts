import { describe, expect, it } from 'vitest';
import { Rng, SPECTATOR } from '../../../src/core/index.ts';
import type { Viewer } from '../../../src/core/index.ts';
import { heuristicChoice } from '../../../src/games/prosperitea/bot.ts';
import type { ProsperiteaEvent } from '../../../src/games/prosperitea/events.ts';
import type { ProsperiteaAction, ProsperiteaState, Target } from '../../../src/games/prosperitea/state.ts';
import { KIND_TYPE, ORDER_CARDS } from '../../../src/games/prosperitea/tables.ts';
import { reqsOf } from '../../../src/games/prosperitea/rules/fulfilment.ts';
import { act, cards, game, kind, orderId, shop, started, withOrder } from './helpers.ts';

const EARL_GREY = orderId('Earl Grey'); // Ceylon + Bergamot
const LADY_GREY = orderId('Lady Grey'); // Ceylon + Bergamot + Lemon
const ROYAL_EARL_GREY = orderId('Royal Earl Grey'); // Darjeeling + Bergamot + Lavender + any Black

/** Seat 0 holds Ceylon, Lemon, Darjeeling and Lavender; seat 1 holds Bergamot. */
function table(changes: Partial<ProsperiteaState> = {}): ProsperiteaState {
  let s = started(3, {
    phase: 'fulfil',
    shops: [
      shop({ ingredients: cards('ceylon', 'lemon', 'darjeeling', 'lavender') }),
      shop({ ingredients: cards('bergamot') }),
      shop(),
    ],
    ...changes,
  });
  s = withOrder(s, 0, EARL_GREY);
  s = withOrder(s, 1, LADY_GREY);
  return withOrder(s, 6, ROYAL_EARL_GREY);
}

function play(s: ProsperiteaState, actions: ProsperiteaAction[]) {
  const events: ProsperiteaEvent[] = [];
  for (const a of actions) {
    const step = act(s, 0, a);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

const bergamot = { type: 'ask', seat: 1, kind: kind('bergamot') } as const;
const own = (id: string) => ({ type: 'supply', kind: kind(id) }) as const;

/** Two attempts that look alike to everyone but seat 0: both ask seat 1 for Bergamot. */
const earlGrey = (s: ProsperiteaState) => play(s, [{ type: 'fill', slot: 0 }, own('ceylon'), bergamot]);
const ladyGrey = (s: ProsperiteaState) =>
  play(s, [{ type: 'fill', slot: 1 }, own('ceylon'), bergamot, own('lemon')]);
const royalEarlGrey = (s: ProsperiteaState) =>
  play(s, [{ type: 'fill', slot: 6 }, own('darjeeling'), bergamot, own('lavender'), own('ceylon')]);

const seen = (events: readonly ProsperiteaEvent[], viewer: Viewer) =>
  events.map((e) => game.viewEvent(e, viewer)).filter((e) => e !== null);

const OTHERS: Viewer[] = [1, 2, SPECTATOR];

describe('prosperitea: the order being filled is the active player’s secret (prosperitea.info.secret-order)', () => {
  it('shows the asked player, the other players and spectators the request, never the order', () => {
    const a = earlGrey(table());
    const b = ladyGrey(table());
    expect(a.state.phase).toBe('request');
    expect(b.state.phase).toBe('request');
    for (const viewer of OTHERS) {
      expect(game.view(a.state, viewer)).toEqual(game.view(b.state, viewer));
      expect(seen(a.events, viewer)).toEqual(seen(b.events, viewer));
      expect(game.view(a.state, viewer).pending?.requests).toEqual([
        { seat: 1, kind: kind('bergamot'), answer: 'none' },
      ]);
    }
    for (const text of seen(a.events, 1).map((e) => e.text)) expect(text).not.toContain('Earl Grey');
    expect(seen(a.events, 1).map((e) => e.text)).toContain('Player A asks you for Bergamot.');
    // The active player sees every line of their own order.
    expect(game.view(a.state, 0).pending?.target).toEqual({ kind: 'market', slot: 0, order: EARL_GREY });
    expect(game.view(a.state, 0)).not.toEqual(game.view(b.state, 0));
  });

  it('tells the others only that an order is being prepared, not which, nor the lines covered so far', () => {
    const s = table();
    const started1 = play(s, [{ type: 'fill', slot: 0 }]);
    const started2 = play(s, [{ type: 'evergreen', recipe: 0 }]);
    for (const viewer of OTHERS) {
      expect(seen(started1.events, viewer)).toEqual(seen(started2.events, viewer));
      expect(game.view(started1.state, viewer)).toEqual(game.view(started2.state, viewer));
      const supplied = play(started1.state, [own('ceylon')]);
      expect(game.view(supplied.state, viewer)).toEqual(game.view(started1.state, viewer));
      expect(seen(supplied.events, viewer)).toEqual([]);
    }
    expect(seen(started1.events, 2)).toEqual([
      { type: 'choose', text: 'Player A started preparing an order.', data: { type: 'choose', seat: 0 } },
    ]);
    expect(seen(started1.events, 0)[0]!.text).toContain('Earl Grey');
  });

  it('makes the order public once it is filled, and keeps it secret when the attempt is backed out of', () => {
    const a = earlGrey(table());
    const done = act(a.state, 1, { type: 'accept' });
    const fill = seen(done.events, 2).find((e) => e.type === 'fill')!;
    expect(fill.text).toContain('Earl Grey');
    expect(fill.data).toMatchObject({ target: { kind: 'market', slot: 0, order: EARL_GREY } });
    expect(game.view(done.state, 2).claimed).toBe(EARL_GREY);

    const declined = act(a.state, 1, { type: 'decline' }).state;
    const back = act(declined, 0, { type: 'abandon' });
    for (const viewer of OTHERS) {
      const [e] = seen(back.events, viewer);
      expect(e!.text).not.toContain('Earl Grey');
      expect(e!.data).toEqual({ type: 'abandon', seat: 0 });
    }
    expect(seen(back.events, 0)[0]!.text).toContain('Earl Grey');
  });

  it('lets the asked heuristic bot decide without the order: the same answer whichever order it is', () => {
    // Seat 0 is well ahead; before, the bot declined to help with a big order and helped with a small one.
    const lead = table({
      shops: [
        shop({
          ingredients: cards('ceylon', 'lemon', 'darjeeling', 'lavender'),
          displayed: [orderId('Masala Chai')],
        }),
        shop({ ingredients: cards('bergamot') }),
        shop(),
      ],
    });
    const small = earlGrey(lead).state;
    const big = royalEarlGrey(lead).state;
    expect(ORDER_CARDS[ROYAL_EARL_GREY]!.def.prestige).toBeGreaterThan(ORDER_CARDS[EARL_GREY]!.def.prestige);
    const answer = (s: ProsperiteaState) => heuristicChoice(game.view(s, 1), 1, game.legalActions(s, 1));
    expect(answer(small)).toEqual(answer(big));
  });

  it('resamples the order for anyone but the active player from the orders that fit what they saw', () => {
    const { state } = earlGrey(table());
    const targets = new Set<string>();
    for (let i = 0; i < 60; i++) {
      for (const viewer of OTHERS) {
        const world = game.resample(state, viewer, Rng.fromSeed(`secret-${i}-${viewer}`));
        expect(game.stateSchema.safeParse(world).success).toBe(true);
        expect(game.view(world, viewer)).toEqual(game.view(state, viewer));
        expect(game.actors(world)).toEqual(game.actors(state));
        targets.add(JSON.stringify(world.pending!.target));
        // The world's order can be finished as it stands once seat 1 accepts.
        expect(game.apply(world, 1, { type: 'accept' }).ok).toBe(true);
      }
    }
    // Earl Grey, Lady Grey and Royal Earl Grey all fit "Bergamot from seat 1, the rest from seat 0".
    expect(targets).toContain(JSON.stringify({ kind: 'market', slot: 0, order: EARL_GREY }));
    expect(targets).toContain(JSON.stringify({ kind: 'market', slot: 1, order: LADY_GREY }));
    expect(targets).toContain(JSON.stringify({ kind: 'market', slot: 6, order: ROYAL_EARL_GREY }));
    // So does House Spice (two Flavor cards): Bergamot and seat 0's Lemon.
    expect(targets).toContain(JSON.stringify({ kind: 'evergreen', recipe: 3 }));
    for (const t of targets) {
      const fits = reqsOf(JSON.parse(t) as Target).some(
        (r) => r.kind === kind('bergamot') || (r.kind < 0 && r.type === KIND_TYPE[kind('bergamot')]),
      );
      expect(fits).toBe(true);
    }
    // The active player knows their order: their worlds keep it.
    for (let i = 0; i < 10; i++)
      expect(game.resample(state, 0, Rng.fromSeed(`own-${i}`)).pending).toEqual(state.pending);
  });
});
