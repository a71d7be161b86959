import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Search and the simulator run the rules on states from setup, from apply and from resample. When
 * the objects and arrays at one place in those states differ in V8's hidden class (a record built by
 * spread here and by a literal there, an array packed here and holey there), or number arrays are
 * stored as doubles, the hot rules code is compiled for several shapes and deoptimised again and
 * again in every worker. V8 tells only with --allow-natives-syntax, so the check runs in a child
 * process, over several games so that the rules code is optimised part-way (Array.prototype.map, for
 * one, returns holey arrays only from optimised code).
 */
describe('state shapes', () => {
  const probe = fileURLToPath(new URL('./shapes-probe.ts', import.meta.url));
  const lines = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', probe], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          game: string;
          players: number;
          options: Record<string, unknown>;
          mixed: string[];
          doubleArrays: string[];
        },
    );

  it('probes every game', () => {
    expect(new Set(lines.map((l) => l.game))).toEqual(
      new Set(['prospectus', 'pocket-imperium', 'prosperitea']),
    );
  });

  it.each(
    lines.map((l) => [`${l.game}, ${l.players} players, options ${JSON.stringify(l.options)}`, l] as const),
  )(
    '%s: setup, apply and resample give one hidden class at every place in the state, and integer arrays',
    (_, line) => {
      expect(line.mixed).toEqual([]);
      expect(line.doubleArrays).toEqual([]);
    },
  );
});
