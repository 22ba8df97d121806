import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/db';
import { outbox } from '@/server/db/schema';

/**
 * Enqueues a job as part of the caller's transaction (pass the `tx`): it exists exactly when the state change
 * that caused it commits. The relay hands it to pg-boss with this id, so relaying twice cannot duplicate it.
 */
export async function enqueueJob(
  db: Db,
  queue: string,
  payload: Record<string, unknown>,
  options: { startAfter?: Date } = {},
) {
  const id = randomUUID();
  await db.insert(outbox).values({ id, queue, payload, startAfter: options.startAfter ?? null });
  return id;
}
