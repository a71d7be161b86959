/**
 * Explanations that work without a mouse: a term that opens a small note on a click, a tap or
 * Enter (a `title` tooltip shows on hover only, so a phone never shows it), and a board's legend,
 * a disclosure that says what every mark on the board means.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import './common.css';

/** A term (a chip, a number) that explains itself when pressed; Escape or a press elsewhere closes it. */
export function Explain({
  children,
  text,
  className = '',
}: {
  /** What the board shows: the term's own words stay its accessible name. */
  children: ReactNode;
  /** The explanation. */
  text: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLSpanElement>(null);
  const note = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  // Kept on the screen: a note near the right edge moves left rather than widen the page.
  useLayoutEffect(() => {
    const el = note.current;
    if (!open || !el) return;
    el.style.transform = '';
    const over = el.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
    const room = el.getBoundingClientRect().left - 8;
    if (over > 0) el.style.transform = `translateX(${-Math.min(over, room)}px)`;
  }, [open]);
  return (
    <span ref={box} className={`explain ${className}`}>
      <button
        type="button"
        className="explain-term"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(e) => {
          // A term inside a clickable board element explains itself and does nothing else.
          e.stopPropagation();
          setOpen(!open);
        }}
      >
        {children}
        {/* Said with the term, so a screen reader need not open the note. */}
        {typeof text === 'string' && <span className="sr-only">: {text}</span>}
      </button>
      {open && (
        <span ref={note} id={id} role="note" className="explain-note">
          {text}
        </span>
      )}
    </span>
  );
}

/** One line of a legend: a mark as the board draws it, and what it means. */
export interface LegendEntry {
  readonly mark: ReactNode;
  readonly text: ReactNode;
}

/** A board's legend: closed to one line at first, so the board stays in view; a tap opens it. */
export function Legend({
  title = 'What the marks mean',
  entries,
}: {
  title?: string;
  entries: readonly LegendEntry[];
}) {
  return (
    <details className="board-legend">
      <summary>{title}</summary>
      <dl>
        {entries.map((entry, i) => (
          <div key={i} className="legend-row">
            <dt>{entry.mark}</dt>
            <dd>{entry.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
