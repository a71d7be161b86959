/**
 * The protocol examples of docs/server.md, taken from a running server: a scenario sends the
 * requests and messages shown there and records what the server answers. `npm run docs:examples`
 * writes them into the document; `doc-examples.test.ts` runs the scenario again and compares, with
 * what differs from run to run (ids, tokens, seeds, times) masked, so an example can never say
 * something the server does not.
 *
 * The game is Pocket Imperium with its seed fixed, and every choice is the first legal action, so
 * views, labels and events are the same on every run. Views and long lists are shortened the same
 * way on both sides (`present`).
 */
import { rmSync } from 'node:fs';
import { BOT_NAMES } from '../../src/bots/names.ts';
import type { AnyGame } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import type {
  CreateTableRequest,
  CreateTableResponse,
  GamesResponse,
  JoinResponse,
  ServerMessage,
  UpdateMessage,
} from '../../src/protocol/index.ts';
import { api, connect, gameById, http, seedFinishedMatch, startTestServer } from './harness.ts';
import type { Client } from './harness.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Examples = Record<string, Json>;

/** Pocket Imperium dealt from one seed whatever seed the server draws. */
function fixedDeal(game: AnyGame): AnyGame {
  return { ...game, setup: (players, _seed, options) => game.setup(players, 'docs/server.md', options) };
}

const asJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

/** Keys whose values change from run to run; compared only as present or null. */
const MASKED = new Set([
  'id',
  'table',
  'rematch',
  'rematchOf',
  'token',
  'tokens',
  'seed',
  'createdAt',
  'startedAt',
  'finishedAt',
  'at',
  'remainingMs',
  'pendingMs',
  'lastCommitAt',
  'lastFailureAt',
]);

/** Bots' names are drawn from their table's id, which changes from run to run (src/bots/names.ts). */
const BOT_NAME = new RegExp(`\\b(?:${BOT_NAMES.join('|')})\\b`, 'g');

/**
 * `value` with every masked key's non-null content replaced by a mark, and every bot's name in a
 * text too ("Basil · Strong bot" is "• · Strong bot").
 */
export function mask(value: Json, key?: string): Json {
  if (key !== undefined && MASKED.has(key) && typeof value !== 'object') return value === null ? null : '•';
  if (typeof value === 'string') return value.replace(BOT_NAME, '•');
  if (Array.isArray(value))
    return value.map((v) => (key !== undefined && MASKED.has(key) && typeof v !== 'object' ? '•' : mask(v)));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
  return value;
}

/** The shape shown in the docs: views as a placeholder, choice lists cut to their first two. */
function presentUpdate(update: UpdateMessage): Json {
  const two = <T>(list: T[] | null) => (list === null ? null : list.slice(0, 2));
  return asJson({
    ...update,
    view: {
      '…': `the game's view for ${update.viewer === 'spectator' ? 'a spectator' : `seat ${update.viewer}`}`,
    },
    legal: two(update.legal),
    confirm: two(update.confirm),
    labels: two(update.labels),
  });
}

/** The client's latest update, once it has one at `seq` or later. */
async function takeUpdate(client: Client, seq: number): Promise<UpdateMessage> {
  await client.seen((m): m is UpdateMessage => m.type === 'update' && m.seq >= seq, 10_000, `update ${seq}`);
  return client.updates().at(-1)!;
}

export async function runScenario(): Promise<Examples> {
  const pocket = fixedDeal(gameById(GAMES, 'pocket-imperium'));
  const games = GAMES.map((g) => (g.id === pocket.id ? pocket : g));
  const srv = await startTestServer({ games, botDelayMs: 3_600_000 });
  const out: Examples = {};
  try {
    out['HealthResponse'] = asJson((await http(srv.url, '/healthz')).body);
    const all = (await api(srv.url, '/games')).body as GamesResponse;
    out['GamesResponse'] = asJson({ games: all.games.filter((g) => g.id === pocket.id) });

    // A four-seat table: two hot-seat players, an open seat and a bot.
    const create: CreateTableRequest = {
      game: 'pocket-imperium',
      players: 4,
      options: { prosperity: true },
      seats: [
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'human' },
        { kind: 'bot', bot: 'ismcts', ms: 1000 },
      ],
      name: 'Ann',
      claim: [0, 1],
      names: ['Ann', 'Ben'],
      clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 10_000 },
      spectators: true,
      listed: true,
    };
    out['CreateTableRequest'] = asJson(create);
    out['CreateTableResponse'] = asJson((await api(srv.url, '/tables', { body: create })).body);

    // The lobby's list: a turn-based Prosperitea table waiting for a second player.
    await api(srv.url, '/tables', {
      body: {
        game: 'prosperitea',
        players: 2,
        seats: [{ kind: 'human' }, { kind: 'human' }],
        name: 'Cleo',
        clock: { kind: 'turn', perMoveMs: 86_400_000 },
        spectators: false,
        takeover: { bot: { bot: 'heuristic' }, absentMs: 259_200_000 },
      },
    });
    out['TablesResponse'] = asJson((await api(srv.url, '/tables?status=waiting&game=prosperitea')).body);

    // Two players: Ann creates, Bob joins, and they play until both plan in secret.
    const duel = (
      await api(srv.url, '/tables', {
        body: {
          game: 'pocket-imperium',
          players: 2,
          seats: [{ kind: 'human' }, { kind: 'human' }],
          name: 'Ann',
          clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 10_000 },
          takeBack: true,
        },
      })
    ).body as CreateTableResponse;
    const id = duel.table.id;
    out['JoinRequest'] = { name: 'Bob' };
    const bob = (await api(srv.url, `/tables/${id}/join`, { body: { name: 'Bob' } })).body as JoinResponse;
    out['JoinResponse'] = asJson(bob);
    const annToken = duel.tokens[0]!.token;
    const ann = await connect(srv.wsUrl, id, [annToken]);
    const bobClient = await connect(srv.wsUrl, id, [bob.token]);
    out['TableMessage'] = asJson(
      await ann.take((m): m is Extract<ServerMessage, { type: 'table' }> => m.type === 'table'),
    );
    const clients = [ann, bobClient];
    let last = await takeUpdate(ann, 0);
    let n = 0;
    // Placements, one seat at a time, until both must plan.
    while (last.actors.length < 2) {
      const seat = last.actors[0]!;
      const client = clients[seat]!;
      const mine = await takeUpdate(client, last.seq);
      client.send({ type: 'act', id: `a-${++n}`, seat, seq: mine.seq, action: mine.legal![0]! });
      const r = await client.reply(`a-${n}`);
      if (r.type !== 'ack') throw new Error(JSON.stringify(r));
      last = await takeUpdate(ann, mine.seq + 1);
    }
    const bobPlan = await takeUpdate(bobClient, last.seq);
    bobClient.send({ type: 'act', id: 'b-plan', seat: 1, seq: bobPlan.seq, action: bobPlan.legal![0]! });
    await bobClient.reply('b-plan');
    // Bob takes his plan back (it showed nobody anything) and plans again.
    const takeBack = { type: 'takeback', id: 'b-back', seat: 1, seq: bobPlan.seq + 1 } as const;
    out['TakeBackMessage'] = takeBack;
    bobClient.send(takeBack);
    const back = await bobClient.reply('b-back');
    if (back.type !== 'ack') throw new Error(JSON.stringify(back));
    const bobAgain = await takeUpdate(bobClient, back.seq);
    bobClient.send({ type: 'act', id: 'b-plan2', seat: 1, seq: bobAgain.seq, action: bobAgain.legal![1]! });
    await bobClient.reply('b-plan2');
    const annSees = await takeUpdate(ann, bobAgain.seq + 1);
    out['UpdateMessage'] = presentUpdate(annSees);

    const bad = { type: 'plan', order: ['expand', 'expand', 'explore'] };
    ann.send({ type: 'act', id: 'a-bad', seat: 0, seq: annSees.seq, action: bad });
    out['RefusedMessage'] = asJson(await ann.reply('a-bad'));
    // The same plan asked about, not taken (a click on something not highlighted).
    const explain = { type: 'explain', id: 'w-1', action: bad } as const;
    out['ExplainMessage'] = asJson(explain);
    ann.send(explain);
    out['ExplainedMessage'] = asJson(await ann.takeType('explained'));
    const act = { type: 'act', id: 'a-plan', seat: 0, seq: annSees.seq, action: annSees.legal![1]! };
    out['ActMessage'] = asJson(act);
    ann.send(act);
    out['AckMessage'] = asJson(await ann.reply('a-plan'));
    // Bob plans again against the update he already acted on: stale.
    bobClient.send({ type: 'act', id: 'b-again', seat: 1, seq: bobPlan.seq, action: bobPlan.legal![1]! });
    out['ErrorMessage'] = asJson(await bobClient.reply('b-again'));
    out['ReclaimMessage'] = { type: 'reclaim', id: 'r-1', seat: 0 };
    ann.send({ type: 'reclaim', id: 'r-1', seat: 0 });
    await ann.reply('r-1');
    const focus = { type: 'focus', viewer: 'spectator', lastSeq: annSees.seq } as const;
    out['FocusMessage'] = focus;
    out['PingMessage'] = { type: 'ping', id: 'p1' };
    ann.send({ type: 'ping', id: 'p1' });
    out['PongMessage'] = asJson(await ann.takeType('pong'));
    // Ann's page reloads: she says hello again with the last seq she saw.
    await ann.close();
    const hello = { type: 'hello', v: 1, table: id, tokens: [annToken], lastSeq: annSees.seq };
    out['HelloMessage'] = hello;
    const again = await connect(srv.wsUrl, id, [annToken], { lastSeq: annSees.seq });
    out['WelcomeMessage'] = asJson(again.received.find((m) => m.type === 'welcome')!);
    await Promise.all([again.close(), bobClient.close()]);

    // A finished match: its replay, a page of its frames, and a rematch asked with a token.
    const finished = await seedFinishedMatch(srv.server.storage, pocket, 2, 'docs/server.md');
    const script = (await api(srv.url, `/tables/${finished.id}/replay`)).body as { actions: Json[] };
    out['ReplayScript'] = asJson({ ...script, actions: script.actions.slice(0, 2) });
    out['ReplayFramesResponse'] = asJson(
      (await api(srv.url, `/tables/${finished.id}/frames?viewer=1&from=40&count=2&views=false`)).body,
    );
    out['RematchRequest'] = { tokens: [finished.tokens[0]!] };

    out['ErrorResponse'] = asJson(
      (
        await api(srv.url, '/tables', {
          body: { ...create, players: 5, seats: [...create.seats, { kind: 'human' }] },
        })
      ).body,
    );
    // The database file removed under the running server: the next write is refused, and the
    // health probe says the storage is lost.
    if (srv.location.kind !== 'sqlite') throw new Error('the scenario runs on SQLite');
    rmSync(srv.location.path);
    await api(srv.url, '/tables', { body: create });
    out['HealthResponse (lost)'] = asJson((await http(srv.url, '/healthz')).body);
  } finally {
    await srv.drop();
  }
  return out;
}

/**
 * JSON as the docs write it: a value on one line when it fits in `width` (after `lead` characters
 * already on its line), else one entry a line, indented by two.
 */
export function formatJson(value: Json, indent = 0, lead = 0, width = 100): string {
  const flat = oneLine(value);
  // A record of plain values (a seat, say) reads best as one row even when it is long.
  const room = isFlat(value) ? FLAT_WIDTH : width;
  if (indent + lead + flat.length <= room || value === null || typeof value !== 'object') return flat;
  const pad = ' '.repeat(indent + 2);
  const entries = Array.isArray(value)
    ? value.map((v) => pad + formatJson(v, indent + 2, 0, width))
    : Object.entries(value).map(([k, v]) => {
        const key = `${JSON.stringify(k)}: `;
        return pad + key + formatJson(v, indent + 2, key.length, width);
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${entries.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

const FLAT_WIDTH = 160;

function isFlat(value: Json): boolean {
  if (value === null || typeof value !== 'object') return true;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.every(
    (c) => c === null || typeof c !== 'object' || (Object.keys(c).length <= 3 && isFlat(c)),
  );
}

function oneLine(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** Each `<!-- example: Name -->` of a document with its JSON code block. */
export const EXAMPLE_PATTERN = /<!-- example: (\w+)( \(\w+\))? -->\s*```json\n([\s\S]*?)```/g;

/** An example's key among the scenario's: the schema's name, and a variant in brackets if any. */
export const exampleKey = (name: string, variant: string | undefined) => name + (variant ?? '');

/**
 * The document with every example block replaced by the scenario's, where they differ in more than
 * what changes from run to run (so regenerating does not churn ids and tokens).
 */
export function withExamples(doc: string, examples: Examples): string {
  return doc.replace(EXAMPLE_PATTERN, (block, name: string, variant: string | undefined, json: string) => {
    const key = exampleKey(name, variant);
    const value = examples[key];
    if (value === undefined) return block;
    const same = JSON.stringify(mask(JSON.parse(json) as Json)) === JSON.stringify(mask(value));
    if (same) return block;
    return `<!-- example: ${key} -->\n\`\`\`json\n${formatJson(value)}\n\`\`\``;
  });
}
