/**
 * `/table/<id>`: a live table. The seats this browser holds there (saved by the lobby) decide how
 * it is shown: none, a spectator (if the table allows it); one, that seat; several, hot-seat, where
 * a cover screen passes the device between them. `?watch` watches even when holding seats. The
 * board is drawn from the view the server sends; the actions offered are its legal actions.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { PlayerInfo } from '../boards/contract.ts';
import { seatPlayers } from '../boards/seats.ts';
import { loadCredentials } from '../net/credentials.ts';
import { useTableClient } from '../net/useTableClient.ts';
import type { TableClient, TableSnapshot } from '../net/client.ts';
import { BoardHost } from '../ui/BoardHost.tsx';
import type { TableInfo } from '../../protocol/index.ts';
import { EndPanel } from './EndPanel.tsx';
import { CoverScreen, HotSeatBar } from './HotSeat.tsx';
import { Players } from './Players.tsx';
import { RefusalBanner, TurnLine } from './TurnLine.tsx';
import { nextHotSeat, shouldCover } from './turns.ts';
import './table.css';

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
  const { table, update, focus, seats } = snapshot;
  const players = usePlayers(table);

  // Hot-seat: once the seat in front of the screen has nothing to do and another held seat does,
  // its view is dropped and the cover shown before the next player takes the device.
  const cover = hotSeat && shouldCover(update, focus, seats);
  useEffect(() => {
    if (cover) client.focus('spectator');
  }, [cover, client]);

  const onAction = useCallback(
    (action: unknown) => {
      const i = update?.legal?.findIndex((a) => a === action) ?? -1;
      const question = i >= 0 ? update?.confirm?.[i] : null;
      if (question && !window.confirm(question)) return;
      client.act(action);
    },
    [client, update],
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

  if (hotSeat && focus === 'spectator' && table.status !== 'finished')
    return (
      <div className="page table-page">
        {heading}
        <CoverScreen
          players={players}
          seats={seats}
          next={nextHotSeat(update, seats)}
          onShow={(seat) => client.focus(seat)}
        />
      </div>
    );

  const viewer = update?.viewer ?? focus;
  return (
    <div className="page table-page" data-viewer={String(viewer)} data-seq={update?.seq ?? ''}>
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
      {!update ? (
        <p className="panel" role="status">
          {table.status === 'waiting' ? <Waiting table={table} /> : 'Loading the table…'}
        </p>
      ) : (
        <BoardHost
          game={table.game}
          view={update.view}
          viewer={update.viewer}
          legal={snapshot.pending ? null : update.legal}
          actionLabels={update.labels ?? undefined}
          onAction={onAction}
          events={snapshot.events}
          players={players}
          outcome={update.outcome}
          top={
            <>
              <TurnLine snapshot={snapshot} players={players} onReclaim={(seat) => client.reclaim(seat)} />
              <RefusalBanner
                game={table.game}
                refusal={snapshot.refusal}
                onDismiss={() => client.dismissRefusal()}
              />
              {table.status === 'finished' && (
                <EndPanel table={table} players={players} tokens={tokens} name={name} />
              )}
            </>
          }
          side={<Players table={table} snapshot={snapshot} players={players} />}
        />
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
    reconnecting: `connection lost — reconnecting${snapshot.attempts > 1 ? ` (attempt ${snapshot.attempts})` : ''}…`,
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
