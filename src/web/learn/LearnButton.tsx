/** The lobby's "Learn to play": a tutorial table against the game's Casual bots, opened at once. */
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ServerGame } from '../lobby/api.ts';
import { tablePath } from '../lobby/api.ts';
import { guestName } from '../net/name.ts';
import { startTutorial } from './start.ts';
import { tutorialOf } from './tutorials.ts';

export function LearnButton({ gameId, game }: { gameId: string; game: ServerGame | null }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tutorial = tutorialOf(gameId);
  if (!tutorial) return null;
  const start = async () => {
    if (!game) return;
    setBusy(true);
    setError(null);
    try {
      navigate(tablePath(await startTutorial(game, tutorial, guestName())));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="learn"
        disabled={!game || busy}
        onClick={() => void start()}
        aria-label={`Learn to play ${game?.name ?? ''}`.trim()}
      >
        {busy ? 'Setting up…' : 'Learn to play'}
      </button>
      {error && (
        <p className="error learn-error" role="alert">
          Could not start the tutorial: {error}
        </p>
      )}
    </>
  );
}
