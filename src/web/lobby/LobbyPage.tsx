/**
 * The start page: the games (player range, pitch, rules, "play now against bots", "create a table"),
 * the tables waiting for players (refreshed every few seconds) and joining by code. The create form
 * is its own chunk, shown at `/?new=<game>` so Back returns to the lobby.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { TableInfo } from '../../protocol/index.ts';
import { GAME_INFO, gameInfo } from '../app/games.ts';
import type { GameInfo } from '../app/games.ts';
import { LearnButton } from '../learn/LearnButton.tsx';
import { loadCredentials, saveCredentials } from '../net/credentials.ts';
import { guestName } from '../net/name.ts';
import { createTable, fetchGames, fetchWaitingTables, joinPath, tableIdFrom, tablePath } from './api.ts';
import type { ServerGame } from './api.ts';
import { clockText, openSeats, seatLetter, seatText } from './describe.ts';
import { playNowRequest } from './playNow.ts';
import './lobby.css';

const CreateTablePage = lazy(() => import('./CreateTablePage.tsx'));

/** How often the open tables are fetched again. */
const POLL_MS = 4_000;

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; data: T };

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function useGames(): Loaded<ServerGame[]> {
  const [games, setGames] = useState<Loaded<ServerGame[]>>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchGames(abort.signal).then(
      (data) => setGames({ state: 'ok', data }),
      (err: unknown) => !abort.signal.aborted && setGames({ state: 'error', message: messageOf(err) }),
    );
    return () => abort.abort();
  }, []);
  return games;
}

function useWaitingTables(): Loaded<TableInfo[]> {
  const [tables, setTables] = useState<Loaded<TableInfo[]>>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    const load = () =>
      fetchWaitingTables(abort.signal).then(
        (data) => setTables({ state: 'ok', data }),
        (err: unknown) => !abort.signal.aborted && setTables({ state: 'error', message: messageOf(err) }),
      );
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void load();
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, []);
  return tables;
}

/** The games in the client's order, with what the server says of each (null while unknown). */
function lobbyGames(server: ServerGame[] | null): { info: GameInfo; game: ServerGame | null }[] {
  const known = GAME_INFO.map((info) => ({ info, game: server?.find((g) => g.id === info.id) ?? null }));
  // A game the server has and the client has no words for yet still gets a card.
  const extra = (server ?? [])
    .filter((g) => !gameInfo(g.id))
    .map((g) => ({
      info: { id: g.id, name: g.name, players: '', pitch: '', playNowPlayers: g.minPlayers },
      game: g,
    }));
  return [...known, ...extra];
}

const playerRange = (info: GameInfo, game: ServerGame | null): string =>
  game
    ? game.minPlayers === game.maxPlayers
      ? `${game.minPlayers} players`
      : `${game.minPlayers}–${game.maxPlayers} players`
    : info.players;

export default function LobbyPage() {
  const search = new URLSearchParams(useSearch());
  const creating = search.get('new');
  const games = useGames();
  useEffect(() => {
    document.title = 'Prosper';
  }, []);
  if (creating)
    return (
      <Suspense fallback={<p className="page">Loading the form…</p>}>
        <CreateTablePage gameId={creating} games={games} />
      </Suspense>
    );
  return (
    <div className="page lobby">
      <h1>Play Prosper</h1>
      <p className="lead">Three tabletop games with every rule enforced, against friends or bots.</p>
      {games.state === 'error' && (
        <p className="error" role="alert">
          The game server could not be reached ({games.message}). Tables cannot be created or joined until it
          answers.
        </p>
      )}
      <section aria-labelledby="games-heading">
        <h2 id="games-heading" className="sr-only">
          Games
        </h2>
        <div className="game-cards">
          {lobbyGames(games.state === 'ok' ? games.data : null).map(({ info, game }) => (
            <GameCard key={info.id} info={info} game={game} />
          ))}
        </div>
      </section>
      <div className="lobby-columns">
        <OpenTables />
        <JoinByCode />
      </div>
    </div>
  );
}

function GameCard({ info, game }: { info: GameInfo; game: ServerGame | null }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const playNow = async () => {
    if (!game) return;
    setBusy(true);
    setError(null);
    try {
      const request = playNowRequest(game, info.playNowPlayers, guestName());
      const created = await createTable(request);
      saveCredentials(created.table.id, request.name, created.tokens);
      navigate(tablePath(created.table.id));
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <article className="panel game-card" data-game={info.id} aria-labelledby={`game-${info.id}`}>
      <h3 id={`game-${info.id}`}>{info.name}</h3>
      <p className="players">
        <span>{playerRange(info, game)}</span>
        <Link href={`/rules/${info.id}`} aria-label={`Full rules of ${info.name}`}>
          Full rules
        </Link>
      </p>
      {info.pitch && <p>{info.pitch}</p>}
      <p>
        <Link href={`/play/${info.id}`} aria-label={`How to play ${info.name}`}>
          How to play
        </Link>
      </p>
      <div className="game-card-actions">
        <LearnButton gameId={info.id} game={game} />
        <button type="button" className="primary" disabled={!game || busy} onClick={() => void playNow()}>
          {busy ? 'Setting up…' : 'Play now against bots'}
        </button>
        {game ? (
          <Link href={`/?new=${info.id}`} className="button">
            Create a table
          </Link>
        ) : (
          <span className="button disabled" aria-disabled="true">
            Create a table
          </span>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          Could not start a game: {error}
        </p>
      )}
    </article>
  );
}

function OpenTables() {
  const tables = useWaitingTables();
  return (
    <section className="panel open-tables" aria-labelledby="open-heading">
      <h2 id="open-heading">Open tables</h2>
      {tables.state === 'loading' && <p className="muted">Looking for tables…</p>}
      {tables.state === 'error' && (
        <p className="error">The list of tables could not be loaded ({tables.message}).</p>
      )}
      {tables.state === 'ok' && tables.data.length === 0 && (
        <p className="muted">
          No table is waiting for players right now. Create one above and share its link.
        </p>
      )}
      {tables.state === 'ok' && tables.data.length > 0 && (
        <ul className="table-list">
          {tables.data.map((t) => (
            <OpenTable key={t.id} table={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenTable({ table }: { table: TableInfo }) {
  const mine = loadCredentials(table.id) !== null;
  const open = openSeats(table).length;
  return (
    <li className="open-table" data-table={table.id}>
      <div className="open-table-head">
        <b>{table.gameName}</b>
        <span className="muted">
          {table.players} players · {clockText(table.settings.clock)} · {open} open seat
          {open === 1 ? '' : 's'}
        </span>
      </div>
      <ul className="seat-list" aria-label="Seats">
        {table.seats.map((s) => (
          <li key={s.seat} className={s.kind === 'human' && !s.taken ? 'seat-open' : undefined}>
            <span className="seat-letter">{seatLetter(s.seat)}</span> {seatText(s)}
          </li>
        ))}
      </ul>
      {mine ? (
        <Link href={tablePath(table.id)} className="button">
          Your table: go there
        </Link>
      ) : (
        <Link
          href={joinPath(table.id)}
          className="button primary"
          aria-label={`Join ${table.gameName} table ${table.id}`}
        >
          Join
        </Link>
      )}
    </li>
  );
}

function JoinByCode() {
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = tableIdFrom(code);
    if (!id) {
      setProblem('A table code is 10 characters, letters a–z and digits 2–7 (or paste the whole join link).');
      return;
    }
    navigate(joinPath(id));
  };
  return (
    <section className="panel join-code" aria-labelledby="code-heading">
      <h2 id="code-heading">Join with a code</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor="join-code">Table code or link</label>
        <div className="inline-field">
          <input
            id="join-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'join-code-problem' : undefined}
          />
          <button type="submit">Find table</button>
        </div>
        {problem && (
          <p id="join-code-problem" className="error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
