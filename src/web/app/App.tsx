/**
 * The app shell: one route per page. Pages other than the start page (the lobby) are their own
 * chunks. The table page joins this table with the protocol client; it will share BoardHost with the
 * gallery.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Route, Switch } from 'wouter';
import { GuestName } from './GuestName.tsx';
import { Home } from './Home.tsx';
import { JoinPage } from '../lobby/index.ts';
import { ReplayPage } from '../replay/index.ts';
import { PlayPage } from '../play/index.ts';
import { RulesPage } from '../rules/index.ts';

const TablePage = lazy(() => import('../table/TablePage.tsx'));
const GalleryIndexPage = lazy(() =>
  import('../gallery/GalleryPage.tsx').then((m) => ({ default: m.GalleryIndexPage })),
);
const GalleryBoardPage = lazy(() =>
  import('../gallery/GalleryPage.tsx').then((m) => ({ default: m.GalleryBoardPage })),
);

/**
 * Whether the board gallery has fixtures to show. It is a developer's page: the dev and preview
 * servers serve recorded fixtures at /gallery-data/, a production server does not (the address
 * gets the page's HTML), so the top bar links to it only where it has something in it.
 */
function useGalleryAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/gallery-data/index.json')
      .then(async (res) => {
        if (!res.ok || !res.headers.get('content-type')?.includes('json')) return false;
        const index = (await res.json()) as { games?: { fixtures?: unknown[] }[] };
        return !!index.games?.some((g) => (g.fixtures?.length ?? 0) > 0);
      })
      .catch(() => false)
      .then((ok) => live && setAvailable(ok));
    return () => {
      live = false;
    };
  }, []);
  return available;
}

export function App() {
  const gallery = useGalleryAvailable();
  return (
    <>
      <header className="site-header">
        <Link href="/" className="brand">
          Prosper
        </Link>
        <nav aria-label="Site">
          <Link href="/">Lobby</Link>
          {gallery && <Link href="/gallery">Board gallery</Link>}
        </nav>
        <GuestName />
      </header>
      <Suspense fallback={<p className="page">Loading…</p>}>
        <Switch>
          <Route path="/" component={Home} />
          <Route path="/join/:id" component={JoinPage} />
          <Route path="/gallery" component={GalleryIndexPage} />
          <Route path="/gallery/:game/:fixture" component={GalleryBoardPage} />
          <Route path="/table/:id" component={TablePage} />
          <Route path="/replay/:id" component={ReplayPage} />
          <Route path="/rules/:game" component={RulesPage} />
          <Route path="/play/:game" component={PlayPage} />
          <Route>
            <div className="page">
              <h1>Not found</h1>
              <p>
                <Link href="/">Back to the start page</Link>
              </p>
            </div>
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}
