/** The lobby is the start page (first load); the join page and the create form are chunks of their own. */
import { lazy } from 'react';

export { default as LobbyPage } from './LobbyPage.tsx';
export const JoinPage = lazy(() => import('./JoinPage.tsx'));
