/**
 * Every text a person reads names players one way in all three games: "you" (or "You", "your") for
 * the reader, "Ann (B)" for the others, given the table's names; never "Seat 2", and never the
 * default "Player B" once names are known (issue 25, "Names and voices").
 */
import { describe, expect, it } from 'vitest';
import { mutations, nameOf, namesFor, Rng, SPECTATOR } from '../../src/core/index.ts';
import type { AnyGame, Viewer } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';

const NAMES = ['Ann', 'Ben', 'Cleo', 'Dev'];
/** Words that name a seat without its player's name: what the engines wrote before. */
const NAMELESS = /\bSeat \d|\bseat \d|\bPlayers? [A-D]\b/;
/** The reader's own name: "You" stands for it. */
const own = (viewer: Viewer) => (viewer === SPECTATOR ? null : nameOf(namesFor(SPECTATOR, NAMES), viewer));

interface Seen {
  readonly where: string;
  readonly text: string;
  readonly viewer: Viewer;
  /** The seat the text is about, when its data says so. */
  readonly about?: number;
}

/** Plays a seeded random game, collecting every text each viewer is given along the way. */
function textsOfAGame(game: AnyGame, players: number, seed: string): Seen[] {
  const rng = Rng.fromSeed(seed);
  let state = game.setup(players, seed, game.optionsSchema.parse({}));
  const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: players }, (_, s) => s)];
  const seen: Seen[] = [];
  for (let step = 0; step < 2000 && game.actors(state).length > 0; step++) {
    const actors = game.actors(state);
    const seat = actors[rng.int(actors.length)]!;
    const legal = game.legalActions(state, seat);
    const names = namesFor(seat, NAMES);
    const view = game.view(state, seat);
    for (const action of legal) {
      seen.push({ where: `step ${step} label`, text: game.render.action(action, view, names), viewer: seat });
      const question = game.render.confirm?.(action, view, names);
      if (question) seen.push({ where: `step ${step} confirm`, text: question, viewer: seat });
    }
    if (step % 7 === 0) {
      for (const viewer of viewers)
        seen.push({
          where: `step ${step} view`,
          text: game.render.view(game.view(state, viewer), viewer, namesFor(viewer, NAMES)),
          viewer,
        });
      for (const bad of mutations(legal[0]).slice(0, 12)) {
        const refused = game.apply(state, seat, bad, names);
        if (!refused.ok)
          seen.push({ where: `step ${step} refusal`, text: refused.error.message, viewer: seat });
      }
      for (const other of viewers.filter((v): v is number => v !== SPECTATOR && !actors.includes(v))) {
        const refused = game.apply(state, other, legal[0], namesFor(other, NAMES));
        if (!refused.ok)
          seen.push({ where: `step ${step} out-of-turn`, text: refused.error.message, viewer: other });
      }
    }
    const { state: next, events } = game.applyTrusted(state, seat, legal[rng.int(legal.length)]);
    for (const event of events)
      for (const viewer of viewers) {
        const shown = game.viewEvent(event, viewer, namesFor(viewer, NAMES));
        if (!shown) continue;
        const about = (shown.data as { seat?: unknown } | undefined)?.seat;
        seen.push({
          where: `step ${step} event ${shown.type}`,
          text: shown.text,
          viewer,
          ...(typeof about === 'number' ? { about } : {}),
        });
      }
    state = next;
  }
  expect(game.actors(state), `${game.id} ${seed} ended`).toEqual([]);
  return seen;
}

describe.each(GAMES.map((g) => [g.id, g] as const))('%s names players one way', (_id, game) => {
  const players = Math.min(game.maxPlayers, 3);
  const seen = [1, 2].flatMap((g) => textsOfAGame(game, players, `names:${g}`));

  it('labels, confirmations, views, events and refusals never say "Seat N" or "Player B"', () => {
    expect(seen.length).toBeGreaterThan(200);
    for (const { where, text } of seen) expect(text, where).not.toMatch(NAMELESS);
  });

  it('the reader is "you", never their own name; other seats go by "Name (letter)"', () => {
    for (const { where, text, viewer } of seen) {
      const mine = own(viewer);
      if (mine) expect(text, `${where} for ${String(viewer)}`).not.toContain(mine);
    }
    const events = seen.filter((s) => s.where.includes(' event ') && s.about !== undefined);
    const aboutOthers = events.filter((s) => s.about !== s.viewer && s.text.includes(`${NAMES[s.about!]} (`));
    const aboutSelf = events.filter((s) => s.about === s.viewer && /\b(You|you|Your|your)\b/.test(s.text));
    // Nearly every event about a seat names it (an ability's name alone, say, does not).
    expect(aboutOthers.length / events.filter((s) => s.about !== s.viewer).length).toBeGreaterThan(0.9);
    expect(aboutSelf.length / events.filter((s) => s.about === s.viewer).length).toBeGreaterThan(0.9);
    const labels = seen.filter((s) => s.where.endsWith('label'));
    expect(labels.length).toBeGreaterThan(50);
  });

  it('a seat that may not act is told so in its own words', () => {
    const turns = seen.filter((s) => s.where.endsWith(' out-of-turn'));
    expect(turns.length).toBeGreaterThan(0);
    for (const { text } of turns) expect(text).toBe('You may not act now');
  });
});
