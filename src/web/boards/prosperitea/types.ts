import type { ProsperiteaAction } from '../../../games/prosperitea/state.ts';
import type { ProsperiteaView } from '../../../games/prosperitea/view.ts';

export type { ProsperiteaAction };
export type TView = ProsperiteaView;
