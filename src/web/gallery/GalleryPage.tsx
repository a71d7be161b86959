/**
 * The board gallery: every board drawn from recorded bot-game moments, without a server. Clicking a
 * highlighted element shows the action the board would send (and records it for the browser tests).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { seatPlayers } from '../boards/seats.ts';
import { BoardHost } from '../ui/BoardHost.tsx';
import type { OutcomeInfo } from '../ui/outcome.ts';
import { GALLERY_DATA, fixtureFile } from './fixture.ts';
import type { Fixture, GalleryIndex } from './fixture.ts';

declare global {
  interface Window {
    /** Actions the gallery's board emitted, oldest first (read by test/web). */
    __prosperEmitted?: unknown[];
  }
}

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; data: T };

function useJson<T>(url: string): Loaded<T> {
  const [result, setResult] = useState<{ url: string; loaded: Loaded<T> }>({
    url,
    loaded: { state: 'loading' },
  });
  useEffect(() => {
    let live = true;
    fetch(url)
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
        return (await res.json()) as T;
      })
      .then(
        (data) => live && setResult({ url, loaded: { state: 'ok', data } }),
        (err: unknown) => live && setResult({ url, loaded: { state: 'error', message: String(err) } }),
      );
    return () => {
      live = false;
    };
  }, [url]);
  return result.url === url ? result.loaded : { state: 'loading' };
}

const MISSING_HINT =
  'No fixtures found: run `npm run web:fixtures` (or `npm run dev:web`, which does it first).';

export function GalleryIndexPage() {
  const index = useJson<GalleryIndex>(`${GALLERY_DATA}index.json`);
  return (
    <div className="page gallery-index">
      <h1>Board gallery</h1>
      <p>Moments recorded from seeded bot games, drawn as each seat sees them.</p>
      {index.state === 'loading' && <p>Loading…</p>}
      {index.state === 'error' && <p className="error">{MISSING_HINT}</p>}
      {index.state === 'ok' &&
        index.data.games.map((g) => (
          <section key={g.game} className="panel">
            <h2>{g.name}</h2>
            <ul className="fixture-links">
              {g.fixtures.map((f) => (
                <li key={f.id}>
                  <Link href={`/gallery/${g.game}/${f.id}`}>{f.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

export function GalleryBoardPage() {
  const params = useParams<{ game: string; fixture: string }>();
  const fixture = useJson<Fixture>(`${GALLERY_DATA}${fixtureFile(params.game, params.fixture)}`);
  return (
    <div className="page gallery-board">
      <nav className="gallery-nav">
        <Link href="/gallery">← Gallery</Link>
        {fixture.state === 'ok' && (
          <span>
            <strong>{fixture.data.title}</strong> — {fixture.data.note}
          </span>
        )}
      </nav>
      {fixture.state === 'loading' && <p>Loading…</p>}
      {fixture.state === 'error' && <p className="error">{MISSING_HINT}</p>}
      {fixture.state === 'ok' && <FixtureBoard key={fixture.data.id} fixture={fixture.data} />}
    </div>
  );
}

function FixtureBoard({ fixture }: { fixture: Fixture }) {
  const players = useMemo(() => seatPlayers(fixture.players, fixture.bots), [fixture]);
  const [emitted, setEmitted] = useState<string | null>(null);
  const onAction = useCallback(
    (action: unknown) => {
      (window.__prosperEmitted ??= []).push(action);
      const i = fixture.legal?.findIndex((a) => JSON.stringify(a) === JSON.stringify(action)) ?? -1;
      setEmitted(i >= 0 && fixture.labels ? fixture.labels[i]! : JSON.stringify(action));
    },
    [fixture],
  );
  return (
    <div data-fixture={`${fixture.game}/${fixture.id}`}>
      {emitted && (
        <div className="toast" role="status">
          Would send: <strong>{emitted}</strong>
          <button type="button" onClick={() => setEmitted(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      <BoardHost
        game={fixture.game}
        view={fixture.view}
        viewer={fixture.viewer}
        legal={fixture.legal}
        actionLabels={fixture.labels ?? undefined}
        onAction={onAction}
        events={fixture.events}
        players={players}
        outcome={fixture.outcome as OutcomeInfo | null}
      />
    </div>
  );
}
