/**
 * Seat colours from the Okabe–Ito palette (distinguishable with the common colour-vision
 * deficiencies), each paired with a letter and a shape so colour is never the only cue. The ink is
 * the badge letter's colour: whichever of white and near-black reads at 4.5:1 or better on it
 * (test/web/theme.test.ts).
 */
import type { PlayerInfo, SeatShape } from './contract.ts';

const SEAT_STYLES: readonly { colour: string; ink: string; shape: SeatShape }[] = [
  { colour: '#0072B2', ink: '#ffffff', shape: 'circle' },
  { colour: '#E69F00', ink: '#1b1b1b', shape: 'square' },
  { colour: '#009E73', ink: '#1b1b1b', shape: 'triangle' },
  { colour: '#CC79A7', ink: '#1b1b1b', shape: 'diamond' },
  { colour: '#56B4E9', ink: '#1b1b1b', shape: 'pentagon' },
  { colour: '#D55E00', ink: '#000000', shape: 'hexagon' },
];

export const SEAT_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/** Table players from display names, in seat order. */
export function seatPlayers(names: readonly string[], bots: readonly boolean[] = []): PlayerInfo[] {
  return names.map((name, seat) => {
    const style = SEAT_STYLES[seat % SEAT_STYLES.length]!;
    return { seat, name, letter: SEAT_LETTERS[seat] ?? String(seat), bot: bots[seat] ?? false, ...style };
  });
}

/** A player entry for a seat even when the host passed fewer players than the view has seats. */
export function playerOf(players: readonly PlayerInfo[], seat: number): PlayerInfo {
  return players[seat] ?? seatPlayers(Array.from({ length: seat + 1 }, (_, i) => `Seat ${i + 1}`))[seat]!;
}

/** How a bot's display name ("Basil · Casual bot", docs/server.md) ends: its level, after this. */
const LEVEL_MARK = ' · ';

/** A player's own name, without a bot's level: "Ann", "Basil". */
export function shortName(player: PlayerInfo): string {
  const at = player.bot ? player.name.indexOf(LEVEL_MARK) : -1;
  return at > 0 ? player.name.slice(0, at) : player.name;
}

/**
 * How a text calls another player, as the engines' texts do (src/core/names.ts): the name with the
 * seat's letter, "Ann (B)", and a bot by its own name, "Basil (B)", not its full title.
 */
export function callName(player: PlayerInfo): string {
  return `${shortName(player)} (${player.letter})`;
}
