import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { subMerchants } from '@/server/db/schema';
import { decodeCursor, pageOf, paginationQuery } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { toSubMerchantDto, type SubMerchantDto } from './sub-merchant-dto';

export const listSubMerchantsQuery = z
  .object({
    ...paginationQuery,
    distributor_external_user_id: z.string().min(1).max(128).optional(),
  })
  .strict();

export type ListSubMerchantsQuery = z.infer<typeof listSubMerchantsQuery>;

/**
 * The shapes of the page query (filter or not, first page or not). Each gets its own prepared statement: building
 * the SQL on every call cost more than running it (docs/benchmarks.md), and one statement per shape keeps each plan
 * on the index.
 */
const pageShapes = [false, true].flatMap((byDistributor) =>
  [false, true].map((afterCursor) => ({ byDistributor, afterCursor })),
);

/** The platform's rows, newest first, after the cursor: keyset pagination over (createdAt desc, id desc). */
function pageWhere({ byDistributor, afterCursor }: (typeof pageShapes)[number]): SQL {
  const conditions: SQL[] = [eq(subMerchants.platformId, sql.placeholder('platformId'))];
  if (byDistributor) conditions.push(eq(subMerchants.distributorExternalUserId, sql.placeholder('distributor')));
  if (afterCursor) {
    const createdAt = sql`${sql.placeholder('cursorCreatedAt')}::timestamptz`;
    conditions.push(
      or(
        lt(subMerchants.createdAt, createdAt),
        and(eq(subMerchants.createdAt, createdAt), lt(subMerchants.id, sql.placeholder('cursorId'))),
      )!,
    );
  }
  return and(...conditions)!;
}

const pageOrder = [desc(subMerchants.createdAt), desc(subMerchants.id)];

const pageStatementName = (prefix: string, shape: (typeof pageShapes)[number]) =>
  `${prefix}${shape.byDistributor ? '_by_distributor' : ''}${shape.afterCursor ? '_after_cursor' : ''}`;

/** Which of pageShapes a query needs, and its parameters: one row more than the page, to tell if another follows. */
function pageArguments(ctx: PlatformContext, query: ListSubMerchantsQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const distributor = query.distributor_external_user_id;
  return {
    shape: (distributor ? 2 : 0) + (cursor ? 1 : 0),
    params: {
      platformId: ctx.platformId,
      distributor,
      cursorCreatedAt: cursor?.createdAt.toISOString(),
      cursorId: cursor?.id,
      limit: query.limit + 1,
    },
  };
}

const pages = pageShapes.map((shape) =>
  preparedPerDb((db: Db) =>
    db
      .select()
      .from(subMerchants)
      .where(pageWhere(shape))
      .orderBy(...pageOrder)
      .limit(sql.placeholder('limit'))
      .prepare(pageStatementName('sub_merchants_page', shape)),
  ),
);

export type SubMerchantPage = { object: 'list'; data: SubMerchantDto[]; hasMore: boolean; nextCursor: string | null };

/** The calling platform's sub-merchants, newest first, with keyset pagination, personal data masked. */
export async function listSubMerchants(ctx: PlatformContext, query: ListSubMerchantsQuery): Promise<SubMerchantPage> {
  const { shape, params } = pageArguments(ctx, query);
  const page = pageOf(await pages[shape]!(ctx.db).execute(params), query.limit);
  return { object: 'list', ...page, data: page.data.map(toSubMerchantDto) };
}
