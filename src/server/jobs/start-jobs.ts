/**
 * pg-boss inside the app process, on the same database: PGlite through its `db` option, PostgreSQL through
 * its own pool. Started once per process (globalThis), with the outbox relay beside it.
 */
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import type { DatabaseHandle } from '@/server/db';
import { answerJobSignals } from '@/server/db/job-signals';
import { logger } from '@/server/logger';
import { jobRunnerSlot, type JobRunner } from './job-runner';
import { jobDefinitions, type JobDefinition } from './registry';
import { relayOutbox } from './relay-outbox';

export type { JobRunner };

export function startJobs(handle: DatabaseHandle, options: { relayIntervalMs?: number } = {}): Promise<JobRunner> {
  jobRunnerSlot.__jobs ??= boot(handle, options.relayIntervalMs ?? 1000);
  // Use cases signal through the db layer (job-signals.ts); this process's runner answers them.
  answerJobSignals({
    syncDueAt: async (at) => (await import('./arm-sub-merchant-sync')).armSubMerchantSync(at),
    outboxWritten: relayOutboxSoon,
  });
  return jobRunnerSlot.__jobs;
}

/**
 * Relays the outbox now rather than at the next tick: called after a commit whose event an integrator is
 * waiting for (an upstream status change), so its webhook leaves within a moment. No runner here: no-op.
 */
export function relayOutboxSoon() {
  void jobRunnerSlot.__jobs
    ?.then((runner) => runner.relayNow())
    .catch((error) => logger.error({ err: error }, 'outbox relay failed'));
}

async function boot(handle: DatabaseHandle, relayIntervalMs: number): Promise<JobRunner> {
  // Maintenance expires the active jobs of a process that died (SIGKILL, OOM): every 30 s instead of 120 s, so
  // a crashed webhook delivery is retried within about two minutes (crash-webhook.spec.ts).
  const maintenance = {
    maintenanceIntervalSeconds: 30,
    // Completed jobs leave pgboss.job after an hour (pg-boss's default is 12 h): every fetch and every queue
    // gauge reads that table, and each webhook delivery and sync run adds a row. Their outcome is in our own
    // tables (event_deliveries, delivery_attempts, sub_merchants), so the job row is not the record.
    archiveCompletedAfterSeconds: 3600,
    // Failed jobs stay three days beside the live ones, where an operator looking at a failure finds them.
    archiveFailedAfterSeconds: 3 * 86_400,
    // The archive is for post-mortems of the last week, then deleted (pg-boss's default, chosen on purpose):
    // an incident is looked at within days, and the archive must not grow with traffic for ever.
    deleteAfterDays: 7,
  };
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: { executeSql: handle.executeSql }, schema: 'pgboss', ...maintenance })
      : new PgBoss({ connectionString: handle.connectionString, schema: 'pgboss', max: 4, ...maintenance });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await oneInstanceAtATime(handle, async () => {
    await boss.start();
    for (const job of jobDefinitions()) {
      await boss.createQueue(job.name, {
        name: job.name,
        policy: job.policy ?? 'standard',
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
    for (let n = 0; n < (job.workers ?? 1); n++) workers.push(await startWorker(job));
    if (job.runOnStart) await boss.send(job.name, {});
  }
  async function startWorker(job: JobDefinition) {
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
    return worker;
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
    stopFetching: async () => {
      await Promise.all(workers.map((id) => boss.offWork({ id })));
    },
    stop: async (timeoutMs = 5000) => {
      clearInterval(timer);
      await relaying?.catch(() => 0);
      // graceful: pg-boss waits for the jobs in hand up to the timeout, then fails the rest, which retry.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      jobRunnerSlot.__jobs = undefined;
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
