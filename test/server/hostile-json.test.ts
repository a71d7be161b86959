/**
 * Deep and wide JSON from a stranger: a few kilobytes nested thousands of levels deep used to
 * overflow the stack of the protocol schema and end the process. Every such message or body must
 * be refused with `bad_request`, before and after `hello`, and the server must keep serving.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBoundsProblem } from '../../src/core/index.ts';
import { ClientMessage, INBOUND_JSON } from '../../src/protocol/index.ts';
import type { CreateTableResponse, ErrorResponse } from '../../src/protocol/index.ts';
import { DEFAULT_LIMITS } from '../../src/server/app.ts';
import { Connection } from '../../src/server/connection.ts';
import type { TableService } from '../../src/server/tables.ts';
import { GAMES as FIXTURES } from '../fixtures/registry.ts';
import { api, Client, connect, http, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

const FIXTURE_REGISTRY = new URL('../fixtures/registry.ts', import.meta.url).href;

const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const wideArray = (n: number) => `[${new Array(n).fill('0').join(',')}]`;

/** Raw frames: an `act` (no `hello` needed to reach the parser) around a hostile action. */
const actWith = (action: string) => `{"type":"act","id":"deep","seat":0,"seq":0,"action":${action}}`;

let srv: TestServer;
let table: CreateTableResponse;

beforeAll(async () => {
  srv = await startTestServer({
    games: FIXTURES,
    registryUrl: FIXTURE_REGISTRY,
    limits: { messagesPerSecond: 1e6, messageBurst: 1e6 },
  });
  table = (
    await api(srv.url, '/tables', {
      body: {
        game: 'secret-bid',
        players: 3,
        name: 'Ann',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
        claim: [0, 1, 2],
      },
    })
  ).body as CreateTableResponse;
});
afterAll(() => srv.drop());

async function stillServes(): Promise<void> {
  expect((await http(srv.url, '/healthz')).status).toBe(200);
  const client = await Client.connect(srv.wsUrl);
  client.send({ type: 'ping', id: 'alive' });
  expect(await client.takeType('pong')).toEqual({ type: 'pong', id: 'alive' });
  await client.close();
}

describe('the bounds themselves', () => {
  it('measure depth and values without recursion, at any depth', () => {
    expect(jsonBoundsProblem(JSON.parse(nestedArray(32)), INBOUND_JSON)).toBeNull();
    expect(jsonBoundsProblem(JSON.parse(nestedArray(33)), INBOUND_JSON)).toMatch(/32 levels/);
    // A million levels: far past any stack, measured all the same.
    const deep = JSON.parse(nestedArray(1_000_000)) as unknown;
    expect(jsonBoundsProblem(deep, { maxDepth: 2_000_000, maxNodes: Infinity })).toBeNull();
    expect(jsonBoundsProblem(JSON.parse(wideArray(4095)), INBOUND_JSON)).toBeNull();
    expect(jsonBoundsProblem(JSON.parse(wideArray(4096)), INBOUND_JSON)).toMatch(/4096 values/);
    expect(jsonBoundsProblem({ a: [1, { b: Number.NaN }] }, INBOUND_JSON)).toMatch(/not finite/);
    expect(jsonBoundsProblem(new Date(0), INBOUND_JSON)).toMatch(/not plain data/);
  });

  it('the protocol schema refuses a deep action instead of overflowing the stack', () => {
    const raw = JSON.parse(actWith(nestedArray(100_000))) as unknown;
    const parsed = ClientMessage.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/256 levels/);
  });
});

describe('over a real WebSocket', () => {
  it.each([
    ['an array 2,000 deep', actWith(nestedArray(2_000))],
    ['an array 20,000 deep', actWith(nestedArray(20_000))],
    ['an object 5,000 deep', actWith(nestedObject(5_000))],
    ['an array 33 deep', actWith(nestedArray(33))],
    ['a flat array of 30,000 values', actWith(wideArray(30_000))],
  ])('before hello: %s is bad_request and the connection stays', async (_what, frame) => {
    const client = await Client.connect(srv.wsUrl);
    client.sendRaw(frame);
    const error = await client.takeType('error');
    expect(error.code).toBe('bad_request');
    client.send({ type: 'ping', id: 'after' });
    expect(await client.takeType('pong')).toEqual({ type: 'pong', id: 'after' });
    await client.close();
    await stillServes();
  });

  it('after hello, a deep action is bad_request and the match does not move', async () => {
    const client = await connect(srv.wsUrl, table.table.id, [table.tokens[0]!.token]);
    const seq = (await srv.server.tables.open(table.table.id)).seq;
    client.sendRaw(actWith(nestedArray(3_000)));
    expect((await client.takeType('error')).code).toBe('bad_request');
    client.sendRaw(`{"type":"focus","viewer":0,"lastSeq":0,"x":${nestedObject(3_000)}}`);
    expect((await client.takeType('error')).code).toBe('bad_request');
    expect((await srv.server.tables.open(table.table.id)).seq).toBe(seq);
    await client.close();
    await stillServes();
  });
});

describe('over HTTP', () => {
  const create = (options: string) =>
    api(srv.url, '/tables', {
      rawBody: `{"game":"secret-bid","players":3,"name":"Ann","seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}],"options":${options}}`,
    });

  it.each([
    ['options 3,000 deep', `{"x":${nestedArray(3_000)}}`],
    ['options 9,000 deep', `{"x":${nestedObject(9_000)}}`],
    ['options with 20,000 values', `{"x":${wideArray(20_000)}}`],
  ])('%s is a 400 bad_request, not a 500', async (_what, options) => {
    const reply = await create(options);
    expect(reply.status).toBe(400);
    expect((reply.body as ErrorResponse).error.code).toBe('bad_request');
    await stillServes();
  });

  it('a join body nested deep is refused the same way', async () => {
    const reply = await api(srv.url, `/tables/${table.table.id}/join`, {
      rawBody: `{"name":${nestedArray(10_000)}}`,
    });
    expect(reply.status).toBe(400);
    expect((reply.body as ErrorResponse).error.code).toBe('bad_request');
  });
});

describe('the last resort', () => {
  /** A socket whose every write fails: whatever breaks inside a connection ends that connection. */
  class BrokenSocket extends EventEmitter {
    readonly OPEN = 1;
    readyState = 1;
    bufferedAmount = 0;
    terminated = false;
    send(): void {
      throw new RangeError('Maximum call stack size exceeded');
    }
    close(): void {}
    terminate(): void {
      this.terminated = true;
      this.readyState = 3;
    }
  }

  it('an exception while handling a message closes that connection and is not thrown on', async () => {
    const socket = new BrokenSocket();
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args), debug: () => {}, info: () => {} };
    new Connection(socket as never, {} as TableService, DEFAULT_LIMITS, log as never);
    expect(() => socket.emit('message', Buffer.from('{"type":"ping","id":"p"}'), false)).not.toThrow();
    // Messages are handled in order on a promise chain: the failure surfaces a turn later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.terminated).toBe(true);
    expect(JSON.stringify(logged)).toMatch(/closing the connection/);
  });
});
