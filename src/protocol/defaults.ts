/**
 * Protocol values a page may need without the schemas: this module imports no zod, so the create
 * form can show the default clock without loading the validators (whose compiler probes `eval`,
 * which the site's Content-Security-Policy forbids).
 */
import type { ClockSettings } from './common.ts';

/**
 * The clock a table open to strangers gets unless its creator chooses another (or none): a few
 * minutes for each move, after which the table's takeover bot plays the seat, so a stranger who
 * sits down and never moves cannot stall the others.
 */
export const STRANGER_CLOCK: ClockSettings = { kind: 'turn', perMoveMs: 3 * 60_000 };

/**
 * Whether a table lets players take back an action unless its creator says otherwise: among friends,
 * that is at a hot-seat table (the creator takes several seats) or one reached by its code only.
 */
export function takeBackByDefault(listed: boolean, claim: readonly number[]): boolean {
  return claim.length > 1 || !listed;
}
