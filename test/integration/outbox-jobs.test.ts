import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '@/server/db/schema';
import { enqueueJob } from '@/server/db/outbox';
import { defineJob } from '@/server/jobs/registry';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { describeEachDatabase } from '../support/databases';

const received: { id: string; marker: string }[] = [];
const queue = defineJob<{ marker: string }>({
  name: 'test-outbox-echo',
  retryLimit: 0,
  handler: async (payload, job) => {
    received.push({ id: job.id, marker: payload.marker });
  },
});

// Five at once or not at all: each handler waits until five are in flight, which never happens one at a time.
let inFlight = 0;
let released: (() => void) | undefined;
const barrier = new Promise<void>((resolve) => (released = resolve));
const concurrentDone: string[] = [];
const concurrentQueue = defineJob<{ marker: string }>({
  name: 'test-outbox-concurrent',
  retryLimit: 0,
  concurrency: 5,
  handler: async (payload) => {
    if (++inFlight >= 5) released!();
    await barrier;
    concurrentDone.push(payload.marker);
  },
});

const backlogDone: string[] = [];
const backlogQueue = defineJob<{ marker: string }>({
  name: 'test-outbox-backlog',
  retryLimit: 0,
  handler: async (payload) => {
    backlogDone.push(payload.marker);
  },
});

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the worker');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('transactional outbox on pg-boss', (database) => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startJobs(database(), { relayIntervalMs: 200 });
  });
  afterAll(async () => {
    await runner.stop();
  });

  it('delivers a job enqueued in a committed transaction exactly once, with the outbox id as job id', async () => {
    const marker = `committed-${Math.random()}`;
    let outboxId = '';
    await database().db.transaction(async (tx) => {
      outboxId = await enqueueJob(tx, queue, { marker });
    });
    await until(() => received.some((r) => r.marker === marker));
    // Relaying the same rows again (as a second instance or a crash before the mark would) adds nothing.
    await database().db.update(outbox).set({ relayedAt: null });
    await runner.relayNow();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const deliveries = received.filter((r) => r.marker === marker);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.id).toBe(outboxId);
  });

  it('never delivers a job whose transaction rolled back', async () => {
    const marker = `rolled-back-${Math.random()}`;
    await expect(
      database().db.transaction(async (tx) => {
        await enqueueJob(tx, queue, { marker });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await runner.relayNow();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received.some((r) => r.marker === marker)).toBe(false);
    expect(await database().db.select().from(outbox).where(isNull(outbox.relayedAt))).toHaveLength(0);
  });

  it('runs the jobs of one fetch at once for a queue with concurrency', async () => {
    await database().db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await enqueueJob(tx, concurrentQueue, { marker: `c${i}` });
    });
    await runner.relayNow();
    await until(() => concurrentDone.length === 5);
    expect(concurrentDone.sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('drains a backlog without waiting a polling interval (1 s) between jobs', async () => {
    await database().db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++) await enqueueJob(tx, backlogQueue, { marker: `b${i}` });
    });
    await runner.relayNow();
    // One job per poll would need at least 19 s; fetching again after a full fetch takes well under that.
    await until(() => backlogDone.length === 20, 9_000);
    expect(new Set(backlogDone).size).toBe(20);
  });
});
