import { useMemo } from 'react';
import { ActionIndex } from '../actions.ts';
import type { BoardProps } from '../contract.ts';

/** The board's index of legal actions, rebuilt only when the legal list changes. */
export function useActionIndex<A>(
  props: Pick<BoardProps<unknown, A>, 'legal' | 'actionLabels'>,
): ActionIndex<A> {
  const { legal, actionLabels } = props;
  return useMemo(() => new ActionIndex<A>(legal, actionLabels), [legal, actionLabels]);
}

/** "You" for the viewer's own seat, the player's name otherwise. */
export function nameOf(
  players: readonly { name: string }[],
  seat: number,
  viewer: number | 'spectator',
): string {
  if (seat === viewer) return 'You';
  return players[seat]?.name ?? `Seat ${seat + 1}`;
}
