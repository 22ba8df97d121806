/**
 * SIGTERM and SIGINT: readiness answers 503, the server stops accepting, requests in flight finish, job workers
 * take nothing new and finish what they hold, the pool closes, exit 0. All of it within SHUTDOWN_TIMEOUT_MS;
 * whatever is still running then is cut (pg-boss fails its jobs, which retry; a cut request is the client's
 * to retry). docs/operations.md, "Graceful shutdown"; proven by e2e/resilience/graceful-shutdown.spec.ts.
 */
import { getEnv } from '@/env';
import { runningJobs } from '@/server/jobs/job-runner';
import { drainRequests } from '@/server/http/requests-in-flight';
import { logger } from '@/server/logger';
import { setServerPhase } from './lifecycle';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** After the timeout, what is left (closing the pool, pg-boss failing its jobs) gets this long before exit 1. */
const BACKSTOP_MS = 5000;

export function registerShutdown(closeDatabase: () => Promise<void>) {
  const env = getEnv();
  if (!env.NEXT_MANUAL_SIG_HANDLE && env.NODE_ENV === 'production') {
    // Started without the start scripts' variable: `next start` installed its own handlers before this module
    // ran (they close the server and exit 143 while the jobs may still run). This process owns its shutdown.
    for (const signal of SIGNALS) process.removeAllListeners(signal);
    logger.warn('NEXT_MANUAL_SIG_HANDLE is not set; the shutdown replaced the signal handlers of Next.js');
  }
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // `npm start` forwards a signal its process group got too: the second one must not cut the first short.
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    const deadline = startedAt + env.SHUTDOWN_TIMEOUT_MS;
    setServerPhase('stopping'); // readiness answers 503 from here on
    setTimeout(() => {
      process.stderr.write(`Shutdown did not finish within SHUTDOWN_TIMEOUT_MS + ${BACKSTOP_MS} ms; exiting\n`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + BACKSTOP_MS).unref();
    const jobs = await runningJobs()?.catch(() => undefined);
    // Workers fetch nothing new from now on; the jobs they hold run on while the requests drain.
    const fetchingStopped = jobs?.stopFetching().catch(() => {});
    const { cut } = await drainRequests(deadline);
    await fetchingStopped;
    await jobs
      ?.stop(Math.max(0, deadline - Date.now()))
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the jobs failed'));
    await closeDatabase().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
    logger.info({ signal, ms: Date.now() - startedAt, requestsCut: cut }, 'stopped');
    process.exit(0);
  };
  for (const signal of SIGNALS) process.on(signal, () => void shutdown(signal));
}
