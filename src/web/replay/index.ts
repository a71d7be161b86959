/** The replay page, loaded on first visit (its own chunk). */
import { lazy } from 'react';

export const ReplayPage = lazy(() => import('./ReplayPage.tsx'));
