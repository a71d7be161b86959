/**
 * Each game's board is its own chunk, loaded when a table of that game is first shown. A new game
 * adds one line here (see docs/web.md).
 */
import { lazy } from 'react';
import type { LazyExoticComponent } from 'react';
import type { BoardComponent } from './contract.ts';

export const BOARDS: Readonly<Record<string, LazyExoticComponent<BoardComponent>>> = {
  prospectus: lazy(() => import('./prospectus/ProspectusBoard.tsx')),
  prosperitea: lazy(() => import('./prosperitea/ProsperiteaBoard.tsx')),
  'pocket-imperium': lazy(() => import('./pocket-imperium/PocketImperiumBoard.tsx')),
};
