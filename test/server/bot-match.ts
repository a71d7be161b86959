/** A finished match to replay: a table of bots only, created over HTTP and played to the end by the server. */
import type { CreateTableResponse, SeatSpec, TableInfo, TableResponse } from '../../src/protocol/index.ts';
import { api } from './harness.ts';

/** Bot line-ups that finish in seconds: the games' heuristic bots with a random one among them. */
export const BOT_LINEUPS: Readonly<Record<string, readonly SeatSpec[]>> = {
  prospectus: [
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'bot', bot: 'random' },
    { kind: 'bot', bot: 'heuristic' },
  ],
  prosperitea: [
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'bot', bot: 'random' },
  ],
  'pocket-imperium': [
    { kind: 'bot', bot: 'heuristic' },
    { kind: 'bot', bot: 'random' },
    { kind: 'bot', bot: 'heuristic' },
  ],
};

/** Creates a bots-only table of `game` and waits until the server has played it to the end. */
export async function finishedBotMatch(
  base: string,
  game: string,
  options: Record<string, unknown> = {},
  timeoutMs = 90_000,
): Promise<TableInfo> {
  const seats = BOT_LINEUPS[game];
  if (!seats) throw new Error(`no bot line-up for ${game}`);
  const created = await api(base, '/tables', {
    body: { game, players: seats.length, options, seats, name: 'Replay test', claim: [] },
  });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const { table } = created.body as CreateTableResponse;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = (await api(base, `/tables/${table.id}`)).body as TableResponse;
    if (info.table.status === 'finished') return info.table;
    if (Date.now() > deadline) throw new Error(`${game} table ${table.id} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
