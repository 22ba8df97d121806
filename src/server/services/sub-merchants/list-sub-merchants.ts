import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { SharedNextRun } from '@/server/db/read-coalescing';
import { subMerchants } from '@/server/db/schema';
import { decodeCursor, pageOf, paginationQuery } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { readCacheOf } from './read-cache';
import type { SubMerchantDto } from './sub-merchant-dto';
import { cachedSubMerchantJson, rowVersion, subMerchantJson, versionedColumns } from './sub-merchant-json';

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
        or(
          lt(subMerchants.createdAt, createdAt),
          and(eq(subMerchants.createdAt, createdAt), lt(subMerchants.id, sql.placeholder('cursorId'))),
        )!,
      );
    }
    // Only what identifies each record's version: the JSON of a version already seen comes from memory.
    return db
      .select({ id: subMerchants.id, version: subMerchants.version, rowVersion, createdAt: subMerchants.createdAt })
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

/**
 * The calling platform's sub-merchants, newest first, with keyset pagination, as the API's JSON. A page is answered
 * from memory while the database's change feed vouches for it (read-cache.ts); otherwise records whose current
 * version was answered before come from memory and the rest are read in one more query.
 */
export async function listSubMerchantsPage(
  ctx: PlatformContext,
  query: z.infer<typeof listSubMerchantsQuery>,
): Promise<{ json: string; utf8?: Uint8Array<ArrayBuffer> }> {
  const pageQuery = JSON.stringify([query.distributor_external_user_id, query.cursor, query.limit]);
  const cache = readCacheOf(ctx.db);
  const hit = cache?.page(ctx.platformId, pageQuery);
  if (hit) return hit;
  const ticket = cache?.ticket();
  const json = await pageReads(ctx.db).run(`${ctx.platformId}\n${pageQuery}`, () => readPageJson(ctx, query));
  cache?.putPage(ticket, ctx.platformId, pageQuery, json);
  return { json };
}

/** Pollers asking for the same page at the same time share one read of it (read-coalescing.ts). */
const pageReads = preparedPerDb((_db: Db) => new SharedNextRun<string>());

async function readPageJson(ctx: PlatformContext, query: z.infer<typeof listSubMerchantsQuery>): Promise<string> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const distributor = query.distributor_external_user_id;
  const statement = distributor
    ? cursor
      ? pages.nextByDistributor
      : pages.firstByDistributor
    : cursor
      ? pages.next
      : pages.first;
  const rows = await statement(ctx.db).execute({
    platformId: ctx.platformId,
    distributor,
    cursorCreatedAt: cursor?.createdAt.toISOString(),
    cursorId: cursor?.id,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  const items = page.data.map(cachedSubMerchantJson);
  const missing = page.data.filter((_, i) => items[i] === undefined).map((row) => row.id);
  if (missing.length > 0) {
    const fresh = new Map(
      (
        await ctx.db
          .select(versionedColumns)
          .from(subMerchants)
          .where(and(eq(subMerchants.platformId, ctx.platformId), inArray(subMerchants.id, missing)))
      ).map((row) => [row.id, subMerchantJson(row)]),
    );
    // A record written since the page query shows its newer version; one removed since then is left out.
    page.data.forEach((row, i) => (items[i] ??= fresh.get(row.id)));
  }
  const data = items.filter((item) => item !== undefined).join(',');
  return `{"object":"list","data":[${data}],"hasMore":${page.hasMore},"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** The same page as objects, for the console's tRPC procedure. */
export async function listSubMerchants(ctx: PlatformContext, query: z.infer<typeof listSubMerchantsQuery>) {
  return JSON.parse((await listSubMerchantsPage(ctx, query)).json) as {
    object: 'list';
    data: SubMerchantDto[];
    hasMore: boolean;
    nextCursor: string | null;
  };
}
