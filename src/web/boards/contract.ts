/**
 * The board contract: what every game's board component receives. A board draws the game from
 * `view` alone and offers exactly the actions in `legal` — it never decides legality itself.
 * The same props come from the gallery (recorded fixtures) and, later, from the live protocol client.
 */
import type { ComponentType } from 'react';
import type { Viewer, VisibleEvent } from '../../core/game.ts';

/** Who looks at the board: a seat (0-based) or a spectator (core's `Viewer`). */
export type { Viewer };

/** One line of the game log as the engine's `viewEvent` gave it to this viewer. */
export type BoardEvent = VisibleEvent;

/** A seat as the table shows it: never colour alone — a letter and a shape go with the colour. */
export interface PlayerInfo {
  readonly seat: number;
  readonly name: string;
  readonly colour: string;
  /** Text colour that reads on `colour`. */
  readonly ink: string;
  readonly letter: string;
  readonly shape: SeatShape;
  readonly bot?: boolean;
}

export type SeatShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'pentagon' | 'hexagon';

export interface BoardProps<V = unknown, A = unknown> {
  readonly view: V;
  readonly viewer: Viewer;
  /** The viewer's legal actions now; null when the viewer is not an actor (or a spectator). */
  readonly legal: readonly A[] | null;
  /** Human text per legal action (the server's `render.action`), same order as `legal`. */
  readonly actionLabels?: readonly string[];
  readonly onAction: (action: A) => void;
  /** Recent visible events, oldest first. */
  readonly events: readonly BoardEvent[];
  readonly players: readonly PlayerInfo[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BoardComponent = ComponentType<BoardProps<any, any>>;
