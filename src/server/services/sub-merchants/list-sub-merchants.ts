import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { subMerchants } from '@/server/db/schema';
import { decodeCursor, pageOf, paginationQuery } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { toSubMerchantDto } from './sub-merchant-dto';

export const listSubMerchantsQuery = z
  .object({
    ...paginationQuery,
    distributor_external_user_id: z.string().min(1).max(128).optional(),
  })
  .strict();

/** The calling platform's sub-merchants, newest first, with keyset pagination. */
export async function listSubMerchants(ctx: PlatformContext, query: z.infer<typeof listSubMerchantsQuery>) {
  const conditions: (SQL | undefined)[] = [eq(subMerchants.platformId, ctx.platformId)];
  if (query.distributor_external_user_id) {
    conditions.push(eq(subMerchants.distributorExternalUserId, query.distributor_external_user_id));
  }
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    conditions.push(or(lt(subMerchants.createdAt, c.createdAt), and(eq(subMerchants.createdAt, c.createdAt), lt(subMerchants.id, c.id))));
  }
  const rows = await ctx.db
    .select()
    .from(subMerchants)
    .where(and(...conditions))
    .orderBy(desc(subMerchants.createdAt), desc(subMerchants.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { object: 'list' as const, data: page.data.map(toSubMerchantDto), hasMore: page.hasMore, nextCursor: page.nextCursor };
}
