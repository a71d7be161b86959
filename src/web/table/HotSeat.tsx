/**
 * Hot-seat: several seats on one device. Between seats the cover screen stands in front of the
 * table; the client holds no seat's view while it does (it follows the spectator view).
 */
import { SeatBadge } from '../boards/common/SeatBadge.tsx';
import type { PlayerInfo, Viewer } from '../boards/contract.ts';
import { playerOf } from '../boards/seats.ts';
import { seatCaller } from './turns.ts';

export function CoverScreen({
  players,
  seats,
  next,
  onShow,
}: {
  players: PlayerInfo[];
  seats: readonly number[];
  next: number | null;
  onShow: (seat: number) => void;
}) {
  const player = next === null ? null : playerOf(players, next);
  const who = seatCaller(players, seats);
  return (
    <section className="panel cover" aria-label="Pass the device">
      {player ? (
        <>
          <h2>
            Pass the device to <SeatBadge player={player} /> {who(player.seat)}
          </h2>
          <p className="muted">
            Nothing secret is on the screen. Only {who(player.seat)} should look at it from here on.
          </p>
          <button type="button" className="button primary" autoFocus onClick={() => onShow(next!)}>
            I am {who(player.seat)}: show my seat
          </button>
        </>
      ) : (
        <h2>Hot-seat</h2>
      )}
      {seats.length > 1 && (
        <p className="other-seats">
          Someone else?{' '}
          {seats
            .filter((s) => s !== next)
            .map((s) => (
              <button type="button" className="button" key={s} onClick={() => onShow(s)}>
                Show {who(s)}'s seat
              </button>
            ))}
        </p>
      )}
    </section>
  );
}

export function HotSeatBar({
  players,
  seats,
  focus,
  onPass,
  onShow,
}: {
  players: PlayerInfo[];
  seats: readonly number[];
  focus: Viewer;
  onPass: () => void;
  onShow: (viewer: Viewer) => void;
}) {
  const who = seatCaller(players, seats);
  return (
    <p className="panel hot-seat-bar">
      <span>
        Hot-seat ·{' '}
        {focus === 'spectator' ? (
          'showing the public table'
        ) : (
          <>
            showing <SeatBadge player={playerOf(players, focus)} /> {who(focus)}'s seat
          </>
        )}
      </span>
      <button type="button" className="button" onClick={onPass}>
        Hide and pass the device
      </button>
      {focus !== 'spectator' && seats.length > 0 && (
        <button type="button" className="button" onClick={() => onShow('spectator')}>
          Show the public table
        </button>
      )}
    </p>
  );
}
