/** The protocol module: strict schemas, and every example in docs/server.md valid against its schema. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as protocol from '../../src/protocol/index.ts';

const DOC = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');

/** Each `<!-- example: Name -->` followed by a json code block. */
function examples(): { name: string; json: string }[] {
  const out: { name: string; json: string }[] = [];
  const pattern = /<!-- example: (\w+)(?: \(\w+\))? -->\s*```json\n([\s\S]*?)```/g;
  for (let m = pattern.exec(DOC); m; m = pattern.exec(DOC)) out.push({ name: m[1]!, json: m[2]! });
  return out;
}

describe('docs/server.md', () => {
  const found = examples();

  it('shows an example of every WebSocket message and every HTTP body', () => {
    const names = new Set(found.map((e) => e.name));
    const clientTypes = protocol.ClientMessage.options.map((o) => o.shape.type.value);
    const serverTypes = protocol.ServerMessage.options.map((o) => o.shape.type.value);
    const shown = (type: string) =>
      found.some(
        (e) => e.name.endsWith('Message') && (JSON.parse(e.json) as { type?: string }).type === type,
      );
    for (const type of [...clientTypes, ...serverTypes])
      expect({ type, shown: shown(type) }).toEqual({ type, shown: true });
    for (const body of [
      'GamesResponse',
      'CreateTableRequest',
      'CreateTableResponse',
      'TablesResponse',
      'JoinRequest',
      'JoinResponse',
      'ReplayScript',
      'RematchRequest',
      'HealthResponse',
      'ErrorResponse',
    ])
      expect(names).toContain(body);
  });

  it.each(examples().map((e, i) => [`${i}: ${e.name}`, e] as const))(
    'example %s matches its schema',
    (_label, example) => {
      const schema = (protocol as unknown as Record<string, z.ZodType>)[example.name];
      expect(schema).toBeDefined();
      const result = schema!.safeParse(JSON.parse(example.json));
      expect(result.success ? 'ok' : result.error.message).toBe('ok');
    },
  );

  it('lists every protocol error code in its table', () => {
    for (const code of protocol.ProtocolErrorCode.options) expect(DOC).toContain(`| \`${code}\` |`);
  });
});

describe('protocol schemas', () => {
  it('are strict: unknown fields, wrong versions of shapes and bad ids are refused', () => {
    const act = { type: 'act', id: 'a', seat: 0, seq: 0, action: { type: 'x' } };
    expect(protocol.ClientMessage.safeParse(act).success).toBe(true);
    expect(protocol.ClientMessage.safeParse({ ...act, state: {} }).success).toBe(false);
    expect(protocol.ClientMessage.safeParse({ ...act, seat: 1.5 }).success).toBe(false);
    expect(protocol.ClientMessage.safeParse({ ...act, action: undefined }).success).toBe(false);
    expect(protocol.TableId.safeParse('ABCDEFGHIJ').success).toBe(false);
    expect(protocol.TableId.safeParse('abcdefgh01').success).toBe(false);
    expect(protocol.SeatToken.safeParse('x'.repeat(43)).success).toBe(true);
    expect(protocol.SeatToken.safeParse('x'.repeat(42)).success).toBe(false);
    expect(protocol.DisplayName.safeParse('  Ann  ').data).toBe('Ann');
    expect(protocol.DisplayName.safeParse('A\nB').success).toBe(false);
  });

  it('fills the create-table defaults', () => {
    const parsed = protocol.CreateTableRequest.parse({
      game: 'prosperitea',
      players: 2,
      name: 'Ann',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    expect(parsed).toMatchObject({ options: {}, spectators: true, listed: true });
    // The server chooses the clock: a move limit where strangers may sit (quotas.test.ts).
    expect(parsed.clock).toBeUndefined();
    expect(parsed.claim).toBeUndefined();
  });
});
