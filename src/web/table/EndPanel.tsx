/** The end of a live game: who won, a rematch for the players, the replay for everyone. */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import { saveCredentials } from '../net/credentials.ts';
import type { CreateTableResponse, ErrorResponse, TableInfo } from '../../protocol/index.ts';

async function askRematch(table: string, tokens: readonly string[]): Promise<CreateTableResponse> {
  const res = await fetch(`/api/v1/tables/${table}/rematch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokens }),
  });
  const body = (await res.json().catch(() => null)) as CreateTableResponse | ErrorResponse | null;
  if (!res.ok || !body || 'error' in body)
    throw new Error(body && 'error' in body ? body.error.message : `the server answered ${res.status}`);
  return body;
}

export function EndPanel({
  table,
  players,
  tokens,
  name,
}: {
  table: TableInfo;
  players: PlayerInfo[];
  tokens: readonly string[];
  name: string | null;
}) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const winners = table.outcome ? table.seats.filter((s) => table.outcome!.ranks[s.seat] === 1) : [];

  const rematch = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await askRematch(table.id, tokens);
      saveCredentials(created.table.id, name ?? '', created.tokens);
      navigate(`/table/${created.table.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <section className="panel end-panel" aria-label="Game over">
      <h2>
        Game over
        {winners.length > 0 && (
          <>
            {' '}
            · {winners.length > 1 ? 'shared win: ' : 'winner: '}
            {winners.map((s) => (
              <SeatBadge key={s.seat} player={playerOf(players, s.seat)} withName />
            ))}
          </>
        )}
      </h2>
      <p className="end-actions">
        {tokens.length > 0 ? (
          <button type="button" className="button primary" disabled={busy} onClick={() => void rematch()}>
            {table.rematch ? 'Join the rematch' : 'Rematch'}
          </button>
        ) : (
          table.rematch && <Link href={`/table/${table.rematch}`}>Watch the rematch</Link>
        )}
        <Link href={`/replay/${table.id}`}>Watch the replay</Link>
        <Link href="/">Back to the start page</Link>
      </p>
      {table.rematch && tokens.length > 0 && (
        <p className="muted">Another player asked for a rematch: it starts when everyone has joined.</p>
      )}
      {error && <p className="error">The rematch could not be made: {error}</p>}
    </section>
  );
}
