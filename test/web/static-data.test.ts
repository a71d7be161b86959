/**
 * The browser may read a game's static data module, never its rules. These checks keep the data
 * modules free of imports, and pin the small tables the client derives from them (Prospectus
 * record kinds, Prosperitea order cards, Pocket Imperium space numbering) to the engine's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GEOMETRY } from '../../src/games/pocket-imperium/map.ts';
import { NEUTRAL as PI_NEUTRAL, NOBODY as PI_NOBODY } from '../../src/games/pocket-imperium/state.ts';
import * as record from '../../src/games/prospectus/rules/record.ts';
import { BLOCKED, FILLED, OPEN } from '../../src/games/prospectus/state.ts';
import { EVERGREEN_REQS, ORDER_CARDS as ENGINE_ORDERS } from '../../src/games/prosperitea/tables.ts';
import { LAYOUTS, NEUTRAL, NOBODY } from '../../src/web/boards/pocket-imperium/model.ts';
import { DEMAND, REC } from '../../src/web/boards/prospectus/model.ts';
import { EVERGREENS, ORDER_CARDS } from '../../src/web/boards/prosperitea/model.ts';

const GAMES_DIR = fileURLToPath(new URL('../../src/games/', import.meta.url));

describe('game data modules the browser reads', () => {
  const games = readdirSync(GAMES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory());

  it.each(games.map((d) => d.name))('%s/data.ts imports nothing', (game) => {
    const source = readFileSync(`${GAMES_DIR}${game}/data.ts`, 'utf8');
    // Every import or re-export, static or dynamic, as the TypeScript compiler finds them.
    const imports = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
    expect(imports).toEqual([]);
  });
});

describe('Prospectus tables mirrored by the client', () => {
  it('names the record entry kinds as the engine does', () => {
    const engine = Object.fromEntries(
      Object.entries(record)
        .filter(([k]) => k.startsWith('REC_') && k !== 'REC_NAMES')
        .map(([k, v]) => [k.slice(4), v]),
    );
    expect(REC).toEqual(engine);
  });

  it('numbers demand states as the engine does', () => {
    expect(DEMAND).toEqual({ OPEN, FILLED, BLOCKED });
  });
});

describe('Prosperitea order cards mirrored by the client', () => {
  it('has every order card under the engine id, lines in assignment order', () => {
    expect(ORDER_CARDS.length).toBe(ENGINE_ORDERS.length);
    ORDER_CARDS.forEach((card, id) => {
      expect(card.def.name, `order ${id}`).toBe(ENGINE_ORDERS[id]!.def.name);
      expect(card.lines, `order ${id}`).toEqual(
        ENGINE_ORDERS[id]!.reqs.map((r) => ({ kind: r.kind, type: r.type })),
      );
    });
  });

  it('lists the Evergreen lines in assignment order', () => {
    expect(EVERGREENS.map((e) => e.lines)).toEqual(
      EVERGREEN_REQS.map((reqs) => reqs.map((r) => ({ kind: r.kind, type: r.type }))),
    );
  });
});

describe('Pocket Imperium map mirrored by the client', () => {
  it.each(Object.keys(GEOMETRY) as (keyof typeof GEOMETRY)[])(
    'numbers the %s spaces as the engine does',
    (id) => {
      const engine = GEOMETRY[id];
      const client = LAYOUTS[id];
      expect(client.spaces.map((s) => s.cells)).toEqual(engine.cells);
      expect(client.triPrime).toBe(engine.triPrime);
      expect(client.spaceAt).toEqual(engine.spaceAt);
    },
  );

  it('knows the owner values for neutral ships and empty hexes', () => {
    expect({ NEUTRAL, NOBODY }).toEqual({ NEUTRAL: PI_NEUTRAL, NOBODY: PI_NOBODY });
  });
});
