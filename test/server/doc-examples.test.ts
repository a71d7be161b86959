/**
 * The protocol examples of docs/server.md are what a running server sends (see doc-examples.ts):
 * the scenario runs again and each example must equal its message, with what changes from run to
 * run masked. After a change to the protocol or the games, `npm run docs:examples` rewrites them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PATTERN, exampleKey, mask, runScenario } from './doc-examples.ts';
import type { Examples } from './doc-examples.ts';

const DOC = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');
const documented = [...DOC.matchAll(EXAMPLE_PATTERN)].map((m) => ({
  name: exampleKey(m[1]!, m[2]),
  value: JSON.parse(m[3]!) as Examples[string],
}));

let sent: Examples;
beforeAll(async () => {
  sent = await runScenario();
}, 60_000);

describe('docs/server.md examples', () => {
  it('are all made by the scenario', () => {
    expect(documented.map((e) => e.name).filter((name) => !(name in sent))).toEqual([]);
  });

  it.each(documented.map((e) => [e.name, e] as const))(
    '%s is what the server sends (npm run docs:examples writes it)',
    (_name, example) => {
      expect(mask(example.value)).toEqual(mask(sent[example.name]!));
    },
  );
});
