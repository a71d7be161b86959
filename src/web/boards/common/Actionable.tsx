/**
 * Clickable board elements. An element with one matching legal action emits it on click (or Enter /
 * Space); with several, it opens a small menu of their labels. With none, it is drawn inert.
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
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode, SVGProps } from 'react';
import type { ActionRef } from '../actions.ts';
import { useWhyNot } from './WhyNot.tsx';
import { moveFocus } from '../../ui/focusKeys.ts';

interface MenuState {
  readonly refs: readonly ActionRef[];
  readonly title: string;
  /** The element that opened the menu: the menu sits below it (or above), and focus returns to it. */
  readonly anchor: Element;
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
      choose: (refs, title, anchor) => setMenu({ refs, title, anchor }),
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
  // Placed once its height is known: below the element if it fits, else above, always on screen.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const at = menu.anchor.getBoundingClientRect();
    const height = el.offsetHeight;
    const below = at.bottom + 4;
    const above = at.top - height - 4;
    const top =
      below + height <= window.innerHeight - 8
        ? below
        : above >= 8
          ? above
          : Math.max(8, window.innerHeight - height - 8);
    el.style.top = `${top}px`;
    el.style.left = `${Math.max(8, Math.min(at.left, window.innerWidth - el.offsetWidth - 8))}px`;
    el.style.visibility = 'visible';
  }, [menu]);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [onClose]);
  const back = () => {
    onClose();
    (menu.anchor as HTMLElement).focus?.();
  };
  return (
    <div
      ref={box}
      className="choice-menu"
      role="menu"
      aria-label={menu.title}
      style={{ left: 0, top: 0, maxWidth: 300, visibility: 'hidden' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          back();
        } else if (e.key === 'Tab') {
          // Tab leaves a menu (WAI-ARIA): from the element that opened it, to whatever follows it.
          back();
        } else if (moveFocus(e.currentTarget, e.key)) e.preventDefault();
      }}
    >
      {/* The menu's name already; shown for the eye. */}
      <div className="choice-title" aria-hidden="true">
        {menu.title}
      </div>
      {menu.refs.map((ref) => (
        <button
          key={ref.index}
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-action={ref.index}
          onClick={() => onPick(ref)}
        >
          {ref.label}
        </button>
      ))}
      <button type="button" role="menuitem" tabIndex={-1} className="choice-cancel" onClick={back}>
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

/**
 * An element's accessible name: what its action does, led by the words it shows (`name`) when the
 * action's label does not already contain them, so that a person who says what they see can
 * activate it (WCAG's label in name).
 */
function accessibleName(action: string, name: string | undefined): string {
  if (!name || action.toLowerCase().includes(name.toLowerCase())) return action;
  return `${name}: ${action}`;
}

function interactive(
  refs: readonly ActionRef[],
  title: string,
  activate: (target: Element) => void,
  name?: string,
) {
  const label = refs.length === 1 ? refs[0]!.label : `${title} (${refs.length} choices)`;
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': accessibleName(label, name),
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
  /** The words the element shows, when its action's label may not contain them. */
  readonly name?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
  readonly children?: ReactNode;
  readonly as?: 'div' | 'span' | 'li';
  /**
   * The action a click would have been when none is legal (a card to play, an order to fill): a
   * click then asks the server why not (see WhyNot.tsx). Only ever asked about, never taken.
   */
  readonly whyNot?: unknown;
}

/** An HTML element (a card, a chip) that carries legal actions. */
export function Act({
  refs,
  title = 'Choose',
  name,
  className = '',
  style,
  children,
  as = 'div',
  whyNot,
}: HtmlActProps) {
  const activate = useActivate(refs, title);
  const why = useWhyNot(refs.length === 0 ? whyNot : undefined, title);
  const Tag = as;
  if (refs.length === 0)
    return (
      <Tag className={className} style={style} {...why}>
        {children}
      </Tag>
    );
  return (
    <Tag className={`${className} act`} style={style} {...interactive(refs, title, activate, name)}>
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
  // A button that shows its own words is named by them (label in name); the action's full label
  // then describes it.
  const label = refs.length === 1 ? refs[0]!.label : undefined;
  return (
    <button
      type="button"
      className={`act-btn ${className}`}
      data-actions={refs.map((r) => r.index).join(' ')}
      aria-label={children === undefined ? label : undefined}
      title={children === undefined ? undefined : label}
      onClick={(e) => activate(e.currentTarget)}
    >
      {children ?? label ?? title}
    </button>
  );
}

/** An SVG group that carries legal actions. */
export function ActG({
  refs,
  title = 'Choose',
  name,
  className = '',
  quiet = false,
  whyNot,
  children,
  ...rest
}: {
  refs: readonly ActionRef[];
  title?: string;
  /** The words the element shows, when its action's label may not contain them. */
  name?: string;
  /** Outlined only on hover or focus: for large areas whose actions another element also offers. */
  quiet?: boolean;
  /** As `Act`'s: the action a click would have been, asked about when none is legal. */
  whyNot?: unknown;
} & SVGProps<SVGGElement>) {
  const activate = useActivate(refs, title);
  const why = useWhyNot(refs.length === 0 ? whyNot : undefined, title);
  if (refs.length === 0)
    return (
      <g className={className} {...rest} {...why}>
        {children}
      </g>
    );
  return (
    <g
      className={`${className} act ${quiet ? 'quiet' : ''}`}
      {...rest}
      {...interactive(refs, title, activate, name)}
    >
      <title>{refs.length === 1 ? refs[0]!.label : title}</title>
      {children}
    </g>
  );
}
