import { Readable } from 'node:stream';
import type { CliContext } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { GAMES } from '../fixtures/registry.ts';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process on the fixture registry, with `input` as standard input. */
export async function prosper(argv: string[], input = '', context: Partial<CliContext> = {}): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(argv, {
    games: GAMES,
    worker: { registryUrl: new URL('../fixtures/registry.ts', import.meta.url).href },
    io: {
      out: (t) => (out += t.endsWith('> ') ? t : `${t}\n`),
      err: (t) => (err += `${t}\n`),
      input: Readable.from([input]),
      interactive: false,
    },
    ...context,
  });
  return { code, out, err };
}
