import type { ServiceContext } from '../context';
import { events } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { createDelivery } from './create-delivery';
import { currentNotifyUrl } from './notify-url';

export type EventType =
  | 'sub_merchant.updated'
  | 'miniprogram.audit.approved'
  | 'miniprogram.audit.rejected'
  | 'miniprogram.rollout.updated'
  | 'miniprogram.rollout.completed';

/**
 * Records an event for a platform and, when the platform has a notify URL for its type, a pending delivery
 * plus its first `deliver-event` job. Call it with the transaction that makes the change the event announces:
 * the event, the delivery and the job exist exactly when that change commits (transactional outbox), and
 * nothing is sent from here. Without a URL the event is still stored (visible to operators), nothing is sent.
 */
export async function emitEvent(
  ctx: ServiceContext,
  input: { platformId: string; type: EventType; data: Record<string, unknown> },
): Promise<{ eventId: string; deliveryId: string | null }> {
  const { db } = ctx;
  const eventId = newId('evt');
  // Millisecond precision set here, so the `createdAt` in the body is the same on every attempt and re-read.
  const createdAt = new Date();
  await db
    .insert(events)
    .values({ id: eventId, platformId: input.platformId, type: input.type, data: input.data, createdAt });
  const url = await currentNotifyUrl({ ...ctx, platformId: input.platformId }, { type: input.type });
  if (!url) return { eventId, deliveryId: null };
  const deliveryId = await createDelivery(db, { eventId, platformId: input.platformId, url });
  return { eventId, deliveryId };
}
