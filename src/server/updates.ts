/**
 * What one viewer is sent: pure functions of the state and the table's names, so the tests can
 * compute what the server would have sent from any state (the real one, or a world resampled for
 * that viewer) and compare.
 *
 * Every text in it (labels, questions, event lines) is written for the viewer with the table's
 * names (`seatNames`): "you" for the viewer, "Ann (B)" for the others (see `src/core/names.ts`).
 */
import { isTakeBackEvent, namesFor, viewTakeBack } from '../core/index.ts';
import type { AnyGame, Viewer } from '../core/index.ts';
import type { VisibleEvent } from '../protocol/index.ts';

/** What the texts call each seat, in seat order (null: no name known, "Player B"). Public. */
export type SeatNames = readonly (string | null)[];

export interface ViewerPart {
  readonly view: unknown;
  readonly actors: number[];
  readonly legal: unknown[] | null;
  /** For each legal action, the question to ask a person before taking it (`render.confirm`), or null. */
  readonly confirm: (string | null)[] | null;
  /** For each legal action, its words for a person (`render.action`); null exactly when `legal` is. */
  readonly labels: string[] | null;
}

export interface PartOptions {
  /** The viewer's legal actions, when the caller has them already. */
  readonly legalOf?: (seat: number) => unknown[];
  readonly names?: SeatNames;
}

/** The viewer's view, who acts, and the viewer's legal actions when it is one of them. */
export function viewerPart(
  game: AnyGame,
  state: unknown,
  viewer: Viewer,
  { legalOf = (seat) => game.legalActions(state, seat), names = [] }: PartOptions = {},
): ViewerPart {
  const actors = [...game.actors(state)];
  const legal = viewer !== 'spectator' && actors.includes(viewer) ? legalOf(viewer) : null;
  const view = game.view(state, viewer);
  const readers = namesFor(viewer, names);
  // Asked from the view alone, so it tells the viewer nothing the view does not.
  const ask = game.render.confirm;
  const confirm = legal && legal.map((action) => (ask ? ask(action, view, readers) : null));
  const labels = legal && legal.map((action) => game.render.action(action, view, readers));
  return { view, actors, legal, confirm, labels };
}

/** The events one action produced, as `viewer` reads them (events it is not told of are left out). */
export function visibleEvents(
  game: AnyGame,
  seq: number,
  events: readonly unknown[],
  viewer: Viewer,
  names: SeatNames = [],
): VisibleEvent[] {
  const out: VisibleEvent[] = [];
  const readers = namesFor(viewer, names);
  for (const event of events) {
    // A take-back's event is the core's, not the game's (src/core/takeback.ts).
    const shown = isTakeBackEvent(event)
      ? viewTakeBack(event, viewer, readers)
      : game.viewEvent(event, viewer, readers);
    if (!shown) continue;
    out.push(
      shown.data === undefined
        ? { seq, type: shown.type, text: shown.text }
        : { seq, type: shown.type, text: shown.text, data: shown.data as VisibleEvent['data'] },
    );
  }
  return out;
}
