/**
 * The order being filled is the active player's secret until it is filled (rule
 * prosperitea.info.secret-order). Everyone else knows only who is filling an order and the requests
 * that were sent. This module says what that public part is, and which orders it leaves possible:
 * the heuristic bot answers requests with it, and `resample` draws the secret from it.
 */
import type { Rng } from '../../../core/index.ts';
import { emptyList } from '../../../core/index.ts';
import type { Answer, Pending, ProsperiteaState, Shop, Source, Target } from '../state.ts';
import { EVERGREEN_REQS, KIND_TYPE, KINDS, ORDER_CARDS, compilePlan } from '../tables.ts';
import type { Req } from '../tables.ts';
import { shortfall } from './feasibility.ts';

/** A request everyone has heard: who was asked for which ingredient, and their answer so far. */
export interface PublicRequest {
  seat: number;
  kind: number;
  answer: Answer;
}

/**
 * The requests everyone knows of: every ask with its answer so far once the requests are out (phase
 * `request`, declined asks included until everyone has answered); while the order is back with the
 * active player after a decline, only the accepted ones (new asks are not sent yet). Sorted by seat and ingredient, so the list says nothing about the order's line order.
 */
export function publicRequests(state: ProsperiteaState): PublicRequest[] {
  const out: PublicRequest[] = [];
  const pending = state.pending;
  if (!pending) return out;
  const sent = state.phase === 'request';
  for (const s of pending.sources)
    if (s !== null && s.from === 'ask' && (sent || s.answer === 'accepted'))
      out.push({ seat: s.seat, kind: s.kind, answer: s.answer });
  return out.sort((a, b) => a.seat - b.seat || a.kind - b.kind);
}

/**
 * The lines of `reqs` that the asked kinds take: a line naming the kind if one is free, otherwise a
 * line taking any card of its type. Taking the specific lines first is never worse, both for fitting
 * every ask and for what is left to the active player. Null when the asks do not fit.
 */
export function fitAsks(reqs: readonly Req[], kinds: readonly number[]): number[] | null {
  const taken = reqs.map(() => false);
  const lines = kinds.map(() => -1);
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < kinds.length; a++) {
      if (lines[a]! >= 0) continue;
      const k = kinds[a]!;
      const line = reqs.findIndex(
        (r, i) => !taken[i] && (pass === 0 ? r.kind === k : r.kind < 0 && r.type === KIND_TYPE[k]),
      );
      if (line >= 0) {
        taken[line] = true;
        lines[a] = line;
      }
    }
  }
  return lines.every((l) => l >= 0) ? lines : null;
}

function otherLines(reqs: readonly Req[], taken: readonly number[]): Req[] {
  return reqs.filter((_, i) => !taken.includes(i));
}

function targetsOf(market: readonly (number | null)[]): { target: Target; reqs: readonly Req[] }[] {
  const out: { target: Target; reqs: readonly Req[] }[] = [];
  market.forEach((order, slot) => {
    if (order !== null) out.push({ target: { kind: 'market', slot, order }, reqs: ORDER_CARDS[order]!.reqs });
  });
  EVERGREEN_REQS.forEach((reqs, recipe) => out.push({ target: { kind: 'evergreen', recipe }, reqs }));
  return out;
}

/**
 * Orders that could be the one being filled, for someone who knows only the public requests: every
 * market and Evergreen order whose lines take all the requests and leave at least one line to the
 * active player. Once the requests are out (`requestsOut`), the active player covers every other
 * line with own cards and Favor tokens, so those must suffice too.
 */
export function possibleTargets(
  market: readonly (number | null)[],
  active: Shop,
  requests: readonly PublicRequest[],
  requestsOut: boolean,
): Target[] {
  const kinds = requests.map((r) => r.kind);
  const out: Target[] = [];
  for (const { target, reqs } of targetsOf(market)) {
    if (reqs.length <= kinds.length) continue;
    const lines = fitAsks(reqs, kinds);
    if (lines === null) continue;
    if (requestsOut && shortfall(compilePlan(otherLines(reqs, lines), 0), active.ingredients) > active.favors)
      continue;
    out.push(target);
  }
  return out;
}

/**
 * The active player's own cover of `lines` (the lines no request covers): line by line, a random
 * own card that fits and leaves the rest coverable, else a Favor token.
 */
function ownCover(reqs: readonly Req[], lines: readonly number[], active: Shop, rng: Rng): Source[] {
  const cards = active.ingredients.slice();
  let tokens = active.favors;
  const out: Source[] = [];
  for (let n = 0; n < lines.length; n++) {
    const req = reqs[lines[n]!]!;
    const rest = compilePlan(
      lines.slice(n + 1).map((i) => reqs[i]!),
      0,
    );
    const options: number[] = [];
    for (let k = 0; k < KINDS; k++) {
      const fits = req.kind >= 0 ? k === req.kind : KIND_TYPE[k] === req.type;
      if (fits && cards[k]! > 0 && shortfall(rest, cards, k) <= tokens) options.push(k);
    }
    if (options.length > 0) {
      const k = options[rng.int(options.length)]!;
      cards[k]! -= 1;
      out.push({ from: 'own', kind: k });
    } else {
      tokens -= 1;
      out.push({ from: 'favor' });
    }
  }
  return out;
}

/**
 * The pending order as someone other than the active player can imagine it: an order drawn at
 * random among those the public requests leave possible, the requests on the lines they fit, and
 * the rest either open (the active player is still choosing; what they chose so far is unseen) or,
 * once the requests are out, covered by the active player's own cards and tokens.
 */
export function imaginePending(state: ProsperiteaState, rng: Rng): Pending {
  const active = state.shops[state.current]!;
  const requests = publicRequests(state);
  const requestsOut = state.phase === 'request';
  const targets = possibleTargets(state.market, active, requests, requestsOut);
  // The true order is always possible, so the list is never empty.
  const target = targets[rng.int(targets.length)]!;
  const reqs = target.kind === 'market' ? ORDER_CARDS[target.order]!.reqs : EVERGREEN_REQS[target.recipe]!;
  const lines = fitAsks(
    reqs,
    requests.map((r) => r.kind),
  )!;
  const sources = emptyList<Source | null>();
  for (let i = 0; i < reqs.length; i++) sources.push(null);
  requests.forEach((r, a) => {
    sources[lines[a]!] = { from: 'ask', seat: r.seat, kind: r.kind, answer: r.answer };
  });
  if (requestsOut) {
    const rest: number[] = [];
    for (let i = 0; i < reqs.length; i++) if (!lines.includes(i)) rest.push(i);
    ownCover(reqs, rest, active, rng).forEach((source, n) => {
      sources[rest[n]!] = source;
    });
  }
  return { target, sources };
}
