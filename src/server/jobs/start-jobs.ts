/**
 * pg-boss inside the app process, on the same database: PGlite through its `db` option, PostgreSQL through
 * its own pool. Started once per process (globalThis), with the outbox relay beside it.
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@/server/db';
import { logger } from '@/server/logger';
import { jobDefinitions } from './registry';
import { relayOutbox } from './relay-outbox';

export type JobRunner = { boss: PgBoss; relayNow(): Promise<number>; stop(): Promise<void> };

const slot = globalThis as typeof globalThis & { __jobs?: Promise<JobRunner> };

export function startJobs(handle: DatabaseHandle, options: { relayIntervalMs?: number } = {}): Promise<JobRunner> {
  slot.__jobs ??= boot(handle, options.relayIntervalMs ?? 1000);
  return slot.__jobs;
}

export const runningJobs = () => slot.__jobs;

async function boot(handle: DatabaseHandle, relayIntervalMs: number): Promise<JobRunner> {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: { executeSql: handle.executeSql }, schema: 'pgboss' })
      : new PgBoss({ connectionString: handle.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of jobDefinitions()) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: job.retryBackoff ?? true,
      expireInSeconds: job.expireInSeconds ?? 300,
    });
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { singletonKey: job.name });
    await boss.work(job.name, { batchSize: job.batchSize ?? 1, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const item of jobs) await job.handler(item.data as never, { id: item.id, db: handle.db });
    });
  }
  let relaying: Promise<number> | undefined;
  const relayNow = () => (relaying ??= relayOutbox(handle.db, boss).finally(() => (relaying = undefined)));
  const timer = setInterval(() => relayNow().catch((error) => logger.error({ err: error }, 'outbox relay failed')), relayIntervalMs);
  timer.unref();
  return {
    boss,
    relayNow,
    stop: async () => {
      clearInterval(timer);
      await relaying?.catch(() => 0);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      slot.__jobs = undefined;
    },
  };
}
