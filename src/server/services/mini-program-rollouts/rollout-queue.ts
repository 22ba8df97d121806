// Not a use case: the executor's job queue name and its kick, written with the change that needs it (outbox).
import type { Db } from '@/server/db';
import { enqueueJob } from '@/server/db/outbox';

/**
 * One job runs a bounded slice of one rollout (advance-rollouts `rounds`). Its queue is `stately` keyed by the
 * rollout: at most one pass of a rollout queued and one running, so a thousand audit decisions of one rollout are
 * one queued pass, never a thousand jobs in front of another rollout's. (A new name: pg-boss keeps the policy a
 * queue was created with.)
 */
export const ROLLOUT_ADVANCE_QUEUE = 'mini-program-rollout-pass';
export type RolloutAdvancePayload = { rolloutId: string };

/** Asks the executor to advance a rollout soon; pass the transaction making the change. */
export const kickRollout = (db: Db, rolloutId: string) =>
  enqueueJob(db, ROLLOUT_ADVANCE_QUEUE, { rolloutId } satisfies RolloutAdvancePayload);
