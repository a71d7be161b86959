/** Every random value the server makes comes from the operating system's CSPRNG, never the clock. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TABLE_ID_ALPHABET, TABLE_ID_LENGTH } from '../protocol/index.ts';

/** A seat token: 256 random bits, base64url. Handed out once; only its hash is kept. */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex. A slow hash would add nothing: the token has 256 bits of entropy. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares a token with a stored hash in time independent of where they differ. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The seat a token holds among `hashes` (by seat), or undefined. Every seat is compared, so the
 * time taken does not tell which seat (if any) was close.
 */
export function seatOfToken(token: string, hashes: readonly (string | null)[]): number | undefined {
  let found: number | undefined;
  hashes.forEach((hash, seat) => {
    if (tokenMatches(token, hash) && found === undefined) found = seat;
  });
  return found;
}

/** A game seed: 128 random bits. It decides every shuffle, so it never leaves the server early. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/** A table id, which is also its join code: 10 characters of base 32 (50 bits). */
export function newTableId(): string {
  const bytes = randomBytes(TABLE_ID_LENGTH);
  let id = '';
  for (const byte of bytes) id += TABLE_ID_ALPHABET[byte & 31];
  return id;
}

/** A seed for one bot decision: bots' own randomness, unrelated to the game's. */
export function newBotSeed(): string {
  return randomBytes(8).toString('hex');
}

/** Who created a table, kept only as a hash of the client's address (for the open-tables limit). */
export function clientKey(address: string): string {
  return createHash('sha256').update(`prosper-client:${address}`).digest('hex').slice(0, 32);
}
