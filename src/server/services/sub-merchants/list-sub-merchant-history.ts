import { asc, eq } from 'drizzle-orm';
import { subMerchantHistory } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';

/** The record's timeline, oldest first: who or what changed which fields, from → to. */
export async function listSubMerchantHistory(ctx: PlatformContext, { id }: { id: string }) {
  await findSubMerchant(ctx, { id });
  const rows = await ctx.db
    .select()
    .from(subMerchantHistory)
    .where(eq(subMerchantHistory.subMerchantId, id))
    .orderBy(asc(subMerchantHistory.createdAt));
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    changes: r.changes,
    createdAt: r.createdAt.toISOString(),
  }));
}
