import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { BatchedLookup } from '@/server/db/read-coalescing';
import { decodeCursor } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import type { ListSubMerchantsQuery } from './list-sub-merchants';

type Page = [platformId: string, distributor: string | null, cursorCreatedAt: string | null, cursorId: string | null];

/**
 * Every page asked for in one batch is a LATERAL subquery of the same keyset condition as listSubMerchants, returning
 * only what names each row's state; one row a page, its revisions joined by PostgreSQL (fewer values to parse here),
 * none for an empty page. Prepared once: the SQL is the same for every batch, only the one JSON parameter changes,
 * and building it per batch was most of the query's cost in this process (docs/benchmarks.md). One JSON parameter
 * binds the same way on both drivers, whatever the values' types.
 */
const pageRevisions = preparedPerDb((db: Db) =>
  db
    .select({
      page: sql<number>`q.page`,
      revision: sql<string>`string_agg(s.id || ':' || s.version || '.' || s.xmin::text, ',' order by s.created_at desc, s.id desc)`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder('pages')}::jsonb) as q(
            page int, "platformId" text, distributor text, "cursorCreatedAt" timestamptz, "cursorId" text, "limit" int)
          cross join lateral (
            select id, version, xmin, created_at from sub_merchants s
            where s.platform_id = q."platformId"
              and (q.distributor is null or s.distributor_external_user_id = q.distributor)
              and (q."cursorCreatedAt" is null or (s.created_at, s.id) < (q."cursorCreatedAt", q."cursorId"))
            order by s.created_at desc, s.id desc
            limit q."limit"
          ) s`,
    )
    .groupBy(sql`q.page`)
    .prepare('sub_merchant_page_revisions'),
);

/** Concurrent requests share one query, whichever pages they ask for (read-coalescing.ts). */
const pageLookups = preparedPerDb(
  (db: Db) =>
    new BatchedLookup<string>(async (keys) => {
      const pages = keys.map((key, i) => {
        const [platformId, distributor, cursorCreatedAt, cursorId, limit] = JSON.parse(key) as [...Page, number];
        return { page: i + 1, platformId, distributor, cursorCreatedAt, cursorId, limit };
      });
      const rows = await pageRevisions(db).execute({ pages: JSON.stringify(pages) });
      const revisions = new Map<string, string>(keys.map((key) => [key, '']));
      for (const row of rows) revisions.set(keys[Number(row.page) - 1]!, row.revision);
      return revisions;
    }),
);

/**
 * The revision of a page of listSubMerchants: equal for two reads exactly when the page would list the same rows in
 * the same states (the extra row that tells whether another page follows included), without reading or decrypting
 * them (sub-merchant-revision.ts).
 */
export async function listSubMerchantRevisions(ctx: PlatformContext, query: ListSubMerchantsQuery): Promise<string> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page: [...Page, number] = [
    ctx.platformId,
    query.distributor_external_user_id ?? null,
    cursor?.createdAt.toISOString() ?? null,
    cursor?.id ?? null,
    query.limit + 1,
  ];
  return (await pageLookups(ctx.db).load(JSON.stringify(page)))!;
}
