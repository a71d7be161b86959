/**
 * Prospectus's guided first game: three wizards (the learner and two Casual bots), the draft and
 * one whole turn taken step by step, then a turn on one's own. Rules: docs/rules/prospectus.md; the
 * players' guide: docs/play/prospectus.md.
 */
import type { ProspectusAction } from '../../games/prospectus/state.ts';
import type { ProspectusView } from '../../games/prospectus/view.ts';
import type { LearnState, Pointer, TutorialScript } from './script.ts';

type S = LearnState<ProspectusView, ProspectusAction>;
type Kind = ProspectusAction['t'];
type Phase = ProspectusView['phase'];

const can = (s: S, ...kinds: Kind[]) => s.legal.some((a) => kinds.includes(a.t));
const is =
  (...kinds: Kind[]) =>
  (a: ProspectusAction) =>
    kinds.includes(a.t);
const myTurn = (s: S) => s.view.active === s.seat && s.view.phase !== 'draft' && s.view.phase !== 'over';
const inPhase =
  (...phases: Phase[]) =>
  (s: S) =>
    phases.includes(s.view.phase);

/** A transaction step: the tube (buying, if any purchase is possible), then the quantity; or skip. */
const txPointer = (s: S): Pointer<ProspectusAction> => ({
  click: can(s, 'qty')
    ? is('qty')
    : s.legal.some((a) => a.t === 'tx' && a.kind === 'buy')
      ? (a: ProspectusAction) => a.t === 'tx' && a.kind === 'buy'
      : is('tx', 'skip'),
  look: '.board-area .price-machine',
});

/** On one's own, the ring still suggests a choice at each moment: the council, a purchase, a spell. */
function suggestion(s: S): Pointer<ProspectusAction> {
  if (can(s, 'qty', 'tx')) return txPointer(s);
  const order: ((a: ProspectusAction) => boolean)[] = [
    is('council'),
    (a) => a.t === 'play' && a.mode === 'cast',
    (a) => a.t !== 'skip',
    is('skip'),
  ];
  const pick = order.find((test) => s.legal.some(test));
  return { click: pick ?? (() => false), look: '.board-area .future-track' };
}

const script: TutorialScript<ProspectusView, ProspectusAction> = {
  steps: [
    {
      id: 'welcome',
      kind: 'read',
      title: 'Welcome to the potion market',
      text:
        'You are a young wizard trading potions against two Casual bots. Buy potions cheap, sell them dear, ' +
        'collect dividends while you hold them, and sell to the High Council. Everyone starts with $100; ' +
        'after eight turns each, everything is sold at the final prices and the richest wins.\n\n' +
        'This panel explains each part as it comes and rings the part of the board it means. Press Next ' +
        'once you have read a step; when it asks you to do something, do it on the board. "Leave tutorial" ' +
        'ends it at any time.',
      point: { look: ['.board-area .prospectus-board', '.board-area'] },
    },
    {
      id: 'machine',
      kind: 'read',
      title: 'The price machine',
      text:
        'Five potions, each with a colour and a letter: O Owl Spit, P Pixie Dust, G Goblin Wizz, T Troll ' +
        'Sweat, F Frog Juice. Each tube is filled up to its price, from $10 to $40. The bands are tanks: the ' +
        'dearer the tank, the fewer cubes you may buy at once ("buy ≤") and the bigger its dividend. A price ' +
        'pushed past $40 splits (everyone’s cubes double, the price starts again at $20); below $10 it busts ' +
        '(those cubes are lost).',
      point: { look: '.board-area .price-machine' },
    },
    {
      id: 'draft',
      kind: 'do',
      title: 'Draft your first cubes',
      text:
        'A cube is one share of a potion. To start, 25 cubes were dropped into the crystal ball, and everyone ' +
        'takes three of those that came out, one at a time, in turn. Click a potion to take one of its cubes.',
      when: (s) => can(s, 'draft'),
      until: (s) => s.view.phase !== 'draft',
      waiting: 'The bots take their cubes in turn; your pick comes round.',
      point: { click: is('draft'), look: '.board-area .ball-panel' },
    },
    {
      id: 'track',
      kind: 'read',
      title: 'The future track',
      text:
        'Future cards, each under the price the council pays on its space. The right-most card (ringed in ' +
        'red) happens at the end of this turn; then the cards slide right and a new one comes in. Each card ' +
        'shows two council demands, a row per potion (an arrow, and cubes dropped into the crystal ball) and ' +
        'the potion whose lair gets a dividend cube.',
      point: { look: '.board-area .future-track' },
    },
    {
      id: 'ball',
      kind: 'read',
      title: 'The crystal ball',
      text:
        'When a card is executed its cubes drop into the crystal ball. Most fall through, some stick and may ' +
        'be knocked out later; each cube that comes out moves its potion one space the way the card’s arrow ' +
        'points. Under the ball, the council chamber: cubes sold to the council, which pay a bonus at the end.',
      point: { look: ['.board-area .ball-panel', '.board-area .future-track'] },
    },
    {
      id: 'council',
      kind: 'do',
      title: 'Your turn: the council',
      text: (s) =>
        'A turn runs through the same steps in order. First you may sell one of your cubes to the council, ' +
        'on an open demand for that potion anywhere on the track, at the price of its space; then you may use ' +
        'that potion’s ability (under its tube). A sold demand raises its potion when its card is executed.' +
        (can(s, 'council')
          ? ' The demands you can sell to are highlighted: sell one, or skip.'
          : ' No open demand asks for a cube you own this time: skip.'),
      when: (s) => myTurn(s) && s.view.phase === 'council',
      until: (s) => !inPhase('council', 'ability')(s),
      point: (s) => ({
        click: can(s, 'council') ? is('council') : is('skip'),
        look: '.board-area .future-track',
      }),
    },
    {
      id: 'trade',
      kind: 'do',
      title: 'Buy or sell',
      text:
        'Next, one transaction: buy cubes of one potion at its price (up to its tank’s limit and what you can ' +
        'pay), or sell any number of your cubes of one potion. Click a tube, choose buy or sell, then how ' +
        'many. Or skip.',
      when: (s) => myTurn(s) && inPhase('tx1', 'qty')(s),
      skip: (s) => myTurn(s) && !inPhase('council', 'ability', 'tx1', 'qty')(s),
      until: (s) => !inPhase('tx1', 'qty')(s),
      point: txPointer,
    },
    {
      id: 'spell',
      kind: 'do',
      title: 'Play a spell',
      text:
        'Then you must play one of your three spells, in one of three ways: cast it for its effect (you name ' +
        'its target now; it works after the others may interrupt), discard it to sell one more cube to the ' +
        'council, or discard it to make your interrupt tile ready. Click a spell in your hand and choose.',
      when: (s) => myTurn(s) && can(s, 'play'),
      until: (s) => !inPhase('play', 'param', 'resell', 'reorder')(s),
      point: (s) => ({
        click: can(s, 'play') ? (a) => a.t === 'play' && a.mode === 'cast' : () => true,
        look: '.board-area .hand',
      }),
    },
    {
      id: 'execute',
      kind: 'read',
      title: 'Interrupts, then the future card',
      text:
        'Each other player whose interrupt tile is ready may now make one transaction before your spell ' +
        'works. Then the right-most future card is executed: the council blesses or curses the potions it ' +
        'asked for, its cubes drop into the crystal ball and move prices, and its dividend potion gets a cube ' +
        '(the third cube pays everyone holding it). Watch the log and the ▲/▼ badges on the tubes.',
      point: { look: ['.board-area .future-track', '.board-area .price-machine'] },
    },
    {
      id: 'trade-again',
      kind: 'do',
      title: 'Buy or sell again',
      text:
        'After the card, a second transaction, as before: click a tube, or skip. Then the cards slide along, ' +
        'a new card comes in, you draw a spell and the next player’s turn begins.',
      when: (s) => myTurn(s) && inPhase('tx2', 'qty')(s),
      skip: (s) => !myTurn(s),
      until: (s) => !inPhase('tx2', 'qty')(s),
      point: txPointer,
    },
    {
      id: 'screens',
      kind: 'read',
      title: 'Screens',
      text:
        'Everyone’s money and cubes are behind a screen. Yours shows what you own; a rival’s shows "$ ?" and ' +
        'the trades the table saw them make, newest in the record under the screens. Keeping count of what ' +
        'the others hold is part of the game.',
      point: { look: ['.board-area .screens', '.board-area .record'] },
    },
    {
      id: 'own-turn',
      kind: 'do',
      title: 'A turn on your own',
      text:
        'Your turn again: council, a transaction, a spell, then the card and a second transaction. Every ' +
        'highlighted element is a choice you may make, and the line above the board says what is being ' +
        'chosen; the ring suggests one at each moment.',
      when: (s) => myTurn(s) && s.view.phase === 'council',
      until: (s) => !myTurn(s),
      point: suggestion,
    },
  ],
  tips: [
    {
      id: 'interrupt',
      title: 'You may interrupt',
      text:
        'Another player has played a spell and your interrupt tile is ready: you may make one transaction ' +
        'now, before it works (the tile then turns inactive), or pass and keep the tile ready.',
      when: (s) => s.view.phase === 'interrupt' && s.view.active !== s.seat && can(s, 'tx', 'skip'),
      point: { click: is('skip'), look: '.board-area .price-machine' },
    },
    {
      id: 'ability',
      title: 'The potion’s ability',
      text:
        'You sold to the council, so you may now use the ability under that potion’s tube (Bounty, Trade, ' +
        'Nudge…). Its choices are highlighted; skip if you do not want it.',
      when: (s) => myTurn(s) && s.view.phase === 'ability',
      point: { click: () => true, look: '.board-area .price-machine' },
    },
  ],
  finale: {
    title: 'How the game ends and who wins',
    text:
      'With three players the game lasts eight turns each (six with four). Then cubes left on future cards ' +
      'join the council chamber and the secret tributes are shown; for every cube of a potion in the ' +
      'chamber, the council pays $1 per cube of that potion you own; and every cube is sold at its final ' +
      'price. The most money wins.\n\n' +
      'That is the whole game. Play this one to its end, or start a real game against the bots.',
    point: { look: ['.board-area .screens', '.board-area'] },
  },
};

export default script;
