import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import { playOne } from '../../src/sim/play.ts';
import type { GameResult, SimConfig } from '../../src/sim/play.ts';
import { BatchReader, BatchWriter } from '../../src/sim/wire.ts';
import { secretBid } from '../fixtures/secret-bid.ts';

const config: SimConfig = {
  game: 'secret-bid',
  players: 3,
  games: 40,
  seed: 'wire',
  bots: ['random', 'random:x=1'],
  options: {},
  rotate: true,
  series: false,
};

function roundTrip(results: readonly GameResult[], cfg = config): GameResult[] {
  const writer = new BatchWriter();
  results.forEach((r) => writer.add(r));
  expect(writer.size).toBe(results.length);
  const out: GameResult[] = [];
  new BatchReader(cfg).read(writer.take(), (r) => out.push(r));
  expect(writer.size).toBe(0);
  return out.sort((a, b) => a.index - b.index);
}

const played = (cfg: SimConfig, n: number) =>
  Array.from({ length: n }, (_, i) => playOne(secretBid as AnyGame, cfg, i));

describe('results on the wire between threads', () => {
  it('arrive equal to what the game returned, line-ups and seeds rebuilt from (config, index)', () => {
    const results = played(config, 12);
    expect(results.some((r) => Object.keys(r.final).length > 0)).toBe(true);
    expect(roundTrip(results)).toEqual(results);
  });

  it('travel as numbers: nothing but the final keys and the whole results are objects', () => {
    const writer = new BatchWriter();
    played(config, 5).forEach((r) => writer.add(r));
    const batch = writer.take();
    expect(batch.numbers).toBeInstanceOf(Float64Array);
    expect(batch.whole).toEqual([]);
    expect(batch.keys).toHaveLength(1);
  });

  it('send a result with an insight series or an error whole', () => {
    const withSeries = played({ ...config, series: true }, 3);
    expect(withSeries.every((r) => r.series.length > 0)).toBe(true);
    const failed: GameResult = { ...played(config, 1)[0]!, index: 7, error: 'boom', truncated: true };
    const writer = new BatchWriter();
    [...withSeries, failed].forEach((r) => writer.add(r));
    const batch = writer.take();
    expect(batch.whole).toHaveLength(4);
    expect(batch.numbers).toHaveLength(0);
    expect(roundTrip([...withSeries, failed], { ...config, series: true })).toEqual([...withSeries, failed]);
  });

  it('keep every number exactly: fractions, negatives, negative zero, empty outcomes, other key lists', () => {
    const base = played(config, 3);
    const odd: GameResult[] = [
      { ...base[0]!, scores: [-0, 1.5, -7], final: { 'a.b': 0.1, z: -0 } },
      { ...base[1]!, scores: [], ranks: [], truncated: true, final: {} },
      { ...base[2]!, final: { 'a.b': 2 ** 40, z: Number.MAX_SAFE_INTEGER } },
    ];
    const back = roundTrip(odd);
    expect(back).toEqual(odd);
    expect(Object.is(back[0]!.scores[0], -0)).toBe(true);
    expect(Object.is(back[0]!.final['z'], -0)).toBe(true);
    expect(Object.keys(back[0]!.final)).toEqual(['a.b', 'z']);
  });

  it('tell apart key lists that would join to the same text', () => {
    const base = played(config, 2);
    const odd: GameResult[] = [
      { ...base[0]!, final: { 'a\nb': 1 } },
      { ...base[1]!, final: { a: 2, b: 3 } },
    ];
    expect(roundTrip(odd)).toEqual(odd);
  });

  it('start each batch afresh', () => {
    const results = played(config, 6);
    const writer = new BatchWriter();
    const reader = new BatchReader(config);
    const out: GameResult[] = [];
    results.slice(0, 3).forEach((r) => writer.add(r));
    reader.read(writer.take(), (r) => out.push(r));
    results.slice(3).forEach((r) => writer.add(r));
    const second = writer.take();
    expect(second.keys).toHaveLength(1);
    reader.read(second, (r) => out.push(r));
    expect(out).toEqual(results);
  });
});
