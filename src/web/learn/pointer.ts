/**
 * Finding what a tutorial step points at, in the page as drawn. A `click` pointer never builds an
 * action: it looks for the board element that already carries one of the legal actions it accepts
 * (the boards mark them `data-actions`, docs/web.md "How a board element becomes clickable").
 */
import type { Pointer } from './script.ts';

function visible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return false;
  const check = (el as Element & { checkVisibility?: () => boolean }).checkVisibility;
  return check ? check.call(el) : true;
}

function firstVisible(selector: string): Element | null {
  for (const el of document.querySelectorAll(selector)) if (visible(el)) return el;
  return null;
}

/** Indexes, in the legal list, of the actions a `click` pointer accepts. */
function accepted(pointer: Pointer<unknown>, legal: readonly unknown[]): number[] {
  if (!('click' in pointer)) return [];
  const out: number[] = [];
  legal.forEach((action, i) => {
    if (pointer.click(action)) out.push(i);
  });
  return out;
}

/**
 * Where each legal action can be chosen, best first: the item of a choice menu already open for it,
 * the board element offering it, the plain list's button.
 */
const PLACES = [
  (i: number) => `.choice-menu [data-action="${i}"]`,
  (i: number) => `.board-area [data-actions~="${i}"]`,
  (i: number) => `[data-list-action="${i}"]`,
];

function clickTarget(indexes: readonly number[], prefer: string | undefined): Element | null {
  const places = prefer ? [(i: number) => `.board-area ${prefer} [data-actions~="${i}"]`, ...PLACES] : PLACES;
  for (const place of places)
    for (const i of indexes) {
      const el = firstVisible(place(i));
      if (el) return el;
    }
  return null;
}

function lookTarget(look: string | readonly string[] | undefined): Element | null {
  for (const selector of typeof look === 'string' ? [look] : (look ?? [])) {
    const el = firstVisible(selector);
    if (el) return el;
  }
  return null;
}

export function findTarget(pointer: Pointer<unknown>, legal: readonly unknown[]): Element | null {
  const prefer = 'click' in pointer ? pointer.prefer : undefined;
  return clickTarget(accepted(pointer, legal), prefer) ?? lookTarget(pointer.look);
}

/** Whether the ring asks for a click (an action is offered there now) or only to look. */
export function pointerKind(pointer: Pointer<unknown>, legal: readonly unknown[]): 'click' | 'look' {
  if ('press' in pointer && pointer.press) return 'click';
  return accepted(pointer, legal).length > 0 ? 'click' : 'look';
}
