import { and, eq, gte, like } from 'drizzle-orm';
import { events } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { PlatformContext } from '../context';
import { eventTypePrefix, eventWindowStart } from './event-area';
import { eventBody } from './event-payload';

/**
 * One event of the platform's area from the last EVENT_RETENTION_DAYS days (30 by default), as the JSON text its webhook carried (byte for byte).
 * Another platform's event, another area's, or an older one is 404, like an id that never existed.
 */
export async function getEvent(ctx: PlatformContext, { area, id }: { area: ServiceCode; id: string }): Promise<string> {
  const since = eventWindowStart();
  const [row] = await ctx.db
    .select({ id: events.id, type: events.type, createdAt: events.createdAt, data: events.data })
    .from(events)
    .where(
      and(
        eq(events.id, id),
        eq(events.platformId, ctx.platformId),
        like(events.type, `${eventTypePrefix[area]}%`),
        gte(events.createdAt, since),
      ),
    );
  if (!row) throw notFound('Event');
  return eventBody(row);
}
