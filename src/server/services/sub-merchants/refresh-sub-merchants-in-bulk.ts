import { and, eq, inArray } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { PlatformContext } from '../context';
import { upstreamRateLimit } from '@/server/upstreams/rate-limits';
import { refreshSubMerchant } from './refresh-sub-merchant';

export type BulkRefreshResult =
  { id: string; ok: true; chApplymentState?: string } | { id: string; ok: false; code: string };

/**
 * The console's "refresh from upstream" for a selection: each record through the one-record refresh (its submit
 * lease, history and events), one after another under the upstream's shared rate limit, so a selection of 100
 * never bursts past what the background sync may ask. One record's failure is reported, not thrown: the rest
 * still refresh. Ids of another platform or unknown are refused before anything is asked.
 */
export async function refreshSubMerchantsInBulk(ctx: PlatformContext, { ids }: { ids: string[] }) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: subMerchants.id, provider: subMerchants.provider })
    .from(subMerchants)
    .where(and(eq(subMerchants.platformId, ctx.platformId), inArray(subMerchants.id, unique)));
  if (rows.length !== unique.length) {
    const known = new Set(rows.map((r) => r.id));
    throw new AppError('not_found', `Sub-merchant ${unique.find((id) => !known.has(id))} was not found.`);
  }
  const results: BulkRefreshResult[] = [];
  for (const row of rows) {
    await upstreamRateLimit(row.provider);
    try {
      const record = await refreshSubMerchant(ctx, { id: row.id });
      results.push({ id: row.id, ok: true, chApplymentState: record.chApplymentState });
    } catch (error) {
      results.push({ id: row.id, ok: false, code: error instanceof AppError ? error.code : 'internal_error' });
    }
  }
  return { results, refreshed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
}
