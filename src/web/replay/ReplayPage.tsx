/**
 * `/replay/<table>?step=<k>&seat=<n|spectator>`: a finished match step by step. The server sends
 * the views, the labels and the log (every seat's information is public once the game is over);
 * the page draws them with the game's board, read-only. The address always says where we are, so
 * a copied link opens on the same step from the same seat.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { BoardEvent, PlayerInfo, Viewer } from '../boards/contract.ts';
import { seatPlayers } from '../boards/seats.ts';
import { BoardHost } from '../ui/BoardHost.tsx';
import type { TableInfo } from '../../protocol/index.ts';
import type { ReplayIndex } from './api.ts';
import { parsePlace, placePath, resolvePlace } from './url.ts';
import { useIndex, useTable, useView } from './useReplay.ts';
import './replay.css';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ignore = () => {};

export default function ReplayPage() {
  const { id } = useParams<{ id: string }>();
  const table = useTable(id);
  return (
    <div className="page replay">
      {table.state === 'loading' && <p>Loading the match…</p>}
      {table.state === 'error' && (
        <Problem>
          {table.error.code === 'not_found'
            ? `There is no table “${id}”.`
            : `The match could not be loaded (${table.error.message}).`}
        </Problem>
      )}
      {table.state === 'ok' &&
        (table.data.status === 'finished' ? (
          <Replay table={table.data} />
        ) : (
          <Problem>
            {table.data.gameName} table <code>{id}</code> has not finished yet: its replay opens once the game
            is over. <Link href={`/table/${id}`}>Watch it live</Link>.
          </Problem>
        ))}
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <div className="panel replay-problem" role="alert">
      <h1>Replay</h1>
      <p>{children}</p>
    </div>
  );
}

function Replay({ table }: { table: TableInfo }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const players = useMemo(
    () =>
      seatPlayers(
        table.seats.map((s) => s.name ?? `Seat ${s.seat + 1}`),
        table.seats.map((s) => s.kind === 'bot'),
      ),
    [table],
  );
  const asked = parsePlace(search);
  // The address's viewer, once it is known to exist at this table; the index is per viewer.
  const { viewer } = resolvePlace(asked, table.seq, table.players);
  const { step } = resolvePlace(asked, table.seq, table.players);
  const index = useIndex(table.id, viewer);
  const shown = useView(table.id, viewer, step, table.seq);

  const go = useCallback(
    (nextStep: number, nextViewer: Viewer = viewer) =>
      navigate(placePath(table.id, Math.max(0, Math.min(table.seq, nextStep)), nextViewer), {
        replace: true,
      }),
    [navigate, table, viewer],
  );

  // The address always names the step and seat shown, so it can be shared as it is.
  const canonical = placePath(table.id, step, viewer);
  useEffect(() => {
    if (`?${search}` !== canonical.slice(canonical.indexOf('?'))) navigate(canonical, { replace: true });
  }, [search, canonical, navigate]);

  const data = index.state === 'ok' ? index.data : null;
  useReplayKeys(step, data, go);

  return (
    <>
      <header className="replay-head">
        <h1>
          Replay · {table.gameName} <span className="muted">table {table.id}</span>
        </h1>
        <p className="muted">
          {players.map((p, i) => (
            <span key={p.seat}>
              {i > 0 && ', '}
              <SeatBadge player={p} withName />
            </span>
          ))}{' '}
          · every seat's information is open · <Link href={`/rules/${table.game}`}>rules</Link>
        </p>
      </header>
      <Controls table={table} players={players} step={step} viewer={viewer} index={data} go={go} />
      {index.state === 'error' && (
        <p className="error">The replay could not be loaded: {index.error.message}</p>
      )}
      {shown?.error && (
        <p className="error">A page of the replay could not be loaded: {shown.error.message}</p>
      )}
      <div
        className={`replay-board${shown?.loading ? ' is-loading' : ''}`}
        data-step={shown?.loading ? '' : step}
        aria-busy={shown?.loading}
      >
        {shown?.view === undefined ? (
          <p className="panel">Loading step {step}…</p>
        ) : (
          <BoardHost
            game={table.game}
            view={shown.view}
            viewer={viewer}
            legal={null}
            onAction={ignore}
            events={data ? logUpTo(data, shown.step) : []}
            players={players}
            outcome={data && shown.step === data.steps ? data.outcome : null}
          />
        )}
      </div>
    </>
  );
}

/** The viewer's log from the start up to and including `step`. */
function logUpTo(index: ReplayIndex, step: number): BoardEvent[] {
  const out: BoardEvent[] = [];
  for (let s = 1; s <= step && s < index.frames.length; s++) out.push(...index.frames[s]!.events);
  return out;
}

/** The marker of the round (or turn) `step` is in. */
function markerAt(index: ReplayIndex, step: number): number {
  let at = -1;
  index.markers.forEach((m, i) => {
    if (m.step <= step) at = i;
  });
  return at;
}

/** ← → step, Home/End to the ends, Page Up/Down a round; unless a form field has the keys. */
function useReplayKeys(step: number, index: ReplayIndex | null, go: (step: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
      const round = index ? markerAt(index, step) : -1;
      const moves: Record<string, () => number | undefined> = {
        ArrowRight: () => step + 1,
        ArrowLeft: () => step - 1,
        Home: () => 0,
        End: () => index?.steps,
        PageDown: () => index?.markers[round + 1]?.step,
        // Back to this round's start, or the previous round's when already there.
        PageUp: () =>
          index && round >= 0
            ? index.markers[index.markers[round]!.step === step ? Math.max(0, round - 1) : round]!.step
            : undefined,
      };
      const next = moves[e.key]?.();
      if (next === undefined) return;
      e.preventDefault();
      go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, index, go]);
}

function Controls({
  table,
  players,
  step,
  viewer,
  index,
  go,
}: {
  table: TableInfo;
  players: readonly PlayerInfo[];
  step: number;
  viewer: Viewer;
  index: ReplayIndex | null;
  go: (step: number, viewer?: Viewer) => void;
}) {
  const steps = table.seq;
  const frame = index?.frames[step];
  const round = index ? markerAt(index, step) : -1;
  const actor = frame && frame.seat !== null ? players[frame.seat] : undefined;
  const share =
    typeof window === 'undefined' ? '' : `${window.location.origin}${placePath(table.id, step, viewer)}`;
  return (
    <section className="panel replay-controls" aria-label="Replay controls">
      <div className="replay-row">
        <button
          type="button"
          onClick={() => go(0)}
          disabled={step === 0}
          aria-label="First step"
          title="First step (Home)"
        >
          « First
        </button>
        <button
          type="button"
          onClick={() => go(step - 1)}
          disabled={step === 0}
          aria-label="Previous step"
          title="Previous step (←)"
        >
          ◀ Prev
        </button>
        <input
          type="range"
          className="replay-slider"
          min={0}
          max={steps}
          value={step}
          onChange={(e) => go(Number(e.currentTarget.value))}
          aria-label="Step"
          aria-valuetext={`step ${step} of ${steps}`}
          list={index ? `replay-marks-${table.id}` : undefined}
        />
        {index && (
          // Tick marks under the slider where each round (or turn) begins.
          <datalist id={`replay-marks-${table.id}`}>
            {index.markers.map((m) => (
              <option key={m.step} value={m.step} label={capital(m.label)} />
            ))}
          </datalist>
        )}
        <button
          type="button"
          onClick={() => go(step + 1)}
          disabled={step === steps}
          aria-label="Next step"
          title="Next step (→)"
        >
          Next ▶
        </button>
        <button
          type="button"
          onClick={() => go(steps)}
          disabled={step === steps}
          aria-label="Last step"
          title="Last step (End)"
        >
          Last »
        </button>
        <span className="replay-count" aria-live="polite">
          Step <b>{step}</b> of {steps}
        </span>
      </div>
      <div className="replay-row">
        <label className="replay-field">
          Jump to{' '}
          <select
            value={round >= 0 ? String(round) : ''}
            disabled={!index}
            onChange={(e) => index && go(index.markers[Number(e.currentTarget.value)]!.step)}
          >
            {index?.markers.map((m, i) => (
              <option key={m.step} value={i}>
                {capital(m.label)} (step {m.step})
              </option>
            ))}
          </select>
        </label>
        <fieldset className="replay-viewers">
          <legend>Whose view</legend>
          {players.map((p) => (
            <button
              key={p.seat}
              type="button"
              aria-pressed={viewer === p.seat}
              data-viewer={p.seat}
              onClick={() => go(step, p.seat)}
            >
              <SeatBadge player={p} withName />
            </button>
          ))}
          <button
            type="button"
            aria-pressed={viewer === 'spectator'}
            data-viewer="spectator"
            onClick={() => go(step, 'spectator')}
          >
            Spectator
          </button>
        </fieldset>
        <ShareLink url={share} />
      </div>
      <p className="replay-now" data-testid="replay-now">
        {step === 0 ? (
          <>The table is set up{frame && frame.actors.length > 0 ? '; ' : '.'}</>
        ) : frame ? (
          <>
            {actor && <SeatBadge player={actor} withName />}: <b>{frame.label}</b>
            {frame.actors.length > 0 ? ' — ' : '.'}
          </>
        ) : (
          'Loading…'
        )}
        {frame && frame.actors.length > 0 && (
          <span className="muted">
            next to act:{' '}
            {frame.actors.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                {players[s] ? <SeatBadge player={players[s]} withName /> : `seat ${s + 1}`}
              </span>
            ))}
          </span>
        )}
        {frame && step === steps && <span className="muted"> The game is over.</span>}
      </p>
      <p className="replay-seen muted">
        {viewer === 'spectator' ? (
          'Seen as a spectator: only what the whole table sees.'
        ) : (
          <>
            Seen from <SeatBadge player={players[viewer]!} withName />
            's seat: where the board says “you”, it means them.
          </>
        )}
      </p>
    </section>
  );
}

function ShareLink({ url }: { url: string }) {
  const copy = () => {
    void navigator.clipboard?.writeText(url).catch(() => {});
  };
  return (
    <span className="replay-share">
      <a href={url} data-share-link>
        Link to this step
      </a>
      <button type="button" onClick={copy} title="Copy the link to this step">
        Copy
      </button>
    </span>
  );
}
