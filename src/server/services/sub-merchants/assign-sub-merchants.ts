import { and, eq, inArray } from 'drizzle-orm';
import { memberships, subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { PlatformContext } from '../context';
import { recordHistory } from './record-history';

/**
 * Assigns records of the work queue to one member of the platform (or nobody: `operatorId` null). A workflow
 * mark, not a change of the record: its version and last update stay, so integrators see no change; the
 * record's history says who assigned it to whom.
 */
export async function assignSubMerchants(
  ctx: PlatformContext,
  { ids, operatorId }: { ids: string[]; operatorId: string | null },
) {
  if (operatorId) {
    const [member] = await ctx.db
      .select({ operatorId: memberships.operatorId })
      .from(memberships)
      .where(and(eq(memberships.platformId, ctx.platformId), eq(memberships.operatorId, operatorId)));
    if (!member) throw new AppError('invalid_request', 'Records can only be assigned to a member of this platform.');
  }
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const before = await tx
      .select({ id: subMerchants.id, assignee: subMerchants.assigneeOperatorId })
      .from(subMerchants)
      .where(and(eq(subMerchants.platformId, ctx.platformId), inArray(subMerchants.id, unique)))
      .for('update');
    if (before.length !== unique.length) {
      const known = new Set(before.map((r) => r.id));
      throw new AppError('not_found', `Sub-merchant ${unique.find((id) => !known.has(id))} was not found.`);
    }
    const changed = before.filter((row) => row.assignee !== operatorId);
    if (changed.length > 0) {
      await tx
        .update(subMerchants)
        .set({ assigneeOperatorId: operatorId })
        .where(
          and(
            eq(subMerchants.platformId, ctx.platformId),
            inArray(
              subMerchants.id,
              changed.map((r) => r.id),
            ),
          ),
        );
      for (const row of changed) {
        await recordHistory(tx, {
          subMerchantId: row.id,
          actor: ctx.actor,
          action: 'assigned',
          changes: { assignee: { from: row.assignee, to: operatorId } },
        });
      }
    }
    return { assigned: changed.length };
  });
}
