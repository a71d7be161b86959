/**
 * Clickable board elements. An element with one matching legal action emits it on click (or Enter /
 * Space); with several, it opens a small menu of their labels. With none, it is drawn inert.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode, SVGProps } from 'react';
import type { ActionRef } from '../actions.ts';

interface MenuState {
  readonly refs: readonly ActionRef[];
  readonly title: string;
  readonly x: number;
  readonly y: number;
}

interface ActionApi {
  perform(ref: ActionRef): void;
  choose(refs: readonly ActionRef[], title: string, anchor: Element): void;
}

const ActionContext = createContext<ActionApi | null>(null);

export function ActionScope({
  onAction,
  children,
}: {
  onAction: (action: unknown) => void;
  children: ReactNode;
}) {
  const [menu, setMenu] = useState<MenuState | null>(null);
  const api = useMemo<ActionApi>(
    () => ({
      perform: (ref) => {
        setMenu(null);
        onAction(ref.action);
      },
      choose: (refs, title, anchor) => {
        const box = anchor.getBoundingClientRect();
        setMenu({ refs, title, x: box.left, y: box.bottom });
      },
    }),
    [onAction],
  );
  return (
    <ActionContext.Provider value={api}>
      {children}
      {menu && <ChoiceMenu menu={menu} onPick={api.perform} onClose={() => setMenu(null)} />}
    </ActionContext.Provider>
  );
}

function ChoiceMenu({
  menu,
  onPick,
  onClose,
}: {
  menu: MenuState;
  onPick: (ref: ActionRef) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('button')?.focus();
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [onClose]);
  const width = 300;
  const left = Math.max(8, Math.min(menu.x, window.innerWidth - width - 8));
  const top = Math.min(menu.y + 4, window.innerHeight - 40 - 36 * Math.min(menu.refs.length, 8));
  return (
    <div
      ref={box}
      className="choice-menu"
      role="menu"
      aria-label={menu.title}
      style={{ left, top: Math.max(8, top), maxWidth: width }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="choice-title">{menu.title}</div>
      {menu.refs.map((ref) => (
        <button key={ref.index} role="menuitem" data-action={ref.index} onClick={() => onPick(ref)}>
          {ref.label}
        </button>
      ))}
      <button className="choice-cancel" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

function useActionApi(): ActionApi {
  const api = useContext(ActionContext);
  if (!api) throw new Error('Actionable used outside an ActionScope');
  return api;
}

/** What a click on an element with these actions does. */
function useActivate(refs: readonly ActionRef[], title: string) {
  const api = useActionApi();
  return useCallback(
    (target: Element) => {
      if (refs.length === 1) api.perform(refs[0]!);
      else if (refs.length > 1) api.choose(refs, title, target);
    },
    [api, refs, title],
  );
}

function interactive(refs: readonly ActionRef[], title: string, activate: (target: Element) => void) {
  const label = refs.length === 1 ? refs[0]!.label : `${title} (${refs.length} choices)`;
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    'data-actions': refs.map((r) => r.index).join(' '),
    onClick: (e: MouseEvent<Element>) => {
      e.stopPropagation();
      activate(e.currentTarget);
    },
    onKeyDown: (e: KeyboardEvent<Element>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        activate(e.currentTarget);
      }
    },
  };
}

interface HtmlActProps {
  readonly refs: readonly ActionRef[];
  /** Menu heading when several actions share the element. */
  readonly title?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
  readonly children?: ReactNode;
  readonly as?: 'div' | 'span' | 'li';
}

/** An HTML element (a card, a chip) that carries legal actions. */
export function Act({ refs, title = 'Choose', className = '', style, children, as = 'div' }: HtmlActProps) {
  const activate = useActivate(refs, title);
  const Tag = as;
  if (refs.length === 0)
    return (
      <Tag className={className} style={style}>
        {children}
      </Tag>
    );
  return (
    <Tag className={`${className} act`} style={style} {...interactive(refs, title, activate)}>
      {children}
    </Tag>
  );
}

/** A real button for prompt actions (skip, quantities, accept…); hidden when nothing matches. */
export function ActButton({
  refs,
  title = 'Choose',
  className = '',
  children,
}: {
  refs: readonly ActionRef[];
  title?: string;
  className?: string;
  children?: ReactNode;
}) {
  const activate = useActivate(refs, title);
  if (refs.length === 0) return null;
  return (
    <button
      type="button"
      className={`act-btn ${className}`}
      data-actions={refs.map((r) => r.index).join(' ')}
      aria-label={refs.length === 1 ? refs[0]!.label : undefined}
      onClick={(e) => activate(e.currentTarget)}
    >
      {children ?? (refs.length === 1 ? refs[0]!.label : title)}
    </button>
  );
}

/** An SVG group that carries legal actions. */
export function ActG({
  refs,
  title = 'Choose',
  className = '',
  quiet = false,
  children,
  ...rest
}: {
  refs: readonly ActionRef[];
  title?: string;
  /** Outlined only on hover or focus: for large areas whose actions another element also offers. */
  quiet?: boolean;
} & SVGProps<SVGGElement>) {
  const activate = useActivate(refs, title);
  if (refs.length === 0)
    return (
      <g className={className} {...rest}>
        {children}
      </g>
    );
  return (
    <g
      className={`${className} act ${quiet ? 'quiet' : ''}`}
      {...rest}
      {...interactive(refs, title, activate)}
    >
      <title>{refs.length === 1 ? refs[0]!.label : title}</title>
      {children}
    </g>
  );
}
