import { useMemo } from 'react';
import { ActionIndex } from '../actions.ts';
import type { BoardProps, PlayerInfo } from '../contract.ts';
import { callName, playerOf } from '../seats.ts';

/** The board's index of legal actions, rebuilt only when the legal list changes. */
export function useActionIndex<A>(
  props: Pick<BoardProps<unknown, A>, 'legal' | 'actionLabels'>,
): ActionIndex<A> {
  const { legal, actionLabels } = props;
  return useMemo(() => new ActionIndex<A>(legal, actionLabels), [legal, actionLabels]);
}

/** "Ada wins", "You win", "Ada and Basil win". */
export function winPhrase(
  players: readonly PlayerInfo[],
  seats: readonly number[],
  viewer: number | 'spectator',
): string {
  const names = seats.map((s) => nameOf(players, s, viewer));
  const plural = seats.length > 1 || seats[0] === viewer;
  return `${names.join(' and ')} ${plural ? 'win' : 'wins'}`;
}

/** "You" for the viewer's own seat, "Ann (B)" otherwise (a bot without its level: "Basil (C)"). */
export function nameOf(players: readonly PlayerInfo[], seat: number, viewer: number | 'spectator'): string {
  if (seat === viewer) return 'You';
  return callName(playerOf(players, seat));
}
