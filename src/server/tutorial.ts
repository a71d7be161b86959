/**
 * Tutorial tables ("Learn to play"): a real match, played by the engine like any other, whose deal
 * is fixed and published so that the web client's step-by-step script meets the same board every
 * time. Everything random about every other table still comes from `secrets.ts`.
 *
 * What keeps a known deal harmless: nobody but the learner sits there (every other seat is a bot),
 * it is never listed, and its seed says nothing about any other table's (a constant per game, not
 * drawn from anything the server keeps).
 */
import type { TableSettings } from '../protocol/index.ts';
import { ProtocolError } from './errors.ts';
import type { TablePlan } from './catalog.ts';

/**
 * The deal of every tutorial of a game (docs/server.md, "Tutorial tables"). The trailing number is
 * the script's edition: change it only together with the web client's tutorial scripts.
 */
export function tutorialSeed(game: string): string {
  return `prosper-tutorial:${game}:1`;
}

/**
 * A bot's seed for one decision at a tutorial table: fixed by the position (the sequence number and
 * the seat), so the same moves of the learner meet the same answers, and the script's steps keep
 * finding the board they explain.
 */
export function tutorialBotSeed(seq: number, seat: number): string {
  return `prosper-tutorial-bot:${seq}:${seat}`;
}

/**
 * A learner who closes the tab without leaving: after this long away while it is their move, the
 * takeover bot finishes the match for them (they may still come back and reclaim the seat).
 */
export const TUTORIAL_ABSENT_MS = 30 * 60_000;

/**
 * A planned table made a tutorial: one human seat (seat 0, the creator's) and bots elsewhere, never
 * listed, no clock. Refused with `invalid_table` when the seats do not fit.
 */
export function tutorialPlan(plan: TablePlan, names: readonly string[] | undefined): TablePlan {
  const humans = plan.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
  if (humans.length !== 1 || humans[0] !== 0)
    throw new ProtocolError(
      'invalid_table',
      'a tutorial has one human seat, seat 1, and bots in every other',
    );
  if (plan.claim.length !== 1 || plan.claim[0] !== 0 || (names !== undefined && names.length !== 1))
    throw new ProtocolError('invalid_table', 'the creator of a tutorial takes seat 1, and only that seat');
  const settings: TableSettings = {
    ...plan.settings,
    clock: { kind: 'none' },
    listed: false,
    takeover: { ...plan.settings.takeover, absentMs: TUTORIAL_ABSENT_MS },
    tutorial: true,
  };
  return { ...plan, settings };
}

/** A rematch of a tutorial is an ordinary game (a secret seed, no script) at an unlisted table. */
export function afterTutorial(settings: TableSettings): TableSettings {
  if (!settings.tutorial) return settings;
  const ordinary: TableSettings = { ...settings, listed: false };
  delete ordinary.tutorial;
  return ordinary;
}
