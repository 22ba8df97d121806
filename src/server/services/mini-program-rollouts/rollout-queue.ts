// Not a use case: the executor's job queue name and its kick, written with the change that needs it (outbox).
import type { Db } from '@/server/db';
import { enqueueJob } from '@/server/db/outbox';

export const ROLLOUT_ADVANCE_QUEUE = 'mini-program-rollout-advance';
export type RolloutAdvancePayload = { rolloutId: string };

/** Asks the executor to advance a rollout soon; pass the transaction making the change. */
export const kickRollout = (db: Db, rolloutId: string) =>
  enqueueJob(db, ROLLOUT_ADVANCE_QUEUE, { rolloutId } satisfies RolloutAdvancePayload);
