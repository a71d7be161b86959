/**
 * The tutorial panel of a tutorial table (`settings.tutorial`): the game's script step by step, a
 * ring on the part of the board each step means, and the ways out ("Leave tutorial" at any time;
 * at the end, "Play a real game"). It reads the update the page shows and acts on nothing itself:
 * the learner makes every move on the board, and the server decides what is legal.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useLocation } from 'wouter';
import type { TableInfo, UpdateMessage } from '../../protocol/index.ts';
import { gameInfo } from '../app/games.ts';
import { createTable, fetchGames, tablePath } from '../lobby/api.ts';
import { playNowRequest } from '../lobby/playNow.ts';
import { saveCredentials } from '../net/credentials.ts';
import { findTarget, pointerKind } from './pointer.ts';
import { advance, dismissTip, next, parseProgress, resolve, START, stepReady } from './script.ts';
import type { LearnState, Pointer, Progress, TutorialScript } from './script.ts';
import { leaveTutorial, progressKey } from './start.ts';
import { tutorialOf } from './tutorials.ts';
import './learn.css';

export interface TutorialProps {
  readonly table: TableInfo;
  /** The update the board shows. */
  readonly update: UpdateMessage;
  /** Whether the board offers the legal actions now (everything shown, no move of ours in flight). */
  readonly settled: boolean;
  /** The `seq` of the learner's last acknowledged move. */
  readonly acked: number | null;
  readonly tokens: readonly string[];
  /** The learner's name, for the real game offered at the end. */
  readonly name: string | null;
}

function useScript(game: string): TutorialScript | null | 'none' {
  const [script, setScript] = useState<TutorialScript | null | 'none'>(() =>
    tutorialOf(game) ? null : 'none',
  );
  useEffect(() => {
    const tutorial = tutorialOf(game);
    if (!tutorial) return;
    let live = true;
    void tutorial.load().then(
      (m) => live && setScript(m.default),
      () => live && setScript('none'),
    );
    return () => {
      live = false;
    };
  }, [game]);
  return script;
}

function loadProgress(table: string, steps: number): Progress {
  try {
    return parseProgress(globalThis.localStorage?.getItem(progressKey(table)) ?? null, steps);
  } catch {
    return START;
  }
}

function saveProgress(table: string, progress: Progress): void {
  try {
    globalThis.localStorage?.setItem(progressKey(table), JSON.stringify(progress));
  } catch {
    // Without storage a reload starts the script again; the table itself is kept by the server.
  }
}

export default function Tutorial(props: TutorialProps) {
  const script = useScript(props.table.game);
  if (script === null) return null;
  if (script === 'none')
    return (
      <aside className="tutorial" aria-label="Learn to play">
        <p>This game has no guided tutorial in this version of the site.</p>
        <LeaveButton {...props} />
      </aside>
    );
  return <Panel {...props} script={script} />;
}

function Panel({ script, ...props }: TutorialProps & { script: TutorialScript }) {
  const { table, update, settled, acked } = props;
  const steps = script.steps;
  const [stored, setProgress] = useState<Progress>(() => loadProgress(table.id, steps.length));
  const [hidden, setHidden] = useState(false);
  const learner: LearnState<unknown, unknown> = useMemo(
    () => ({
      view: update.view,
      legal: settled ? (update.legal ?? []) : [],
      seat: typeof update.viewer === 'number' ? update.viewer : 0,
    }),
    [update, settled],
  );

  // Worked out on every render, so a step reached by Next meets the table as it is at once; kept
  // at once too (React's "adjusting state while rendering"), since a step remembers when its
  // situation was first seen. `advance` returns its input when nothing moves, so this settles.
  const progress = advance(script, stored, learner, { seq: update.seq, acked, settled });
  if (progress !== stored) setProgress(progress);
  useEffect(() => saveProgress(table.id, progress), [table.id, progress]);

  const step = steps[progress.step] ?? null;
  const tip = progress.tip === null ? null : (script.tips.find((t) => t.id === progress.tip) ?? null);
  const ready = step ? stepReady(step, progress, learner) : true;
  // A move the script does not cover (a spell's later choice, say) while a step waits for its own.
  const meanwhile = !tip && step?.kind === 'do' && !ready && learner.legal.length > 0;
  const pointer: Pointer<unknown> | null = tip
    ? (resolve(tip.point, learner) ?? null)
    : step
      ? ready || step.kind === 'read'
        ? (resolve(step.point, learner) ?? null)
        : meanwhile
          ? ANY_MOVE
          : null
      : (script.finale.point ?? null);
  const focusKey = `${progress.step}:${tip?.id ?? ''}`;

  const panel = useRef<HTMLElement>(null);
  usePanelHeight(panel, hidden);

  if (hidden)
    return (
      <>
        <Highlight pointer={pointer} legal={learner.legal} focusKey={focusKey} panel={null} />
        <button
          type="button"
          className="tutorial-show"
          aria-expanded="false"
          aria-controls="tutorial-panel"
          onClick={() => setHidden(false)}
        >
          Learn to play: {step ? `step ${progress.step + 1} of ${steps.length}` : 'done'} — show
        </button>
      </>
    );

  const kind = tip ? 'tip' : step ? step.kind : 'finale';
  return (
    <>
      <Highlight pointer={pointer} legal={learner.legal} focusKey={focusKey} panel={panel} />
      <aside
        ref={panel}
        id="tutorial-panel"
        className="tutorial"
        aria-label="Learn to play"
        data-step={tip?.id ?? step?.id ?? 'finale'}
        data-kind={kind}
        data-ready={String(ready || meanwhile)}
      >
        <div className="tutorial-head">
          <span className="tutorial-name">Learn to play</span>
          <span className="tutorial-count">
            {step ? `Step ${progress.step + 1} of ${steps.length}` : 'Done'}
          </span>
          <button
            type="button"
            className="plain tutorial-hide"
            aria-expanded="true"
            aria-controls="tutorial-panel"
            onClick={() => setHidden(true)}
          >
            Hide
          </button>
        </div>
        <progress max={steps.length} value={Math.min(progress.step, steps.length)} aria-hidden="true" />
        <div className="tutorial-body" aria-live="polite">
          {tip && (
            <div className="tutorial-tip" role="note">
              <h2>{tip.title}</h2>
              <Paragraphs text={resolve(tip.text, learner)} />
            </div>
          )}
          {tip ? null : step ? (
            <div className="tutorial-step">
              <h2>{step.title}</h2>
              <Paragraphs text={resolve(step.text, learner)} />
              {step.kind === 'do' && (
                <p className={ready || meanwhile ? 'tutorial-do' : 'tutorial-wait'}>
                  {ready
                    ? 'Your move: do it on the board, where the ring points.'
                    : meanwhile
                      ? 'Before that, another choice of yours: the line above the board says what it is, and ' +
                        'the highlighted elements are your options (the ring shows one).'
                      : (step.waiting ??
                        'Wait for your move: the others are playing. The log shows each of their moves.')}
                </p>
              )}
            </div>
          ) : (
            <div className="tutorial-step">
              <h2>{script.finale.title}</h2>
              <Paragraphs text={script.finale.text} />
            </div>
          )}
        </div>
        {tip ? (
          <div className="tutorial-actions">
            <button type="button" className="primary" onClick={() => setProgress(dismissTip(progress))}>
              Got it
            </button>
            <ShowMe pointer={pointer} legal={learner.legal} />
            <LeaveButton {...props} />
          </div>
        ) : (
          <div className="tutorial-actions">
            {step?.kind === 'read' && (
              <button type="button" className="primary" onClick={() => setProgress(next(progress))}>
                Next
              </button>
            )}
            {!step && <PlayRealGame {...props} />}
            {!step && (
              <button type="button" onClick={() => setHidden(true)}>
                Keep playing this game
              </button>
            )}
            <ShowMe pointer={pointer} legal={learner.legal} />
            {step?.kind === 'do' && (
              <button type="button" className="plain" onClick={() => setProgress(next(progress))}>
                Skip this step
              </button>
            )}
            <LeaveButton {...props} />
          </div>
        )}
      </aside>
    </>
  );
}

/** Any of the learner's legal actions: for moves the script does not explain. */
const ANY_MOVE: Pointer<unknown> = { click: () => true };

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

/** Sets `--tutorial-height` so the page leaves room for the panel (on a phone it sits at the bottom). */
function usePanelHeight(panel: RefObject<HTMLElement | null>, hidden: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = panel.current;
    if (!el || hidden) {
      root.style.setProperty('--tutorial-height', '3rem');
      return;
    }
    const measure = () => root.style.setProperty('--tutorial-height', `${Math.ceil(el.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [panel, hidden]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty('--tutorial-height');
    },
    [],
  );
}

/**
 * The ring: follows the pointed element every frame (boards redraw, prices slide, the page scrolls)
 * and marks it `data-tutorial-target`. When the step changes it brings the element into view,
 * clear of the panel.
 */
function Highlight({
  pointer,
  legal,
  focusKey,
  panel,
}: {
  pointer: Pointer<unknown> | null;
  legal: readonly unknown[];
  focusKey: string;
  panel: RefObject<HTMLElement | null> | null;
}) {
  const ring = useRef<HTMLDivElement>(null);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    let frame = 0;
    let marked: Element | null = null;
    const tick = () => {
      const target = pointer ? findTarget(pointer, legal) : null;
      if (marked !== target) {
        marked?.removeAttribute('data-tutorial-target');
        marked = target;
      }
      target?.setAttribute('data-tutorial-target', '');
      const box = ring.current;
      if (box) {
        if (target) {
          if (shownFor.current !== focusKey) {
            shownFor.current = focusKey;
            bringIntoView(target, panel?.current ?? null);
          }
          const r = target.getBoundingClientRect();
          if (panel?.current) dock(panel.current, r);
          box.style.transform = `translate(${r.left - 5}px, ${r.top - 5}px)`;
          box.style.width = `${r.width + 10}px`;
          box.style.height = `${r.height + 10}px`;
          box.classList.toggle('below', r.top < 40);
          box.hidden = false;
        } else box.hidden = true;
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      marked?.removeAttribute('data-tutorial-target');
    };
  }, [pointer, legal, focusKey, panel]);
  const kind = pointer ? pointerKind(pointer, legal) : 'look';
  return (
    <div ref={ring} className={`tutorial-ring ${kind}`} hidden aria-hidden="true">
      <span className="tutorial-ring-label">{kind === 'click' ? 'Click here' : 'Look here'}</span>
    </div>
  );
}

/** How much of `r` a box at (left, top) of the given size would cover. */
function overlap(r: DOMRect, left: number, top: number, width: number, height: number): number {
  const w = Math.min(r.right, left + width) - Math.max(r.left, left);
  const h = Math.min(r.bottom, top + height) - Math.max(r.top, top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * On a wide screen the panel sits in a bottom corner: the right one, unless it would cover more of
 * the element it points at than the left one would (the log, a shop). A phone's panel spans the
 * width and stays put.
 */
function dock(panel: HTMLElement, r: DOMRect): void {
  const { offsetWidth: width, offsetHeight: height } = panel;
  if (width > window.innerWidth * 0.6) return panel.classList.remove('left');
  const top = window.innerHeight - 16 - height;
  const right = overlap(r, window.innerWidth - 16 - width, top, width, height);
  const left = overlap(r, 16, top, width, height);
  panel.classList.toggle('left', left < right);
}

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Scrolls so the element sits in the part of the screen the panel leaves free. */
function bringIntoView(el: Element, panel: HTMLElement | null): void {
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const r = el.getBoundingClientRect();
  const panelBox = panel?.getBoundingClientRect();
  // On a phone the panel spans the width at the bottom; on a laptop it sits in a corner beside the board.
  const covers = panelBox && panelBox.left < window.innerWidth / 3;
  const bottom = covers ? panelBox.top - 8 : window.innerHeight - 8;
  const top = 72;
  if (r.top >= top && r.bottom <= bottom) return;
  const room = bottom - top;
  const want = r.height < room ? top + (room - r.height) / 2 : top;
  window.scrollBy({ top: r.top - want, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/** Takes the keyboard to the pointed element (or scrolls to it, when it cannot take the focus). */
function ShowMe({ pointer, legal }: { pointer: Pointer<unknown> | null; legal: readonly unknown[] }) {
  const show = useCallback(() => {
    const target = pointer ? findTarget(pointer, legal) : null;
    if (!target) return;
    bringIntoView(target, document.getElementById('tutorial-panel'));
    if (target instanceof HTMLElement || target instanceof SVGElement) target.focus({ preventScroll: true });
  }, [pointer, legal]);
  if (!pointer) return null;
  return (
    <button type="button" onClick={show}>
      Show me
    </button>
  );
}

function LeaveButton({ table, tokens }: TutorialProps) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="tutorial-leave"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void leaveTutorial(table.id, tokens).then(() => navigate('/'));
      }}
    >
      {busy ? 'Leaving…' : 'Leave tutorial'}
    </button>
  );
}

/** A game against the same Casual bots, dealt from a secret seed like every table but tutorials. */
function PlayRealGame({ table, tokens, name }: TutorialProps) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const game = (await fetchGames()).find((g) => g.id === table.game);
      if (!game) throw new Error('the server no longer offers this game');
      const request = playNowRequest(game, gameInfo(game.id)?.playNowPlayers ?? game.minPlayers, name ?? '');
      const created = await createTable(request);
      saveCredentials(created.table.id, request.name, created.tokens);
      await leaveTutorial(table.id, tokens);
      navigate(tablePath(created.table.id));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="primary" disabled={busy} onClick={() => void start()}>
        {busy ? 'Setting up…' : 'Play a real game'}
      </button>
      {error && (
        <p className="error" role="alert">
          Could not start a game: {error}
        </p>
      )}
    </>
  );
}
