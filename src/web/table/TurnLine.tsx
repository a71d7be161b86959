/** The line above the board: whose turn it is and why the viewer waits, and a refused action. */
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import type { Refusal, TableSnapshot } from '../net/client.ts';
import type { TableInfo } from '../../protocol/index.ts';
import { turnState } from './turns.ts';

function Names({ seats, players, table }: { seats: number[]; players: PlayerInfo[]; table: TableInfo }) {
  return (
    <>
      {seats.map((s, i) => {
        const info = table.seats[s];
        const notes = [
          info?.kind === 'bot' ? 'bot' : null,
          info?.controlledByBot ? 'a bot plays for them' : null,
          info && info.kind === 'human' && !info.connected ? 'disconnected' : null,
        ].filter(Boolean);
        return (
          <span key={s}>
            {i > 0 && (i === seats.length - 1 ? ' and ' : ', ')}
            <SeatBadge player={playerOf(players, s)} withName />
            {notes.length > 0 && <span className="muted"> ({notes.join(', ')})</span>}
          </span>
        );
      })}
    </>
  );
}

const TAKEOVER: Record<string, string> = {
  time: 'your time ran out',
  absent: 'you were away too long',
};

export function TurnLine({
  snapshot,
  players,
  onReclaim,
}: {
  snapshot: TableSnapshot & { table: TableInfo };
  players: PlayerInfo[];
  onReclaim: (seat: number) => void;
}) {
  const { table, update } = snapshot;
  if (!update) return null;
  const state = turnState(table, update);
  const me = update.viewer;
  const mine = me === 'spectator' ? null : table.seats[me];
  const takeover = mine?.controlledByBot && table.status === 'playing' && (
    <p className="turn-line takeover" role="status">
      A bot is playing your seat{mine.takeover ? ` because ${TAKEOVER[mine.takeover.reason]}` : ''}.{' '}
      <button type="button" onClick={() => onReclaim(mine.seat)}>
        Play again myself
      </button>
    </p>
  );
  const line = (() => {
    // What the board shows is the table as it was when the link dropped: no turn can be promised.
    if (snapshot.link !== 'open' && state.kind !== 'over')
      return (
        <>
          <b>Connection lost.</b> The board is the table as it was; it comes back up to date, with anything
          you missed, as soon as the server answers again.
        </>
      );
    switch (state.kind) {
      case 'waiting-players':
        return <>Waiting for {state.open} more players to join.</>;
      case 'over':
        return null; // the end panel says it
      case 'yours':
        return (
          <>
            <b>Your turn{mine?.name ? `, ${mine.name}` : ''}</b>: choose on the board (the highlighted places)
            or from the list of actions.
            {state.together.length > 0 && (
              <>
                {' '}
                <Names seats={state.together} players={players} table={table} /> choose at the same time.
              </>
            )}
          </>
        );
      case 'bot-plays-you':
        return null;
      case 'acted':
        return (
          <>
            Done for now: waiting for <Names seats={state.others} players={players} table={table} /> to choose
            too.
          </>
        );
      case 'others':
        return state.actors.length === 0 ? (
          <>Waiting for the game to move on…</>
        ) : (
          <>
            Waiting for <Names seats={state.actors} players={players} table={table} />:{' '}
            {state.actors.length === 1 ? 'it is their turn' : 'it is their turn, together'}
            {me === 'spectator' ? '.' : '; you have nothing to choose until then.'}
          </>
        );
    }
  })();
  return (
    <>
      {takeover}
      {line && (
        <p
          className={`turn-line turn-${state.kind}${snapshot.pending ? ' is-pending' : ''}`}
          role="status"
          aria-live="polite"
          data-turn={state.kind}
        >
          {line}
          {snapshot.pending && <span className="muted"> Sending…</span>}
        </p>
      )}
    </>
  );
}

export function RefusalBanner({
  game,
  refusal,
  onDismiss,
}: {
  game: string;
  refusal: Refusal | null;
  onDismiss: () => void;
}) {
  if (!refusal) return null;
  const stale = refusal.code === 'stale_seq';
  return (
    <div className="panel refusal" role="alert" data-rule={refusal.rule ?? ''} data-code={refusal.code}>
      <p>
        {stale ? (
          <>The table moved on before your choice arrived; nothing was done. Choose again.</>
        ) : refusal.code === 'offline' ? (
          <>{refusal.message}</>
        ) : (
          <>
            <b>Not allowed</b>
            {refusal.rule && (
              <>
                {' '}
                (rule{' '}
                <a
                  href={`/play/${game}#${refusal.rule}`}
                  target="_blank"
                  rel="noopener"
                  title="How this part of the game works (opens in a new tab)"
                >
                  <code>{refusal.rule}</code>
                </a>
                )
              </>
            )}
            : {refusal.message}
          </>
        )}
      </p>
      <button type="button" onClick={onDismiss} aria-label="Dismiss">
        OK
      </button>
    </div>
  );
}
