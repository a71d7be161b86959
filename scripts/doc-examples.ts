/**
 * Writes the protocol examples of docs/server.md from a running server (see
 * test/server/doc-examples.ts): `npm run docs:examples` after a change to what the server sends.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runScenario, withExamples } from '../test/server/doc-examples.ts';

const path = new URL('../docs/server.md', import.meta.url);
const examples = await runScenario();
const doc = readFileSync(path, 'utf8');
const next = withExamples(doc, examples);
writeFileSync(path, next);
console.log(next === doc ? 'docs/server.md: examples unchanged' : 'docs/server.md: examples written');
