/**
 * The page's own question before a costly or irreversible move: the server's `confirm` text for
 * that legal action (`render.confirm`), in a modal dialog (the browser's `<dialog>`: focus kept
 * inside, Escape cancels) drawn in the page's style. Nothing is sent until "Confirm"; "Cancel",
 * Escape or a click beside it sends nothing.
 */
import { useEffect, useRef } from 'react';

export interface Question {
  readonly question: string;
  /** The action's words (`labels`), so the player sees what would be done. */
  readonly label: string | null;
}

export function ConfirmDialog({
  ask,
  onConfirm,
  onCancel,
}: {
  ask: Question;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The safe answer has the focus: Enter on a misclick still sends nothing.
    dialog.querySelector<HTMLButtonElement>('.confirm-cancel')?.focus();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-question"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div className="confirm-body">
        <h2 id="confirm-question">{ask.question}</h2>
        {ask.label && (
          <p className="confirm-label">
            Your choice: <b>{ask.label}</b>
          </p>
        )}
        <p className="confirm-buttons">
          <button type="button" className="button confirm-cancel" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary confirm-ok" onClick={onConfirm}>
            Confirm
          </button>
        </p>
      </div>
    </dialog>
  );
}
