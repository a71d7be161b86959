/**
 * The line above the board: whose turn it is and why the viewer waits, the running clocks of the
 * seats to move (on every width: it stays at the top of the screen while the board scrolls), the
 * state of the viewer's last move when the link dropped, and a refused action.
 */
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import type { Refusal, TableSnapshot } from '../net/client.ts';
import type { TableInfo } from '../../protocol/index.ts';
import { formatClock, timeLeft } from './clock.ts';
import type { TurnState } from './turns.ts';

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

/** " — buy Owl Spit at $20 —", or nothing when the label is unknown. */
const moveLabel = (label: string | null) => (label ? ` — ${label} —` : '');

/** A drawn clock face (a font may lack ⏱), or a warning triangle: a shape, not colour alone. */
function ClockIcon({ warn }: { warn: boolean }) {
  return (
    <svg className="clock-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      {warn ? (
        <>
          <path
            d="M8 1.5 15 14.5H1Z"
            fill="#fff"
            stroke="currentColor"
            strokeWidth="1.2"
            strokeLinejoin="round"
          />
          <path d="M8 6v4.2" stroke="#a4000f" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="12.4" r="0.95" fill="#a4000f" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M8 4.2V8l2.6 1.8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </>
      )}
    </svg>
  );
}

/** The running clocks of the seats to move, the viewer's own first. */
function TurnClocks({
  snapshot,
  players,
  now,
  warnAt,
}: {
  snapshot: TableSnapshot & { table: TableInfo };
  players: PlayerInfo[];
  now: number;
  warnAt: number;
}) {
  const { update, receivedAt, table } = snapshot;
  const clocks = update?.clocks;
  if (!update || !clocks || table.status !== 'playing' || clocks.running.length === 0) return null;
  const me = update.viewer;
  const seats = [...clocks.running].sort((a, b) => Number(b === me) - Number(a === me) || a - b);
  return (
    <span className="turn-clocks">
      {seats.map((seat) => {
        const left = timeLeft(clocks, seat, receivedAt, now) ?? 0;
        const mine = seat === me;
        const warn = mine && left <= warnAt;
        const player = playerOf(players, seat);
        return (
          <span
            key={seat}
            className={`turn-clock${mine ? ' mine' : ''}${warn ? ' warn' : ''}`}
            data-seat={seat}
            title={mine ? 'Your time' : `${player.name}'s time`}
          >
            {mine ? <ClockIcon warn={warn} /> : <SeatBadge player={player} />}
            <span className="sr-only">{mine ? 'Your time: ' : `${player.name}'s time: `}</span>
            <span className="clock-time">{formatClock(left)}</span>
          </span>
        );
      })}
    </span>
  );
}

export function TurnLine({
  snapshot,
  state,
  players,
  onReclaim,
  now,
  warnAt,
  myLeft,
  behind = 0,
  onShowNow,
}: {
  snapshot: TableSnapshot & { table: TableInfo };
  state: TurnState;
  /** Other players' moves received and not shown yet: the board is some moves behind. */
  behind?: number;
  onShowNow?: () => void;
  players: PlayerInfo[];
  onReclaim: (seat: number) => void;
  now: number;
  warnAt: number;
  /** The viewer's own running clock, or null. */
  myLeft: number | null;
}) {
  const { table, update, unconfirmed, confirmed } = snapshot;
  if (!update) return null;
  const me = update.viewer;
  const mine = me === 'spectator' ? null : table.seats[me];
  const unsure = unconfirmed && unconfirmed.seat === me ? unconfirmed : null;
  const arrived = confirmed && confirmed.seat === me ? confirmed : null;
  const takeover = mine?.controlledByBot && table.status === 'playing' && (
    <p className="turn-line takeover" role="status">
      A bot is playing your seat{mine.takeover ? ` because ${TAKEOVER[mine.takeover.reason]}` : ''}.{' '}
      <button type="button" className="button" onClick={() => onReclaim(mine.seat)}>
        Play again myself
      </button>
    </p>
  );
  const hurry = state.kind === 'yours' && myLeft !== null && myLeft <= warnAt;
  const line = (() => {
    // What the board shows is the table as it was when the link dropped: no turn can be promised.
    if (snapshot.link !== 'open' && state.kind !== 'over')
      return (
        <>
          {snapshot.offline ? (
            <>
              <b>Your device is offline.</b>{' '}
              <span className="turn-hint">
                The board is the table as it was; it comes back up to date as soon as the network is back.
              </span>
            </>
          ) : (
            <>
              <b>Connection lost.</b>{' '}
              <span className="turn-hint">
                The board is the table as it was; it comes back up to date, with anything you missed, as soon
                as the server answers again.
              </span>
            </>
          )}
          {unsure && (
            <span className="unconfirmed">
              {' '}
              <b>Your last move{moveLabel(unsure.label)} may not have arrived.</b> It is sent again when the
              link is back, and the server then confirms or refuses it.
            </span>
          )}
        </>
      );
    switch (state.kind) {
      case 'waiting-players':
        return <>Waiting for {state.open} more players to join.</>;
      case 'over':
        // The end panel says it, once the last moves have been shown.
        return behind > 0 ? (
          <>
            <b>The game is over</b>: first its last moves, one by one ({behind} more).{' '}
            <button type="button" className="button turn-show-now" onClick={onShowNow}>
              Show now
            </button>
          </>
        ) : null;
      case 'yours':
        if (state.revising)
          return state.together.length === 0 ? (
            <>
              <b>Your choice is in.</b>
            </>
          ) : (
            <>
              <b>Your choice is in</b>; you may still change it until{' '}
              <Names seats={state.together} players={players} table={table} />{' '}
              {state.together.length > 1 ? 'have' : 'has'} chosen too.
            </>
          );
        return (
          <>
            <b>Your turn{mine?.name ? `, ${mine.name}` : ''}</b>
            {state.together.length === 0 && state.chosen.length > 0 ? (
              <>
                : <b>waiting only for you</b>; <Names seats={state.chosen} players={players} table={table} />{' '}
                {state.chosen.length > 1 ? 'have' : 'has'} chosen.
              </>
            ) : behind > 0 ? (
              <>
                : first the moves before yours, one by one ({behind} more).{' '}
                <button type="button" className="button turn-show-now" onClick={onShowNow}>
                  Show now
                </button>
              </>
            ) : (
              <>
                <span className="turn-hint">
                  : choose on the board (the highlighted places) or from the list of actions.
                </span>
                {state.together.length > 0 && (
                  <>
                    {' '}
                    <Names seats={state.together} players={players} table={table} /> choose
                    {state.together.length === 1 ? 's' : ''} at the same time.
                  </>
                )}
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
            {me === 'spectator' && <>You are watching. </>}
            {state.chosen.length > 0 && (
              <>
                <Names seats={state.chosen} players={players} table={table} />{' '}
                {state.chosen.length > 1 ? 'have' : 'has'} chosen;{' '}
              </>
            )}
            {state.chosen.length > 0 ? 'waiting' : 'Waiting'} for{' '}
            <Names seats={state.actors} players={players} table={table} />:{' '}
            {state.actors.length === 1 ? 'it is their turn' : 'it is their turn, together'}
            {me === 'spectator' ? '.' : '; you have nothing to choose until then.'}
          </>
        );
    }
  })();
  const status =
    snapshot.link !== 'open'
      ? null
      : snapshot.pending
        ? unsure
          ? `Checking whether your last move${moveLabel(unsure.label)} arrived…`
          : 'Sending…'
        : arrived
          ? `Your last move${moveLabel(arrived.label)} arrived.`
          : null;
  return (
    <>
      {takeover}
      {(line || status) && (
        <div
          className={`turn-line turn-${state.kind}${snapshot.pending ? ' is-pending' : ''}${hurry ? ' hurry' : ''}${snapshot.link !== 'open' ? ' is-down' : ''}`}
          data-turn={state.kind}
        >
          <p className="turn-text" role="status" aria-live="polite">
            {line}
            {status && <span className="turn-status"> {status}</span>}
          </p>
          <TurnClocks snapshot={snapshot} players={players} now={now} warnAt={warnAt} />
          {hurry && (
            <p className="hurry-note" role="alert">
              Hurry: when your clock reaches 0:00, a bot plays your seat.
            </p>
          )}
        </div>
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
        ) : refusal.code === 'offline' || refusal.code === 'unknown_outcome' ? (
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
      <button type="button" className="button" onClick={onDismiss} aria-label="Dismiss">
        OK
      </button>
    </div>
  );
}
