/**
 * A replay's place in its address: `/replay/<table>?step=<k>&seat=<seat|spectator>`, so a shared
 * link opens on the same step from the same seat. Seats in the address count from 1, as people
 * count them; the API's viewers count from 0.
 */
import type { Viewer } from '../boards/contract.ts';

export interface ReplayPlace {
  /** The step asked for; null when the address names none (the replay starts at the setup). */
  readonly step: number | null;
  /** Whose view; null when the address names none (the first seat's). */
  readonly viewer: Viewer | null;
}

const WHOLE = /^\d{1,9}$/;

/** Reads step and seat from a query string (with or without its `?`); anything malformed is ignored. */
export function parsePlace(search: string): ReplayPlace {
  const params = new URLSearchParams(search);
  const step = params.get('step');
  const seat = params.get('seat');
  return {
    step: step !== null && WHOLE.test(step) ? Number(step) : null,
    viewer:
      seat === 'spectator'
        ? 'spectator'
        : seat !== null && WHOLE.test(seat) && Number(seat) >= 1
          ? Number(seat) - 1
          : null,
  };
}

/** The address of a step seen by a viewer. */
export function placePath(table: string, step: number, viewer: Viewer): string {
  const seat = viewer === 'spectator' ? 'spectator' : String(viewer + 1);
  return `/replay/${table}?step=${step}&seat=${seat}`;
}

/** The step and viewer to show: the address's if they exist at this table, else the defaults. */
export function resolvePlace(
  place: ReplayPlace,
  steps: number,
  players: number,
): { step: number; viewer: Viewer } {
  const step = place.step === null ? 0 : Math.min(place.step, steps);
  const viewer =
    place.viewer === 'spectator' || (place.viewer !== null && place.viewer < players) ? place.viewer : 0;
  return { step, viewer };
}
