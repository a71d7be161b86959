/**
 * How every text written for a person names the players: the same way in every game, on the site,
 * in the terminal and in replays.
 *
 * - The reader's own seat is "you" ("You place…", "…asks you for…", "your turn").
 * - Another seat is its player's name with the seat's letter: "Ann (B)". The letter is what the
 *   board marks the seat with; the name is what the players panel shows. The letter also tells two
 *   players of the same name apart, so a text is never ambiguous.
 * - A seat whose name nobody gave (a simulation, the kit, a replay without names) is "Player B".
 *
 * Why "Ann (B)" rather than "B · Ann": the name comes first, as people speak; a screen reader reads
 * "Ann B" (parentheses are not spoken, a middle dot may be read as "middle dot"); the web client's
 * badges and hot-seat cover already write "Ann (B)"; and bots' names carry a "·" of their own
 * ("Basil · Casual bot").
 *
 * Names are public: whoever sits at the table sees them all. A game must still write nothing more
 * than it did with seat numbers: a name only replaces the words for a seat.
 */
import type { Seat, Viewer } from './game.ts';

/** The per-viewer table of names handed to every game function that writes text for a person. */
export interface Names {
  /** Who reads the text: their own seat is "you". A spectator is nobody's "you". */
  readonly viewer: Viewer;
  /** Each seat's player's name, in seat order; a seat with none (or beyond the list) is "Player <letter>". */
  readonly seats: readonly (string | null)[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The seat's letter as the board marks it: seat 0 is "A" (JSON counts from 0, people read letters). */
export function seatLetter(seat: Seat): string {
  return LETTERS[seat] ?? String(seat + 1);
}

/** What a seat is called when nobody named its player: "Player B". */
export function defaultName(seat: Seat): string {
  return `Player ${seatLetter(seat)}`;
}

/** The names `viewer` reads: `seats` are the players' names (default: none known). */
export function namesFor(viewer: Viewer, seats: readonly (string | null | undefined)[] = []): Names {
  return { viewer, seats: seats.map((name) => (typeof name === 'string' && name.trim() ? name : null)) };
}

/** Whether `seat` is the reader's own. */
export function isReader(names: Names, seat: Seat): boolean {
  return names.viewer === seat;
}

/** How everyone else calls a seat, never "you": "Ann (B)", or "Player B" without a name. */
export function nameOf(names: Names, seat: Seat): string {
  const name = names.seats[seat];
  return name ? `${name} (${seatLetter(seat)})` : defaultName(seat);
}

/**
 * A seat heading its own row of a table or list, where letters matter (a map marks seats by
 * letter): "You (B)" for the reader, "Ann (C)" for the others.
 */
export function rowName(names: Names, seat: Seat): string {
  return isReader(names, seat) ? `You (${seatLetter(seat)})` : nameOf(names, seat);
}

/** A seat inside a sentence: "you" or "Ann (B)". */
export function whom(names: Names, seat: Seat): string {
  return isReader(names, seat) ? 'you' : nameOf(names, seat);
}

/** A seat starting a sentence: "You" or "Ann (B)". */
export function who(names: Names, seat: Seat): string {
  return isReader(names, seat) ? 'You' : nameOf(names, seat);
}

/** A seat's possessive inside a sentence: "your" or "Ann (B)'s". */
export function whose(names: Names, seat: Seat): string {
  return isReader(names, seat) ? 'your' : `${nameOf(names, seat)}'s`;
}

/** A seat's possessive starting a sentence: "Your" or "Ann (B)'s". */
export function whoseAtStart(names: Names, seat: Seat): string {
  return isReader(names, seat) ? 'Your' : `${nameOf(names, seat)}'s`;
}

/** The subject with the verb form it takes: does(n, s, 'ask', 'asks') is "You ask" or "Ann (B) asks". */
export function does(names: Names, seat: Seat, youForm: string, otherForm: string): string {
  return isReader(names, seat) ? `You ${youForm}` : `${nameOf(names, seat)} ${otherForm}`;
}

/** The same inside a sentence: "you ask" or "Ann (B) asks". */
export function doesWithin(names: Names, seat: Seat, youForm: string, otherForm: string): string {
  return isReader(names, seat) ? `you ${youForm}` : `${nameOf(names, seat)} ${otherForm}`;
}

/** "A", "A and B", "A, B and C". */
export function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
