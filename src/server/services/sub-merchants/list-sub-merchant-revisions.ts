import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { SharedNextRun } from '@/server/db/read-coalescing';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import {
  pageArguments,
  pageOrder,
  pageShapes,
  pageStatementName,
  pageWhere,
  type ListSubMerchantsQuery,
} from './list-sub-merchants';
import { rowRevision } from './sub-merchant-revision';

// Only what names each row's state: a fraction of the full rows' cost (docs/benchmarks.md).
const revisionPages = pageShapes.map((shape) =>
  preparedPerDb((db: Db) =>
    db
      .select({ id: subMerchants.id, version: subMerchants.version, rowRevision })
      .from(subMerchants)
      .where(pageWhere(shape))
      .orderBy(...pageOrder)
      .limit(sql.placeholder('limit'))
      .prepare(pageStatementName('sub_merchant_revisions_page', shape)),
  ),
);

/** Pollers asking for the same page at the same time share one query (read-coalescing.ts). */
const sharedReads = preparedPerDb((_db: Db) => new SharedNextRun<string>());

/**
 * The revision of a page of listSubMerchants: equal for two reads exactly when the page would list the same rows in
 * the same states (the extra row that tells whether another page follows included), without reading or decrypting
 * them (sub-merchant-revision.ts).
 */
export function listSubMerchantRevisions(ctx: PlatformContext, query: ListSubMerchantsQuery): Promise<string> {
  const { shape, params } = pageArguments(ctx, query);
  const key = JSON.stringify([ctx.platformId, query.distributor_external_user_id, query.cursor, query.limit]);
  return sharedReads(ctx.db).run(key, async () => {
    const rows = await revisionPages[shape]!(ctx.db).execute(params);
    return rows.map((row) => `${row.id}:${row.version}.${row.rowRevision}`).join(',');
  });
}
