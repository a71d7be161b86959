import { describe, expect, it } from 'vitest';
import { GroupCommitter } from '../../src/server/group-commit.ts';
import type { AppendEntry, Storage } from '../../src/server/storage/types.ts';

/** A storage whose appends the test completes by hand, recording each transaction's entries. */
class ManualStorage {
  readonly transactions: AppendEntry[][] = [];
  readonly pending: { resolve: () => void; reject: (e: Error) => void; entries: readonly AppendEntry[] }[] =
    [];
  failIf: (entries: readonly AppendEntry[]) => boolean = () => false;

  append(entries: readonly AppendEntry[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({
        entries,
        resolve: () => {
          this.transactions.push([...entries]);
          resolve();
        },
        reject,
      });
    });
  }

  /** Completes the oldest transaction (failing it if `failIf` says so). */
  finishOne(): void {
    const next = this.pending.shift();
    if (!next) throw new Error('no transaction in flight');
    if (this.failIf(next.entries)) next.reject(new Error('constraint'));
    else next.resolve();
  }
}

const entry = (match: string, seq: number): AppendEntry => ({ match, seq, seat: 0, action: seq, at: seq });
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

function committer(storage: ManualStorage, windowMs = 1, maxBatch = 1000) {
  return new GroupCommitter(storage as unknown as Storage, { windowMs, maxBatch });
}

describe('group commit', () => {
  it('batches actions arriving within the window into one transaction, and resolves none before it commits', async () => {
    const storage = new ManualStorage();
    const gc = committer(storage, 2);
    const done: string[] = [];
    const appends = [entry('a', 1), entry('b', 1), entry('c', 1)].map((e) =>
      gc.append(e).then(() => done.push(e.match)),
    );
    await tick(10);
    expect(storage.pending).toHaveLength(1);
    expect(storage.pending[0]!.entries.map((e) => e.match)).toEqual(['a', 'b', 'c']);
    expect(done).toEqual([]);
    storage.finishOne();
    await Promise.all(appends);
    expect(done).toEqual(['a', 'b', 'c']);
    expect(gc.batches).toBe(1);
  });

  it('gathers what arrives during a write into the next transaction, written as soon as the first commits', async () => {
    const storage = new ManualStorage();
    const gc = committer(storage);
    const first = gc.append(entry('a', 1));
    await tick();
    const later = [gc.append(entry('a', 2)), gc.append(entry('b', 1))];
    await tick();
    expect(storage.pending).toHaveLength(1);
    storage.finishOne();
    await first;
    await tick(0);
    expect(storage.pending.map((p) => p.entries.length)).toEqual([2]);
    storage.finishOne();
    await Promise.all(later);
    expect(storage.transactions.map((t) => t.map((e) => `${e.match}${e.seq}`))).toEqual([
      ['a1'],
      ['a2', 'b1'],
    ]);
  });

  it('writes at once when a batch reaches its maximum size', async () => {
    const storage = new ManualStorage();
    const gc = committer(storage, 10_000, 3);
    for (let i = 1; i <= 3; i++) void gc.append(entry('a', i));
    await tick(0);
    expect(storage.pending).toHaveLength(1);
    expect(storage.pending[0]!.entries).toHaveLength(3);
    storage.finishOne();
  });

  it('when a batch fails, retries its entries one by one so that only the bad one fails', async () => {
    const storage = new ManualStorage();
    storage.failIf = (entries) => entries.some((e) => e.match === 'bad');
    const gc = committer(storage);
    const results = [entry('a', 1), entry('bad', 1), entry('b', 1)].map((e) =>
      gc.append(e).then(
        () => `${e.match}: stored`,
        () => `${e.match}: failed`,
      ),
    );
    for (let i = 0; i < 4; i++) {
      await tick();
      storage.finishOne();
    }
    expect(await Promise.all(results)).toEqual(['a: stored', 'bad: failed', 'b: stored']);
    expect(storage.transactions.map((t) => t.map((e) => e.match))).toEqual([['a'], ['b']]);
  });

  it('flushed() resolves once everything appended so far is written', async () => {
    const storage = new ManualStorage();
    const gc = committer(storage);
    void gc.append(entry('a', 1));
    let flushed = false;
    void gc.flushed().then(() => (flushed = true));
    await tick();
    expect(flushed).toBe(false);
    storage.finishOne();
    await tick();
    expect(flushed).toBe(true);
  });
});
