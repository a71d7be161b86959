/** What the hot-seat cover calls each seat held on one device, from the seats' names alone. */
import { describe, expect, it } from 'vitest';
import { seatPlayers } from '../../src/web/boards/seats.ts';
import { seatCaller } from '../../src/web/table/turns.ts';

const call = (names: string[], held: number[]) => {
  const who = seatCaller(seatPlayers(names), held);
  return held.map(who);
};

describe('hot-seat: what each held seat is called', () => {
  it('by its player’s name when the creator named the seats', () => {
    expect(call(['Alice', 'bot', 'Bob'], [0, 2])).toEqual(['Alice', 'Bob']);
  });

  it('by its letter when every held seat has the one name (a table made without names)', () => {
    expect(call(['Ann', 'Ann', 'bot'], [0, 1])).toEqual(['Player A', 'Player B']);
  });

  it('by name and letter when only some held seats share a name', () => {
    expect(call(['Ann', 'Ann', 'Cy'], [0, 1, 2])).toEqual(['Ann (A)', 'Ann (B)', 'Cy']);
  });

  it('a single seat, or a name only a seat held elsewhere shares, is the name', () => {
    expect(call(['Ann', 'Ann'], [1])).toEqual(['Ann']);
    expect(call(['Ann', 'Ann', 'Bo'], [1, 2])).toEqual(['Ann', 'Bo']);
  });
});
