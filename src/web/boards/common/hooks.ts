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

/** "Ada wins", "You win", "Ada and Basil win". */
export function winPhrase(
  players: readonly { name: string }[],
  seats: readonly number[],
  viewer: number | 'spectator',
): string {
  const names = seats.map((s) => nameOf(players, s, viewer));
  const plural = seats.length > 1 || seats[0] === viewer;
  return `${names.join(' and ')} ${plural ? 'win' : 'wins'}`;
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
