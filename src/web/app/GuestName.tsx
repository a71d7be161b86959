/**
 * The header's name: who this browser plays as, on every page, and the way to change it. The new
 * name is checked as the server checks names (1–40 characters, no control characters) and kept in
 * this browser; tables created or joined from then on use it. Seats already taken keep the name
 * they were taken with.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { nameProblem, setGuestName, useGuestName } from '../net/name.ts';

export function GuestName() {
  const name = useGuestName();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = (done: boolean) => {
    setEditing(false);
    setSaved(done);
    opener.current?.focus();
  };
  return (
    <div className="guest-name">
      <button
        ref={opener}
        type="button"
        className="guest-name-button"
        aria-expanded={editing}
        aria-controls={editing ? 'guest-name-form' : undefined}
        onClick={() => (editing ? close(false) : (setEditing(true), setSaved(false)))}
      >
        <span className="guest-name-label">Playing as</span> <span className="guest-name-text">{name}</span>{' '}
        <span className="guest-name-change">change</span>
      </button>
      <span className="sr-only" role="status">
        {saved ? `Your name is now ${name}.` : ''}
      </span>
      {editing && <NameForm current={name} onDone={close} />}
    </div>
  );
}

function NameForm({ current, onDone }: { current: string; onDone: (saved: boolean) => void }) {
  const [text, setText] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    input.current?.select();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issue = nameProblem(text);
    setProblem(issue);
    if (issue) {
      input.current?.focus();
      return;
    }
    setGuestName(text);
    onDone(true);
  };
  return (
    <form
      id="guest-name-form"
      className="guest-name-form"
      aria-label="Change your display name"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(false);
        }
      }}
    >
      <label htmlFor={`${id}-name`}>Your display name</label>
      <input
        ref={input}
        id={`${id}-name`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="nickname"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-help`}
      />
      {problem ? (
        <p id={`${id}-problem`} className="guest-name-problem" role="alert">
          {problem}
        </p>
      ) : (
        <p id={`${id}-help`} className="guest-name-help">
          What other players see at the tables you create or join from now on: 1–40 characters.
        </p>
      )}
      <div className="guest-name-buttons">
        <button type="submit" className="button primary">
          Save name
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
