/** Plain words for a table's settings and seats, shared by the lobby's list and the join page. */
import type { ClockSettings, Json, SeatInfo, TableInfo } from '../../protocol/index.ts';
import { botLabel, OPTION_TEXT } from '../app/games.ts';
import { SEAT_LETTERS } from '../boards/seats.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function duration(ms: number): string {
  if (ms === 0) return '0 s';
  if (ms % HOUR === 0) return `${ms / HOUR} h`;
  if (ms % MINUTE === 0) return `${ms / MINUTE} min`;
  return `${ms / 1000} s`;
}

const CLOCK_TEXT: { [K in ClockSettings['kind']]: (c: Extract<ClockSettings, { kind: K }>) => string } = {
  none: () => 'no clock',
  realtime: (c) =>
    c.incrementMs === 0
      ? `${duration(c.baseMs)} per player, no increment`
      : `${duration(c.baseMs)} + ${duration(c.incrementMs)} per move`,
  turn: (c) => `${duration(c.perMoveMs)} per move`,
};

export function clockText(clock: ClockSettings): string {
  return (CLOCK_TEXT[clock.kind] as (c: ClockSettings) => string)(clock);
}

export const seatLetter = (seat: number): string => SEAT_LETTERS[seat] ?? String(seat + 1);

/** A bot's thinking time as a person reads it: "0.5 s", "2 s". */
const thinking = (ms: number): string => `${ms / 1000} s`;

/** Who sits there: a player's name, a bot and its level, or an open seat. */
export function seatText(seat: SeatInfo): string {
  if (seat.kind === 'bot' && seat.bot)
    // The server names its bots with their level, as the table will ("Basil · Casual bot").
    return `${seat.name ?? `${botLabel(seat.bot.bot)} bot`}${seat.bot.ms ? `, ${thinking(seat.bot.ms)} a move` : ''}`;
  return seat.taken ? (seat.name ?? 'taken') : 'open';
}

export const openSeats = (table: TableInfo): SeatInfo[] =>
  table.seats.filter((s) => s.kind === 'human' && !s.taken);

/** "openScreens" → "Open screens", "max-rounds" → "Max rounds". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: Json, names: Readonly<Record<string, string>>): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return names[value] ?? value;
  if (Array.isArray(value)) return value.map((v) => valueText(v, names)).join(', ');
  return JSON.stringify(value);
}

/** A table's options as label and value, in plain words where the client has them. */
export function optionSummary(game: string, options: Readonly<Record<string, Json>>): [string, string][] {
  return Object.entries(options).map(([key, value]) => {
    const text = OPTION_TEXT[`${game}.${key}`];
    return [text?.label ?? humanize(key), valueText(value, text?.values ?? {})];
  });
}
