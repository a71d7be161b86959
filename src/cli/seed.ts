import { randomBytes } from 'node:crypto';

/** Bits of a seed the CLI picks itself. */
export const SEED_BITS = 128;

/**
 * A seed from the operating system's random source, as hex. A seed recomputes every hand, so one
 * derived from the clock (as before: a number below a million) let anyone who could guess the
 * time, or search a million seeds against one opening view, see every card. 128 bits cannot be
 * searched, and the RNG's state (`seedState`) keeps 128 bits of it.
 */
export function freshSeed(): string {
  return randomBytes(SEED_BITS / 8).toString('hex');
}
