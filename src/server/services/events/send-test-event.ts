import { z } from 'zod';
import { events } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { createDelivery } from './create-delivery';
import { currentNotifyUrl } from './notify-url';

export const TEST_EVENT_TYPE = 'test';

/** Each notify URL key, with an event type it receives (so `currentNotifyUrl` finds the URL). */
const receiverOf = {
  'payments.notify_url': 'sub_merchant.updated',
  'miniprogram.audit_notify_url': 'miniprogram.audit.approved',
} as const;

export const sendTestEventInput = z
  .object({ notifyUrlKey: z.enum(Object.keys(receiverOf) as [keyof typeof receiverOf]) })
  .strict();

/**
 * An operator's "send test event": a `test` event to the URL configured now under `notifyUrlKey`, through the same
 * delivery path as every event (outbox, job, signature, retries, attempt log), so the console shows what the
 * receiver answered. `test` events belong to no area: `/v1/events` never lists them.
 */
export async function sendTestEvent(ctx: PlatformContext, input: z.infer<typeof sendTestEventInput>) {
  const url = await currentNotifyUrl(ctx, { type: receiverOf[input.notifyUrlKey] });
  if (!url) throw new AppError('invalid_state', `Set ${input.notifyUrlKey} first; there is nothing to send to.`);
  return ctx.db.transaction(async (tx) => {
    const eventId = newId('evt');
    await tx.insert(events).values({
      id: eventId,
      platformId: ctx.platformId,
      type: TEST_EVENT_TYPE,
      data: { notifyUrlKey: input.notifyUrlKey, message: 'A test event sent from the console.' },
      createdAt: new Date(),
    });
    const deliveryId = await createDelivery(tx, { eventId, platformId: ctx.platformId, url });
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'webhook.test_send',
      target: { type: 'event', id: eventId },
      details: { notifyUrlKey: input.notifyUrlKey },
    });
    return { eventId, deliveryId, url };
  });
}
