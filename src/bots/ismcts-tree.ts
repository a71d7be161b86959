/**
 * The search tree of the ISMCTS bot. A node is a decision point reached by a sequence of actions
 * from the bot's information set; it never holds a state, because every iteration plays in a
 * different sampled world.
 *
 * Simultaneous secret choices (several seats in `actors`) are searched as sequential moves, the
 * first of `actors` first. Within such a window, a seat's decision node is identified only by the
 * window's starting node and that seat's *own* choices in the window: the choices the other seats
 * made in the same window are merged away, so a seat's statistics never branch on a choice it
 * could not have seen. When the window closes, the next node is keyed by all choices of the window
 * (they are normally revealed then; see docs/ismcts.md for the cases where that is an approximation).
 */
import type { Seat } from '../core/game.ts';

/** Statistics of one action of one seat at one node (SO-ISMCTS with availability counts). */
export interface Edge {
  readonly seat: Seat;
  readonly key: string;
  /** Times this action was chosen here. */
  visits: number;
  /** Times this action was legal when this node was visited (replaces the parent's visits in UCB). */
  available: number;
  /** Sum of the rewards of `seat` over the visits. */
  reward: number;
  /** The node after this action when no secret window hides it from the next actor. */
  child: Node | null;
}

export class Node {
  /** Edges per acting seat (almost always a single seat per node), by action key. */
  private readonly bySeat: (Map<string, Edge> | undefined)[] = [];
  /** Nodes inside a secret window that starts here, keyed by seat and that seat's own choices. */
  private windowNodes: Map<string, Node> | null = null;
  /** Nodes after a secret window that started here closes, keyed by every choice made in it. */
  private windowEnds: Map<string, Node> | null = null;

  edges(seat: Seat): Map<string, Edge> {
    let map = this.bySeat[seat];
    if (!map) {
      map = new Map();
      this.bySeat[seat] = map;
    }
    return map;
  }

  addEdge(seat: Seat, key: string): Edge {
    const edge: Edge = { seat, key, visits: 0, available: 0, reward: 0, child: null };
    this.edges(seat).set(key, edge);
    return edge;
  }

  windowNode(key: string): Node {
    this.windowNodes ??= new Map();
    return getOrCreate(this.windowNodes, key);
  }

  windowEnd(key: string): Node {
    this.windowEnds ??= new Map();
    return getOrCreate(this.windowEnds, key);
  }
}

function getOrCreate(map: Map<string, Node>, key: string): Node {
  let node = map.get(key);
  if (!node) {
    node = new Node();
    map.set(key, node);
  }
  return node;
}

export function edgeChild(edge: Edge): Node {
  edge.child ??= new Node();
  return edge.child;
}

/** Separates action keys inside node keys; action keys are JSON, which never contains it raw. */
const SEP = '\u0001';

/**
 * Follows one descent through secret windows: a window opens at a state with several actors and
 * closes as `continues` says, or when the game ends.
 */
export class WindowTracker {
  private base: Node | null = null;
  private readonly seats: Seat[] = [];
  private readonly finished: boolean[] = [];
  private readonly acts: { seat: Seat; key: string }[] = [];

  reset(): void {
    this.base = null;
  }

  /** Opens a window at `node` if `actors` is a simultaneous choice and none is open. */
  maybeOpen(node: Node, actors: readonly Seat[]): void {
    if (this.base !== null || actors.length < 2) return;
    this.base = node;
    this.seats.length = 0;
    this.finished.length = 0;
    this.acts.length = 0;
    for (const s of actors) this.seats.push(s);
  }

  /**
   * The node reached after `seat` played `key` at `node` and `next` seats must act now.
   * Outside a window it is the edge's own child.
   */
  advance(node: Node, edge: Edge, next: readonly Seat[]): Node {
    const base = this.base;
    if (base === null) {
      const child = edgeChild(edge);
      this.maybeOpen(child, next);
      return child;
    }
    this.acts.push({ seat: edge.seat, key: edge.key });
    if (this.continues(next, edge.seat)) return base.windowNode(this.ownKey(next[0]!));
    const end = base.windowEnd(this.allKey());
    this.base = null;
    this.maybeOpen(end, next);
    return end;
  }

  /**
   * The window stays open while every actor belongs to it, none comes back after leaving, and the
   * next actor is either the seat that just acted (a choice in several steps) or a seat that has
   * not acted in it yet. A seat of the window acting again marks a new phase (a reveal, a
   * resolution): games where everyone stays an actor until the last secret choice is in need this.
   */
  private continues(next: readonly Seat[], justActed: Seat): boolean {
    if (next.length === 0) return false;
    for (const s of next) if (!this.seats.includes(s) || this.finished[s]) return false;
    const first = next[0]!;
    if (first !== justActed && this.acts.some((act) => act.seat === first)) return false;
    for (const s of this.seats) if (!next.includes(s)) this.finished[s] = true;
    return true;
  }

  private ownKey(seat: Seat): string {
    let key = String(seat);
    for (const act of this.acts) if (act.seat === seat) key += SEP + act.key;
    return key;
  }

  private allKey(): string {
    let key = '';
    for (const act of this.acts) key += SEP + act.seat + SEP + act.key;
    return key;
  }
}
