import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { eventDeliveries, events } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { createDelivery } from './create-delivery';
import { toDeliveryDto } from './delivery-dto';
import { currentNotifyUrl, notifyUrlKey } from './notify-url';
import { redeliverEventInput } from '@/schemas/event-requests';

/**
 * An operator's "redeliver": a NEW pending delivery of the same event (same event id, same body) to the URL
 * configured NOW, with a fresh retry schedule. The original delivery and its attempt log stay untouched, so
 * the console keeps the history of what happened; receivers deduplicate on the event id. Another platform's
 * delivery is 404; without a configured URL nothing is created (400 invalid_state).
 */
export async function redeliverEvent(ctx: PlatformContext, input: z.infer<typeof redeliverEventInput>) {
  const [original] = await ctx.db
    .select({ eventId: eventDeliveries.eventId, eventType: events.type })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(and(eq(eventDeliveries.id, input.deliveryId), eq(eventDeliveries.platformId, ctx.platformId)));
  if (!original) throw notFound('Delivery');
  const url = await currentNotifyUrl(ctx, { type: original.eventType });
  if (!url) {
    throw new AppError(
      'invalid_state',
      `No notify URL is configured for ${original.eventType} events; set ${notifyUrlKey(original.eventType) ?? 'one'} first.`,
    );
  }
  return ctx.db.transaction(async (tx) => {
    const deliveryId = await createDelivery(tx, { eventId: original.eventId, platformId: ctx.platformId, url });
    const [row] = await tx.select().from(eventDeliveries).where(eq(eventDeliveries.id, deliveryId));
    return toDeliveryDto(row!, original.eventType, []);
  });
}
