/** The plain list of legal actions: always there, usable with the keyboard alone. */
import type { ActionRef } from '../boards/actions.ts';

export function ActionList({
  refs,
  active,
  onAction,
  over = false,
}: {
  refs: readonly ActionRef[];
  active: boolean;
  onAction: (action: unknown) => void;
  /** The game is over: nobody's turn, so the list says that rather than "not your turn". */
  over?: boolean;
}) {
  return (
    <details className="panel action-list" open={refs.length > 0 && refs.length <= 12}>
      <summary>
        {active
          ? `All your legal actions (${refs.length})`
          : over
            ? 'Legal actions: none — the game is over'
            : 'Legal actions: none — not your turn'}
      </summary>
      {active && (
        <ol>
          {refs.map((ref) => (
            <li key={ref.index}>
              <button type="button" data-list-action={ref.index} onClick={() => onAction(ref.action)}>
                {ref.label}
              </button>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
