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

function publicText(event: Exclude<PiEvent, { type: 'planned' }>): string {
  switch (event.type) {
    case 'place':
      return `${seatName(event.seat)} places 2 ships on ${hexName(event.hex)}.`;
    case 'reveal':
      return `Step ${event.step + 1}: ${event.commands
        .map((c, s) => `${SEAT_LETTERS[s]} ${commandLabel(c)} (${event.strengths[s]})`)
        .join(', ')}.`;
    case 'expand':
      return `${seatName(event.seat)} adds a ship to ${hexName(event.hex)}.`;
    case 'fleet':
      return `${seatName(event.seat)} sends a fleet of ${event.ships} from ${hexName(event.from)}.`;
    case 'move':
      return `${seatName(event.seat)}'s fleet (${event.ships}) moves to ${hexName(event.to)}.`;
    case 'pickup':
      return `${seatName(event.seat)}'s fleet picks up ${event.ships} at ${hexName(event.hex)}.`;
    case 'drop':
      return `${seatName(event.seat)}'s fleet leaves ${event.ships} at ${hexName(event.hex)}.`;
    case 'arrive':
      return `${seatName(event.seat)}'s fleet of ${event.ships} stops at ${hexName(event.hex)}.`;
    case 'target':
      return `${seatName(event.seat)} prepares to invade ${hexName(event.hex)}.`;
    case 'attack':
      return `${seatName(event.seat)} commits ${event.ships} from ${hexName(event.from)}.`;
    case 'battle':
      return (
        `${seatName(event.seat)} invades ${hexName(event.hex)} with ${event.attackers} against ` +
        `${event.defenders} of ${ownerName(event.defender)}: both lose ${event.losses}.`
      );
    case 'stop':
      return `${seatName(event.seat)} ends the command.`;
    case 'skip':
      return `${seatName(event.seat)} cannot ${commandLabel(event.command)}.`;
    case 'sustain':
      return `${hexName(event.hex)} cannot sustain ${event.lost} of ${ownerName(event.owner)}'s ships.`;
    case 'score': {
      const who =
        event.seat === null ? 'Final scoring' : `${seatName(event.seat)}${event.extra ? ' (Tri-Prime)' : ''}`;
      const where = event.sector < 0 ? 'Tri-Prime' : `sector ${event.sector}`;
      const gains = event.gains.map((g, s) => `${SEAT_LETTERS[s]} +${g}`).join(', ');
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
