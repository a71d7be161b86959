/**
 * Which games have a guided first game, at how many seats, and where each game's script is (its own
 * chunk, loaded when a tutorial table is opened). The lobby reads this to offer "Learn to play".
 */
import type { TutorialScript } from './script.ts';

export interface TutorialInfo {
  /** The learner in seat A and the game's Casual bot in every other seat. */
  readonly players: number;
  // The scripts are typed by their own game's view and action; the panel handles them as unknown.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly load: () => Promise<{ default: TutorialScript<any, any> }>;
}

export const TUTORIALS: Readonly<Record<string, TutorialInfo>> = {
  prospectus: { players: 3, load: () => import('./prospectus.ts') },
  prosperitea: { players: 3, load: () => import('./prosperitea.ts') },
  'pocket-imperium': { players: 3, load: () => import('./pocket-imperium.ts') },
};

export const tutorialOf = (game: string): TutorialInfo | undefined =>
  Object.hasOwn(TUTORIALS, game) ? TUTORIALS[game] : undefined;
