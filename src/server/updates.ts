/**
 * What one viewer is sent: pure functions of the state, so the tests can compute what the server
 * would have sent from any state (the real one, or a world resampled for that viewer) and compare.
 */
import type { AnyGame, Viewer } from '../core/index.ts';
import type { VisibleEvent } from '../protocol/index.ts';

export interface ViewerPart {
  readonly view: unknown;
  readonly actors: number[];
  readonly legal: unknown[] | null;
  /** For each legal action, the question to ask a person before taking it (`render.confirm`), or null. */
  readonly confirm: (string | null)[] | null;
  /** For each legal action, its words for a person (`render.action`); null exactly when `legal` is. */
  readonly labels: string[] | null;
}

/** The viewer's view, who acts, and the viewer's legal actions when it is one of them. */
export function viewerPart(
  game: AnyGame,
  state: unknown,
  viewer: Viewer,
  legalOf: (seat: number) => unknown[] = (seat) => game.legalActions(state, seat),
): ViewerPart {
  const actors = [...game.actors(state)];
  const legal = viewer !== 'spectator' && actors.includes(viewer) ? legalOf(viewer) : null;
  const view = game.view(state, viewer);
  // Asked from the view alone, so it tells the viewer nothing the view does not.
  const ask = game.render.confirm;
  const confirm = legal && legal.map((action) => (ask ? ask(action, view) : null));
  const labels = legal && legal.map((action) => game.render.action(action, view));
  return { view, actors, legal, confirm, labels };
}

/** The events one action produced, as `viewer` reads them (events it is not told of are left out). */
export function visibleEvents(
  game: AnyGame,
  seq: number,
  events: readonly unknown[],
  viewer: Viewer,
): VisibleEvent[] {
  const out: VisibleEvent[] = [];
  for (const event of events) {
    const shown = game.viewEvent(event, viewer);
    if (!shown) continue;
    out.push(
      shown.data === undefined
        ? { seq, type: shown.type, text: shown.text }
        : { seq, type: shown.type, text: shown.text, data: shown.data as VisibleEvent['data'] },
    );
  }
  return out;
}
