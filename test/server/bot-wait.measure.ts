/**
 * A measurement, not a test: how long another client's bots wait for their moves while one client
 * floods the server with bots-only tables of long ISMCTS searches (docs/server.md, "Bots").
 *
 *   npx tsx test/server/bot-wait.measure.ts [tables=30] [ms=10000] [workers=2] [windowS=180]
 *
 * A real server on a temporary SQLite file. The flood comes over HTTP from 127.0.0.2 (every
 * address in 127.0.0.0/8 is this machine), the other client from 127.0.0.1: two client addresses,
 * so two clients to the server. First a baseline without the flood (a bots-only Pocket Imperium
 * match of two heuristic bots, played to the end), then the same match and a table of a
 * one-second ISMCTS bot during the flood. Figures are wall-clock times from creating the table.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateTableResponse, SeatSpec, TableResponse } from '../../src/protocol/index.ts';
import { API_PREFIX } from '../../src/protocol/index.ts';
import { startServer } from '../../src/server/app.ts';

const [tables = 30, ms = 10_000, workers = 2, windowS = 180] = process.argv.slice(2).map(Number);
const GAME = 'pocket-imperium';

function post<T>(base: string, path: string, body: unknown, localAddress: string): Promise<T> {
  const url = new URL(`${base}${API_PREFIX}${path}`);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(JSON.parse(text) as T)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function create(base: string, seats: SeatSpec[], from: string): Promise<string> {
  const body = { game: GAME, players: seats.length, seats, name: 'Measure', claim: [] };
  return (await post<CreateTableResponse>(base, '/tables', body, from)).table.id;
}

async function seqOf(base: string, id: string): Promise<{ seq: number; finished: boolean }> {
  const info = (await (await fetch(`${base}${API_PREFIX}/tables/${id}`)).json()) as TableResponse;
  return { seq: info.table.seq, finished: info.table.status === 'finished' };
}

/** Seconds from `start` until the table reaches each of `marks` (seq) and, with `toEnd`, finishes. */
async function watch(base: string, id: string, marks: readonly number[], start: number, toEnd: boolean) {
  const reached = new Map<number | 'finished', number | null>();
  const deadline = start + windowS * 1000;
  for (;;) {
    const { seq, finished } = await seqOf(base, id);
    const now = performance.now();
    for (const mark of marks) if (!reached.has(mark) && seq >= mark) reached.set(mark, (now - start) / 1000);
    if (finished) reached.set('finished', (now - start) / 1000);
    if (finished || now > deadline || (!toEnd && marks.every((m) => reached.has(m)))) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const out: Record<string, string> = {};
  for (const mark of toEnd ? [...marks, 'finished' as const] : marks)
    out[`seq ${mark}`] = reached.get(mark) == null ? `> ${windowS} s` : `${reached.get(mark)!.toFixed(2)} s`;
  return out;
}

const HEURISTIC: SeatSpec[] = [
  { kind: 'bot', bot: 'heuristic' },
  { kind: 'bot', bot: 'heuristic' },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'prosper-bot-wait-'));
  const server = await startServer({
    db: { kind: 'sqlite', path: join(dir, 'prosper.db') },
    logger: false,
    botWorkers: workers,
    // The attack the scheduler must withstand: more bots-only tables than a client may now create.
    limits: { botTablesPerClient: 1_000, tablesPerWindow: 1_000 },
    host: '127.0.0.1',
    port: 0,
  });
  const base = server.url;
  try {
    console.log(`${tables} tables of ${ms} ms ISMCTS bots from one client, ${workers} bot workers`);
    let start = performance.now();
    const baseline = await watch(base, await create(base, HEURISTIC, '127.0.0.1'), [1, 20], start, true);
    console.log('baseline, heuristic match alone:', baseline);

    const search: SeatSpec = { kind: 'bot', bot: 'ismcts', ms };
    for (let i = 0; i < tables; i++) await create(base, [search, search], '127.0.0.2');
    start = performance.now();
    const heuristic = create(base, HEURISTIC, '127.0.0.1');
    const ismcts = create(
      base,
      [
        { kind: 'bot', bot: 'ismcts', ms: 1000 },
        { kind: 'bot', bot: 'ismcts', ms: 1000 },
      ],
      '127.0.0.1',
    );
    const [h, s] = await Promise.all([
      watch(base, await heuristic, [1, 20], start, true),
      watch(base, await ismcts, [1], start, false),
    ]);
    console.log('during the flood, heuristic match of another client:', h);
    console.log('during the flood, 1 s ISMCTS table of another client:', s);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
