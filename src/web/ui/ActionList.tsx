/**
 * The plain list of legal actions: always there, usable with the keyboard alone (Tab, or the
 * arrow keys, Home and End within it).
 */
import type { ActionRef } from '../boards/actions.ts';
import { moveFocus } from './focusKeys.ts';

export function ActionList({
  refs,
  active,
  onAction,
  idle = 'Legal actions: none — not your turn',
}: {
  refs: readonly ActionRef[];
  active: boolean;
  onAction: (action: unknown) => void;
  /** What the list says when there is nothing to choose: why (the game is over, you are watching…). */
  idle?: string;
}) {
  return (
    <details className="panel action-list" open={refs.length > 0 && refs.length <= 12}>
      <summary>{active ? `All your legal actions (${refs.length})` : idle}</summary>
      {active && (
        <ol
          aria-label="Your legal actions"
          onKeyDown={(e) => {
            if (moveFocus(e.currentTarget, e.key)) e.preventDefault();
          }}
        >
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
