/**
 * `/table/<id>`: a live table. The seats this browser holds there (saved by the lobby) decide how
 * it is shown: none, a spectator (if the table allows it); one, that seat; several, hot-seat, where
 * a cover screen passes the device between them. `?watch` watches even when holding seats. The
 * board is drawn from the view the server sends; the actions offered are its legal actions.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { PlayerInfo } from '../boards/contract.ts';
import { seatPlayers } from '../boards/seats.ts';
import { loadCredentials } from '../net/credentials.ts';
import { useTableClient } from '../net/useTableClient.ts';
import type { TableClient, TableSnapshot } from '../net/client.ts';
import { BoardHost } from '../ui/BoardHost.tsx';
import type { TableInfo, VisibleEvent } from '../../protocol/index.ts';
import { formatClock, timeLeft, useNow } from './clock.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { Question } from './ConfirmDialog.tsx';
import { EndPanel } from './EndPanel.tsx';
import { CoverScreen, HotSeatBar } from './HotSeat.tsx';
import { loadPace, PACE_TEXT, Pacer, savePace } from './pacing.ts';
import type { Pace } from './pacing.ts';
import { Players } from './Players.tsx';
import { RefusalBanner, TurnLine } from './TurnLine.tsx';
import { actedSince, nextHotSeat, shouldCover, tableTitle, turnState, warnAtMs } from './turns.ts';
import { TakeBackButton, TakeBackOnCover } from './TakeBack.tsx';
import { playerOf } from '../boards/seats.ts';
import './table.css';

/** The guided first game's panel, only at tutorial tables (its own chunk, with the game's script). */
const Tutorial = lazy(() => import('../learn/Tutorial.tsx'));

export default function TablePage() {
  const { id } = useParams<{ id: string }>();
  const watch = new URLSearchParams(useSearch()).has('watch');
  const credentials = useMemo(() => (watch ? null : loadCredentials(id)), [id, watch]);
  const tokens = useMemo(() => credentials?.grants.map((g) => g.token) ?? [], [credentials]);
  const hotSeat = tokens.length > 1;
  // Hot-seat opens on the cover: whoever holds the device now says who they are first.
  const { client, snapshot } = useTableClient(id, tokens, hotSeat ? 'spectator' : undefined);

  if (snapshot.link === 'failed' && snapshot.failure)
    return <Unavailable id={id} code={snapshot.failure.code} message={snapshot.failure.message} />;
  if (!snapshot.table)
    return (
      <div className="page table-page">
        <p className="panel" role="status">
          {snapshot.link === 'reconnecting' ? 'Cannot reach the server; trying again…' : 'Opening the table…'}
        </p>
      </div>
    );
  return (
    <LiveTable
      client={client}
      snapshot={snapshot as TableSnapshot & { table: TableInfo }}
      hotSeat={hotSeat}
      name={credentials?.name ?? null}
      tokens={tokens}
    />
  );
}

function LiveTable({
  client,
  snapshot,
  hotSeat,
  name,
  tokens,
}: {
  client: TableClient;
  snapshot: TableSnapshot & { table: TableInfo };
  hotSeat: boolean;
  name: string | null;
  tokens: readonly string[];
}) {
  const { table, update: latest, focus, seats } = snapshot;
  const players = usePlayers(table);
  const [pace, setPace] = usePace();
  const pacer = usePacer(client, pace);
  const paced = useSyncExternalStore(pacer.subscribe, pacer.snapshot);
  // Never another viewer's update: the pacer empties at a hot-seat switch, and this checks it again.
  const shown = paced.update && paced.update.viewer === focus ? paced.update : null;
  const caughtUp = paced.behind === 0 && !!shown && shown.seq === latest?.seq;

  // The turn, the clocks and the title are the truth (the latest update), paced or not.
  const done = useMemo(
    // The server says who has chosen; the log is the fallback for a server that does not.
    () => (latest ? (latest.chosen ?? actedSince(snapshot.events, snapshot.actorsFrom, latest.actors)) : []),
    [latest, snapshot.events, snapshot.actorsFrom],
  );
  const state = latest ? turnState(table, latest, done) : null;
  const clocks = latest?.clocks;
  const now = useNow(!!clocks && clocks.running.length > 0 && table.status === 'playing');
  const warnAt = warnAtMs(table.settings.clock);
  const me = latest?.viewer ?? focus;
  const myLeft =
    me !== 'spectator' && clocks?.running.includes(me) && table.status === 'playing'
      ? timeLeft(clocks, me, snapshot.receivedAt, now)
      : null;
  const low = myLeft !== null && myLeft <= warnAt;
  // Pacing must not cost a player their time: with their own clock low, everything shows at once.
  useEffect(() => {
    if (low && paced.behind > 0) pacer.flush();
  }, [low, paced.behind, pacer]);

  // Hot-seat: once the seat in front of the screen has nothing to do and another held seat does,
  // its view is dropped and the cover shown before the next player takes the device (after the
  // moves still being shown to this seat: they are its own view).
  const cover = hotSeat && shouldCover(latest, focus, seats) && paced.behind === 0;
  useEffect(() => {
    if (cover) client.focus('spectator');
  }, [cover, client]);
  // The seat that handed over may still take its last move back from the cover.
  const handedOver = snapshot.handedOver;
  const covered = hotSeat && focus === 'spectator' && table.status !== 'finished';

  const title = tableTitle(
    table.gameName,
    covered ? 'cover' : snapshot.link !== 'open' && state?.kind !== 'over' ? 'offline' : (state ?? 'offline'),
    players,
    low && state?.kind === 'yours' ? formatClock(myLeft!) : null,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = 'Prosper';
    },
    [],
  );

  // A costly move asks first, in the page's own dialog; the question stands for that update only.
  const [ask, setAsk] = useState<(Question & { action: unknown; seq: number }) | null>(null);
  const asking = ask && ask.seq === latest?.seq ? ask : null;
  const onAction = useCallback(
    (action: unknown) => {
      const legal = latest?.legal as unknown[] | null | undefined;
      const i = legal?.indexOf(action) ?? -1;
      const question = i >= 0 ? latest?.confirm?.[i] : null;
      if (question && latest)
        return setAsk({ action, question, label: latest.labels?.[i] ?? null, seq: latest.seq });
      client.act(action);
    },
    [client, latest],
  );

  // A click on something not highlighted asks the server why not (never when only watching).
  const onExplain = useCallback((action: unknown) => client.explain(action), [client]);

  const events = useMemo(
    () => (shown ? snapshot.events.filter((e) => e.seq <= shown.seq) : []),
    [shown, snapshot.events],
  );

  const heading = (
    <header className="table-head">
      <h1>
        {table.gameName} <span className="muted">table {table.id}</span>
      </h1>
      {/* A new tab: the table stays open (and its clock running) while the player reads. */}
      <a
        href={`/play/${table.game}`}
        target="_blank"
        rel="noopener"
        title="Opens in a new tab"
        style={{ marginRight: 'auto' }}
      >
        How to play
      </a>
      <LinkBadge snapshot={snapshot} />
    </header>
  );

  if (covered)
    return (
      <div className="page table-page">
        {heading}
        <CoverScreen
          players={players}
          seats={seats}
          next={nextHotSeat(latest, seats)}
          onShow={(seat) => client.focus(seat)}
        />
        {handedOver && latest?.seq === handedOver.seq && !snapshot.pending && (
          <TakeBackOnCover
            name={playerOf(players, handedOver.seat).name}
            onTakeBack={() => client.takeBack(handedOver)}
          />
        )}
      </div>
    );

  const viewer = shown?.viewer ?? focus;
  // A move that may or may not have arrived is settled before another is chosen.
  const unsure = !!snapshot.unconfirmed && snapshot.unconfirmed.seat === viewer;
  const othersMove = paced.freshFrom !== null && shown && shown.seq !== snapshot.acked;
  const offering = caughtUp && !snapshot.pending && !asking && !unsure;
  return (
    <div
      className="page table-page"
      data-viewer={String(viewer)}
      data-seq={shown?.seq ?? ''}
      data-latest-seq={latest?.seq ?? ''}
      data-behind={paced.behind}
    >
      {heading}
      {hotSeat && (
        <HotSeatBar
          players={players}
          seats={seats}
          focus={focus}
          onPass={() => client.focus('spectator')}
          onShow={(viewer) => client.focus(viewer)}
        />
      )}
      {!shown || !state ? (
        <p className="panel" role="status">
          {table.status === 'waiting' ? <Waiting table={table} /> : 'Loading the table…'}
        </p>
      ) : (
        <BoardHost
          game={table.game}
          view={shown.view}
          viewer={shown.viewer}
          legal={offering ? shown.legal : null}
          actionLabels={shown.labels ?? undefined}
          onAction={onAction}
          onExplain={shown.viewer === 'spectator' ? undefined : onExplain}
          events={events}
          players={players}
          outcome={shown.outcome}
          freshFrom={paced.freshFrom}
          logTools={<PaceSetting pace={pace} onChange={setPace} />}
          idleText={
            snapshot.pending || unsure
              ? 'Legal actions: once the server has answered your last move'
              : !caughtUp
                ? 'Legal actions: once the moves being shown are done'
                : asking
                  ? 'Legal actions: answer the question first'
                  : undefined
          }
          top={
            <>
              <TurnLine
                snapshot={snapshot}
                state={state}
                players={players}
                onReclaim={(seat) => client.reclaim(seat)}
                now={now}
                warnAt={warnAt}
                myLeft={myLeft}
                behind={paced.behind}
                onShowNow={() => pacer.flush()}
              />
              <TakeBackButton
                update={latest}
                ready={caughtUp && !snapshot.pending && !unsure}
                onTakeBack={() => client.takeBack()}
              />
              <RefusalBanner
                game={table.game}
                refusal={snapshot.refusal}
                onDismiss={() => client.dismissRefusal()}
              />
              {table.status === 'finished' && caughtUp && (
                <EndPanel table={table} players={players} tokens={tokens} name={name} />
              )}
            </>
          }
          side={<Players table={table} snapshot={snapshot} players={players} done={done} />}
        />
      )}
      {othersMove && (
        <MoveShown
          events={events.filter((e) => e.seq > paced.freshFrom!)}
          behind={paced.behind}
          onShowAll={() => pacer.flush()}
        />
      )}
      {table.settings.tutorial && shown && (
        <Suspense fallback={null}>
          <Tutorial
            table={table}
            update={shown}
            settled={offering}
            acked={snapshot.acked}
            tokens={tokens}
            name={name}
          />
        </Suspense>
      )}
      {asking && (
        <ConfirmDialog
          ask={asking}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            client.act(asking.action);
          }}
        />
      )}
    </div>
  );
}

/** The player's pacing of other players' moves, kept in this browser. */
function usePace(): [Pace, (pace: Pace) => void] {
  const [pace, setPace] = useState(loadPace);
  const choose = useCallback((next: Pace) => {
    savePace(next);
    setPace(next);
  }, []);
  return [pace, choose];
}

/** One pacer per connection, fed every update the client receives (none is skipped by rendering). */
function usePacer(client: TableClient, pace: Pace): Pacer {
  const [entry, setEntry] = useState(() => ({ client, pacer: new Pacer(pace) }));
  const current = entry.client === client ? entry : { client, pacer: new Pacer(pace) };
  if (current !== entry) setEntry(current);
  const { pacer } = current;
  useEffect(() => {
    const feed = () => {
      const { update, acked } = client.snapshot();
      pacer.push(update, !!update && update.seq === acked);
    };
    feed();
    const unsubscribe = client.subscribe(feed);
    return () => {
      unsubscribe();
      pacer.stop();
    };
  }, [client, pacer]);
  useEffect(() => pacer.setPace(pace), [pacer, pace]);
  return pacer;
}

function PaceSetting({ pace, onChange }: { pace: Pace; onChange: (pace: Pace) => void }) {
  return (
    <label className="pace-setting">
      <span>Others&rsquo; moves</span>
      <select value={pace} onChange={(e) => onChange(e.target.value as Pace)}>
        {(Object.keys(PACE_TEXT) as Pace[]).map((p) => (
          <option key={p} value={p}>
            {PACE_TEXT[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The move being shown, at the foot of the screen wherever the player has scrolled. */
function MoveShown({
  events,
  behind,
  onShowAll,
}: {
  events: readonly VisibleEvent[];
  behind: number;
  onShowAll: () => void;
}) {
  if (events.length === 0 && behind === 0) return null;
  const lines = events.slice(-3);
  return (
    <div className="move-shown" aria-live="off">
      <ul>
        {lines.map((e, i) => (
          <li key={i}>{e.text}</li>
        ))}
        {events.length > lines.length && <li className="muted">…and {events.length - lines.length} more</li>}
      </ul>
      {behind > 0 && (
        <button type="button" className="button pace-now" onClick={onShowAll}>
          Show now ({behind} more)
        </button>
      )}
    </div>
  );
}

function usePlayers(table: TableInfo): PlayerInfo[] {
  return useMemo(
    () =>
      seatPlayers(
        table.seats.map(
          (s) => s.name ?? (s.kind === 'human' ? `Open seat ${s.seat + 1}` : `Seat ${s.seat + 1}`),
        ),
        table.seats.map((s) => s.kind === 'bot'),
      ),
    [table],
  );
}

function Waiting({ table }: { table: TableInfo }) {
  const open = table.seats.filter((s) => s.kind === 'human' && !s.taken).length;
  return (
    <>
      Waiting for {open} more {open === 1 ? 'player' : 'players'} to join. Share the code{' '}
      <code>{table.id}</code> or the link <code>{`${location.origin}/join/${table.id}`}</code>; the game
      starts when every seat is taken.
    </>
  );
}

function LinkBadge({ snapshot }: { snapshot: TableSnapshot }) {
  const text: Record<TableSnapshot['link'], string> = {
    connecting: 'connecting…',
    open: 'connected',
    reconnecting: snapshot.offline
      ? 'offline — no network'
      : `connection lost — reconnecting${snapshot.attempts > 1 ? ` (attempt ${snapshot.attempts})` : ''}…`,
    failed: 'disconnected',
    closed: 'disconnected',
  };
  return (
    <span className={`link-state link-${snapshot.link}`} role="status" aria-live="polite">
      {text[snapshot.link]}
    </span>
  );
}

const UNAVAILABLE: Record<string, string> = {
  not_found: 'There is no such table. Check the code, or start a new game from the start page.',
  spectators_not_allowed:
    'This table does not allow spectators. Ask for its code to join it, if a seat is open.',
  bad_token:
    'The seat this browser had saved for this table is no longer valid. You can still watch it, if the table allows spectators.',
};

function Unavailable({ id, code, message }: { id: string; code: string; message: string }) {
  return (
    <div className="page table-page">
      <div className="panel" role="alert">
        <h1>Table {id}</h1>
        <p>{UNAVAILABLE[code] ?? `The table could not be opened: ${message}`}</p>
        <p>
          {code === 'bad_token' && (
            <>
              <Link href={`/table/${id}?watch`}>Watch instead</Link> ·{' '}
            </>
          )}
          <Link href="/">Back to the start page</Link>
        </p>
      </div>
    </div>
  );
}
