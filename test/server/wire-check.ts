/**
 * The leak property of the conformance kit, applied to what the server really sent: for every
 * update a viewer received, a world resampled for that viewer must produce the very same update
 * (view, actors, legal actions, event texts). Anything that differs would tell the viewer which
 * world it is in, i.e. leak hidden information. Also checks that each update is the truth (the
 * real state's rendering) and that no message carries the seed.
 */
import type { AnyGame, Viewer } from '../../src/core/index.ts';
import {
  isTakeBack,
  jsonEqual,
  newGame,
  Rng,
  stableStringify,
  takeBackEvent,
  Timeline,
} from '../../src/core/index.ts';
import type { ReplayScript, UpdateMessage } from '../../src/protocol/index.ts';
import { viewerPart, visibleEvents } from '../../src/server/updates.ts';
import type { SeatNames } from '../../src/server/updates.ts';

export interface History {
  /** states[k]: the state after k log entries (actions and take-backs). */
  readonly states: unknown[];
  /** events[k - 1]: the raw events of entry k (a take-back's is the core's take-back event). */
  readonly events: (readonly unknown[])[];
}

/**
 * Every state and raw event of a finished match, rebuilt offline from its replay script, take-backs
 * included (names: what the take-back events call the seats, as the server wrote them).
 */
export function rebuild(game: AnyGame, script: ReplayScript, names: SeatNames = []): History {
  const created = newGame(game, script.players, script.seed, script.options);
  if (!created.ok) throw new Error(created.error);
  const timeline = new Timeline(game, created.value.state, script.players);
  const states: unknown[] = [created.value.state];
  const events: (readonly unknown[])[] = [];
  for (const step of script.actions) {
    if (isTakeBack(step)) {
      const undone = timeline.takeBack(step.seat);
      events.push([takeBackEvent(game, step.seat, undone.action, undone.state, names)]);
    } else {
      const result = game.apply(timeline.state, step.seat, step.action);
      if (!result.ok) throw new Error(`replay refused action ${states.length}: ${result.error.message}`);
      timeline.acted(step.seat, step.action, result.state);
      events.push(result.events);
    }
    states.push(timeline.state);
  }
  return { states, events };
}

export interface Received {
  readonly viewer: Viewer;
  readonly updates: readonly UpdateMessage[];
  /** Every raw message text the connection received. */
  readonly raw: readonly string[];
}

/** `names`: what the table's texts call each seat, as the server renders them. */
export function checkWire(
  game: AnyGame,
  script: ReplayScript,
  history: History,
  received: Received,
  secrets: readonly string[],
  names: SeatNames = [],
): string[] {
  const failures: string[] = [];
  const fail = (what: string) => {
    if (failures.length < 20) failures.push(`${game.id} viewer ${received.viewer}: ${what}`);
  };
  const { viewer } = received;
  for (const text of received.raw)
    for (const secret of secrets)
      if (text.includes(secret)) fail(`a message contains a secret: ${text.slice(0, 120)}`);

  for (const update of received.updates) {
    if (update.viewer !== viewer) continue;
    const at = `update seq ${update.seq}`;
    const real = history.states[update.seq];
    // What the real state shows this viewer, and what a world it cannot tell apart shows it.
    const truth = viewerPart(game, real, viewer, { names });
    const sent = {
      view: update.view,
      actors: update.actors,
      legal: update.legal,
      confirm: update.confirm,
      labels: update.labels,
    };
    if (!jsonEqual(sent, truth)) fail(`${at}: the update is not the real state's view for the viewer`);
    const rng = Rng.fromSeed(`wire:${script.seed}:${update.seq}:${viewer}`);
    for (let sample = 0; sample < 2; sample++) {
      const world = game.resample(real, viewer, rng);
      if (!jsonEqual(viewerPart(game, world, viewer, { names }), sent))
        fail(`${at}: a world resampled for the viewer gives a different update (it leaks)`);
    }
    // Each event: replay its action in a world resampled before it; if the viewer then sees the
    // same view as in reality, it must read the same event texts.
    for (let seq = update.from + 1; seq <= update.seq; seq++) {
      const shown = update.events.filter((e) => e.seq === seq);
      const expected = visibleEvents(game, seq, history.events[seq - 1]!, viewer, names);
      if (!jsonEqual(shown, expected)) {
        fail(`seq ${seq}: the events sent are not the viewer's rendering of the real events`);
        continue;
      }
      const step = script.actions[seq - 1]!;
      // A take-back's event is checked above: it is the truth, and it names only who took back.
      if (isTakeBack(step)) continue;
      const before = history.states[seq - 1];
      const world = game.resample(
        before,
        viewer,
        Rng.fromSeed(`wire-events:${script.seed}:${seq}:${viewer}`),
      );
      if (!game.isLegal(world, step.seat, step.action)) continue;
      const there = game.applyTrusted(world, step.seat, step.action);
      if (!jsonEqual(game.view(there.state, viewer), game.view(history.states[seq], viewer))) continue;
      const alt = visibleEvents(game, seq, there.events, viewer, names);
      if (stableStringify(alt) !== stableStringify(shown))
        fail(`seq ${seq}: event texts differ in a world the viewer cannot tell apart (they leak)`);
    }
  }
  return failures;
}
