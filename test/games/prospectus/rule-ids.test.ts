import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ABILITY_IDS, SPELL_IDS } from '../../../src/games/prospectus/data.ts';

const here = dirname(fileURLToPath(import.meta.url));
const doc = readFileSync(join(here, '../../../docs/rules/prospectus.md'), 'utf8');
const tests = readdirSync(here)
  .filter((f) => f.endsWith('.test.ts') && f !== 'rule-ids.test.ts')
  .map((f) => readFileSync(join(here, f), 'utf8'))
  .join('\n');

describe('prospectus rule ids', () => {
  const ids = new Set([...doc.matchAll(/`(prospectus\.[a-z-]+\.[a-z-]+)`/g)].map((m) => m[1]!));
  for (const id of SPELL_IDS) ids.add(`prospectus.spell.${id}`);
  for (const id of ABILITY_IDS) ids.add(`prospectus.ability.${id}`);

  it('documents a good number of rules', () => {
    expect(ids.size).toBeGreaterThan(40);
  });

  it('has a test naming every documented rule id', () => {
    const missing = [...ids].filter((id) => !tests.includes(id));
    expect(missing).toEqual([]);
  });

  it('documents every spell and ability the data defines', () => {
    for (const id of [...SPELL_IDS, ...ABILITY_IDS]) expect(doc).toContain(`\`${id}\``);
  });
});
