import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { preparedPerDb } from '@/server/db/prepared';
import { BatchedLookup } from '@/server/db/read-coalescing';
import { subMerchants } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { readCacheOf } from './read-cache';
import { cachedSubMerchantJson, rowVersion, subMerchantJson, versionedColumns } from './sub-merchant-json';

/** Changes with every write: If-None-Match polling on GET, If-Match on PUT. */
export const subMerchantEtag = (row: { id: string; version: number }) => `W/"${row.id}-${row.version}"`;

const byIdAndPlatform = and(
  eq(subMerchants.id, sql.placeholder('id')),
  eq(subMerchants.platformId, sql.placeholder('platformId')),
);

const currentVersions = preparedPerDb((db: Db) =>
  db
    .select({ id: subMerchants.id, platformId: subMerchants.platformId, version: subMerchants.version, rowVersion })
    .from(subMerchants)
    // `= any(array)`: the planner estimates a handful of rows and probes the primary key once the table is past a few
    // hundred rows (docs/benchmarks.md, "Costs behind the read path's design", compares the plans of this form and of a jsonb form).
    .where(sql`${subMerchants.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('sub_merchant_versions_by_ids'),
);

type CurrentVersion = { id: string; platformId: string; version: number; rowVersion: string };

/** Concurrent GETs share one version query (read-coalescing.ts): the round trip was most of a cached read. */
const versionLookups = preparedPerDb(
  (db: Db) =>
    new BatchedLookup<CurrentVersion>(async (ids) => {
      const rows = await currentVersions(db).execute({ ids });
      return new Map(rows.map((row) => [row.id, row]));
    }),
);

const versionedRecord = preparedPerDb((db: Db) =>
  db.select(versionedColumns).from(subMerchants).where(byIdAndPlatform).prepare('sub_merchant_versioned_by_id'),
);

/**
 * A record as the API's JSON and its ETag, for If-None-Match polling. The platform's record or 404; another
 * platform's record is indistinguishable from a missing one. From memory while the database's change feed vouches
 * for it (read-cache.ts), from the database otherwise.
 */
export async function getSubMerchant(
  ctx: PlatformContext,
  id: string,
): Promise<{ json: string; etag: string; utf8?: Uint8Array<ArrayBuffer> }> {
  const cache = readCacheOf(ctx.db);
  const hit = cache?.record(id);
  if (hit) {
    if (hit.platformId !== ctx.platformId) throw notFound('Sub-merchant');
    return hit;
  }
  const ticket = cache?.ticket();
  const read = await readSubMerchant(ctx, id);
  cache?.putRecord(ticket, { id, platformId: ctx.platformId, ...read });
  return read;
}

async function readSubMerchant(ctx: PlatformContext, id: string): Promise<{ json: string; etag: string }> {
  const current = await versionLookups(ctx.db).load(id);
  if (!current || current.platformId !== ctx.platformId) throw notFound('Sub-merchant');
  const cached = cachedSubMerchantJson(current);
  if (cached !== undefined) return { json: cached, etag: subMerchantEtag(current) };
  const [row] = await versionedRecord(ctx.db).execute({ id, platformId: ctx.platformId });
  if (!row) throw notFound('Sub-merchant');
  return { json: subMerchantJson(row), etag: subMerchantEtag(row) };
}
