/**
 * Who acts, read from an update: the table page's words for the turn and the hot-seat decisions.
 * Pure functions of what the server sent, so they are tested without a browser.
 */
import type { TableInfo, UpdateMessage, Viewer } from '../../protocol/index.ts';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';

type Turn = Pick<UpdateMessage, 'actors' | 'legal' | 'status'> & { viewer: Viewer };

/**
 * Hot-seat: whether the seat in front of the screen should hand over now. It has nothing to
 * choose, and another seat of this device has: the next player must take the device, and the
 * current one's view must go before they do.
 */
export function shouldCover(update: Turn | null, focus: Viewer, held: readonly number[]): boolean {
  if (!update || focus === 'spectator' || update.viewer !== focus || update.status !== 'playing')
    return false;
  if (update.legal && update.legal.length > 0) return false;
  return update.actors.some((seat) => seat !== focus && held.includes(seat));
}

/** The held seat who should take the device: the first one that must act, else the first one. */
export function nextHotSeat(
  update: Pick<UpdateMessage, 'actors'> | null,
  held: readonly number[],
): number | null {
  return held.find((seat) => update?.actors.includes(seat)) ?? held[0] ?? null;
}

/**
 * What to call a held seat: its player's name (the creator names each hot-seat seat). When every
 * seat held here has one name (the creator's, from a table made without names), the letter tells
 * them apart; a name only some of them share gets the letter beside it.
 */
export function seatCaller(players: PlayerInfo[], seats: readonly number[]): (seat: number) => string {
  const names = seats.map((s) => playerOf(players, s).name);
  const allSame = names.length > 1 && new Set(names).size === 1;
  const repeated = (name: string) => names.filter((n) => n === name).length > 1;
  return (seat) => {
    const p = playerOf(players, seat);
    if (allSame) return `Player ${p.letter}`;
    return repeated(p.name) ? `${p.name} (${p.letter})` : p.name;
  };
}

export type TurnState =
  | { kind: 'waiting-players'; open: number }
  | { kind: 'over' }
  | { kind: 'yours'; together: number[] }
  | { kind: 'bot-plays-you'; reason: 'time' | 'absent' | null }
  | { kind: 'acted'; others: number[] }
  | { kind: 'others'; actors: number[] };

/** What the viewer is to do now, or whom it waits for. */
export function turnState(table: TableInfo, update: Turn): TurnState {
  if (update.status === 'waiting')
    return {
      kind: 'waiting-players',
      open: table.seats.filter((s) => s.kind === 'human' && !s.taken).length,
    };
  if (update.status === 'finished') return { kind: 'over' };
  const me = update.viewer;
  const others = update.actors.filter((s) => s !== me);
  if (me !== 'spectator' && update.actors.includes(me)) {
    const seat = table.seats[me];
    if (seat?.controlledByBot) return { kind: 'bot-plays-you', reason: seat.takeover?.reason ?? null };
    if (update.legal && update.legal.length > 0) return { kind: 'yours', together: others };
    return { kind: 'acted', others };
  }
  return { kind: 'others', actors: update.actors };
}
