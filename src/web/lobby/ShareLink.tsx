/** A table's join link with a copy button; the code alone is shown too, for reading out. */
import { useState } from 'react';
import { joinPath } from './api.ts';

export function ShareLink({ id }: { id: string }) {
  const url = `${window.location.origin}${joinPath(id)}`;
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('done');
    } catch {
      // No clipboard access (an insecure origin, a denied permission): the field stays selectable.
      setCopied('failed');
    }
  };
  return (
    <div className="share-link">
      <label htmlFor={`share-${id}`}>Join link</label>
      <div className="inline-field">
        <input
          id={`share-${id}`}
          className="share-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="muted" aria-live="polite">
        {copied === 'done' && 'Copied. '}
        {copied === 'failed' && 'Copying is not allowed here: select the link and copy it. '}
        Table code: <code className="table-code">{id}</code>
      </p>
    </div>
  );
}
