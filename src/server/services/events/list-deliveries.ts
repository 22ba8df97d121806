import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { deliveryAttempts, eventDeliveries, events } from '@/server/db/schema';
import { decodeCursor, pageOf } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { toDeliveryDto } from './delivery-dto';
import { listDeliveriesQuery } from '@/schemas/event-requests';

/** The platform's event deliveries, newest first (keyset pagination), each with its event type and attempts. */
export async function listDeliveries(ctx: PlatformContext, query: z.infer<typeof listDeliveriesQuery>) {
  const conditions: (SQL | undefined)[] = [eq(eventDeliveries.platformId, ctx.platformId)];
  if (query.eventId) conditions.push(eq(eventDeliveries.eventId, query.eventId));
  if (query.status) conditions.push(eq(eventDeliveries.status, query.status));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    conditions.push(
      or(
        lt(eventDeliveries.createdAt, c.createdAt),
        and(eq(eventDeliveries.createdAt, c.createdAt), lt(eventDeliveries.id, c.id)),
      ),
    );
  }
  const rows = await ctx.db
    .select({ delivery: eventDeliveries, eventType: events.type })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(eventDeliveries.createdAt), desc(eventDeliveries.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((r) => ({ ...r, id: r.delivery.id, createdAt: r.delivery.createdAt })),
    query.limit,
  );
  const ids = page.data.map((r) => r.id);
  const attempts =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(deliveryAttempts)
          .where(inArray(deliveryAttempts.deliveryId, ids))
          .orderBy(asc(deliveryAttempts.attempt));
  return {
    object: 'list' as const,
    data: page.data.map((r) =>
      toDeliveryDto(
        r.delivery,
        r.eventType,
        attempts.filter((a) => a.deliveryId === r.id),
      ),
    ),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
