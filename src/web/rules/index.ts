/** The rules pages, loaded on first visit (their own chunk; each game's text is another). */
import { lazy } from 'react';

export const RulesPage = lazy(() => import('./RulesPage.tsx'));
