import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
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

type Variant = { byDistributor: boolean; afterCursor: boolean };

/**
 * One prepared statement per shape of the query (filter or not, first page or not): building the SQL on every call
 * cost more than running it (docs/benchmarks.md), and a separate statement per shape keeps each plan on the index.
 */
function preparedPage({ byDistributor, afterCursor }: Variant) {
  return preparedPerDb((db: Db) => {
    const conditions: SQL[] = [eq(subMerchants.platformId, sql.placeholder('platformId'))];
    if (byDistributor) conditions.push(eq(subMerchants.distributorExternalUserId, sql.placeholder('distributor')));
    if (afterCursor) {
      const createdAt = sql`${sql.placeholder('cursorCreatedAt')}::timestamptz`;
      conditions.push(
        or(lt(subMerchants.createdAt, createdAt), and(eq(subMerchants.createdAt, createdAt), lt(subMerchants.id, sql.placeholder('cursorId'))))!,
      );
    }
    return db
      .select()
      .from(subMerchants)
      .where(and(...conditions))
      .orderBy(desc(subMerchants.createdAt), desc(subMerchants.id))
      .limit(sql.placeholder('limit'))
      .prepare(`sub_merchants_page${byDistributor ? '_by_distributor' : ''}${afterCursor ? '_after_cursor' : ''}`);
  });
}

const pages = {
  first: preparedPage({ byDistributor: false, afterCursor: false }),
  next: preparedPage({ byDistributor: false, afterCursor: true }),
  firstByDistributor: preparedPage({ byDistributor: true, afterCursor: false }),
  nextByDistributor: preparedPage({ byDistributor: true, afterCursor: true }),
};

/** The calling platform's sub-merchants, newest first, with keyset pagination. */
export async function listSubMerchants(ctx: PlatformContext, query: z.infer<typeof listSubMerchantsQuery>) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const distributor = query.distributor_external_user_id;
  const statement = distributor ? (cursor ? pages.nextByDistributor : pages.firstByDistributor) : cursor ? pages.next : pages.first;
  const rows = await statement(ctx.db).execute({
    platformId: ctx.platformId,
    distributor,
    cursorCreatedAt: cursor?.createdAt.toISOString(),
    cursorId: cursor?.id,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  return { object: 'list' as const, data: page.data.map(toSubMerchantDto), hasMore: page.hasMore, nextCursor: page.nextCursor };
}
