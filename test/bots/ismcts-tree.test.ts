import { describe, expect, it } from 'vitest';
import { Node, WindowTracker } from '../../src/bots/ismcts-tree.ts';
import type { Seat } from '../../src/core/game.ts';

/** Replays a descent: each step is (seat, action key, actors after the action); returns the nodes. */
function descend(rootActors: Seat[], steps: [Seat, string, Seat[]][], root = new Node()): Node[] {
  const tracker = new WindowTracker();
  tracker.maybeOpen(root, rootActors);
  const nodes = [root];
  let node = root;
  for (const [seat, key, next] of steps) {
    const edge = node.edges(seat).get(key) ?? node.addEdge(seat, key);
    node = tracker.advance(node, edge, next);
    nodes.push(node);
  }
  return nodes;
}

describe('secret windows in the ismcts tree', () => {
  it('gives a later chooser the same node whatever the earlier secret choice was', () => {
    const root = new Node();
    const a = descend([0, 1, 2], [[0, 'bid1', [1, 2]]], root);
    const b = descend([0, 1, 2], [[0, 'bid9', [1, 2]]], root);
    expect(a[1]).toBe(b[1]);
    const a2 = descend(
      [0, 1, 2],
      [
        [0, 'bid1', [1, 2]],
        [1, 'bid4', [2]],
      ],
      root,
    );
    const b2 = descend(
      [0, 1, 2],
      [
        [0, 'bid9', [1, 2]],
        [1, 'bid5', [2]],
      ],
      root,
    );
    expect(a2[2]).toBe(b2[2]);
  });

  it('keeps apart the nodes of a seat whose own earlier steps differ', () => {
    const root = new Node();
    const a = descend([0, 1], [[0, 'colour:red', [0, 1]]], root);
    const b = descend([0, 1], [[0, 'colour:blue', [0, 1]]], root);
    expect(a[1]).not.toBe(b[1]);
  });

  it('distinguishes every combination once the window closes (the choices are revealed)', () => {
    const root = new Node();
    const run = (x: string, y: string) =>
      descend(
        [0, 1],
        [
          [0, x, [1]],
          [1, y, [0, 1]],
        ],
        root,
      )[2];
    expect(run('bid1', 'bid2')).toBe(run('bid1', 'bid2'));
    expect(run('bid1', 'bid2')).not.toBe(run('bid1', 'bid3'));
    expect(run('bid1', 'bid2')).not.toBe(run('bid4', 'bid2'));
  });

  it('closes a window whose seats all stay actors once a seat that already chose must act again', () => {
    const root = new Node();
    // Everyone stays an actor until the last plan is in (they may still change it), then seat 0 acts.
    const run = (plan1: string) =>
      descend(
        [0, 1, 2],
        [
          [0, 'p', [1, 2, 0]],
          [1, plan1, [2, 0, 1]],
          [2, 'p', [0]],
        ],
        root,
      );
    const a = run('plan-a');
    const b = run('plan-b');
    expect(a[2]).toBe(b[2]);
    expect(a[3]).not.toBe(b[3]);
  });

  it('uses plain children outside windows', () => {
    const root = new Node();
    const a = descend([0], [[0, 'x', [1]]], root);
    const b = descend([0], [[0, 'y', [1]]], root);
    expect(a[1]).not.toBe(b[1]);
    expect(descend([0], [[0, 'x', [1]]], root)[1]).toBe(a[1]);
  });
});
