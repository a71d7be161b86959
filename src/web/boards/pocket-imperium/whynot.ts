/**
 * What a click on a hex that is not highlighted would have been, where the step makes it one
 * action: the action asked about (WhyNot.tsx). Never taken: the server checks it with the game's
 * rules and says why not. A hex that would start a fleet or an attack needs a number of ships the
 * click does not say, so it asks nothing.
 */
import { COMMANDS } from './model.ts';
import type { PiAction, PiView } from './types.ts';

type Command = (typeof COMMANDS)[number];

/** The command being played, as everyone sees it (plans are revealed slot by slot). */
function commandNow(view: PiView): Command | null {
  if (view.phase !== 'perform' || view.actor === null) return null;
  const slot = view.plans[view.actor]?.[view.step];
  return slot === null || slot === undefined ? null : (COMMANDS[slot] ?? null);
}

const BY_COMMAND: Readonly<Record<Command, (view: PiView, hex: number) => PiAction | undefined>> = {
  expand: (_view, hex) => ({ type: 'expand', hex }),
  explore: (view, hex) => (view.fleet ? { type: 'move', to: hex } : undefined),
  exterminate: (view, hex) => (view.attack ? undefined : { type: 'target', hex }),
};

export function hexWouldBe(view: PiView, hex: number): PiAction | undefined {
  if (view.phase === 'setup') return { type: 'place', hex };
  if (view.phase === 'exploit') {
    const sector = view.sector[hex] ?? -1;
    return sector >= 0 ? { type: 'score', sector } : undefined;
  }
  const command = commandNow(view);
  return command ? BY_COMMAND[command](view, hex) : undefined;
}
