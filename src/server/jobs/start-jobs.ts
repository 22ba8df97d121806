/**
 * pg-boss inside the app process, on the same database: PGlite through its `db` option, PostgreSQL through
 * its own pool. Started once per process (globalThis), with the outbox relay beside it.
 */
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import type { DatabaseHandle } from '@/server/db';
import { answerJobSignals } from '@/server/db/job-signals';
import { logger } from '@/server/logger';
import { jobDefinitions } from './registry';
import { relayOutbox } from './relay-outbox';

export type JobRunner = { boss: PgBoss; relayNow(): Promise<number>; stop(): Promise<void> };

const slot = globalThis as typeof globalThis & { __jobs?: Promise<JobRunner> };

export function startJobs(handle: DatabaseHandle, options: { relayIntervalMs?: number } = {}): Promise<JobRunner> {
  slot.__jobs ??= boot(handle, options.relayIntervalMs ?? 1000);
  // Use cases signal through the db layer (job-signals.ts); this process's runner answers them.
  answerJobSignals({
    syncDueAt: async (at) => (await import('./arm-sub-merchant-sync')).armSubMerchantSync(at),
    outboxWritten: relayOutboxSoon,
  });
  return slot.__jobs;
}

export const runningJobs = () => slot.__jobs;

/**
 * Relays the outbox now rather than at the next tick: called after a commit whose event an integrator is
 * waiting for (an upstream status change), so its webhook leaves within a moment. No runner here: no-op.
 */
export function relayOutboxSoon() {
  void slot.__jobs
    ?.then((runner) => runner.relayNow())
    .catch((error) => logger.error({ err: error }, 'outbox relay failed'));
}

async function boot(handle: DatabaseHandle, relayIntervalMs: number): Promise<JobRunner> {
  // Maintenance expires the active jobs of a process that died (SIGKILL, OOM): every 30 s instead of 120 s, so
  // a crashed webhook delivery is retried within about two minutes (crash-webhook.spec.ts).
  const maintenanceIntervalSeconds = 30;
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: { executeSql: handle.executeSql }, schema: 'pgboss', maintenanceIntervalSeconds })
      : new PgBoss({ connectionString: handle.connectionString, schema: 'pgboss', max: 4, maintenanceIntervalSeconds });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await oneInstanceAtATime(handle, async () => {
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
    }
  });
  const workers: string[] = [];
  for (const job of jobDefinitions()) {
    const batchSize = job.concurrency ?? job.batchSize ?? 1;
    const run = (item: PgBoss.Job<unknown>) => job.handler(item.data as never, { id: item.id, db: handle.db });
    let worker = '';
    worker = await boss.work(job.name, { batchSize, pollingIntervalSeconds: 1 }, async (jobs) => {
      if (job.concurrency) {
        // Every job of the fetch runs to its end; a failure then fails the fetch, and pg-boss retries each of
        // its jobs (handlers are idempotent, so the ones that succeeded do nothing the second time).
        const failed = (await Promise.allSettled(jobs.map(run))).find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      } else {
        for (const item of jobs) await run(item);
      }
      // pg-boss waits its polling interval after every fetch, even a full one: a backlog of N jobs would take
      // N seconds at one job a fetch. A full fetch means more may be waiting, so fetch again at once.
      if (jobs.length >= batchSize) boss.notifyWorker(worker);
    });
    workers.push(worker);
    if (job.runOnStart) await boss.send(job.name, {});
  }
  let relaying: Promise<number> | undefined;
  // Relayed jobs are fetched at once by this process's workers instead of at their next poll.
  const wakeWorkers = (relayed: number) => {
    if (relayed > 0) for (const worker of workers) boss.notifyWorker(worker);
    return relayed;
  };
  const relayNow = () =>
    (relaying ??= relayOutbox(handle.db, boss)
      .then(wakeWorkers)
      .finally(() => (relaying = undefined)));
  const timer = setInterval(
    () => relayNow().catch((error) => logger.error({ err: error }, 'outbox relay failed')),
    relayIntervalMs,
  );
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

/**
 * Instances starting together on a new database would create pg-boss's queues (a partition table each) at the
 * same time, and PostgreSQL answers one of them "deadlock detected" (found by e2e/scale-out). A session
 * advisory lock, like the migrations' in open-database.ts, lets one instance set up at a time; the others
 * then find every queue and schedule in place. PGlite has one process, so nothing to serialize.
 */
async function oneInstanceAtATime(handle: DatabaseHandle, setup: () => Promise<void>) {
  if (handle.kind !== 'postgres') return setup();
  const client = postgres(handle.connectionString!, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(hashtext('onboarding-service:job-setup'))`;
    await setup();
    await client`select pg_advisory_unlock(hashtext('onboarding-service:job-setup'))`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
