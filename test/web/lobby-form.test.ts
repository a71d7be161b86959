/**
 * The create form's fields from an options schema (src/web/lobby/schemaForm.ts) and the lobby's
 * input checks, on hand-written schemas and values: each JSON Schema shape becomes its field, the
 * server's defaults are the starting values, and out-of-range values are refused with a message.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.ts';
import { BOT_LEVELS } from '../../src/bots/names.ts';
import { botNames } from '../../src/bots/registry.ts';
import { BOT_TEXT, GAME_INFO } from '../../src/web/app/games.ts';
import { nameProblem, tableIdFrom } from '../../src/web/lobby/api.ts';
import { clockText, humanize, seatText } from '../../src/web/lobby/describe.ts';
import { fieldProblem, fieldValue, optionFields } from '../../src/web/lobby/schemaForm.ts';
import type { OptionField } from '../../src/web/lobby/schemaForm.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    fast: { type: 'boolean', default: false, description: 'Play quickly.' },
    map: { type: 'string', enum: ['small', 'large'], default: 'small' },
    rounds: { type: 'integer', minimum: 3, exclusiveMaximum: 11, default: 5 },
    cards: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c', 'd'] }, minItems: 2, maxItems: 2 },
    motto: { type: 'string', maxLength: 5 },
    weird: { type: 'object' },
    old: { type: 'boolean', deprecated: true },
  },
};

describe('option fields from a JSON Schema', () => {
  const fields = optionFields('nogame', SCHEMA, { cards: ['b', 'c'], rounds: 7 });
  const field = (key: string): OptionField => fields.find((f) => f.key === key)!;

  it('makes one field per property, in order, of the kind its type calls for (none for a deprecated one)', () => {
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['fast', 'boolean'],
      ['map', 'enum'],
      ['rounds', 'number'],
      ['cards', 'multi'],
      ['motto', 'text'],
      ['weird', 'fixed'],
    ]);
    expect(field('rounds')).toMatchObject({ integer: true, min: 3, max: 10 });
    expect(field('cards')).toMatchObject({ values: ['a', 'b', 'c', 'd'], min: 2, max: 2 });
    expect(field('map')).toMatchObject({ values: ['small', 'large'], names: ['small', 'large'] });
  });

  it("starts from the server's defaults, then the schema's, and takes help from the description", () => {
    expect(fields.map((f) => f.initial)).toEqual([false, 'small', 7, ['b', 'c'], null, null]);
    expect(field('fast').help).toBe('Play quickly.');
    expect(field('fast').label).toBe('Fast');
    expect(field('map').help).toBeNull();
  });

  it("offers Prospectus's screens as one choice of three, the old open-screens switch no more", async () => {
    const { z } = await import('zod');
    const prospectus = GAMES.find((g) => g.id === 'prospectus')!;
    const schema = z.toJSONSchema(prospectus.optionsSchema, { io: 'input', unrepresentable: 'any' });
    const fields = optionFields('prospectus', schema as never, prospectus.optionsSchema.parse({}) as never);
    expect(fields.map((f) => f.key)).toEqual(['spells', 'screens']);
    expect(fields[1]).toMatchObject({
      kind: 'enum',
      label: 'Screens',
      values: ['open', 'open-trades', 'hidden-quantities'],
      initial: 'open-trades',
    });
    expect((fields[1] as unknown as { names: string[] }).names[0]).toMatch(/^Open screens/);
  });

  it("uses the client's words for a known game's options", () => {
    const [preset, prosperity] = optionFields(
      'pocket-imperium',
      {
        properties: {
          preset: { type: 'string', enum: ['boxed', 'classic'] },
          prosperity: { type: 'boolean' },
        },
      },
      {},
    );
    expect(preset).toMatchObject({ label: 'Edition', names: ['Boxed', 'Classic'] });
    expect(prosperity!.label).toBe('Prosperity expansion');
    expect(prosperity!.help).toContain('Tri-Prime');
  });

  it('refuses values out of bounds with a message, and accepts those within', () => {
    const rounds = field('rounds');
    expect(fieldProblem(rounds, '2')).toBe('At least 3.');
    expect(fieldProblem(rounds, '11')).toBe('At most 10.');
    expect(fieldProblem(rounds, '4.5')).toBe('Enter a whole number.');
    expect(fieldProblem(rounds, '')).toBe('Enter a number.');
    expect(fieldProblem(rounds, '10')).toBeNull();
    const cards = field('cards');
    expect(fieldProblem(cards, ['a'])).toBe('Choose exactly 2 (1 chosen).');
    expect(fieldProblem(cards, ['a', 'b', 'c'])).toBe('Choose exactly 2 (3 chosen).');
    expect(fieldProblem(cards, ['d', 'a'])).toBeNull();
    expect(fieldProblem(field('motto'), 'toolong')).toBe('At most 5 characters.');
  });

  it('sends numbers as numbers and a choice of values in the schema’s order', () => {
    expect(fieldValue(field('rounds'), '8')).toBe(8);
    expect(fieldValue(field('cards'), ['d', 'a'])).toEqual(['a', 'd']);
    expect(fieldValue(field('fast'), true)).toBe(true);
  });
});

describe('lobby input', () => {
  it('takes a name of 1 to 40 characters without control characters', () => {
    expect(nameProblem('')).toContain('Enter a name');
    expect(nameProblem('   ')).toContain('Enter a name');
    expect(nameProblem('a'.repeat(41))).toContain('too long');
    expect(nameProblem(` ${'a'.repeat(40)} `)).toBeNull();
    expect(nameProblem('tab\there')).toContain('control characters');
    expect(nameProblem('Zoë')).toBeNull();
  });

  it('finds a table code in a code or a pasted link', () => {
    expect(tableIdFrom('abcdefgh23')).toBe('abcdefgh23');
    expect(tableIdFrom(' ABCDE FGH23 ')).toBe('abcdefgh23');
    expect(tableIdFrom('https://example.org/join/abcdefgh23')).toBe('abcdefgh23');
    expect(tableIdFrom('abcdefgh01')).toBeNull();
    expect(tableIdFrom('short')).toBeNull();
  });

  it('names keys and clocks in words', () => {
    expect(humanize('openScreens')).toBe('Open screens');
    expect(humanize('max-rounds')).toBe('Max rounds');
    expect(clockText({ kind: 'none' })).toBe('no clock');
    expect(clockText({ kind: 'realtime', baseMs: 600_000, incrementMs: 5_000 })).toBe(
      '10 min + 5 s per move',
    );
    expect(clockText({ kind: 'turn', perMoveMs: 86_400_000 })).toBe('24 h per move');
    // A bank with no increment: not "1 min + 0 h per move".
    expect(clockText({ kind: 'realtime', baseMs: 60_000, incrementMs: 0 })).toBe(
      '1 min per player, no increment',
    );
    expect(clockText({ kind: 'realtime', baseMs: 3_600_000, incrementMs: 30_000 })).toBe(
      '1 h + 30 s per move',
    );
  });
});

describe("the client's words about each game", () => {
  it('cover every game served, with the player range and a "play now" count the engine allows', () => {
    expect(GAME_INFO.map((g) => g.id).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const game of GAMES) {
      const info = GAME_INFO.find((g) => g.id === game.id)!;
      expect(info.players).toBe(`${game.minPlayers}–${game.maxPlayers} players`);
      expect(info.playNowPlayers).toBeGreaterThanOrEqual(game.minPlayers);
      expect(info.playNowPlayers).toBeLessThanOrEqual(game.maxPlayers);
    }
  });
});

describe("the lobby's words for bots", () => {
  it('are the levels the table shows (src/bots/names.ts), for every bot the server offers', () => {
    const offered = new Set(GAMES.flatMap((g) => botNames(g)));
    expect(Object.keys(BOT_TEXT).sort()).toEqual([...offered].sort());
    for (const [bot, text] of Object.entries(BOT_TEXT)) expect(text.label).toBe(BOT_LEVELS[bot]);
    // Player words: neither the engine's names for its bots nor its method.
    for (const text of Object.values(BOT_TEXT))
      expect(`${text.label} ${text.help}`).not.toMatch(/ismcts|heuristic|random|search/i);
  });

  it('describe a bot seat by its level and thinking time', () => {
    const bot = (bot: string, name: string | null, ms?: number) =>
      ({ seat: 1, kind: 'bot', taken: true, name, bot: ms === undefined ? { bot } : { bot, ms } }) as never;
    expect(seatText(bot('heuristic', null))).toBe('Casual bot');
    expect(seatText(bot('ismcts', 'Basil · Strong bot', 1500))).toBe('Basil · Strong bot, 1.5 s a move');
  });
});
