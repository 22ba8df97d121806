import { asc, eq } from 'drizzle-orm';
import { subMerchantHistory } from '@/server/db/schema';
import { describeActors } from '../audit/actors';
import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';

/**
 * The record's timeline, oldest first: who changed which fields, from → to, and why. `actor` stays the raw
 * actor string; `actorKind` and `actorName` say who that is (an operator's display name, an API key's name;
 * the seller, the upstream or the service itself).
 */
export async function listSubMerchantHistory(ctx: PlatformContext, { id }: { id: string }) {
  await findSubMerchant(ctx, { id });
  const rows = await ctx.db
    .select()
    .from(subMerchantHistory)
    .where(eq(subMerchantHistory.subMerchantId, id))
    .orderBy(asc(subMerchantHistory.createdAt));
  const actors = await describeActors(ctx.db, [...new Set(rows.map((r) => r.actor))]);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    actorKind: actors.get(r.actor)!.kind,
    actorName: actors.get(r.actor)!.name,
    action: r.action,
    reason: r.reason ?? undefined,
    changes: r.changes,
    createdAt: r.createdAt.toISOString(),
  }));
}
