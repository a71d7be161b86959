import type { VisibleEvent, Viewer } from '../../core/index.ts';
import { COMMANDS, PROSPERITY_CARDS } from './data.ts';
import { NEUTRAL, NOBODY } from './state.ts';
import type { PiEvent } from './state.ts';

export const SEAT_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const seatName = (seat: number) => `Player ${SEAT_LETTERS[seat] ?? seat}`;
export const hexName = (hex: number) => `#${hex}`;
export const commandLabel = (c: number) => {
  const name = COMMANDS[c] ?? '?';
  return name[0]!.toUpperCase() + name.slice(1);
};
const ownerName = (o: number) =>
  o === NEUTRAL ? 'the neutral ships' : o === NOBODY ? 'nobody' : seatName(o);

const REQUIREMENT_TEXT = {
  'tri-prime': 'control Tri-Prime',
  'level-1': 'most level-I systems',
  'level-2': 'most level-II systems',
  'largest-fleet': 'largest fleet',
} as const;

export function cardLabel(id: number): string {
  const card = PROSPERITY_CARDS[id];
  if (!card) return '?';
  return `${REQUIREMENT_TEXT[card.requirement]} [${card.slots.map((c) => commandLabel(c)).join('/')}]`;
}

/** "3" or "3+1 Prosperity" (the strength, with the card's share named). */
export function strengthText(strength: number, bonus: number): string {
  return bonus > 0 ? `${strength - bonus}+${bonus} Prosperity` : String(strength);
}

const ships = (n: number) => `${n} ship${n === 1 ? '' : 's'}`;

function battleText(event: Extract<PiEvent, { type: 'battle' }>): string {
  const attacker = seatName(event.seat);
  const hex = hexName(event.hex);
  if (event.defenders === 0)
    return `${attacker} takes the empty system ${hex} with ${ships(event.attackers)}.`;
  const attackersLeft = event.attackers - event.losses;
  const defendersLeft = event.defenders - event.losses;
  const result =
    attackersLeft > 0
      ? `${attacker} holds it with ${attackersLeft}`
      : defendersLeft > 0
        ? `${ownerName(event.defender)} keeps it with ${defendersLeft}`
        : 'the system is left empty';
  return (
    `${attacker} invades ${hex} with ${event.attackers} against ${event.defenders} of ` +
    `${ownerName(event.defender)}: both lose ${event.losses}; ${result}.`
  );
}

function publicText(event: Exclude<PiEvent, { type: 'planned' }>): string {
  switch (event.type) {
    case 'place':
      return `${seatName(event.seat)} places 2 ships on ${hexName(event.hex)}.`;
    case 'reveal':
      return `Step ${event.step + 1} (command and strength): ${event.commands
        .map(
          (c, s) =>
            `${SEAT_LETTERS[s]} ${commandLabel(c)} ${strengthText(event.strengths[s]!, event.bonus[s]!)}`,
        )
        .join(', ')}.`;
    case 'expand':
      return `${seatName(event.seat)} adds a ship to ${hexName(event.hex)}.`;
    case 'fleet':
      return `${seatName(event.seat)} sends a fleet of ${ships(event.ships)} from ${hexName(event.from)}.`;
    case 'move':
      return `${seatName(event.seat)}'s fleet (${event.ships}) moves to ${hexName(event.to)}.`;
    case 'pickup':
      return `${seatName(event.seat)}'s fleet picks up ${event.ships} at ${hexName(event.hex)}.`;
    case 'drop':
      return `${seatName(event.seat)}'s fleet leaves ${event.ships} at ${hexName(event.hex)}.`;
    case 'arrive':
      return `${seatName(event.seat)}'s fleet of ${ships(event.ships)} ends its move at ${hexName(event.hex)}.`;
    case 'target':
      return `${seatName(event.seat)} prepares to invade ${hexName(event.hex)}.`;
    case 'attack':
      return `${seatName(event.seat)} commits ${ships(event.ships)} from ${hexName(event.from)}.`;
    case 'battle':
      return battleText(event);
    case 'stop':
      return `${seatName(event.seat)} stops the command.`;
    case 'skip':
      return `${seatName(event.seat)} has nothing to ${commandLabel(event.command)} and is skipped.`;
    case 'sustain':
      return event.owner === NEUTRAL
        ? `The neutral ships lose ${ships(event.lost)} at ${hexName(event.hex)}, more than the hex can sustain.`
        : `${ownerName(event.owner)} loses ${ships(event.lost)} at ${hexName(event.hex)}, more than the hex can sustain (back to the supply).`;
    case 'score': {
      const where = event.sector < 0 ? 'Tri-Prime' : `sector ${event.sector}`;
      const gains = event.gains.map((g, s) => `${SEAT_LETTERS[s]} +${g}`).join(', ');
      if (event.seat === null)
        return `Last-round scoring${event.multiplier > 1 ? ` (×${event.multiplier})` : ''}, ${where}: ${gains}.`;
      const who = `${seatName(event.seat)}${event.extra ? ' (extra choice for holding Tri-Prime)' : ''}`;
      return `${who} scores ${where}: ${gains}.`;
    }
    case 'claim':
      return event.seat === null
        ? `Prosperity card (${cardLabel(event.card)}) is discarded.`
        : `${seatName(event.seat)} claims the Prosperity card (${cardLabel(event.card)}).`;
    case 'forecast':
      return `Forecast: Prosperity card ${event.position + 1} is ${cardLabel(event.card)}.`;
    case 'round':
      return `Round ${event.round} begins; ${seatName(event.start)} starts.`;
    case 'end':
      return `Game over: ${event.scores.map((v, s) => `${SEAT_LETTERS[s]} ${v}`).join(', ')} VP.`;
  }
}

export function viewEventOf(event: PiEvent, viewer: Viewer): VisibleEvent | null {
  if (event.type === 'planned') {
    // Whether a seat has submitted is public; what it planned (or whether it changed) is not.
    if (viewer === event.seat)
      return {
        type: 'planned',
        text: `You plan ${event.order.map(commandLabel).join(', ')}.`,
        data: { seat: event.seat, order: event.order },
      };
    return { type: 'planned', text: `${seatName(event.seat)} has a plan in.`, data: { seat: event.seat } };
  }
  return { type: event.type, text: publicText(event), data: event };
}
