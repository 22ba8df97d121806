import { z } from 'zod';
import { deliverEvent } from '@/server/services/events/deliver-event';
import { DELIVER_EVENT_QUEUE, type DeliverEventPayload } from '@/server/services/events/deliver-event-queue';
import { metrics } from '@/server/metrics/registry';
import { defineJob } from './registry';

const payloadSchema = z.object({ deliveryId: z.string().min(1).max(64), attempt: z.number().int().min(1) });

/**
 * Attempts of event deliveries (docs/product/decisions.md §6). The delivery's own schedule (retry-schedule.ts) decides retries;
 * pg-boss retries only when the handler itself throws (e.g. the database was unreachable), which is safe
 * because deliverEvent ignores a job whose attempt was already recorded.
 */
export const deliverEventJob = defineJob<DeliverEventPayload>({
  name: DELIVER_EVENT_QUEUE,
  retryLimit: 5,
  retryDelaySeconds: 30,
  // Longer than the 10 s request timeout plus DNS and the database writes; short, because it is also how long
  // an attempt cut off by a crash waits before pg-boss hands it out again.
  expireInSeconds: 60,
  // Ten receivers at a time per instance: one that answers slowly (up to the 10 s timeout) delays no other.
  concurrency: 10,
  handler: async (payload, job) => {
    const result = await deliverEvent({ db: job.db, actor: 'delivery' }, payloadSchema.parse(payload));
    if (result !== 'skipped')
      metrics().deliveryAttempts.inc({ outcome: result === 'succeeded' ? 'delivered' : 'failed' });
  },
});
