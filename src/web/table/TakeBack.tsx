/**
 * The take-back button: shown only while the server says this seat may take back its last action
 * (`update.takeBack`: the table allows it, the action revealed nothing, nobody has acted since),
 * and only once the page shows the latest update, so what is taken back is what the player sees.
 */
import type { UpdateMessage } from '../../protocol/index.ts';

export function TakeBackButton({
  update,
  ready,
  onTakeBack,
}: {
  /** The latest update of the focused viewer. */
  update: UpdateMessage | null;
  /** The page shows that update and no request is waiting for its answer. */
  ready: boolean;
  onTakeBack: () => void;
}) {
  if (!update?.takeBack || !ready) return null;
  return (
    <p className="take-back">
      <button type="button" className="button" onClick={onTakeBack}>
        Take back
      </button>{' '}
      <span className="take-back-hint">
        your last move: it showed nobody anything, and nobody has moved since.
      </span>
    </p>
  );
}

/**
 * Hot-seat: the player who just moved and handed the device over may take that move back from the
 * cover (nothing of any seat is on the screen); the cover then calls that player back.
 */
export function TakeBackOnCover({ name, onTakeBack }: { name: string; onTakeBack: () => void }) {
  return (
    <p className="take-back on-cover">
      <button type="button" className="button" onClick={onTakeBack}>
        Take back {name}&rsquo;s last move
      </button>
    </p>
  );
}
