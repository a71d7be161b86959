import type { ProspectusAction } from '../../../games/prospectus/state.ts';
import type { ProspectusView } from '../../../games/prospectus/view.ts';

export type { ProspectusAction };
export type PView = ProspectusView;
