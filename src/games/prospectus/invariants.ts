/**
 * prospectus.state.invariants: what a saved state must satisfy beyond its shape before the engine will
 * run it. A state only crosses a boundary (a replay script, storage) through `stateSchema`; a tampered
 * one is refused here with one message per broken invariant instead of sending the engine somewhere it
 * cannot go (a quantity menu of two billion entries, a turn nobody can take). Every check is linear in
 * the size of the state and none of them runs inside the engine: perform() trusts its own states.
 */
import { z } from 'zod';
import * as dataModule from './data.ts';
import * as stateModule from './state.ts';
import type { Phase, ProspectusState } from './state.ts';
import * as flowModule from './rules/flow.ts';
import * as endModule from './rules/end.ts';
import * as recordModule from './rules/record.ts';
import * as setupModule from './rules/setup.ts';
import * as transactionModule from './rules/transaction.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const {
  ABILITY_INDEX,
  BLOCKERS,
  COUNCIL_PRICES,
  DIVIDEND_BY_SPACE,
  FUTURE_CARDS,
  LIMIT_BY_SPACE,
  PLUS_THREE_EXTRA,
  POTIONS,
  PRICE_BY_SPACE,
  SPELL_INDEX,
  SPELLS_REMOVED_AT_FOUR,
  START,
} = dataModule;
const { BLOCKED, OPEN, STATE_LIMITS, stateShape } = stateModule;
const { plusExtra } = flowModule;
const { totalRounds } = endModule;
const {
  REC_BOUNTY,
  REC_BUST,
  REC_BUY,
  REC_COUNCIL,
  REC_DIVIDEND,
  REC_DRAFT,
  REC_EXCHANGE,
  REC_QTY,
  REC_SELL,
  REC_SPLIT,
} = recordModule;
const { firstUsableSpace } = setupModule;
const { txMax } = transactionModule;

type Report = (path: (string | number)[], message: string) => void;

const sum = (list: readonly number[]): number => list.reduce((a, b) => a + b, 0);
const sorted = (list: readonly number[]): string => [...list].sort((a, b) => a - b).join(',');

/** Every array indexed by seat has one entry per player. */
function checkSeats(s: ProspectusState, report: Report): void {
  const perSeat = {
    money: s.money,
    cubes: s.cubes,
    knownTop: s.knownTop,
    secret: s.secret,
    hands: s.hands,
    draws: s.draws,
    discards: s.discards,
    interrupts: s.interrupts,
  } as const;
  for (const [key, list] of Object.entries(perSeat))
    if (list.length !== s.players)
      report([key], `${key} has ${list.length} entries but the game has ${s.players} players`);
  if (s.lastReveal && s.lastReveal.counts.length !== s.players)
    report(['lastReveal', 'counts'], `lastReveal.counts must have one count per player (${s.players})`);
  if (s.final && (s.final.bonus.length !== s.players || s.final.selloff.length !== s.players))
    report(['final'], `final.bonus and final.selloff must have one amount per player (${s.players})`);
  if (s.active >= s.players)
    report(['active'], `active is ${s.active}, but the seats are 0-${s.players - 1} in JSON`);
  s.frozen.forEach((seat, p) => {
    if (seat >= s.players)
      report(['frozen', p], `frozen[${p}] is ${seat}, but the seats are 0-${s.players - 1} in JSON`);
  });
  s.knownTop.forEach((n, seat) => {
    if (n > s.future.length)
      report(['knownTop', seat], `Seat ${seat + 1} cannot know ${n} cards of a ${s.future.length}-card deck`);
  });
}

/** Each seat owns the table's ten spells, removed ones included, exactly once (hand, draw or discard). */
function checkSpells(s: ProspectusState, report: Report): void {
  if (new Set(s.deck).size !== s.deck.length) report(['deck'], 'deck must list ten different spells');
  const removedCount = s.players === 4 ? SPELLS_REMOVED_AT_FOUR.value : 0;
  if (s.removed.length !== removedCount || s.removed.some((spell) => !s.deck.includes(spell)))
    report(['removed'], `${removedCount} spells of the deck are removed with ${s.players} players`);
  const deck = sorted(s.deck);
  for (let seat = 0; seat < s.players; seat++) {
    const owned = [...s.hands[seat]!, ...s.draws[seat]!, ...s.discards[seat]!];
    if (sorted(owned) !== deck)
      report(
        ['hands', seat],
        `Seat ${seat + 1}'s hand, draw pile and discard pile must hold the deck's ten spells once each`,
      );
  }
}

/** The 40 future cards are each in exactly one place; demand spaces and blockers agree with the track. */
function checkFuture(s: ProspectusState, report: Report): void {
  const seen = new Array<number>(FUTURE_CARDS.length).fill(0);
  for (const card of [...s.track, ...s.future, ...s.futureDiscard]) if (card >= 0) seen[card]! += 1;
  if (seen.some((n) => n !== 1))
    report(['track'], 'every future card must be exactly once on the track, in the deck or in the discards');
  const first = firstUsableSpace(s.players);
  for (let space = 0; space < s.track.length; space++) {
    if (space < first && s.track[space] !== -1)
      report(
        ['track', space],
        `with ${s.players} players the $${COUNCIL_PRICES.value[space]} space stays empty`,
      );
    if (s.track[space]! < 0 && (s.dem[2 * space] !== OPEN || s.dem[2 * space + 1] !== OPEN))
      report(['dem', 2 * space], `an empty track space has no demand to fill or block`);
  }
  if (s.dem.filter((d) => d === BLOCKED).length > BLOCKERS.value)
    report(['dem'], `only ${BLOCKERS.value} blockers exist`);
  const tokens = [...s.abilities, ...s.aside];
  if (new Set(tokens).size !== tokens.length)
    report(['abilities'], 'each ability token is either on one potion or set aside, once');
}

/** Which steps hold a played card, a pending trade, an ability, an interrupt queue or emerged cubes. */
const WITH_CARD: ReadonlySet<Phase> = new Set(['param', 'interrupt', 'resell', 'reorder', 'market', 'tx2']);
const WITHOUT_CARD: ReadonlySet<Phase> = new Set(['draft', 'council', 'ability', 'tx1', 'play', 'over']);

function checkPhase(s: ProspectusState, report: Report): void {
  const phase = s.phase;
  const fail = (path: string, what: string) => report([path], `in the ${phase} step ${what}`);
  const drafted = s.players * START.value.draftCubes;
  if (phase === 'draft') {
    if (s.turn !== 0 || s.active !== 0) fail('turn', 'the start player drafts before turn 0 begins');
    if (s.draftPicks >= drafted) fail('draftPicks', `fewer than ${drafted} cubes have been drafted`);
    if (sum(s.draftPool) < drafted - s.draftPicks)
      fail('draftPool', 'the pool must hold a cube for every pick left');
  } else {
    if (s.draftPicks !== drafted) fail('draftPicks', `all ${drafted} cubes have been drafted`);
    if (sum(s.draftPool) !== 0) fail('draftPool', 'the draft pool is empty');
    if (s.active !== s.turn % s.players)
      fail(
        'active',
        `Seat ${(s.turn % s.players) + 1} plays turn ${s.turn} (counted from 0), so active is ${s.turn % s.players}`,
      );
  }
  const turns = s.players * totalRounds(s);
  if (s.turn >= turns) report(['turn'], `a ${s.players}-player game has ${turns} turns (0 to ${turns - 1})`);
  if ((phase === 'over') !== (s.final !== null))
    fail('final', 'final scores exist exactly when the game is over');

  if ((phase === 'qty') !== (s.tx !== null)) fail('tx', 'a pending quantity exists exactly in the qty step');
  if (s.tx) checkPendingTx(s, report);
  const txNeedsCard = s.tx !== null && (s.tx.then === 'interrupt' || s.tx.then === 'replenish');
  if ((WITH_CARD.has(phase) || txNeedsCard) && !s.played) fail('played', 'a spell card has been played');
  if ((WITHOUT_CARD.has(phase) || (s.tx !== null && !txNeedsCard)) && s.played)
    fail('played', 'no spell card has been played yet');
  if (s.played) checkPlayed(s, report);

  const abilityPending = phase === 'ability' || (s.tx !== null && s.tx.then === 'tx1');
  if (abilityPending !== s.ability >= 0)
    fail('ability', 'an ability is being used exactly after a council sale');
  if (phase === 'ability' && !s.abilities.includes(s.ability))
    fail('ability', 'the ability used belongs to a potion lair');
  if (s.tx?.then === 'tx1' && s.ability !== ABILITY_INDEX.trade)
    fail('ability', 'only the trade ability trades');

  const queueing = phase === 'interrupt' || s.tx?.then === 'interrupt';
  if (phase === 'interrupt' && s.interruptQueue.length === 0)
    fail('interruptQueue', 'a seat is asked to interrupt');
  if (!queueing && s.interruptQueue.length > 0) fail('interruptQueue', 'no seat waits to interrupt');
  const queue = new Set(s.interruptQueue);
  if (
    queue.size !== s.interruptQueue.length ||
    s.interruptQueue.some((seat) => seat === s.active || seat >= s.players)
  )
    fail('interruptQueue', 'the queue lists other seats, each once');
  if (phase === 'interrupt' && !s.interrupts[s.interruptQueue[0]!])
    fail('interrupts', 'the seat asked to interrupt has an active tile');

  if (s.emerged !== null && phase !== 'market') fail('emerged', 'emerged cubes wait only in the market step');
  if (s.executed > s.execLeft) fail('executed', 'no more cards have run than this turn executes');
}

function checkPendingTx(s: ProspectusState, report: Report): void {
  const tx = s.tx!;
  if (tx.seat >= s.players) return report(['tx', 'seat'], `tx.seat ${tx.seat} is not at the table`);
  const interrupting = tx.then === 'interrupt';
  if (interrupting === (tx.seat === s.active))
    report(['tx', 'seat'], interrupting ? 'an interrupt is made by another seat' : 'the active seat trades');
  // The limit was computed from the trader's money or cubes when the trade began, and nothing has
  // changed them since: any other value is a tampered state (and a huge one would exhaust memory).
  const expected = txMax(s, tx.seat, tx.kind, tx.potion, tx.then === 'replenish' ? plusExtra(s) : 0);
  if (expected < 1 || tx.max !== expected)
    report(
      ['tx', 'max'],
      `the pending ${tx.kind} of ${POTIONS.value[tx.potion]!.name} allows ${expected} cube(s) for Seat ${tx.seat + 1}'s ` +
        `money and cubes at $${PRICE_BY_SPACE[s.prices[tx.potion]!]}, not ${tx.max}`,
    );
}

function checkPlayed(s: ProspectusState, report: Report): void {
  const played = s.played!;
  if (!s.deck.includes(played.spell)) report(['played', 'spell'], 'the played spell is one of the deck');
  if (played.mode !== 'cast' && played.params.length > 0)
    report(['played', 'params'], 'a discarded card announces nothing');
  const cast = played.mode === 'cast' ? played.spell : -1;
  if (s.phase === 'resell' && played.mode !== 'council')
    report(['phase'], 'a re-sale follows a card discarded for it');
  if (s.phase === 'param' && played.mode !== 'cast') report(['phase'], 'only a cast spell announces targets');
  if (s.phase === 'reorder' && cast !== SPELL_INDEX.look)
    report(['phase'], 'only Look reorders the future deck');
  if (s.phase === 'market') {
    const afterDrop = cast === SPELL_INDEX['pulsa-pugnum'] || cast === SPELL_INDEX.redrop;
    if (afterDrop !== (s.emerged !== null) || (!afterDrop && cast !== SPELL_INDEX.hourglass))
      report(['phase'], 'the market step waits on Pulsa Pugnum or Re-drop (with emerged cubes) or Hourglass');
  }
}

const inRange = (x: number, lo: number, hi: number): boolean => x >= lo && x <= hi;
const isPotion = (x: number): boolean => inRange(x, 0, 4);
const isPrice = (x: number): boolean => PRICE_BY_SPACE.includes(x);
const isCount = (x: number): boolean => inRange(x, 0, STATE_LIMITS.holding);
/** A seat's payment of `perCube` a cube, for at most the largest holding. */
const isPayment = (paid: number, perCube: number): boolean =>
  perCube > 0 && paid % perCube === 0 && isCount(paid / perCube);
const LARGEST_LIMIT = Math.max(...LIMIT_BY_SPACE) + PLUS_THREE_EXTRA.value;

/**
 * Each kind of record entry, checked field by field (rules/record.ts documents the layouts): real
 * seats and potions, prices of the machine or the council, and counts within the holding bound, so
 * that replaying a record in the sampler stays as small as the game it came from.
 */
const ENTRY_OK: Readonly<Record<number, (e: readonly number[], players: number) => boolean>> = {
  [REC_DRAFT]: (e) => e.length === 3 && isPotion(e[2]!),
  [REC_COUNCIL]: (e) =>
    e.length === 4 && isPotion(e[2]!) && (COUNCIL_PRICES.value as readonly number[]).includes(e[3]!),
  [REC_BOUNTY]: (e) => e.length === 3 && inRange(e[2]!, 0, STATE_LIMITS.money),
  [REC_EXCHANGE]: (e) => e.length === 4 && isPotion(e[2]!) && isPotion(e[3]!) && e[2] !== e[3],
  [REC_BUY]: (e) => e.length === 5 && isPotion(e[2]!) && isPrice(e[3]!) && inRange(e[4]!, 1, LARGEST_LIMIT),
  [REC_SELL]: (e) => e.length === 4 && isPotion(e[2]!) && isPrice(e[3]!),
  [REC_QTY]: (e) =>
    e.length === 5 && isPotion(e[2]!) && inRange(e[3]!, 1, STATE_LIMITS.holding) && isPrice(e[4]! / e[3]!),
  [REC_DIVIDEND]: (e, players) =>
    (e.length === 4 || e.length === 4 + players) &&
    isPotion(e[2]!) &&
    DIVIDEND_BY_SPACE.includes(e[3]!) &&
    e.slice(4).every((paid) => isPayment(paid, e[3]!)),
  [REC_SPLIT]: (e, players) => e.length === 3 + players && isPotion(e[2]!) && e.slice(3).every(isCount),
  [REC_BUST]: (e, players) => e.length === 3 + players && isPotion(e[2]!) && e.slice(3).every(isCount),
};
const TABLE_WIDE: ReadonlySet<number> = new Set([REC_DIVIDEND, REC_SPLIT, REC_BUST]);

/** Entries of the public record are facts the table could have seen, and only while screens are closed. */
function checkRecord(s: ProspectusState, report: Report): void {
  if (s.openScreens && s.record !== null) report(['record'], 'open screens keep no record');
  let depth = 0;
  for (let at = s.record; at; at = at.up, depth++) {
    const e = at.e;
    const kind = e[0]!;
    const seatOk = TABLE_WIDE.has(kind) ? e[1] === -1 : inRange(e[1]!, 0, s.players - 1);
    if (!seatOk || ENTRY_OK[kind]?.(e, s.players) !== true) {
      report(
        ['record'],
        `record entry ${depth} from the newest, [${e.join(', ')}], is not a valid public fact`,
      );
      return;
    }
  }
}

/** The invariants of a saved Prospectus state, as issues for zod. */
export function checkInvariants(s: ProspectusState, report: Report): void {
  let lengthsOk = true;
  checkSeats(s, (path, message) => {
    lengthsOk = false;
    report(path, message);
  });
  // The other checks index per-seat arrays by seat: they only mean something once the lengths hold.
  if (!lengthsOk) return;
  checkSpells(s, report);
  checkFuture(s, report);
  checkPhase(s, report);
  checkRecord(s, report);
}

/**
 * The shape and the invariants: what `stateSchema` checks at every boundary. The invariants run only
 * on a state whose shape passed (a pipe stops at the first schema's issues), so they may index freely.
 */
export const stateSchema = stateShape.pipe(
  z.custom<ProspectusState>().superRefine((s, ctx) => {
    checkInvariants(s, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  }),
) as unknown as z.ZodType<ProspectusState, unknown>;
