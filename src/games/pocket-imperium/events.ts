import { does, doesWithin, nameOf, whom, whose, whoseAtStart } from '../../core/index.ts';
import type { Names, VisibleEvent, Viewer } from '../../core/index.ts';
import { COMMANDS, PROSPERITY_CARDS } from './data.ts';
import { NEUTRAL, NOBODY } from './state.ts';
import type { PiEvent } from './state.ts';

export const hexName = (hex: number) => `#${hex}`;
export const commandLabel = (c: number) => {
  const name = COMMANDS[c] ?? '?';
  return name[0]!.toUpperCase() + name.slice(1);
};

const ships = (n: number) => `${n} ship${n === 1 ? '' : 's'}`;

/** A system's defenders: "1 neutral ship", "your 2 ships", "Ann (B)'s 1 ship". */
export function defendersText(n: Names, count: number, owner: number): string {
  if (owner === NEUTRAL) return `${count} neutral ship${count === 1 ? '' : 's'}`;
  return `${whose(n, owner)} ${ships(count)}`;
}

/** An owner of ships doing something, inside a sentence: "you keep", "Ann (B) keeps", "the neutral ships keep". */
function ownerDoes(n: Names, owner: number, youForm: string, otherForm: string, neutralForm: string): string {
  if (owner === NEUTRAL) return `the neutral ships ${neutralForm}`;
  if (owner === NOBODY) return `nobody ${otherForm}`;
  return doesWithin(n, owner, youForm, otherForm);
}

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

function battleText(event: Extract<PiEvent, { type: 'battle' }>, n: Names): string {
  const hex = hexName(event.hex);
  if (event.defenders === 0)
    return `${does(n, event.seat, 'take', 'takes')} the empty system ${hex} with ${ships(event.attackers)}.`;
  const attackersLeft = event.attackers - event.losses;
  const defendersLeft = event.defenders - event.losses;
  const result =
    attackersLeft > 0
      ? `${doesWithin(n, event.seat, 'hold', 'holds')} it with ${attackersLeft}`
      : defendersLeft > 0
        ? `${ownerDoes(n, event.defender, 'keep', 'keeps', 'keep')} it with ${defendersLeft}`
        : 'the system is left empty';
  return (
    `${does(n, event.seat, 'invade', 'invades')} ${hex} with ${event.attackers} against ` +
    `${defendersText(n, event.defenders, event.defender)}: both lose ${event.losses}; ${result}.`
  );
}

/** Per-seat figures: "you +2, Ann (B) +0". */
const perSeat = (n: Names, values: readonly string[]) =>
  values.map((v, s) => `${whom(n, s)} ${v}`).join(', ');

function publicText(event: Exclude<PiEvent, { type: 'planned' }>, n: Names): string {
  switch (event.type) {
    case 'place':
      return `${does(n, event.seat, 'place', 'places')} 2 ships on ${hexName(event.hex)}.`;
    case 'reveal':
      return `Step ${event.step + 1} (command and strength): ${perSeat(
        n,
        event.commands.map(
          (c, s) => `${commandLabel(c)} ${strengthText(event.strengths[s]!, event.bonus[s]!)}`,
        ),
      )}.`;
    case 'expand':
      return `${does(n, event.seat, 'add', 'adds')} a ship to ${hexName(event.hex)}.`;
    case 'fleet':
      return `${does(n, event.seat, 'send', 'sends')} a fleet of ${ships(event.ships)} from ${hexName(event.from)}.`;
    case 'move':
      return `${whoseAtStart(n, event.seat)} fleet (${event.ships}) moves to ${hexName(event.to)}.`;
    case 'pickup':
      return `${whoseAtStart(n, event.seat)} fleet picks up ${event.ships} at ${hexName(event.hex)}.`;
    case 'drop':
      return `${whoseAtStart(n, event.seat)} fleet leaves ${event.ships} at ${hexName(event.hex)}.`;
    case 'arrive':
      return `${whoseAtStart(n, event.seat)} fleet of ${ships(event.ships)} ends its move at ${hexName(event.hex)}.`;
    case 'target':
      return `${does(n, event.seat, 'prepare', 'prepares')} to invade ${hexName(event.hex)}.`;
    case 'attack':
      return `${does(n, event.seat, 'commit', 'commits')} ${ships(event.ships)} from ${hexName(event.from)}.`;
    case 'battle':
      return battleText(event, n);
    case 'stop':
      return `${does(n, event.seat, 'stop', 'stops')} the command.`;
    case 'skip':
      return does(
        n,
        event.seat,
        `have nothing to ${commandLabel(event.command)} and are skipped.`,
        `has nothing to ${commandLabel(event.command)} and is skipped.`,
      );
    case 'sustain':
      return event.owner === NEUTRAL
        ? `The neutral ships lose ${ships(event.lost)} at ${hexName(event.hex)}, more than the hex can sustain.`
        : `${does(n, event.owner, 'lose', 'loses')} ${ships(event.lost)} at ${hexName(event.hex)}, more than the hex can sustain (back to the supply).`;
    case 'score': {
      const where = event.sector < 0 ? 'Tri-Prime' : `sector ${event.sector}`;
      const gains = perSeat(
        n,
        event.gains.map((g) => `+${g}`),
      );
      if (event.seat === null)
        return `Last-round scoring${event.multiplier > 1 ? ` (×${event.multiplier})` : ''}, ${where}: ${gains}.`;
      const extra = event.extra ? ', the extra choice for holding Tri-Prime' : '';
      return `${does(n, event.seat, 'score', 'scores')} ${where}${extra}: ${gains}.`;
    }
    case 'claim':
      return event.seat === null
        ? `Prosperity card (${cardLabel(event.card)}) is discarded.`
        : `${does(n, event.seat, 'claim', 'claims')} the Prosperity card (${cardLabel(event.card)}).`;
    case 'forecast':
      return `Forecast: Prosperity card ${event.position + 1} is ${cardLabel(event.card)}.`;
    case 'round':
      return `Round ${event.round} begins; ${doesWithin(n, event.start, 'start', 'starts')}.`;
    case 'end':
      return `Game over: ${perSeat(
        n,
        event.scores.map((v) => String(v)),
      )} VP.`;
  }
}

export function viewEventOf(event: PiEvent, viewer: Viewer, n: Names): VisibleEvent | null {
  if (event.type === 'planned') {
    // Whether a seat has submitted is public; what it planned (or whether it changed) is not.
    if (viewer === event.seat)
      return {
        type: 'planned',
        text: `You plan ${event.order.map(commandLabel).join(', ')}.`,
        data: { seat: event.seat, order: event.order },
      };
    return { type: 'planned', text: `${nameOf(n, event.seat)} has a plan in.`, data: { seat: event.seat } };
  }
  return { type: event.type, text: publicText(event, n), data: event };
}
