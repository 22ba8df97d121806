/**
 * Job kinds register here (status sync, webhook delivery, token refresh …). A handler gets the payload and
 * must be idempotent: pg-boss delivers at least once.
 */
import type { Database } from '@/server/db';

export type JobHandler<T = Record<string, unknown>> = (payload: T, job: { id: string; db: Database }) => Promise<void>;
export type JobDefinition = {
  name: string;
  handler: JobHandler<never>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  batchSize?: number;
  /**
   * Jobs of one fetch handled at once (the fetch takes this many). For independent jobs whose handler waits on
   * the network, such as webhook deliveries: one slow receiver must not hold the others back.
   */
  concurrency?: number;
  /**
   * Workers of this queue in each process, each fetching on its own (default 1). Unlike `concurrency`, a long job
   * holds only its own worker: the others go on fetching, so long and short jobs of one queue do not wait for
   * each other (the rollout executor's passes).
   */
  workers?: number;
  /**
   * pg-boss queue policy; `singleton`: at most one job of the queue active at a time, across instances;
   * `stately`: per `singletonKey`, at most one job queued and one active (a send beyond that is dropped: the queued
   * job has not started, so it will see what the dropped one was sent for).
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** The key a job's payload is sent under (the outbox relay asks it), for the `stately` and `singleton` policies. */
  singletonKey?: (payload: Record<string, unknown>) => string | undefined;
  /** Cron expression: pg-boss runs it once per slot across all instances. */
  schedule?: string;
  /** Also run once when the process starts (a job that re-arms itself picks up its chain again). */
  runOnStart?: boolean;
};

const definitions = new Map<string, JobDefinition>();

export function defineJob<T>(definition: Omit<JobDefinition, 'handler'> & { handler: JobHandler<T> }) {
  definitions.set(definition.name, definition as JobDefinition);
  return definition.name;
}

export const jobDefinitions = () => [...definitions.values()];
export const jobDefinition = (name: string) => definitions.get(name);
