import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { events } from '@/server/db/schema';
import { filterInstant } from '@/schemas/pagination';
import { decodeCursor, pageOf, paginationQuery } from '@/server/pagination/cursor';
import type { ServiceCode } from '@/server/services/api-keys/api-key-format';
import type { PlatformContext } from '../context';
import { eventTypePrefix, eventWindowStart } from './event-area';
import { eventBody } from './event-payload';

export const listEventsQuery = z
  .object({
    ...paginationQuery,
    type: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)+$/)
      .max(64)
      .optional()
      .describe('Only events of this type, e.g. `sub_merchant.updated`.'),
    objectId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Only events about this object: a sub-merchant id, or an audit id or authorizer app id.'),
    createdAfter: filterInstant.optional().describe('Only events created at or after this time.'),
    createdBefore: filterInstant.optional().describe('Only events created before this time.'),
  })
  .strict();

// The id of what an event is about, as each type carries it (emit-sub-merchant-updated.ts, record-audit-decision.ts).
const aboutObject = (id: string) =>
  or(
    sql`${events.data} -> 'object' ->> 'id' = ${id}`,
    sql`${events.data} ->> 'auditId' = ${id}`,
    sql`${events.data} ->> 'authorizerAppId' = ${id}`,
  );

/**
 * The platform's events of one area from the last EVENT_RETENTION_DAYS days (30 by default), newest first (keyset pagination), each exactly the body
 * its webhook carried, so an integrator whose receiver was down can reconcile from here.
 */
export async function listEvents(
  ctx: PlatformContext,
  { area, query }: { area: ServiceCode; query: z.infer<typeof listEventsQuery> },
) {
  const since = eventWindowStart();
  const conditions: (SQL | undefined)[] = [
    eq(events.platformId, ctx.platformId),
    like(events.type, `${eventTypePrefix[area]}%`),
    gte(events.createdAt, since),
  ];
  if (query.type) conditions.push(eq(events.type, query.type));
  if (query.objectId) conditions.push(aboutObject(query.objectId));
  if (query.createdAfter) conditions.push(gte(events.createdAt, new Date(query.createdAfter)));
  if (query.createdBefore) conditions.push(lt(events.createdAt, new Date(query.createdBefore)));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    conditions.push(or(lt(events.createdAt, c.createdAt), and(eq(events.createdAt, c.createdAt), lt(events.id, c.id))));
  }
  const rows = await ctx.db
    .select({ id: events.id, type: events.type, createdAt: events.createdAt, data: events.data })
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return {
    object: 'list' as const,
    data: page.data.map((row) => JSON.parse(eventBody(row)) as Record<string, unknown>),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
