import { getTableColumns, sql } from 'drizzle-orm';
import { LruMap } from '@/server/cache/lru-map';
import { subMerchants } from '@/server/db/schema';
import { toSubMerchantDto } from './sub-merchant-dto';

/**
 * The API's JSON of a record, cached per committed version of its row, for reads that the read cache
 * (read-cache.ts) cannot answer.
 *
 * PostgreSQL writes a new row version on every UPDATE and stamps it with the writing transaction's id, readable as
 * the system column `xmin`. A committed state of a row therefore has its own (id, xmin), whichever column changed
 * and whoever changed it (services, the sync, a migration, psql), so the cache needs no invalidation: a read asks
 * the database for the current `xmin` (a narrow query) and builds the JSON only when that version is new. Decrypting,
 * masking and serializing a record cost more than the narrow query; for a page of 20 they were most of the list
 * route (docs/benchmarks.md).
 *
 * Only for reads outside a transaction: inside one, a row written twice by that transaction shows one `xmin` for
 * two states. `version` joins the key so that even a transaction id reused after wraparound cannot name an old entry.
 * The cache holds masked JSON only, never personal data.
 */
export const rowVersion = sql<string>`xmin::text`;

export const versionedColumns = { ...getTableColumns(subMerchants), rowVersion };

type VersionRef = { id: string; version: number; rowVersion: string };
export type VersionedRow = typeof subMerchants.$inferSelect & { rowVersion: string };

const jsonByVersion = new LruMap<string>(5_000);
const keyOf = (ref: VersionRef) => `${ref.id}:${ref.version}:${ref.rowVersion}`;

export const cachedSubMerchantJson = (ref: VersionRef) => jsonByVersion.get(keyOf(ref));

export function subMerchantJson(row: VersionedRow): string {
  const key = keyOf(row);
  let json = jsonByVersion.get(key);
  if (json === undefined) {
    json = JSON.stringify(toSubMerchantDto(row));
    jsonByVersion.set(key, json);
  }
  return json;
}
