import { describe, expect, it } from 'vitest';
import { BatchedLookup, SharedNextRun } from '@/server/db/read-coalescing';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
// A few event-loop turns: enough for settled queries to hand over to the next batch.
const nextTurn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('BatchedLookup', () => {
  it('sends the first key at once and every key that arrives during that query in one next query', async () => {
    const calls: { keys: string[]; answer: ReturnType<typeof deferred<Map<string, number>>> }[] = [];
    const lookup = new BatchedLookup<number>((keys) => {
      const answer = deferred<Map<string, number>>();
      calls.push({ keys, answer });
      return answer.promise;
    });
    const first = lookup.load('a');
    await nextTurn();
    expect(calls.map((c) => c.keys)).toEqual([['a']]);

    const later = [lookup.load('b'), lookup.load('c'), lookup.load('b')];
    await nextTurn();
    expect(calls).toHaveLength(1); // b and c wait: the query in flight started before they arrived

    calls[0]!.answer.resolve(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await nextTurn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    calls[1]!.answer.resolve(new Map([['b', 2]]));
    expect(await Promise.all(later)).toEqual([2, undefined, 2]);
  });

  it('fails only the waiters of a failed query, and the next batch still goes', async () => {
    let call = 0;
    const gate = deferred<void>();
    const lookup = new BatchedLookup<string>(async (keys) => {
      call++;
      if (call === 1) {
        await gate.promise;
        throw new Error('connection lost');
      }
      return new Map(keys.map((key) => [key, `value of ${key}`]));
    });
    const failing = lookup.load('x');
    await nextTurn();
    const queued = lookup.load('y');
    gate.resolve();
    await expect(failing).rejects.toThrow('connection lost');
    expect(await queued).toBe('value of y');
  });

  it('splits a large backlog into batches of at most maxBatch keys', async () => {
    const sizes: number[] = [];
    const lookup = new BatchedLookup<number>(
      async (keys) => (sizes.push(keys.length), new Map(keys.map((k) => [k, 1]))),
      3,
    );
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => lookup.load(key)));
    expect(sizes).toEqual([3, 3, 1]);
  });
});

describe('SharedNextRun', () => {
  it('never hands a caller the result of a read that started before it arrived', async () => {
    let stored = 'v1';
    const gates: ReturnType<typeof deferred<void>>[] = [];
    let reads = 0;
    const shared = new SharedNextRun<string>();
    const read = async () => {
      reads++;
      const seen = stored; // the snapshot is taken when the read starts
      const gate = deferred<void>();
      gates.push(gate);
      await gate.promise;
      return seen;
    };

    const early = shared.run('page', read);
    stored = 'v2'; // a write commits while the first read is running…
    const late = [shared.run('page', read), shared.run('page', read)]; // …and these callers arrive after it
    expect(reads).toBe(1);

    gates[0]!.resolve();
    expect(await early).toBe('v1');
    await nextTurn();
    expect(reads).toBe(2); // both late callers share ONE next read
    gates[1]!.resolve();
    expect(await Promise.all(late)).toEqual(['v2', 'v2']);
  });

  it('keeps different keys apart and lets a failed read fail only its own callers', async () => {
    const shared = new SharedNextRun<string>();
    const failed = shared.run('a', async () => {
      throw new Error('boom');
    });
    const other = shared.run('b', async () => 'b');
    await expect(failed).rejects.toThrow('boom');
    expect(await other).toBe('b');
    expect(await shared.run('a', async () => 'a again')).toBe('a again');
  });
});
