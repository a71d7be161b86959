/**
 * What loading a match costs when it is rebuilt from its log (no snapshots): reading a finished
 * full-length match of each game from SQLite, and replaying it. `npx vitest bench test/server`.
 * docs/server.md ("Loading a match") has the figures and why there are no snapshots.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { AnyGame } from '../../src/core/index.ts';
import { Rng } from '../../src/core/index.ts';
import { GAMES } from '../../src/games/registry.ts';
import { LiveMatch } from '../../src/server/live.ts';
import { openStorage } from '../../src/server/storage/open.ts';
import type { Storage } from '../../src/server/storage/types.ts';
import { seedTable } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'prosper-load-bench-'));
let storage: Storage;
const ids = new Map<string, string>();

/** A whole match of random legal actions, stored as the server would have stored it. */
async function storeRandomMatch(game: AnyGame, players: number): Promise<string> {
  const { id } = await seedTable(storage, {
    game,
    seats: Array.from({ length: players }, () => 'human' as const),
    clock: { kind: 'realtime', baseMs: 600_000, incrementMs: 5_000 },
  });
  const { match } = (await storage.loadMatch(id))!;
  const rng = Rng.fromSeed(`load-bench:${game.id}`);
  let state = game.setup(players, match.seed, match.options);
  let at = match.startedAt!;
  const log = [];
  for (let actors = game.actors(state); actors.length > 0; actors = game.actors(state)) {
    const seat = actors[rng.int(actors.length)]!;
    const legal = game.legalActions(state, seat);
    const action = legal[rng.int(legal.length)];
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`${game.id}: a legal action was refused`);
    state = result.state;
    log.push({ match: id, seq: log.length + 1, seat, action, at: (at += 1_000) });
  }
  await storage.append(log);
  console.log(`${game.id}, ${players} players: ${log.length} actions`);
  return id;
}

beforeAll(async () => {
  storage = await openStorage({ kind: 'sqlite', path: join(dir, 'bench.db') });
  for (const game of GAMES) ids.set(game.id, await storeRandomMatch(game, Math.min(4, game.maxPlayers)));
});
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(GAMES.map((g) => [g.id, g] as const))('loading a finished %s match', (id, game) => {
  bench('read its setup and log from SQLite', async () => {
    await storage.loadMatch(ids.get(id)!);
  });
  bench('read and replay it (LiveMatch.restore)', async () => {
    const loaded = (await storage.loadMatch(ids.get(id)!))!;
    LiveMatch.restore(game, loaded.match, loaded.actions, loaded.control, Date.now());
  });
});
