/**
 * Gallery fixtures: seeded games between heuristic bots, with moments picked along the way (the
 * first time each kind of decision comes up, the middle, the end), saved as the chosen seat sees
 * them: view, legal actions with their labels, recent event texts. The web client draws its boards
 * from these without a server.
 */
import { makeBot } from '../../src/bots/registry.ts';
import type { AnyGame, Viewer, VisibleEvent } from '../../src/core/index.ts';
import { namesFor, newGame } from '../../src/core/index.ts';
import { findGame } from '../../src/games/registry.ts';
import type { Fixture, GalleryIndex } from '../../src/web/gallery/fixture.ts';
import { fixtureFile } from '../../src/web/gallery/fixture.ts';
import { SPELL_IDS } from '../../src/games/prospectus/data.ts';

const NAMES = ['Ada', 'Basil', 'Cleo', 'Dara', 'Emil', 'Fern'];
/**
 * As at a live table: every seat but the viewer's is a bot, shown with its level (the server's
 * "Basil · Casual bot"), while texts name it as the engines do, "Basil (B)".
 */
const botTitle = (name: string) => `${name} · Casual bot`;
const EVENTS_KEPT = 40;

interface Step {
  readonly state: unknown;
  readonly actors: readonly number[];
  /** Raw events produced by the action taken from this state. */
  readonly events: readonly unknown[];
}

interface PlayedGame {
  readonly game: AnyGame;
  readonly steps: readonly Step[];
  readonly final: unknown;
}

/** Plays a whole game with heuristic bots, keeping every state and the events of every action. */
export function playGame(gameId: string, players: number, seed: string, options: object = {}): PlayedGame {
  const game = findGame(gameId);
  if (!game) throw new Error(`unknown game ${gameId}`);
  const created = newGame(game, players, seed, options);
  if (!created.ok) throw new Error(created.error);
  const bots = Array.from({ length: players }, (_, seat) =>
    makeBot(game, { name: 'heuristic', params: {} }, seat, `${seed}:bot${seat}`),
  );
  let state = created.value.state;
  const steps: Step[] = [];
  for (let n = 0; n < 20_000; n++) {
    const actors = game.actors(state);
    if (actors.length === 0) break;
    const seat = actors[0]!;
    const legal = game.legalActions(state, seat);
    const current = state;
    const action =
      legal.length === 1
        ? legal[0]
        : bots[seat]!.act({
            seat,
            view: game.view(current, seat),
            legal,
            sampleWorld: (rng) => game.resample(current, seat, rng),
          });
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`${gameId}: bot chose an illegal action: ${result.error.message}`);
    steps.push({ state, actors, events: result.events });
    state = result.state;
  }
  return { game, steps, final: state };
}

export interface Moment {
  readonly id: string;
  readonly title: string;
  readonly note: string;
  /** Step index, or 'end' for the final state. */
  readonly at: number | 'end';
  readonly viewer: Viewer;
}

function eventsFor(played: PlayedGame, until: number, viewer: Viewer, players: number): VisibleEvent[] {
  const out: VisibleEvent[] = [];
  const names = namesFor(viewer, NAMES.slice(0, players));
  for (let i = 0; i < until; i++)
    for (const e of played.steps[i]!.events) {
      const seen = played.game.viewEvent(e, viewer, names);
      if (seen) out.push(seen);
    }
  return out.slice(-EVENTS_KEPT);
}

/** The fixture of one moment as `viewer` sees it. */
export function fixtureOf(played: PlayedGame, moment: Moment, players: number): Fixture {
  const { game } = played;
  const index = moment.at === 'end' ? played.steps.length : moment.at;
  const state = moment.at === 'end' ? played.final : played.steps[index]!.state;
  const viewer = moment.viewer;
  const view = game.view(state, viewer);
  const acting = typeof viewer === 'number' && game.actors(state).includes(viewer);
  const legal = acting ? game.legalActions(state, viewer) : null;
  return {
    id: moment.id,
    game: game.id,
    title: moment.title,
    note: moment.note,
    viewer,
    view,
    legal,
    labels: legal
      ? legal.map((a) => game.render.action(a, view, namesFor(viewer, NAMES.slice(0, players))))
      : null,
    events: eventsFor(played, index, viewer, players).map((e) => ({
      type: e.type,
      text: e.text,
      data: e.data,
    })),
    players: NAMES.slice(0, players).map((name, seat) => (seat === viewer ? name : botTitle(name))),
    bots: Array.from({ length: players }, (_, seat) => seat !== viewer),
    outcome: moment.at === 'end' ? game.outcome(state) : null,
  };
}

type Tagger = (view: never, legal: readonly never[]) => string | null;

/**
 * The first step at which each tag shows up, seen by the first actor. Tags name the kind of
 * decision (a phase, a spell's target, a fleet under way), so the gallery covers each once.
 */
function firstOfEachTag(played: PlayedGame, tagger: Tagger, wanted: readonly (readonly [string, string])[]) {
  const found = new Map<string, number>();
  played.steps.forEach((step, i) => {
    const seat = step.actors[0]!;
    const view = played.game.view(step.state, seat) as never;
    const legal = played.game.legalActions(step.state, seat) as never[];
    const tag = tagger(view, legal);
    if (tag !== null && !found.has(tag)) found.set(tag, i);
  });
  const out: Moment[] = [];
  for (const [tag, title] of wanted) {
    const at = found.get(tag);
    if (at === undefined) continue;
    out.push({
      id: tag,
      title,
      note: 'the first time it comes up, as the acting seat',
      at,
      viewer: played.steps[at]!.actors[0]!,
    });
  }
  return out;
}

/** Middle, waiting (a seat that is not acting), spectator, and end moments of a game. */
function commonMoments(played: PlayedGame, prefix = ''): Moment[] {
  const mid = Math.floor(played.steps.length / 2);
  const actors = played.steps[mid]!.actors;
  const players = (played.game.view(played.final, 'spectator') as { players: number }).players;
  const waiting = Array.from({ length: players }, (_, s) => s).find((s) => !actors.includes(s)) ?? 0;
  return [
    {
      id: `${prefix}mid`,
      title: 'Mid-game',
      note: 'half-way through, as the acting seat',
      at: mid,
      viewer: actors[0]!,
    },
    {
      id: `${prefix}waiting`,
      title: 'Waiting',
      note: 'half-way through, as a seat that is not acting',
      at: mid,
      viewer: waiting,
    },
    {
      id: `${prefix}spectator`,
      title: 'Spectator',
      note: 'half-way through, as a spectator',
      at: mid,
      viewer: 'spectator',
    },
    { id: `${prefix}end`, title: 'Game over', note: 'the final position, seat A', at: 'end', viewer: 0 },
  ];
}

export interface GameFixtures {
  readonly game: string;
  readonly name: string;
  readonly fixtures: Fixture[];
}

interface Session {
  readonly players: number;
  readonly seed: string;
  readonly options?: object;
  readonly prefix: string;
  readonly label: string;
  readonly tagger?: Tagger;
  readonly tags?: readonly (readonly [string, string])[];
  readonly common: boolean;
}

function build(gameId: string, sessions: readonly Session[]): GameFixtures {
  const fixtures: Fixture[] = [];
  let name = gameId;
  for (const s of sessions) {
    const played = playGame(gameId, s.players, s.seed, s.options);
    name = played.game.name;
    const moments = [
      ...(s.tagger && s.tags ? firstOfEachTag(played, s.tagger, s.tags) : []),
      ...(s.common ? commonMoments(played) : []),
    ];
    for (const m of moments) {
      const f = fixtureOf(played, { ...m, id: s.prefix + m.id }, s.players);
      fixtures.push({ ...f, title: `${s.label}: ${m.title}` });
    }
  }
  return { game: gameId, name, fixtures };
}

// ---- Prospectus ----------------------------------------------------------------------------

const prospectusTag: Tagger = (view: never) => {
  const v = view as { phase: string; played: { spell: number } | null };
  if (v.phase === 'param' && v.played) return `param-${SPELL_IDS[v.played.spell]}`;
  return v.phase;
};

const PROSPECTUS_TAGS: readonly (readonly [string, string])[] = [
  ['draft', 'Drafting cubes'],
  ['council', 'Council sale'],
  ['ability', 'Potion ability'],
  ['tx1', 'First transaction'],
  ['qty', 'Choosing a quantity'],
  ['play', 'Playing a spell'],
  ...SPELL_IDS.map((id) => [`param-${id}`, `Target of ${id}`] as const),
  ['interrupt', 'Interrupt window'],
  ['resell', 'Re-sale to the council'],
  ['reorder', 'Reordering future cards'],
  ['market', 'At the crystal ball'],
  ['tx2', 'Second transaction'],
];

// ---- Prosperitea ---------------------------------------------------------------------------

const prosperiteaTag: Tagger = (view: never, legal: readonly never[]) => {
  const v = view as { phase: string };
  const actions = legal as readonly { type: string }[];
  if (v.phase === 'assign' && actions.some((a) => a.type === 'ask')) return 'assign-ask';
  if (v.phase === 'source' && actions.some((a) => a.type === 'advertise')) return 'source';
  return v.phase;
};

const PROSPERITEA_TAGS: readonly (readonly [string, string])[] = [
  ['draft', 'Starting ingredients'],
  ['source', 'Sourcing'],
  ['fulfil', 'Fulfilment'],
  ['assign', 'Assigning ingredients'],
  ['assign-ask', 'Asking a neighbour'],
  ['request', 'A co-op request'],
  ['payout', 'Sell or display'],
];

// ---- Pocket Imperium -----------------------------------------------------------------------

const COMMANDS = ['expand', 'explore', 'exterminate'];

const piTag: Tagger = (view: never) => {
  const v = view as {
    phase: string;
    actor: number | null;
    plans: (number | null)[][];
    step: number;
    fleet: unknown;
    attack: unknown;
    extraChoice: boolean;
  };
  if (v.phase === 'perform' && v.actor !== null) {
    const command = COMMANDS[v.plans[v.actor]![v.step]!];
    if (command === 'explore' && v.fleet) return 'explore-fleet';
    if (command === 'exterminate' && v.attack) return 'exterminate-attack';
    return command ?? 'perform';
  }
  if (v.phase === 'exploit' && v.extraChoice) return 'exploit-extra';
  return v.phase;
};

const PI_TAGS: readonly (readonly [string, string])[] = [
  ['setup', 'Placing the first ships'],
  ['plan', 'Planning the commands'],
  ['expand', 'Expand'],
  ['explore', 'Explore: choosing a fleet'],
  ['explore-fleet', 'Explore: a fleet under way'],
  ['exterminate', 'Exterminate: choosing a target'],
  ['exterminate-attack', 'Exterminate: committing ships'],
  ['exploit', 'Choosing a sector to score'],
  ['exploit-extra', 'Tri-Prime extra choice'],
];

/** Every game's fixtures (deterministic: fixed seeds, seeded bots). */
export function makeFixtures(): GameFixtures[] {
  return [
    build('prospectus', [
      {
        players: 4,
        seed: 'gallery-prospectus-1',
        prefix: '',
        label: '4 players',
        tagger: prospectusTag,
        tags: PROSPECTUS_TAGS,
        common: true,
      },
      {
        players: 3,
        seed: 'gallery-prospectus-2',
        options: { screens: 'open' },
        prefix: 'open-',
        label: '3 players, open screens',
        tagger: prospectusTag,
        tags: PROSPECTUS_TAGS.filter(([t]) => t.startsWith('param') || t === 'market' || t === 'ability'),
        common: true,
      },
    ]),
    build('prosperitea', [
      {
        players: 4,
        seed: 'gallery-prosperitea-1',
        prefix: '',
        label: '4 players',
        tagger: prosperiteaTag,
        tags: PROSPERITEA_TAGS,
        common: true,
      },
      { players: 6, seed: 'gallery-prosperitea-2', prefix: 'six-', label: '6 players', common: true },
    ]),
    build('pocket-imperium', [
      {
        players: 4,
        seed: 'gallery-pi-1',
        options: { prosperity: true },
        prefix: '',
        label: '4 players + Prosperity',
        tagger: piTag,
        tags: PI_TAGS,
        common: true,
      },
      {
        players: 2,
        seed: 'gallery-pi-2',
        options: { preset: 'classic' },
        prefix: 'duel-',
        label: '2 players, classic',
        tagger: piTag,
        tags: PI_TAGS.filter(([t]) => t === 'setup' || t === 'exterminate-attack'),
        common: true,
      },
    ]),
  ];
}

/** The gallery's index and one JSON document per fixture, by file name. */
export function galleryFiles(all: readonly GameFixtures[]): Map<string, string> {
  const files = new Map<string, string>();
  const index: GalleryIndex = {
    games: all.map((g) => ({
      game: g.game,
      name: g.name,
      fixtures: g.fixtures.map((f) => ({ id: f.id, title: f.title, file: fixtureFile(g.game, f.id) })),
    })),
  };
  files.set('index.json', JSON.stringify(index));
  for (const g of all) for (const f of g.fixtures) files.set(fixtureFile(g.game, f.id), JSON.stringify(f));
  return files;
}
