/** Setting up the table: money, spell decks and hands, prices, the future track, tokens, the ball draft. */
import { arrayOf, filledArray, mapArray } from '../../../core/arrays.ts';
import { Rng } from '../../../core/rng.ts';
import * as dataModule from '../data.ts';
import * as stateModule from '../state.ts';
import type { ProspectusOptions, ProspectusState } from '../state.ts';
import * as marketModule from './market.ts';
// Module-local bindings: the loader turns imported names into getter calls on every use.
const {
  ABILITIES,
  ABILITIES_IN_PLAY,
  BLOCKERS,
  FUTURE_CARDS,
  SPELL_INDEX,
  SPELLS_REMOVED_AT_FOUR,
  START,
  START_SPACE,
  TRACK_SPACES,
} = dataModule;
const { BLOCKED, OPEN } = stateModule;
const { dropIntoBall, knock } = marketModule;

/** prospectus.setup.track: with 3 players the left-most space stays empty. */
export function firstUsableSpace(players: number): number {
  return players === 3 ? 1 : 0;
}

export function setupState(players: number, seed: string, options: ProspectusOptions): ProspectusState {
  const rng = Rng.fromSeed(seed);
  const deck = mapArray(options.spells, (id) => SPELL_INDEX[id]);
  const five = () => [0, 0, 0, 0, 0];

  // prospectus.setup.spells: at 4 players the same two random spells go from every deck into that
  // player's own discard pile (the Recall ability may take them back later).
  const removed = players === 4 ? rng.shuffle(deck).slice(0, SPELLS_REMOVED_AT_FOUR.value) : [];
  const kept = deck.filter((spell) => !removed.includes(spell));
  const shuffled = arrayOf(players, () => rng.shuffle(kept));
  const hands = mapArray(shuffled, (cards) => cards.slice(0, START.value.handSize));
  const draws = mapArray(shuffled, (cards) => cards.slice(START.value.handSize));

  // prospectus.setup.track and .blockers: cards on every usable space, the left-most card unblocked.
  const future = rng.shuffle(mapArray(FUTURE_CARDS, (c) => c.id));
  const first = firstUsableSpace(players);
  const track = Array.from({ length: TRACK_SPACES }, (_, space) => (space >= first ? future.shift()! : -1));
  const dem: number[] = [];
  for (let space = 0; space < TRACK_SPACES; space++) {
    const blocked = track[space]! >= 0 && space > first;
    dem.push(blocked ? BLOCKED : OPEN, blocked ? BLOCKED : OPEN);
  }
  if (dem.filter((d) => d === BLOCKED).length > BLOCKERS.value) throw new Error('not enough blockers');

  // prospectus.setup.abilities: five of the eight tokens, at random.
  const tokens = rng.shuffle(arrayOf(ABILITIES.value.length, (i) => i));
  const abilities = tokens.slice(0, ABILITIES_IN_PLAY.value);
  const aside = tokens.slice(ABILITIES_IN_PLAY.value);

  // prospectus.setup.draft: drop 5 of each colour; tap the ball until enough have emerged to draft.
  const ball = five();
  const pool = dropIntoBall(ball, five().fill(START.value.ballCubesPerColour), rng);
  const needed = players * START.value.draftCubes;
  while (pool.reduce((a, b) => a + b, 0) < needed) knock(ball, rng, pool);

  return {
    rng: rng.state() as ProspectusState['rng'],
    players,
    deck,
    // The state keeps the two fields it always had: no screens, or what crosses closed ones.
    openScreens: options.screens === 'open',
    screens: options.screens === 'open' ? 'open-trades' : options.screens,
    phase: 'draft',
    turn: 0,
    active: 0,
    money: filledArray(players, START.value.money),
    cubes: arrayOf(players, five),
    prices: five().fill(START_SPACE),
    dividends: five(),
    abilities,
    aside,
    track,
    dem,
    future,
    futureDiscard: [],
    knownTop: filledArray(players, 0),
    ball,
    chamber: five(),
    secret: arrayOf(players, five),
    hands,
    draws,
    discards: arrayOf(players, () => removed.slice()),
    removed,
    interrupts: arrayOf(players, () => false),
    frozen: five().fill(-1),
    draftPool: pool,
    draftPicks: 0,
    ability: -1,
    tx: null,
    played: null,
    interruptQueue: [],
    execLeft: 0,
    execSlot: -1,
    backs: 0,
    emerged: null,
    executed: 0,
    lastDrop: null,
    lastReveal: null,
    splits: five(),
    busts: five(),
    final: null,
    record: null,
  };
}
