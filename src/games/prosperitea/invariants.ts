/**
 * What a well-formed state must satisfy beyond its shape, checked when a state crosses a boundary
 * (a saved state read back, a replay script): never on the hot path. Each broken invariant gives
 * one plain sentence; it speaks of the saved JSON, so it names places by their 0-based JSON index
 * (`shops[2]`, `market[4]`). Rule code may rely on every one of these.
 */
import { BACK_OUTS_PER_TURN, EVERGREEN_ORDERS, FAVOR_TOKENS, SETUP_TABLE } from './data.ts';
import type { Phase, ProsperiteaState, Source } from './state.ts';
import {
  EVERGREEN_REQS,
  KIND_COPIES,
  KIND_TYPE,
  KINDS,
  MARKET_SLOTS,
  ORDER_CARDS,
  SLOT_DECK,
} from './tables.ts';
import type { Req } from './tables.ts';

/** Far beyond any real game (a game lasts about 10-40 rounds), low enough to be plainly tampered. */
export const MAX_MONEY = 1_000_000;
export const MAX_ROUND = 100_000;

export interface Problem {
  readonly path: (string | number)[];
  readonly message: string;
}

type Report = (path: (string | number)[], message: string) => void;

const PHASES_WITHOUT_PENDING: readonly Phase[] = ['draft', 'source', 'fulfil', 'payout', 'over'];

function checkSeats(s: ProsperiteaState, report: Report): boolean {
  const sized = { draftLeft: s.draftLeft, shops: s.shops } as const;
  let ok = true;
  for (const [name, list] of Object.entries(sized))
    if (list.length !== s.players) {
      report([name], `${name} has ${list.length} entries for ${s.players} players`);
      ok = false;
    }
  for (const name of ['sold', 'evergreens'] as const)
    if (s.stats[name].length !== s.players) {
      report(['stats', name], `stats.${name} has ${s.stats[name].length} entries for ${s.players} players`);
      ok = false;
    }
  for (const name of ['first', 'current'] as const)
    if (s[name] >= s.players) {
      report([name], `${name} is ${s[name]}, but the seats are 0-${s.players - 1} in JSON`);
      ok = false;
    }
  return ok;
}

function checkShops(s: ProsperiteaState, report: Report): boolean {
  let ok = true;
  s.shops.forEach((shop, seat) => {
    if (shop.ingredients.length !== KINDS) {
      report(
        ['shops', seat, 'ingredients'],
        `shops[${seat}] counts ${shop.ingredients.length} ingredient kinds, not ${KINDS}`,
      );
      ok = false;
    }
    if (shop.money > MAX_MONEY) {
      report(['shops', seat, 'money'], `shops[${seat}] has ${shop.money} money (at most ${MAX_MONEY})`);
      ok = false;
    }
  });
  return ok;
}

function checkIngredients(s: ProsperiteaState, report: Report): void {
  const count = new Array<number>(KINDS).fill(0);
  const piles = [
    ['decks', s.decks],
    ['discards', s.discards],
  ] as const;
  for (const [name, list] of piles)
    list.forEach((pile, t) => {
      pile.forEach((k, i) => {
        if (k >= KINDS || KIND_TYPE[k] !== t)
          report([name, t, i], `${name}[${t}] holds a card that is not of its type`);
        else count[k]! += 1;
      });
    });
  s.decks.forEach((deck, t) => {
    if (deck.length === 0 && s.discards[t]!.length > 0)
      report(
        ['decks', t],
        `decks[${t}] is empty while discards[${t}] is not (an empty deck is rebuilt from its discard pile at once)`,
      );
  });
  for (const shop of s.shops) for (let k = 0; k < KINDS; k++) count[k]! += shop.ingredients[k]!;
  for (let k = 0; k < KINDS; k++)
    if (count[k] !== KIND_COPIES[k])
      report(
        [],
        `there are ${count[k]} cards of ingredient kind ${k} in decks, discard piles and shops, not ${KIND_COPIES[k]}`,
      );
}

function checkOrders(s: ProsperiteaState, report: Report): void {
  if (s.market.length !== MARKET_SLOTS) {
    report(['market'], `the market has ${s.market.length} slots, not ${MARKET_SLOTS}`);
    return;
  }
  const seen = new Array<number>(ORDER_CARDS.length).fill(0);
  const note = (id: number, path: (string | number)[]) => {
    if (id >= ORDER_CARDS.length) report(path, `there is no order card ${id}`);
    else seen[id]! += 1;
  };
  s.market.forEach((id, slot) => {
    if (id === null) return;
    note(id, ['market', slot]);
    if (id < ORDER_CARDS.length && ORDER_CARDS[id]!.deck !== SLOT_DECK[slot])
      report(['market', slot], `market[${slot}] holds an order from the other deck`);
  });
  s.orderDecks.forEach((deck, d) =>
    deck.forEach((id, i) => {
      note(id, ['orderDecks', d, i]);
      if (id < ORDER_CARDS.length && ORDER_CARDS[id]!.deck !== d)
        report(['orderDecks', d, i], `orderDecks[${d}] holds an order of the other deck`);
    }),
  );
  s.orderDiscard.forEach((id, i) => note(id, ['orderDiscard', i]));
  s.shops.forEach((shop, seat) =>
    shop.displayed.forEach((id, i) => note(id, ['shops', seat, 'displayed', i])),
  );
  if (s.claimed !== null) note(s.claimed, ['claimed']);
  seen.forEach((n, id) => {
    if (n !== 1) report([], `order card ${id} is in the game ${n} times, not once`);
  });
  const emptied = s.orderDecks.some((d) => d.length === 0);
  if (emptied !== s.finalRound)
    report(
      ['finalRound'],
      `finalRound is ${s.finalRound} but ${emptied ? 'an order deck is' : 'no order deck is'} empty`,
    );
}

function checkTokens(s: ProsperiteaState, report: Report): void {
  const held = s.shops.reduce((n, shop) => n + shop.favors, 0);
  if (held + s.favorReserve !== FAVOR_TOKENS.value)
    report(
      ['favorReserve'],
      `${held} Favor tokens in shops and ${s.favorReserve} in the reserve make ${held + s.favorReserve}, not ${FAVOR_TOKENS.value}`,
    );
}

function checkTurn(s: ProsperiteaState, report: Report): void {
  const drafting = s.phase === 'draft';
  s.draftLeft.forEach((left, seat) => {
    const most = SETUP_TABLE.value.ingredients[(seat - s.first + s.players) % s.players]!;
    if (left > most)
      report(
        ['draftLeft', seat],
        `draftLeft[${seat}] is ${left}, more than the ${most} starting ingredients of that turn position`,
      );
    if (!drafting && left > 0)
      report(['draftLeft', seat], `the phase is ${s.phase} but draftLeft[${seat}] is not 0`);
  });
  if (drafting && (s.round !== 0 || !(s.draftLeft[s.current]! > 0)))
    report(
      ['phase'],
      'in the draft phase the round is 0 and the current seat has starting ingredients left to choose',
    );
  if (!drafting && (s.round < 1 || s.round > MAX_ROUND))
    report(['round'], `round ${s.round} is out of range (1-${MAX_ROUND} after the draft)`);
  if ((s.phase === 'payout') !== (s.claimed !== null))
    report(
      ['claimed'],
      `claimed (an order waiting for sell or display) is set exactly in the payout phase, and the phase is ${s.phase}`,
    );
  if (PHASES_WITHOUT_PENDING.includes(s.phase) && s.pending !== null)
    report(['pending'], `there is no order being filled in the ${s.phase} phase`);
  if (!PHASES_WITHOUT_PENDING.includes(s.phase) && s.pending === null)
    report(['pending'], `the ${s.phase} phase needs the order being filled`);
  if (s.backedOut > BACK_OUTS_PER_TURN.value)
    report(
      ['backedOut'],
      `backedOut is ${s.backedOut}, more than the ${BACK_OUTS_PER_TURN.value} allowed per turn`,
    );
  const turnStart = s.phase === 'draft' || s.phase === 'source';
  if (turnStart && (s.declined.length > 0 || s.backedOut > 0))
    report(['declined'], 'declines and back-outs are forgotten at the start of a turn');
  s.declined.forEach((seat, i) => {
    if (seat >= s.players || seat === s.current || s.declined.indexOf(seat) !== i)
      report(['declined', i], `declined[${i}] is ${seat}: not another seat at the table, or listed twice`);
  });
}

const fits = (req: Req, kind: number) => (req.kind >= 0 ? kind === req.kind : KIND_TYPE[kind] === req.type);

function checkSource(s: ProsperiteaState, source: Source, req: Req, i: number, report: Report): void {
  const path = ['pending', 'sources', i];
  if (source.from === 'favor') return;
  if (source.kind >= KINDS || !fits(req, source.kind)) {
    report(path, `pending.sources[${i}] gives an ingredient that does not fit line ${i} of the order`);
    return;
  }
  if (source.from !== 'ask') return;
  if (source.seat >= s.players || source.seat === s.current)
    report(
      path,
      `pending.sources[${i}] asks seat ${source.seat} in JSON, which is not another seat at the table`,
    );
  else if (s.phase === 'assign' && source.answer === 'declined')
    report(
      path,
      `pending.sources[${i}] is declined, but declined lines are open (null) again once the order is back in the assign phase`,
    );
  else if (source.answer === 'none' && s.declined.includes(source.seat))
    report(
      path,
      `pending.sources[${i}] asks Seat ${source.seat + 1} (seat ${source.seat} in JSON), who declined this turn`,
    );
}

function checkPending(s: ProsperiteaState, report: Report): void {
  const pending = s.pending;
  if (pending === null) return;
  const target = pending.target;
  let reqs: readonly Req[];
  if (target.kind === 'market') {
    if (target.slot >= MARKET_SLOTS || s.market[target.slot] !== target.order) {
      report(['pending', 'target'], `pending.target is not the order in market[${target.slot}]`);
      return;
    }
    reqs = ORDER_CARDS[target.order]!.reqs;
  } else {
    if (target.recipe >= EVERGREEN_ORDERS.value.length) {
      report(['pending', 'target'], `there is no Evergreen order ${target.recipe}`);
      return;
    }
    reqs = EVERGREEN_REQS[target.recipe]!;
  }
  if (pending.sources.length !== reqs.length) {
    report(
      ['pending', 'sources'],
      `the order has ${reqs.length} lines but pending.sources has ${pending.sources.length} entries`,
    );
    return;
  }
  const promised = s.shops.map(() => new Array<number>(KINDS).fill(0));
  let tokens = 0;
  let open = 0;
  let waiting = 0;
  pending.sources.forEach((source, i) => {
    if (source === null) {
      open++;
      return;
    }
    checkSource(s, source, reqs[i]!, i, report);
    if (source.from === 'favor') tokens++;
    else if (source.kind < KINDS) {
      const seat = source.from === 'own' ? s.current : source.seat;
      if (seat < s.players) promised[seat]![source.kind]! += 1;
      if (source.from === 'ask' && source.answer === 'none') waiting++;
    }
  });
  promised.forEach((kinds, seat) =>
    kinds.forEach((n, k) => {
      if (n > (s.shops[seat]!.ingredients[k] ?? 0))
        report(
          ['pending', 'sources'],
          `the order takes ${n} cards of ingredient kind ${k} from shops[${seat}], which holds fewer`,
        );
    }),
  );
  if (tokens > s.shops[s.current]!.favors)
    report(
      ['pending', 'sources'],
      `the order spends ${tokens} Favor tokens; shops[${s.current}] holds fewer`,
    );
  if (s.phase === 'assign' && open === 0)
    report(['phase'], 'in the assign phase some line of the order is open (null)');
  if (s.phase === 'request' && (open > 0 || waiting === 0))
    report(['phase'], 'in the request phase no line is open and someone still owes an answer');
}

/** Every broken invariant of a state whose shape is already valid (small ones first). */
export function invariantProblems(s: ProsperiteaState): Problem[] {
  const problems: Problem[] = [];
  const report: Report = (path, message) => {
    problems.push({ path, message });
  };
  // Later checks index the per-seat arrays: only run them on a table of the right size.
  if (!checkSeats(s, report) || !checkShops(s, report)) return problems;
  checkTokens(s, report);
  checkIngredients(s, report);
  checkOrders(s, report);
  checkTurn(s, report);
  checkPending(s, report);
  return problems;
}
