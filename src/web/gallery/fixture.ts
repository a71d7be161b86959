/** A recorded moment of a bot game, as the gallery draws it (written by test/web/fixtures.ts). */
import type { BoardEvent, Viewer } from '../boards/contract.ts';

export interface Fixture {
  readonly id: string;
  readonly game: string;
  readonly title: string;
  /** What to look at in this moment. */
  readonly note: string;
  readonly viewer: Viewer;
  readonly view: unknown;
  readonly legal: unknown[] | null;
  readonly labels: string[] | null;
  readonly events: BoardEvent[];
  readonly players: string[];
  readonly bots: boolean[];
  readonly outcome: unknown;
}

export interface GalleryIndex {
  readonly games: readonly {
    readonly game: string;
    readonly name: string;
    readonly fixtures: readonly { readonly id: string; readonly title: string; readonly file: string }[];
  }[];
}

/** Fixtures are served as /gallery-data/<file> by the dev and preview servers. */
export const GALLERY_DATA = '/gallery-data/';
export const fixtureFile = (game: string, id: string): string => `${game}--${id}.json`;
