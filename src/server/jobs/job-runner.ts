import type PgBoss from 'pg-boss';

/**
 * This process's job runner, kept apart from start-jobs.ts so a job that arms another run (arm-sub-merchant-sync.ts)
 * finds the runner without importing the module that starts it (start-jobs.ts imports the jobs).
 */
export type JobRunner = {
  boss: PgBoss;
  relayNow(): Promise<number>;
  /** The workers fetch no more jobs; the ones they hold run on (a shutdown's first step). */
  stopFetching(): Promise<void>;
  /** Waits up to `timeoutMs` (at least 1 s) for the jobs being worked, fails what is left (it retries), stops. */
  stop(timeoutMs?: number): Promise<void>;
};

/** On globalThis: Next.js may evaluate this module more than once in one process. */
export const jobRunnerSlot = globalThis as typeof globalThis & { __jobs?: Promise<JobRunner> };

/** The runner started in this process, if any (a CLI or a unit test has none). */
export const runningJobs = () => jobRunnerSlot.__jobs;
