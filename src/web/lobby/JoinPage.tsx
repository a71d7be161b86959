/**
 * `/join/<id>`: what a shared link opens. It shows the table (game, options, clock, who sits where),
 * asks for a name, takes an open seat, keeps the seat's token in this browser and goes to the table.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { TableInfo } from '../../protocol/index.ts';
import { loadCredentials, saveCredentials } from '../net/credentials.ts';
import { setGuestName, useGuestName } from '../net/name.ts';
import { ApiError, fetchTableInfo, joinTable, nameProblem, tablePath } from './api.ts';
import { clockText, openSeats, optionSummary, seatLetter, seatText } from './describe.ts';
import './lobby.css';

type Loaded = { state: 'loading' } | { state: 'error'; error: ApiError } | { state: 'ok'; table: TableInfo };

const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError
    ? err
    : new ApiError('network', err instanceof Error ? err.message : String(err), 0);

function useTableInfo(id: string): [Loaded, () => void] {
  const [result, setResult] = useState<{ id: string; loaded: Loaded }>({ id, loaded: { state: 'loading' } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    fetchTableInfo(id, abort.signal).then(
      (table) => setResult({ id, loaded: { state: 'ok', table } }),
      (err: unknown) =>
        !abort.signal.aborted && setResult({ id, loaded: { state: 'error', error: asApiError(err) } }),
    );
    return () => abort.abort();
  }, [id, round]);
  return [result.id === id ? result.loaded : { state: 'loading' }, () => setRound((r) => r + 1)];
}

export default function JoinPage() {
  const { id } = useParams<{ id: string }>();
  const [loaded, reload] = useTableInfo(id);
  useEffect(() => {
    document.title = 'Join a table · Prosper';
  }, []);
  return (
    <div className="page join-page">
      <p>
        <Link href="/">← The lobby</Link>
      </p>
      {loaded.state === 'loading' && <p>Looking for table {id}…</p>}
      {loaded.state === 'error' && (
        <>
          <h1>{loaded.error.code === 'not_found' ? 'No such table' : 'The table could not be loaded'}</h1>
          <p className="error" role="alert">
            {loaded.error.code === 'not_found'
              ? `There is no table with the code “${id}”. Check the link, or ask for a new one.`
              : loaded.error.message}
          </p>
        </>
      )}
      {loaded.state === 'ok' && <JoinTable table={loaded.table} onRefused={reload} />}
    </div>
  );
}

function JoinTable({ table, onRefused }: { table: TableInfo; onRefused(): void }) {
  const held = loadCredentials(table.id);
  const open = openSeats(table);
  return (
    <>
      <h1>
        Join a {table.gameName} table <code className="table-code">{table.id}</code>
      </h1>
      <p className="lead">{statusLine(table, open.length)}</p>
      <div className="join-layout">
        <section className="panel" aria-labelledby="table-heading">
          <h2 id="table-heading">The table</h2>
          <ul className="seat-list seat-list-wide" aria-label="Seats">
            {table.seats.map((s) => (
              <li key={s.seat} className={s.kind === 'human' && !s.taken ? 'seat-open' : undefined}>
                <span className="seat-letter">{seatLetter(s.seat)}</span> {seatText(s)}
              </li>
            ))}
          </ul>
          <dl className="table-facts">
            {tableFacts(table).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p>
            <Link href={`/rules/${table.game}`}>The rules of {table.gameName}</Link>
          </p>
        </section>
        <section className="panel" aria-labelledby="join-heading">
          <h2 id="join-heading">Your seat</h2>
          {held ? (
            <>
              <p>
                You already hold seat {held.grants.map((g) => seatLetter(g.seat)).join(', ')} here, as{' '}
                {held.name}.
              </p>
              <p>
                <Link href={tablePath(table.id)} className="button primary">
                  Go to your table
                </Link>
              </p>
            </>
          ) : table.status === 'waiting' && open.length > 0 ? (
            <JoinForm table={table} onRefused={onRefused} />
          ) : (
            <NoSeat table={table} />
          )}
        </section>
      </div>
    </>
  );
}

function statusLine(table: TableInfo, open: number): string {
  if (table.status === 'finished') return 'This game is over.';
  if (table.status === 'playing') return 'This game is under way.';
  return `Waiting for ${open} more player${open === 1 ? '' : 's'}: the game starts when every seat is taken.`;
}

const tableFacts = (table: TableInfo): [string, string][] => [
  ['Clock', clockText(table.settings.clock)],
  ...optionSummary(table.game, table.options),
  ['Spectators', table.settings.spectators ? 'allowed' : 'not allowed'],
];

function NoSeat({ table }: { table: TableInfo }) {
  const why =
    table.status === 'finished'
      ? 'This game is over.'
      : 'Every seat is taken: the game has started without you.';
  return (
    <>
      <p>{why}</p>
      {table.status === 'finished' ? (
        <p>
          <Link href={`/replay/${table.id}`}>Watch the replay</Link>
        </p>
      ) : table.settings.spectators ? (
        <p>
          <Link href={tablePath(table.id)}>Watch the game</Link>
        </p>
      ) : (
        <p className="muted">This table does not allow spectators.</p>
      )}
    </>
  );
}

function JoinForm({ table, onRefused }: { table: TableInfo; onRefused(): void }) {
  const [, navigate] = useLocation();
  const open = openSeats(table);
  // The site's name (the header's) until the player types another here.
  const guest = useGuestName();
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? guest;
  const [seat, setSeat] = useState(open[0]!.seat);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = open.some((s) => s.seat === seat) ? seat : open[0]!.seat;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const issue = nameProblem(name);
    setProblem(issue);
    if (issue) {
      document.getElementById('join-name')?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await joinTable(table.id, { name: name.trim(), seat: chosen });
      setGuestName(name);
      saveCredentials(table.id, name.trim(), [{ seat: reply.seat, token: reply.token }]);
      navigate(tablePath(table.id));
    } catch (err) {
      setServerError(asApiError(err).message);
      setBusy(false);
      // Someone may have taken the seat meanwhile: show the table as it is now.
      onRefused();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="join-form">
      <div className="field">
        <label htmlFor="join-name">Your name</label>
        <input
          id="join-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="nickname"
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'join-name-problem' : 'join-name-help'}
        />
        {problem ? (
          <small id="join-name-problem" className="error problem" role="alert">
            {problem}
          </small>
        ) : (
          <small id="join-name-help" className="muted help">
            Shown to the other players; at most 40 characters.
          </small>
        )}
      </div>
      {open.length > 1 && (
        <div className="field">
          <label htmlFor="join-seat">Seat</label>
          <select id="join-seat" value={chosen} onChange={(e) => setSeat(Number(e.target.value))}>
            {open.map((s) => (
              <option key={s.seat} value={s.seat}>
                Seat {seatLetter(s.seat)}
              </option>
            ))}
          </select>
        </div>
      )}
      {serverError && (
        <p className="error" role="alert">
          Could not join: {serverError}
        </p>
      )}
      <p>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Joining…' : open.length > 1 ? `Join in seat ${seatLetter(chosen)}` : 'Join the table'}
        </button>
      </p>
    </form>
  );
}
