/**
 * Tuning of the ISMCTS bot. Parameters arrive as strings (`BotSetup.params`, from the command line)
 * and are parsed once into a typed configuration; a bad value is refused with a message that says
 * which parameter and what it accepts.
 */

/** How a playout leaves the tree: uniform random moves, the game's policy, or a short run then evaluate. */
export type PlayoutMode = 'random' | 'policy' | 'cutoff';

/**
 * How the other seats choose inside the tree: by their own statistics (max^n, each seat maximises
 * its own reward) or by the game's playout policy (uniform random without one), i.e. the tree
 * only searches this bot's own decisions against a model of the others.
 */
export type OpponentMode = 'maxn' | 'policy';

/** Which untried action a node adds first: a uniform one, or the playout policy's choice. */
export type ExpandMode = 'random' | 'policy';

export interface IsmctsConfig {
  /** Iterations per move (used when no time budget is given, and as a cap when one is). */
  readonly iterations: number;
  /** Time per move in milliseconds; 0 means budget by iterations only (reproducible). */
  readonly ms: number;
  readonly playout: PlayoutMode;
  readonly opponents: OpponentMode;
  readonly expand: ExpandMode;
  /** Playout moves before a cut-off scores the position with `evaluate` (cutoff mode only). */
  readonly depth: number;
  /** UCB exploration constant (rewards are in [0, 1]). */
  readonly c: number;
  /** Probability of a uniform random move instead of the policy's move in policy playouts. */
  readonly epsilon: number;
  /** Rescale mean rewards by the range of rewards seen before adding the exploration term. */
  readonly normalize: boolean;
  /** How a cut-off is scored: the raw evaluations, or as a finished game with them as scores. */
  readonly cutoffReward: 'eval' | 'standing';
  /** Weight of the normalised score margin in the reward; the rest is the win share. */
  readonly margin: number;
  /** Playouts longer than this stop and score the position as it stands (a guard, not a tuning knob). */
  readonly maxPlayout: number;
}

/** What a game offers that the defaults depend on. */
export interface GameAbilities {
  readonly evaluate: boolean;
  readonly policy: boolean;
}

export const DEFAULT_ITERATIONS = 1000;
export const DEFAULT_DEPTH = 20;
export const DEFAULT_C = 0.7;
export const DEFAULT_EPSILON = 0.1;
export const DEFAULT_MARGIN = 0.1;
export const DEFAULT_NORMALIZE = false;
/** Measured at 1 s per move: the standing beats raw evaluations in Prospectus (53% vs 31%). */
export const DEFAULT_CUTOFF_REWARD = 'standing' as const;
export const DEFAULT_EXPAND: ExpandMode = 'random';
export const DEFAULT_OPPONENTS: OpponentMode = 'maxn';
const MAX_PLAYOUT = 5000;

const KNOWN = [
  'iterations',
  'ms',
  'playout',
  'opponents',
  'expand',
  'normalize',
  'cutoffReward',
  'depth',
  'c',
  'epsilon',
  'margin',
  'maxPlayout',
] as const;

/** The strongest mode the game supports: cut-off when it can evaluate, its policy when it has one. */
export function defaultPlayout(abilities: GameAbilities): PlayoutMode {
  if (abilities.evaluate) return 'cutoff';
  return abilities.policy ? 'policy' : 'random';
}

function parseNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`ismcts: ${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number) {
  const value = parseNumber(name, raw, fallback, min, max);
  if (!Number.isInteger(value)) throw new Error(`ismcts: ${name} must be a whole number, got "${raw}"`);
  return value;
}

function parseFlag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === '0' || raw === 'false' || raw === 'off') return false;
  throw new Error(`ismcts: ${name} must be on or off, got "${raw}"`);
}

function parseCutoffReward(raw: string | undefined): 'eval' | 'standing' {
  if (raw === undefined || raw === '') return DEFAULT_CUTOFF_REWARD;
  if (raw !== 'eval' && raw !== 'standing')
    throw new Error(`ismcts: cutoffReward must be eval or standing, got "${raw}"`);
  return raw;
}

function parsePlayout(raw: string | undefined, abilities: GameAbilities): PlayoutMode {
  if (raw === undefined || raw === '' || raw === 'auto') return defaultPlayout(abilities);
  if (raw !== 'random' && raw !== 'policy' && raw !== 'cutoff')
    throw new Error(`ismcts: playout must be random, policy, cutoff or auto, got "${raw}"`);
  if (raw === 'policy' && !abilities.policy)
    throw new Error('ismcts: playout=policy needs a game with a playoutPolicy');
  if (raw === 'cutoff' && !abilities.evaluate)
    throw new Error('ismcts: playout=cutoff needs a game with evaluate');
  return raw;
}

function parseOpponents(raw: string | undefined): OpponentMode {
  if (raw === undefined || raw === '') return DEFAULT_OPPONENTS;
  if (raw !== 'maxn' && raw !== 'policy')
    throw new Error(`ismcts: opponents must be maxn or policy, got "${raw}"`);
  return raw;
}

function parseExpand(raw: string | undefined, abilities: GameAbilities): ExpandMode {
  if (raw === undefined || raw === '') return DEFAULT_EXPAND;
  if (raw !== 'random' && raw !== 'policy')
    throw new Error(`ismcts: expand must be random or policy, got "${raw}"`);
  if (raw === 'policy' && !abilities.policy)
    throw new Error('ismcts: expand=policy needs a game with a playoutPolicy');
  return raw;
}

export function parseIsmctsParams(
  params: Readonly<Record<string, string>> | undefined,
  abilities: GameAbilities,
): IsmctsConfig {
  const p = params ?? {};
  const unknown = Object.keys(p).filter((k) => !(KNOWN as readonly string[]).includes(k));
  if (unknown.length)
    throw new Error(`ismcts: unknown parameter(s) ${unknown.join(', ')}; known: ${KNOWN.join(', ')}`);
  const ms = parseNumber('ms', p.ms, 0, 0, 3_600_000);
  // With a time budget the iteration count is only a cap, so it defaults to "no cap".
  const iterationsFallback = ms > 0 ? Number.MAX_SAFE_INTEGER : DEFAULT_ITERATIONS;
  return {
    iterations: parseInteger('iterations', p.iterations, iterationsFallback, 1, Number.MAX_SAFE_INTEGER),
    ms,
    playout: parsePlayout(p.playout, abilities),
    opponents: parseOpponents(p.opponents),
    expand: parseExpand(p.expand, abilities),
    depth: parseInteger('depth', p.depth, DEFAULT_DEPTH, 0, 1_000_000),
    c: parseNumber('c', p.c, DEFAULT_C, 0, 100),
    epsilon: parseNumber('epsilon', p.epsilon, DEFAULT_EPSILON, 0, 1),
    margin: parseNumber('margin', p.margin, DEFAULT_MARGIN, 0, 1),
    cutoffReward: parseCutoffReward(p.cutoffReward),
    normalize: parseFlag('normalize', p.normalize, DEFAULT_NORMALIZE),
    maxPlayout: parseInteger('maxPlayout', p.maxPlayout, MAX_PLAYOUT, 1, 10_000_000),
  };
}
