/** The players' guides, loaded on first visit (their own chunk; each game's text is another). */
import { lazy } from 'react';

export const PlayPage = lazy(() => import('./PlayPage.tsx'));
