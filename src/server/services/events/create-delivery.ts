// Not a use case: helper of emitEvent, redeliverEvent and sendTestEvent, runs inside their transaction, so it
// takes (tx, input) rather than a context.
import type { Db } from '@/server/db';
import { eventDeliveries } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { enqueueJob } from '@/server/db/outbox';
import { DELIVER_EVENT_QUEUE, type DeliverEventPayload } from './deliver-event-queue';

/**
 * A pending delivery of an existing event to `url`, and the job making its first attempt. Pass the caller's
 * transaction: the job is written to the outbox, so it runs only if the delivery commits.
 */
export async function createDelivery(
  db: Db,
  input: { eventId: string; platformId: string; url: string },
): Promise<string> {
  const deliveryId = newId('whd');
  // Set here with millisecond precision (not the column's microsecond now()) so the keyset cursor, which
  // carries milliseconds, neither skips nor repeats deliveries created within the same millisecond.
  const createdAt = new Date();
  await db.insert(eventDeliveries).values({
    id: deliveryId,
    eventId: input.eventId,
    platformId: input.platformId,
    url: input.url,
    nextAttemptAt: createdAt,
    createdAt,
  });
  const payload: DeliverEventPayload = { deliveryId, attempt: 1 };
  await enqueueJob(db, DELIVER_EVENT_QUEUE, payload);
  return deliveryId;
}
