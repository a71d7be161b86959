/**
 * "Why can't I?": a click on a board element that is not highlighted asks the server why the action
 * it would have been is not allowed, and the answer is shown beside the element. The board only
 * names the would-be action (`whyNot` on `Act`/`ActG`); the server checks it with the game's own
 * rules, without taking it (docs/web.md, "Why not?"). Without a server (the gallery, replays) there
 * is no scope and such elements stay inert.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Explanation } from '../../net/client.ts';
import './why-not.css';

export type Explain = (action: unknown) => Promise<Explanation>;

interface WhyNotApi {
  /** `click`: where the pointer was (screen coordinates), null from a keyboard or a script. */
  ask(action: unknown, anchor: Element, title: string, click: { x: number; y: number } | null): void;
}

const WhyNotContext = createContext<WhyNotApi | null>(null);

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
}

/** Past this size (px) the bubble goes by the pointer, not the element: a tube, a whole sector. */
const LARGE = { height: 160, width: 300 } as const;

/** Where the bubble goes: beside the element, or beside the click on a large one. */
function pageBox(element: Element, click: { x: number; y: number } | null): Box {
  const r = element.getBoundingClientRect();
  const tall = click !== null && r.height > LARGE.height;
  const wide = click !== null && r.width > LARGE.width;
  return {
    top: (tall ? click.y - 12 : r.top) + window.scrollY,
    bottom: (tall ? click.y + 12 : r.bottom) + window.scrollY,
    left: (wide ? click.x - 24 : r.left) + window.scrollX,
  };
}

interface Asked {
  readonly n: number;
  readonly title: string;
  /** The element's box in page coordinates (the bubble scrolls with the page, beside it). */
  readonly anchor: Box;
  readonly answer: Explanation | null;
  /** What the board showed when asked: the answer is about that position, for that viewer. */
  readonly view: unknown;
  readonly viewer: unknown;
}

/** Numbers the questions of the page, so that a late answer to an earlier one is not shown. */
let questions = 0;

/**
 * Lets the elements inside ask why not, and shows the latest answer while the board shows the
 * position and the viewer it was asked about: a new view or another viewer closes it.
 */
export function WhyNotScope({
  explain,
  game,
  view,
  viewer,
  children,
}: {
  explain: Explain | undefined;
  game: string;
  view: unknown;
  viewer: unknown;
  children: ReactNode;
}) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const close = useCallback(() => setAsked(null), []);
  const api = useMemo<WhyNotApi | null>(
    () =>
      explain
        ? {
            ask: (action, anchor, title, click) => {
              const n = ++questions;
              setAsked({ n, title, anchor: pageBox(anchor, click), answer: null, view, viewer });
              void explain(action).then((answer) =>
                // Only the question on show takes its answer; a late one to an earlier question is dropped.
                setAsked((a) => (a && a.n === n ? { ...a, answer } : a)),
              );
            },
          }
        : null,
    [explain, view, viewer],
  );
  const shown = asked && asked.view === view && asked.viewer === viewer ? asked : null;
  return (
    <WhyNotContext.Provider value={api}>
      {children}
      {explain && <Bubble asked={shown} game={game} onClose={close} />}
    </WhyNotContext.Provider>
  );
}

/**
 * Props that make an element without legal actions ask why not when clicked, or nothing when there
 * is no scope or no would-be action. Not a tab stop: every hex and card would be one; the legal
 * actions stay the way through the board by keyboard, and the answer is read out (a live region).
 */
export function useWhyNot(
  whyNot: unknown,
  title: string,
): { readonly 'data-why-not'?: string; readonly onClick?: (e: MouseEvent<Element>) => void } {
  const api = useContext(WhyNotContext);
  if (!api || whyNot === undefined) return {};
  return {
    'data-why-not': title,
    onClick: (e: MouseEvent<Element>) => {
      const target = e.currentTarget;
      // Inside an element that carries legal actions, the click is that element's to take.
      if (target.parentElement?.closest('.act')) return;
      e.stopPropagation();
      // A click from the keyboard (or a script) has no pointer: detail 0.
      api.ask(whyNot, target, title, e.detail > 0 ? { x: e.clientX, y: e.clientY } : null);
    },
  };
}

function Bubble({ asked, game, onClose }: { asked: Asked | null; game: string; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // Below the element if it fits on the screen, else above it; in the page, so it scrolls with it.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !asked) return;
    const at = asked.anchor;
    const height = el.offsetHeight;
    const screenBottom = window.scrollY + window.innerHeight - 8;
    const below = at.bottom + 6;
    const above = at.top - height - 6;
    const top = below + height <= screenBottom || above < window.scrollY + 8 ? below : above;
    el.style.top = `${top}px`;
    const maxLeft = window.scrollX + document.documentElement.clientWidth - el.offsetWidth - 8;
    el.style.left = `${Math.max(window.scrollX + 8, Math.min(at.left, maxLeft))}px`;
  }, [asked]);
  useEffect(() => {
    if (!asked) return;
    const away = (e: Event) => {
      if (box.current && !box.current.contains(e.target as Node)) onClose();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('keydown', escape);
    };
  }, [asked, onClose]);
  // Always in the page, empty when closed: a live region announces what is put into it. In the
  // body, so that its page coordinates are the body's, whatever the board's boxes are.
  return createPortal(
    <div ref={box} className="why-not-bubble" role="status" aria-live="polite" aria-atomic="true">
      {asked && (
        <div className="why-not-box" data-answer={asked.answer?.kind ?? 'asking'}>
          <div className="why-not-head">
            <b>{headingOf(asked)}</b>
            <button type="button" className="why-not-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <p>
            <AnswerText answer={asked.answer} game={game} />
          </p>
        </div>
      )}
    </div>,
    document.body,
  );
}

/** What the click would have done, in the game's words once they come; the element's name till then. */
function headingOf(asked: Asked): string {
  const label = asked.answer && asked.answer.kind !== 'unavailable' ? asked.answer.label : null;
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : asked.title;
}

function AnswerText({ answer, game }: { answer: Explanation | null; game: string }) {
  if (!answer) return <span className="muted">Asking the table why not…</span>;
  if (answer.kind === 'unavailable') return <>{answer.message}</>;
  if (answer.kind === 'allowed')
    return (
      <>
        <b>Allowed now.</b> The board offers it once it has caught up with the table.
      </>
    );
  const { rule, message } = answer.refusal;
  return (
    <>
      <b>Not allowed</b> (rule{' '}
      <a
        href={`/play/${game}#${rule}`}
        target="_blank"
        rel="noopener"
        title="How this part of the game works (opens in a new tab)"
      >
        <code>{rule}</code>
      </a>
      ): {message}
    </>
  );
}
