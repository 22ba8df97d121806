import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { DecodePool } from '@/server/services/media/decode-pool';

/** A task that runs until its `finish` is called, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, task: () => (started.push(name), done) };
}

describe('DecodePool', () => {
  it('gives a freed slot to the first waiter within its share, not to a platform already at its share', async () => {
    const pool = new DecodePool(() => ({ concurrency: 2, queue: 4 }));
    const started: string[] = [];
    const a1 = heldTask(started, 'a1');
    const a2 = heldTask(started, 'a2');
    const c1 = heldTask(started, 'c1');
    const b1 = heldTask(started, 'b1');
    const runs = [pool.run('A', a1.task), pool.run('C', c1.task), pool.run('A', a2.task), pool.run('B', b1.task)];
    expect(started).toEqual(['a1', 'c1']);
    expect(pool.state()).toEqual({ running: 2, waiting: 2 });
    c1.finish();
    await runs[1];
    // A still runs a1 (its share is one of two slots): B, queued after A's second image, goes first.
    expect(started).toEqual(['a1', 'c1', 'b1']);
    a1.finish();
    await runs[0];
    expect(started).toEqual(['a1', 'c1', 'b1', 'a2']);
    b1.finish();
    a2.finish();
    await Promise.all(runs);
    expect(pool.state()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses past the queue with 503 and Retry-After, except for a caller that must wait; a failed task frees its slot', async () => {
    const pool = new DecodePool(() => ({ concurrency: 1, queue: 1 }));
    const started: string[] = [];
    const first = heldTask(started, 'first');
    const running = pool.run('A', first.task);
    const queued = pool.run('B', async () => 'queued');
    const refused = await pool.run('C', async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'decoding_busy', status: 503 });
    expect((refused as AppError).options.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const upgrade = pool.run('C', async () => 'waited', { wait: true });
    expect(pool.state()).toEqual({ running: 1, waiting: 2 });
    first.finish();
    expect(await Promise.all([running, queued, upgrade])).toEqual([undefined, 'queued', 'waited']);
    await expect(pool.run('A', () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(pool.state()).toEqual({ running: 0, waiting: 0 });
  });
});
