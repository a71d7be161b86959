/**
 * Prosperitea's guided first game: three shops (the learner and two Casual bots), one full turn
 * taken step by step, then a turn on one's own. Rules: docs/rules/prosperitea.md; the players'
 * guide: docs/play/prosperitea.md.
 */
import type { ProsperiteaAction } from '../../games/prosperitea/state.ts';
import type { ProsperiteaView } from '../../games/prosperitea/view.ts';
import type { LearnState, Pointer, TutorialScript } from './script.ts';

type S = LearnState<ProsperiteaView, ProsperiteaAction>;
type Kind = ProsperiteaAction['type'];

const can = (s: S, ...kinds: Kind[]) => s.legal.some((a) => kinds.includes(a.type));
const is =
  (...kinds: Kind[]) =>
  (a: ProsperiteaAction) =>
    kinds.includes(a.type);
const myTurn = (s: S) => s.view.current === s.seat && s.view.phase !== 'draft' && s.view.phase !== 'over';

/** The budget to suggest: $3 (three cards) when it can be paid, else the cheapest. */
function suggestedBudget(s: S): number {
  const budgets = s.legal.flatMap((a) => (a.type === 'source' ? [a.budget] : []));
  return budgets.includes(3) ? 3 : Math.min(...budgets);
}

/** On one's own, the ring still suggests a choice at each moment: the guided turn's, in its order. */
function suggestion(s: S): Pointer<ProsperiteaAction> {
  const budget = can(s, 'source') ? suggestedBudget(s) : null;
  const order: ((a: ProsperiteaAction) => boolean)[] = [
    (a) => a.type === 'source' && a.budget === budget,
    is('fill'),
    is('evergreen'),
    is('supply', 'favor', 'ask'),
    is('sell'),
    is('accept'),
    is('end'),
  ];
  const pick = order.find((test) => s.legal.some(test));
  return { click: pick ?? (() => false), look: '.board-area .decks' };
}

const script: TutorialScript<ProsperiteaView, ProsperiteaAction> = {
  steps: [
    {
      id: 'welcome',
      kind: 'read',
      title: 'Welcome to your tea shop',
      text:
        'You run one of three tea shops; the other two are Casual bots. Each turn you buy ingredients and ' +
        'blend them into the teas customers order. A filled order is either sold for money, which buys more ' +
        'ingredients, or put on display in your shop for prestige (★), which wins the game.\n\n' +
        'This panel explains each part as it comes up and rings the part of the board it means. Press Next ' +
        'once you have read a step; when it asks you to do something, do it on the board. "Leave tutorial" ' +
        'ends it at any time.',
      point: { look: ['.board-area .prosperitea-board', '.board-area'] },
    },
    {
      id: 'shop',
      kind: 'read',
      title: 'Your shop',
      text:
        'This is your shop, marked YOU. In its top line: your money ($), your Favor tokens (◆), the prestige ' +
        'of the orders you display (★) and your score so far. Under it, the ingredient cards you hold. The ' +
        "other shops are the bots'; everything in the shops is public.",
      point: { look: ['.board-area .shop.mine', '.board-area .shops'] },
    },
    {
      id: 'decks',
      kind: 'read',
      title: 'The ingredient decks',
      text:
        'Four decks, one per type of ingredient: Black tea, Green tea, Tisane (herbal) and Flavor, each with ' +
        'its colour and symbol. The top card of each deck lies face up for everyone to see; the dots after ' +
        'its name tell how rare it is. The rest of each deck is hidden.',
      point: { look: '.board-area .decks' },
    },
    {
      id: 'draft',
      kind: 'do',
      title: 'Choose your starting ingredients',
      text: (s) =>
        'Before the first round everyone picks starting ingredients, one card at a time, from the top of any ' +
        `deck. The first player gets the most money and the fewest cards; later players get more cards to make ` +
        `up for playing later. ${s.view.draftLeft[s.seat] === 1 ? 'You take one card' : `You take ${s.view.draftLeft[s.seat]} cards`}: ` +
        'click a deck’s top card.',
      when: (s) => can(s, 'draft'),
      until: (s) => s.view.phase !== 'draft',
      waiting: 'The bots are choosing their cards; your pick comes round in turn.',
      point: { click: is('draft'), look: '.board-area .decks' },
    },
    {
      id: 'market',
      kind: 'read',
      title: 'The orders',
      text:
        'Customers’ orders: six Standard orders and three Premium ones, which need more and pay more. Each ' +
        'order lists its ingredients, one per line: a named ingredient in a solid frame, or any ingredient ' +
        'of a type in a dashed frame. At the bottom, what it pays: money on the left if you sell it, ' +
        'prestige ★ on the right if you display it.',
      point: { look: '.board-area .market' },
    },
    {
      id: 'evergreens',
      kind: 'read',
      title: 'Evergreen orders',
      text:
        'These four orders never run out: any two cards of one type for $2. No prestige, but they turn ' +
        'spare ingredients into money for your next purchase.',
      point: { look: ['.board-area .evergreens', '.board-area .market'] },
    },
    {
      id: 'source',
      kind: 'do',
      title: 'Your turn: buy ingredients',
      text: (s) =>
        'A turn has two parts. First, sourcing: choose one deck and a budget, paid before you draw. $0 takes ' +
        '1 card, $3 takes 3 and $5 takes 4, all from the top of that deck. The chips under each deck are the ' +
        `budgets you can afford. Click the $${suggestedBudget(s)} chip ringed here, or another one you prefer.\n\n` +
        'Instead of buying you may advertise: take $2 and throw one order out of the market.',
      when: (s) => can(s, 'source'),
      point: (s) => ({
        click: (a) => a.type === 'source' && a.budget === suggestedBudget(s),
        look: '.board-area .decks',
      }),
    },
    {
      id: 'fill',
      kind: 'do',
      title: 'Fill an order',
      text: (s) =>
        can(s, 'fill', 'evergreen')
          ? 'Second part: fulfilment. Fill as many orders as you can, one after the other. Only the orders you ' +
            'can complete right now are highlighted, counting your cards, your Favor tokens and what the other ' +
            'shops could give you. Click one.'
          : 'Second part: fulfilment, filling orders. None can be completed with what you hold now, so click ' +
            'End turn. Next turn, buy the ingredients an order asks for.',
      when: (s) => myTurn(s) && can(s, 'fill', 'evergreen', 'end'),
      point: (s) => ({
        click: can(s, 'fill') ? is('fill') : can(s, 'evergreen') ? is('evergreen') : is('end'),
        look: '.board-area .market',
      }),
    },
    {
      id: 'supply',
      kind: 'do',
      title: 'Hand in the ingredients',
      text:
        'The order is yours to fill, line by line (the others only see that you are preparing an order). ' +
        'For each line, click the card you give: in your shop, or the button under the order. A Favor ' +
        'token stands for any one ingredient. Changed your mind? Back out: nothing is handed in until the ' +
        'order is complete.',
      when: (s) => can(s, 'supply', 'favor', 'ask'),
      // The learner ended the turn, or backed out, without filling an order: next time.
      skip: (s) => !myTurn(s) || can(s, 'end'),
      until: (s) => !can(s, 'supply', 'favor', 'ask'),
      point: {
        click: is('supply', 'favor', 'ask'),
        look: ['.board-area .pending', '.board-area .shop.mine'],
      },
    },
    {
      id: 'payout',
      kind: 'do',
      title: 'Sell or display',
      text:
        'The order is filled. Sell it for its money, or display it in your shop for its prestige. Money ' +
        'counts for little at the end (a point per $5) but buys ingredients; prestige is what wins. Early ' +
        'on, selling keeps your budget going: try selling this one.',
      when: (s) => can(s, 'sell', 'display'),
      // An Evergreen order pays at once, and a turn may end without an order filled.
      skip: (s) => !myTurn(s) || can(s, 'end'),
      point: { click: is('sell'), look: '.board-area .prompt' },
    },
    {
      id: 'end-turn',
      kind: 'do',
      title: 'End your turn',
      text:
        'Fill another order if one is still highlighted; when you are done, click End turn. Play passes to ' +
        'the next shop.',
      when: (s) => (myTurn(s) && can(s, 'end')) || !myTurn(s),
      until: (s) => !myTurn(s),
      waiting: 'First finish the order you are filling; then end your turn.',
      point: { click: is('end'), look: '.board-area .prompt' },
    },
    {
      id: 'others',
      kind: 'read',
      title: 'The bots’ turns',
      text:
        'Now the bots take their turns, one move at a time. The log says what each of them did, newest at ' +
        'the bottom, and the shops show their cards and money. "Others’ moves" above the log sets how fast ' +
        'their moves are shown.',
      point: { look: ['.side-area .event-log', '.board-area .shops'] },
    },
    {
      id: 'help',
      kind: 'read',
      title: 'Asking for help',
      text:
        'Short of an ingredient while filling an order? Click a card in another shop to ask its owner for ' +
        'it, instead of giving your own. Once every line is covered your requests go out; each player you ' +
        'asked accepts or declines. If all accept, you get the whole payout and each helper earns a Favor ' +
        'token from the reserve. You must give at least one line yourself.',
      point: { look: ['.board-area .reserve', '.board-area .shops'] },
    },
    {
      id: 'own-turn',
      kind: 'do',
      title: 'A turn on your own',
      text:
        'Your turn again. Buy ingredients with a budget, fill what you can, sell or display, and end your ' +
        'turn. Every highlighted element is a choice you may make; the ring suggests one at each moment.',
      when: (s) => myTurn(s) && can(s, 'source', 'advertise'),
      until: (s) => !myTurn(s),
      point: suggestion,
    },
  ],
  tips: [
    {
      id: 'asked',
      title: 'A player asks you for a card',
      text:
        'Another shop asks you for one of your cards to fill its order. Accept and you give that card and ' +
        'earn a Favor token: a point at the end, and an ingredient of your choice later. Decline and you ' +
        'keep the card; they must cover that line another way.',
      when: (s) => can(s, 'accept', 'decline'),
      point: { click: is('accept'), look: '.board-area .prompt' },
    },
    {
      id: 'declined',
      title: 'A request was declined',
      text:
        'Someone declined: the lines you asked of them are open again. Cover them another way (your card, ' +
        'a Favor token, another player) or back out of the order.',
      when: (s) => s.view.declined.length > 0 && can(s, 'supply', 'favor', 'ask', 'abandon'),
      point: { click: is('supply', 'favor', 'ask', 'abandon'), look: '.board-area .pending' },
    },
  ],
  finale: {
    title: 'How the game ends and who wins',
    text:
      'The last round starts when an empty order slot is refilled with the last card of the Standard or ' +
      'the Premium deck ("left in the deck" over each market). That round is played to the end, so everyone ' +
      'has had as many turns. Then each shop scores its prestige on display, plus 1 per Favor token, plus ' +
      '1 per full $5. The highest score wins; a tie goes to more prestige, then more Favor tokens.\n\n' +
      'That is the whole game. Play this one to its end, or start a real game against the bots.',
    point: { look: ['.board-area .shop.mine', '.board-area .shops'] },
  },
};

export default script;
