/**
 * Arrow keys in a list of choices (a choice menu, the list of legal actions): Down and Up move to
 * the next and previous choice, wrapping around; Home and End to the first and last. Focus moves;
 * nothing is chosen until Enter or Space.
 */
const STEPS: Readonly<Record<string, (at: number, count: number) => number>> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/** The choices of a list: its menu items, else its enabled buttons. */
function choicesOf(list: HTMLElement): HTMLElement[] {
  const items = list.querySelectorAll<HTMLElement>('[role="menuitem"]');
  const all = items.length > 0 ? items : list.querySelectorAll<HTMLElement>('button');
  return Array.from(all).filter((el) => !(el as HTMLButtonElement).disabled);
}

/** Moves the focus within `list` for `key`; whether the key was one of these (then the caller stops it). */
export function moveFocus(list: HTMLElement, key: string): boolean {
  const step = STEPS[key];
  if (!step) return false;
  const choices = choicesOf(list);
  if (choices.length === 0) return false;
  const at = choices.indexOf(document.activeElement as HTMLElement);
  // From outside the list, Down enters at the top and Up at the bottom.
  const from = at >= 0 ? at : key === 'ArrowUp' ? 0 : -1;
  choices[step(from, choices.length)]!.focus();
  return true;
}
