/**
 * Where JSON from outside (a replay script, a saved state) enters the engine. Schemas check shapes
 * and each game's invariants, but they run on whatever arrives, so two things are checked first,
 * generically, so that no input can make the checks themselves fail:
 *
 * - size: a file or stream above `MAX_INPUT_BYTES` is refused before it is read whole;
 * - depth: nesting above `MAX_DEPTH` is refused before any schema runs. `JSON.parse` itself is not
 *   recursive in V8 and takes a million levels, but recursive schemas (Prospectus's screen record,
 *   a linked list checked by a `z.lazy` schema) overflowed the stack at about 1,360 nodes, and
 *   `JSON.stringify` and `stableStringify` (hashes) at about 4,100 and 6,500 levels.
 *
 * Nothing here depends on the CLI, so a server can take the same checks.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import type { z } from 'zod';

/** Far above any real script (a long game's script is well under 1 MB). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * Far above any state a game reaches (Prospectus's screen record, the deepest, held at most 108
 * entries over 80 random and heuristic games, about 112 levels with the script around it), and far
 * enough below the 1,360 levels where a recursive schema ran out of stack to leave room for a
 * deeper caller (a server's request handler, a test runner).
 */
export const MAX_DEPTH = 512;

/** Input refused at the boundary; the message says what is wrong and where. */
export class RefusedInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedInput';
  }
}

const MiB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;

/** Reads a whole file as text, refusing one above `limit` bytes before reading it. */
export function readFileLimited(path: string, limit = MAX_INPUT_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new RefusedInput(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new RefusedInput(`cannot read ${path}: it is a directory`);
    if (stat.size > limit)
      throw new RefusedInput(`${path} is ${MiB(stat.size)}, more than the ${MiB(limit)} a script may be`);
    return readFileSync(fd, 'utf8');
  } catch (err) {
    if (err instanceof RefusedInput) throw err;
    throw new RefusedInput(`cannot read ${path}: ${(err as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/** Reads a stream (standard input) as text, stopping as soon as it passes `limit` bytes. */
export async function readStreamLimited(
  stream: NodeJS.ReadableStream,
  name: string,
  limit = MAX_INPUT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    // Leaving the loop early destroys the stream: nothing more is read.
    if (total > limit) throw new RefusedInput(`${name} is more than the ${MiB(limit)} a script may be`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `JSON.parse`, then the depth check: what a script or saved state must pass before any schema. */
export function parseJsonLimited(text: string, name: string, maxDepth = MAX_DEPTH): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RefusedInput(`${name} is not JSON: ${(err as Error).message}`);
  }
  checkDepth(value, name, maxDepth);
  return value;
}

/**
 * Refuses nesting deeper than `maxDepth`. The walk is recursive but stops at the limit, so it never
 * goes deeper than `maxDepth` frames itself.
 */
export function checkDepth(value: unknown, name: string, maxDepth = MAX_DEPTH): void {
  const path: (string | number)[] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (path.length >= maxDepth)
      throw new RefusedInput(
        `${name} is nested more than ${maxDepth} levels deep (at ${formatPath(path, 6)}); no game's state is`,
      );
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i]);
        path.pop();
      }
    } else {
      for (const key of Object.keys(v)) {
        path.push(key);
        walk((v as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(value);
}

/** `actions[3].seat`; a long path keeps its first `keep` steps and says how many more follow. */
export function formatPath(path: readonly PropertyKey[], keep = Infinity): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const step of path.slice(0, keep)) {
    if (typeof step === 'number') out += `[${step}]`;
    else {
      const key = String(step);
      out += /^[A-Za-z_$][\w$]*$/.test(key) ? `${out ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return path.length > keep ? `${out}… (${path.length - keep} levels more)` : out;
}

/** Issues as `path: problem`, at most `max` of them, on one line. */
export function describeIssues(error: z.ZodError, prefix: readonly PropertyKey[] = [], max = 3): string {
  const lines = flattenIssues(error.issues, prefix);
  const shown = lines.slice(0, max).join('; ');
  return lines.length > max ? `${shown} (and ${lines.length - max} more)` : shown;
}

function flattenIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.message === 'Invalid input' && issue.errors.length) {
      // No message of its own: the alternative that came closest says what is missing.
      const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      out.push(...flattenIssues(closest, path));
    } else if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
      out.push(`${formatPath(path)}: unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}`);
    } else if (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) {
      out.push(`${formatPath(path)}: missing (expected ${issue.expected})`);
    } else out.push(`${formatPath(path)}: ${issue.message.replace(/^Invalid input: /, '')}`);
  }
  return out;
}
