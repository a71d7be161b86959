/**
 * This browser's display name. A guest is given one on their first visit ("Guest 4821"), may change
 * it from the header on any page, and every table they create or join from then on starts from it.
 * It is kept in localStorage; the server checks it again whenever it is used (protocol
 * `DisplayName`), and every page draws names as text, never as markup.
 */
import { useSyncExternalStore } from 'react';
import { nameProblem } from './nameRules.ts';

export { NAME_MAX, nameProblem } from './nameRules.ts';

const KEY = 'prosper.name';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The name for this visit when storage is refused (private modes): made once, kept in memory. */
let unstored: string | null = null;
const listeners = new Set<() => void>();

/** "Guest 4821": a guest's name until they choose one. */
function newGuestName(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return `Guest ${1000 + (n! % 9000)}`;
}

/** This browser's display name: the one last chosen, else a guest name made up and kept now. */
export function guestName(): string {
  const stored = storage()?.getItem(KEY) ?? unstored;
  if (stored !== null && nameProblem(stored) === null) return stored.trim();
  const made = newGuestName();
  unstored = made;
  storage()?.setItem(KEY, made);
  return made;
}

/** Keeps a name (the caller has checked it with `nameProblem`) and tells every page showing it. */
export function setGuestName(name: string): void {
  unstored = name.trim();
  storage()?.setItem(KEY, unstored);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  // Another tab of the site changed it: this one shows the new name too.
  const fromOtherTab = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  listeners.add(listener);
  addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', fromOtherTab);
  };
}

/** The display name, kept up to date. */
export function useGuestName(): string {
  return useSyncExternalStore(subscribe, guestName);
}
