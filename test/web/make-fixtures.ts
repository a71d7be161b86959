/** Writes the gallery fixtures: `tsx test/web/make-fixtures.ts [dir]` (default dist/gallery). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { galleryFiles, makeFixtures } from './fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = resolve(process.argv[2] ?? join(root, 'dist/gallery'));
mkdirSync(dir, { recursive: true });
const files = galleryFiles(makeFixtures());
for (const [name, text] of files) writeFileSync(join(dir, name), text);
console.log(`${files.size - 1} gallery fixtures written to ${dir}`);
