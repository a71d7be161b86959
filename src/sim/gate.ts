/**
 * A switch, shared with a simulation's workers, that pauses them between games and lets them go on.
 * The bench uses it to keep a one-worker and a two-worker simulation warm side by side and let them
 * play in turns of a few seconds, so that a machine whose speed drifts from minute to minute slows
 * both alike (see `interleavedScaling`). A simulation without a gate never checks one.
 *
 * Cells: the switch (1 open, 0 closed), how many workers are parked at it, and how many games its
 * workers have finished.
 */
const OPEN = 0;
const PARKED = 1;
const FINISHED = 2;

export class Gate {
  readonly buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  private readonly cells = new Int32Array(this.buffer);

  /** Starts closed: workers warm up, then park before their first game. */
  open(): void {
    Atomics.store(this.cells, OPEN, 1);
    Atomics.notify(this.cells, OPEN);
  }

  /** Workers finish the game they are playing, then park. */
  close(): void {
    Atomics.store(this.cells, OPEN, 0);
  }

  get parked(): number {
    return Atomics.load(this.cells, PARKED);
  }

  get finished(): number {
    return Atomics.load(this.cells, FINISHED);
  }
}

/** The worker's side of a `Gate`, given its buffer. */
export class GateKeeper {
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /** Returns at once when open; otherwise runs `beforeParking`, then blocks until opened. */
  pass(beforeParking: () => void): void {
    if (Atomics.load(this.cells, OPEN) === 1) return;
    beforeParking();
    Atomics.add(this.cells, PARKED, 1);
    while (Atomics.load(this.cells, OPEN) === 0) Atomics.wait(this.cells, OPEN, 0);
    Atomics.sub(this.cells, PARKED, 1);
  }

  finishedOne(): void {
    Atomics.add(this.cells, FINISHED, 1);
  }
}
