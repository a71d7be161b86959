/**
 * Who acts, read from an update: the table page's words for the turn and the hot-seat decisions.
 * Pure functions of what the server sent, so they are tested without a browser.
 */
import type { ClockSettings, TableInfo, UpdateMessage, Viewer, VisibleEvent } from '../../protocol/index.ts';
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
  /**
   * `together`: the other actors still to choose; `chosen`: those who have chosen and may still
   * change it; `revising`: the viewer has chosen too (and may still change it).
   */
  | { kind: 'yours'; together: number[]; chosen: number[]; revising: boolean }
  | { kind: 'bot-plays-you'; reason: 'time' | 'absent' | null }
  | { kind: 'acted'; others: number[] }
  | { kind: 'others'; actors: number[]; chosen: number[] };

/**
 * The actors that have acted since the present actors began (`actorsFrom`): in a window where
 * several seats choose at once and may revise (Pocket Imperium's plans), a seat that has chosen
 * stays among the actors, and only the log says it has chosen: each event names its seat in
 * `data.seat`. Only what the log shows counts; a page opened in the middle of such a window knows
 * nothing of the moves made before it and counts no one. A lone actor is never "done": acting
 * again and again is a turn of several steps (Prosperitea's two picks), not a revision.
 */
export function actedSince(
  events: readonly Pick<VisibleEvent, 'seq' | 'data'>[],
  actorsFrom: number,
  actors: readonly number[],
): number[] {
  if (actors.length < 2) return [];
  const seen = new Set<number>();
  for (let i = events.length - 1; i >= 0 && events[i]!.seq > actorsFrom; i--) {
    const seat = (events[i]!.data as { seat?: unknown } | undefined)?.seat;
    if (typeof seat === 'number' && actors.includes(seat)) seen.add(seat);
  }
  return actors.filter((s) => seen.has(s));
}

/** What the viewer is to do now, or whom it waits for; `done`: the actors that have chosen (`actedSince`). */
export function turnState(table: TableInfo, update: Turn, done: readonly number[] = []): TurnState {
  if (update.status === 'waiting')
    return {
      kind: 'waiting-players',
      open: table.seats.filter((s) => s.kind === 'human' && !s.taken).length,
    };
  if (update.status === 'finished') return { kind: 'over' };
  const me = update.viewer;
  const others = update.actors.filter((s) => s !== me);
  const pending = others.filter((s) => !done.includes(s));
  const chosen = others.filter((s) => done.includes(s));
  if (me !== 'spectator' && update.actors.includes(me)) {
    const seat = table.seats[me];
    if (seat?.controlledByBot) return { kind: 'bot-plays-you', reason: seat.takeover?.reason ?? null };
    if (update.legal && update.legal.length > 0)
      return { kind: 'yours', together: pending, chosen, revising: done.includes(me) };
    return { kind: 'acted', others: pending.length > 0 ? pending : others };
  }
  // Everyone has chosen and the game has not moved on yet: name them all rather than no one.
  return pending.length > 0
    ? { kind: 'others', actors: pending, chosen }
    : { kind: 'others', actors: update.actors, chosen: [] };
}

/**
 * When the viewer's own running clock turns to a warning: half a minute of a real-time bank (half
 * of a bank shorter than a minute), a quarter of a turn-based move's time up to an hour.
 */
export function warnAtMs(clock: ClockSettings): number {
  if (clock.kind === 'realtime') return Math.min(30_000, clock.baseMs / 2);
  if (clock.kind === 'turn') return Math.min(3_600_000, clock.perMoveMs / 4);
  return 0;
}

/** The names of `seats`, "A and B", "A, B and C". */
function nameList(players: PlayerInfo[], seats: readonly number[]): string {
  const names = seats.map((s) => playerOf(players, s).name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The tab's title: whose turn it is at this table ("Your turn · Prospectus"), so a player in
 * another tab sees it in the tab strip; `low` (m:ss) when the viewer's own time runs short.
 */
export function tableTitle(
  game: string,
  state: TurnState | 'cover' | 'offline',
  players: PlayerInfo[],
  low: string | null = null,
): string {
  const what = (() => {
    if (state === 'cover') return 'Pass the device';
    if (state === 'offline') return 'Connection lost';
    switch (state.kind) {
      case 'waiting-players':
        return 'Waiting for players';
      case 'over':
        return 'Game over';
      case 'yours':
        return state.together.length === 0 && state.revising ? 'Your choice is in' : 'Your turn';
      case 'bot-plays-you':
        return 'A bot plays for you';
      case 'acted':
        return `Waiting for ${nameList(players, state.others)}`;
      case 'others':
        return state.actors.length === 0
          ? null
          : state.actors.length === 1
            ? `${nameList(players, state.actors)}'s turn`
            : `${nameList(players, state.actors)} to play`;
    }
  })();
  return [low && `⚠ ${low} left`, what, game].filter(Boolean).join(' · ');
}
