/**
 * Starting and leaving a tutorial table (docs/server.md, "Tutorial tables"): the server deals it
 * from the game's published tutorial seed and lists it nowhere; the browser only asks for one.
 */
import type { CreateTableRequest, LeaveRequest, TableResponse } from '../../protocol/index.ts';
import type { ServerGame } from '../lobby/api.ts';
import { createTable } from '../lobby/api.ts';
import { botSeat, quickBot } from '../lobby/playNow.ts';
import { guestName } from '../net/name.ts';
import { forgetCredentials, saveCredentials } from '../net/credentials.ts';
import { API, ApiError } from '../replay/api.ts';
import type { TutorialInfo } from './tutorials.ts';

/** The Casual bot (the game's heuristic) when the server has it, else the quick game's bot. */
function tutorialBot(game: ServerGame) {
  return game.bots.find((b) => b.name === 'heuristic') ?? quickBot(game.bots);
}

export function tutorialRequest(game: ServerGame, tutorial: TutorialInfo, name: string): CreateTableRequest {
  const bot = tutorialBot(game);
  if (!bot) throw new Error(`the server offers no bot for ${game.name}`);
  return {
    game: game.id,
    players: tutorial.players,
    options: {},
    seats: [{ kind: 'human' }, ...Array.from({ length: tutorial.players - 1 }, () => botSeat(bot))],
    name: name.trim() || guestName(),
    claim: [0],
    clock: { kind: 'none' },
    spectators: false,
    listed: false,
    tutorial: true,
  };
}

/** Creates the tutorial table and keeps its seat's token; resolves with the table's id. */
export async function startTutorial(game: ServerGame, tutorial: TutorialInfo, name: string): Promise<string> {
  const request = tutorialRequest(game, tutorial, name);
  const created = await createTable(request);
  saveCredentials(created.table.id, request.name, created.tokens);
  return created.table.id;
}

/** Where the learner's place in a tutorial's script is kept, per table. */
export const progressKey = (table: string): string => `prosper.learn.${table}`;

/**
 * Leaves a tutorial: the server's bot finishes it for the learner, and this browser forgets the
 * table. Resolves even if the server cannot be reached (the table then ends by itself after the
 * absence limit), with the reason it could not be told.
 */
export async function leaveTutorial(table: string, tokens: readonly string[]): Promise<string | null> {
  let problem: string | null = null;
  if (tokens.length > 0) {
    const body: LeaveRequest = { tokens: [...tokens] };
    try {
      const res = await fetch(`${API}/tables/${table}/leave`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) {
        const reply = (await res.json().catch(() => null)) as {
          error?: { code: string; message: string };
        } | null;
        throw new ApiError(reply?.error?.code ?? 'http', reply?.error?.message ?? res.statusText, res.status);
      }
      (await res.json()) as TableResponse;
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
  }
  forgetCredentials(table);
  try {
    globalThis.localStorage?.removeItem(progressKey(table));
  } catch {
    // Storage may be disabled; there is nothing to forget then.
  }
  return problem;
}
