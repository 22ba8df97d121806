import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { BatchedLookup } from '@/server/db/read-coalescing';
import { subMerchants } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { subMerchantEtag } from './get-sub-merchant';
import { rowRevision } from './sub-merchant-revision';

const currentRevisions = preparedPerDb((db: Db) =>
  db
    .select({ id: subMerchants.id, platformId: subMerchants.platformId, version: subMerchants.version, rowRevision })
    .from(subMerchants)
    // `= any(array)`: the planner estimates a handful of rows and probes the primary key once the table is past a few
    // hundred rows (docs/benchmarks.md, "Costs behind the read path's design").
    .where(sql`${subMerchants.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('sub_merchant_revisions_by_ids'),
);

type CurrentRevision = { id: string; platformId: string; version: number; rowRevision: string };

/** Concurrent requests share one query (read-coalescing.ts): the round trip is most of a poll's cost. */
const revisionLookups = preparedPerDb(
  (db: Db) =>
    new BatchedLookup<CurrentRevision>(async (ids) => {
      const rows = await currentRevisions(db).execute({ ids });
      return new Map(rows.map((row) => [row.id, row]));
    }),
);

/**
 * What a poller needs to know whether a record changed, without reading or decrypting it: its ETag and the revision
 * of its row (sub-merchant-revision.ts). The platform's record or 404, as getSubMerchant.
 */
export async function getSubMerchantRevision(
  ctx: PlatformContext,
  { id }: { id: string },
): Promise<{ etag: string; revision: string }> {
  const current = await revisionLookups(ctx.db).load(id);
  if (!current || current.platformId !== ctx.platformId) throw notFound('Sub-merchant');
  return { etag: subMerchantEtag(current), revision: `${current.version}.${current.rowRevision}` };
}
