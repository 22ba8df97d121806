import { and, eq } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';

/** The platform's record or 404; another platform's record is indistinguishable from a missing one. */
export async function findSubMerchant(ctx: PlatformContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(subMerchants)
    .where(and(eq(subMerchants.id, id), eq(subMerchants.platformId, ctx.platformId)));
  if (!row) throw notFound('Sub-merchant');
  return row;
}
