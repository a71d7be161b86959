/** What the boards mark as just happened, read from the recent events. */
import { describe, expect, it } from 'vitest';
import { recentHexes } from '../../src/web/boards/pocket-imperium/model.ts';
import { priceMovesThisTurn, recordLines, recordText } from '../../src/web/boards/prospectus/model.ts';

const price = (potion: number, from: number, to: number) => ({
  type: 'price',
  text: '',
  data: { type: 'price', potion, from, to },
});

describe('Prospectus price moves this turn', () => {
  it('nets every move of a potion since the current turn began', () => {
    const events = [
      price(0, 10, 30),
      { type: 'turn', text: '', data: { seat: 1 } },
      price(0, 20, 19),
      price(2, 15, 16),
      price(0, 19, 22),
    ];
    expect(priceMovesThisTurn(events)).toEqual([
      { from: 20, change: 2 },
      null,
      { from: 15, change: 1 },
      null,
      null,
    ]);
  });

  it('reads the whole log when no turn has begun in it', () => {
    expect(priceMovesThisTurn([price(4, 20, 18)])[4]).toEqual({ from: 20, change: -2 });
  });
});

describe('Pocket Imperium recent hexes', () => {
  it('takes the hexes the last events of the round name, newest first, each once', () => {
    const events = [
      { type: 'expand', text: '', data: { seat: 0, hex: 3 } },
      { type: 'round', text: '', data: { round: 2 } },
      { type: 'expand', text: '', data: { seat: 1, hex: 7 } },
      { type: 'move', text: '', data: { seat: 2, to: 9 } },
      { type: 'sustain', text: '', data: { hex: 7, owner: 1 } },
      { type: 'reveal', text: '', data: { step: 1 } },
    ];
    expect(recentHexes(events)).toEqual([
      { hex: 7, seat: null },
      { hex: 9, seat: 2 },
    ]);
    expect(recentHexes(events, 1)).toEqual([{ hex: 7, seat: null }]);
  });
});

describe('Prospectus record lines', () => {
  it('folds a public quantity into the trade it follows, and only into that seat’s trade', () => {
    const buy = [4, 1, 0, 12, 5];
    const qty = [9, 1, 0, 3, 36];
    const sell = [5, 2, 4, 20];
    const stray = [9, 1, 4, 2, 40];
    expect(recordLines([buy, qty, sell, stray])).toEqual([
      { e: buy, qty: { n: 3, amount: 36 } },
      { e: sell, qty: null },
      { e: stray, qty: null },
    ]);
    expect(recordText(buy, { n: 3, amount: 36 })).toBe('buys 3 Owl Spit at $12 ($36)');
    expect(recordText(buy)).toBe('buys Owl Spit at $12 (up to 5)');
  });
});
