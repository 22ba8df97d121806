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
});
