import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { currentlyDue } from '@/schemas/form-data';
import { subMerchants } from '@/server/db/schema';
import { decodeOpaqueCursor, encodeOpaqueCursor, timeAndIdCursor } from '@/server/pagination/cursor';
import type { PlatformContext } from '../context';
import { consoleListQuery, type ConsoleListQuery } from '@/schemas/sub-merchant-requests';

// The cursor carries updated_at as Postgres prints it (microseconds and offset), because the column default
// now() has microseconds: a millisecond cursor would skip rows that differ only below the millisecond.
const encode = (at: string, id: string) => encodeOpaqueCursor([at, id]);

function decode(cursor: string): { at: string; id: string } {
  const [at, id] = decodeOpaqueCursor(cursor, timeAndIdCursor, '/cursor');
  return { at, id };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(ctx: PlatformContext, query: z.infer<typeof consoleListQuery>): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(subMerchants.platformId, ctx.platformId)];
  if (query.status) conditions.push(eq(subMerchants.status, query.status));
  if (query.provider) conditions.push(eq(subMerchants.provider, query.provider));
  if (query.upstreamState === 'none') conditions.push(isNull(subMerchants.chApplymentState));
  else if (query.upstreamState) conditions.push(eq(subMerchants.chApplymentState, query.upstreamState));
  if (query.distributor)
    conditions.push(ilike(subMerchants.distributorExternalUserId, `%${escapeLike(query.distributor)}%`));
  if (query.cursor) {
    const c = decode(query.cursor);
    // Row comparison: one index range on (platform_id, updated_at, id) when that index exists.
    conditions.push(sql`(${subMerchants.updatedAt}, ${subMerchants.id}) < (${c.at}::timestamptz, ${c.id})`);
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * The console's list: the platform's records, most recently updated first, filtered by status, provider,
 * upstream state and a distributor id search, with keyset pagination. Rows are slim list items (no formData;
 * only how many required fields are still missing, counted on the stored form without decrypting it).
 */
export async function listSubMerchantsForConsole(ctx: PlatformContext, input: ConsoleListQuery) {
  const query = consoleListQuery.parse(input);
  const rows = await ctx.db
    .select({
      id: subMerchants.id,
      distributorExternalUserId: subMerchants.distributorExternalUserId,
      provider: subMerchants.provider,
      status: subMerchants.status,
      chApplymentState: subMerchants.chApplymentState,
      chSubMchid: subMerchants.chSubMchid,
      formData: subMerchants.formData,
      updatedAt: subMerchants.updatedAt,
      cursorAt: sql<string>`${subMerchants.updatedAt}::text`,
    })
    .from(subMerchants)
    .where(and(...filters(ctx, query)))
    .orderBy(desc(subMerchants.updatedAt), desc(subMerchants.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.id,
      distributorExternalUserId: row.distributorExternalUserId ?? undefined,
      provider: row.provider,
      status: row.status,
      chApplymentState: row.chApplymentState ?? undefined,
      chSubMchid: row.chSubMchid ?? undefined,
      // Personal fields are stored as non-empty cipher tokens, so "missing" is the same before decryption.
      missingCount: currentlyDue(row.formData, row.provider).length,
      updatedAt: row.updatedAt.toISOString(),
    })),
    hasMore,
    nextCursor: hasMore && last ? encode(last.cursorAt, last.id) : null,
  };
}

export type ConsoleListItem = Awaited<ReturnType<typeof listSubMerchantsForConsole>>['data'][number];
