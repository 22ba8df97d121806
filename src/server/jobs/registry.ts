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
  /** pg-boss queue policy; `singleton`: at most one job of the queue active at a time, across instances. */
  policy?: 'standard' | 'singleton';
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
