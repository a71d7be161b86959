/**
 * Pocket Imperium's guided first game: three players (the learner and two Casual bots), boxed
 * edition with Prosperity, the first round taken step by step, then a round on one's own. Rules:
 * docs/rules/pocket-imperium.md; the players' guide: docs/play/pocket-imperium.md.
 */
import { COMMANDS, PROSPERITY_CARDS } from '../../games/pocket-imperium/data.ts';
import type { PiAction, PiView } from '../../games/pocket-imperium/state.ts';
import type { LearnState, Pointer, TutorialScript } from './script.ts';

type S = LearnState<PiView, PiAction>;
type Kind = PiAction['type'];

const can = (s: S, ...kinds: Kind[]) => s.legal.some((a) => kinds.includes(a.type));
const is =
  (...kinds: Kind[]) =>
  (a: PiAction) =>
    kinds.includes(a.type);
/** The first kind of action on offer, in the order given. */
const first = (s: S, kinds: readonly Kind[]): Kind | undefined => kinds.find((k) => can(s, k));

const COMMAND_NAME = ['Expand', 'Explore', 'Exterminate'];

/** The order this round's Prosperity card rewards (+1 strength in each step), by command index. */
function bonusOrder(view: PiView): readonly number[] {
  const card = view.prosperity ? view.chain[view.round - 1] : null;
  return card === null || card === undefined ? [0, 1, 2] : PROSPERITY_CARDS[card]!.slots;
}

/** The planner: its Submit button once three cards are in order, else the next card to take. */
function plannerPointer(s: S): Pointer<PiAction> {
  const cards = bonusOrder(s.view).map(
    (c) => `.board-area .planner .command-card[data-command="${COMMANDS[c]}"]:not([disabled])`,
  );
  return { look: ['.board-area .planner [data-actions]', ...cards, '.board-area .planner'], press: true };
}

/** What the learner's commands are about now, and what to click. */
const COMMAND_STEP: readonly { kinds: readonly Kind[]; text: string }[] = [
  {
    kinds: ['target', 'attack', 'launch'],
    text:
      'Exterminate: invade a system next to your ships. Click the target, then commit ships from one or ' +
      'more of your neighbouring spaces, then launch. Both sides lose as many ships as the smaller side ' +
      'has; if attackers are left, the system is yours.',
  },
  {
    kinds: ['fleet', 'move', 'pickup', 'drop', 'end'],
    text:
      'Explore: each action moves one fleet. Click a space with your ships and say how many go, then move ' +
      'them up to two hexes, only through empty spaces or your own. Ships that end on an empty system take ' +
      'it. Each ship moves once a round.',
  },
  {
    kinds: ['expand'],
    text:
      'Expand: each action puts a ship from your supply on a system you hold (never an empty hex). Click ' +
      'one of your systems.',
  },
];

const POINT_ORDER: readonly Kind[] = ['launch', 'attack', 'target', 'move', 'fleet', 'expand', 'end', 'stop'];

/** The learner's command (the first of its choices on offer), or the round track while others act. */
function commandPointer(s: S): Pointer<PiAction> {
  const kind = first(s, POINT_ORDER);
  return { click: kind ? is(kind) : () => false, look: ['.board-area .round-steps', '.board-area .hex-map'] };
}

const script: TutorialScript<PiView, PiAction> = {
  steps: [
    {
      id: 'welcome',
      kind: 'read',
      title: 'Welcome to Pocket Imperium',
      text:
        'A small war in space between you and two Casual bots. Each round everyone secretly plans three ' +
        'commands: Expand (build ships), Explore (move fleets) and Exterminate (invade). Then the plans are ' +
        'revealed one step at a time, and at the end of the round players choose sectors of the map to score. ' +
        'After six rounds the most victory points (VP) wins.\n\n' +
        'This panel explains each part as it comes and rings the part of the board it means. Press Next ' +
        'once you have read a step; when it asks you to do something, do it on the board. "Leave tutorial" ' +
        'ends it at any time.',
      point: { look: ['.board-area .pi-board', '.board-area'] },
    },
    {
      id: 'map',
      kind: 'read',
      title: 'The star map',
      text:
        'The map is made of hexes grouped into sectors, numbered 0 to 7 in black circles, around Tri-Prime in ' +
        'the middle (the sun marked III). Each sector has two level I systems (a small blue I, 1 VP) and one ' +
        'level II system (the golden planet, 2 VP); the other hexes are empty space. Ships show as their ' +
        "owner's letter and a count; whoever has ships in a space controls it.",
      point: { look: '.board-area .hex-map' },
    },
    {
      id: 'place',
      kind: 'do',
      title: 'Place your first ships',
      text:
        'Everyone starts by placing two ships on an empty level I system, in a sector where nobody has ships ' +
        'yet; then, in reverse order, two more in another such sector. The systems you may choose are ' +
        'highlighted: click one. You place twice.',
      when: (s) => can(s, 'place'),
      until: (s) => s.view.phase !== 'setup',
      waiting: 'The others place their ships in turn; yours comes round.',
      point: { click: is('place'), look: '.board-area .hex-map' },
    },
    {
      id: 'players',
      kind: 'read',
      title: 'The players',
      text:
        "The players' table: each player's VP, ships in supply and on the map, and their plan for the round. " +
        'The others’ commands stay face down (?) until each step reveals one; yours you always see.',
      point: { look: ['.board-area .pi-players', '.board-area'] },
    },
    {
      id: 'plan',
      kind: 'do',
      title: 'Plan your three commands',
      text: (s) =>
        'Put your three commands in order: which one in step 1, 2 and 3. A command is stronger the fewer ' +
        'players chose it for the same step: alone it gives 3 actions, shared by two 2 each, by all three 1 ' +
        'each. The Prosperity card adds +1 to the command it pictures in each step (shown under the slots).\n\n' +
        `Try ${bonusOrder(s.view)
          .map((c) => COMMAND_NAME[c])
          .join(
            ', then ',
          )}, the order this round's card rewards: click the cards in that order, then Submit plan.`,
      when: (s) => can(s, 'plan'),
      point: plannerPointer,
    },
    {
      id: 'steps',
      kind: 'read',
      title: 'The three steps',
      text:
        'Once every plan is in, step 1 reveals everyone’s first command at once; all the Expands act first, ' +
        'then the Explores, then the Exterminates, from the start player on. Then step 2, then step 3. The ' +
        'round track shows the step and who acts now with which command.',
      when: (s) => s.view.phase !== 'plan',
      waiting: 'Waiting for the bots’ plans.',
      point: { look: ['.board-area .round-steps', '.board-area .pi-players'] },
    },
    {
      id: 'commands',
      kind: 'do',
      title: 'Carry out your commands',
      text: (s) => {
        const now = COMMAND_STEP.find((c) => c.kinds.some((k) => can(s, k)));
        return now
          ? `${now.text}\n\nA command with nothing left to do ends by itself; End this command stops it early.`
          : 'The others carry out their commands; the map rings their last moves. Your own command comes in ' +
              'its turn; a command that can do nothing is skipped.';
      },
      when: (s) => s.view.phase === 'perform',
      until: (s) => s.view.phase === 'exploit' || s.view.phase === 'over',
      point: commandPointer,
    },
    {
      id: 'score',
      kind: 'do',
      title: 'Score a sector',
      text:
        'End of the round. First, each space keeps only as many ships as it can sustain (an empty hex 1, a ' +
        'level I system 2, level II 3, Tri-Prime 4). Then each player in turn picks a sector nobody picked ' +
        'yet: in it everyone scores their systems, 1 VP per level I and 2 per level II. Pick a sector where ' +
        'you gain more than the others: click its number.',
      when: (s) => can(s, 'score'),
      skip: (s) => s.view.round > 1,
      waiting: 'The others choose their sectors first.',
      point: { click: is('score'), prefer: '.sector-labels', look: '.board-area .hex-map' },
    },
    {
      id: 'prosperity',
      kind: 'read',
      title: 'Prosperity cards',
      text:
        'One Prosperity card per round. Besides its +1 strength, it gives 3 VP at the end of the round to the ' +
        'one player who meets its goal (holding Tri-Prime, or strictly the most level I or level II systems, ' +
        'or the largest fleet in one space). The next card is face up, so you can plan for it. Whoever holds ' +
        'Tri-Prime also scores an extra sector each round.',
      point: { look: ['.board-area .chain', '.board-area .pi-players'] },
    },
    {
      id: 'own-round',
      kind: 'do',
      title: 'A round on your own',
      text:
        'A new round: plan, carry out your commands and score a sector. Every highlighted element is a ' +
        'choice you may make; the ring suggests one at each moment.',
      when: (s) => can(s, 'plan'),
      until: (s) => s.view.phase === 'exploit' || s.view.phase === 'over',
      point: (s) => (can(s, 'plan') ? plannerPointer(s) : commandPointer(s)),
    },
  ],
  tips: [
    {
      id: 'fleet-halfway',
      title: 'Half-way',
      text:
        'Your fleet has moved one hex. Move it on, or end its move here; at this hex it may also pick up ' +
        'your unmoved ships or drop some of its own.',
      when: (s) => can(s, 'end') && can(s, 'move'),
      point: { click: is('move'), look: '.board-area .hex-map' },
    },
  ],
  finale: {
    title: 'How the game ends and who wins',
    text:
      'The game lasts six rounds (eight with four players). The last round is scored differently: nobody ' +
      'chooses, every sector scores once for everyone, and Tri-Prime gives its holder 3 VP. Your VP are ' +
      'what the chosen sectors gave you, plus Tri-Prime’s extra choices, plus 3 per Prosperity card. The ' +
      'most VP wins; a tie goes to whoever holds Tri-Prime, then to the most ships on the map.\n\n' +
      'That is the whole game. Play this one to its end, or start a real game against the bots.',
    point: { look: ['.board-area .pi-players', '.board-area'] },
  },
};

export default script;
