import type { PiAction, PiView } from '../../../games/pocket-imperium/state.ts';

export type { PiAction, PiView };
