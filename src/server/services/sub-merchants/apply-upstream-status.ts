import { eq } from 'drizzle-orm';
import { getEnv } from '@/env';
import { subMerchants } from '@/server/db/schema';
import type { ApplicationStatus } from '@/server/providers/types';
import { emitSubMerchantUpdated } from './emit-sub-merchant-updated';
import { diffRecords, recordHistory, trackedFields } from './record-history';
import { reviewUnderWay } from '@/domain/sub-merchant-states';
import type { ServiceContext } from '../context';

type Row = typeof subMerchants.$inferSelect;

/** When the background sync should look at a record next: never for terminal states; jittered ±20 %. */
export function nextSyncAt(state: string | null, now = new Date()): Date | null {
  if (!state || !reviewUnderWay(state)) return null;
  const interval = getEnv().SUB_MERCHANT_SYNC_INTERVAL_SECONDS * 1000;
  return new Date(now.getTime() + interval * (0.8 + Math.random() * 0.4));
}

/**
 * Stores what the upstream says about a record's application; `finished` makes it active with its
 * sub-merchant id. Writes history and the event in one transaction, only when something changed.
 */
export async function applyUpstreamStatus(
  ctx: ServiceContext,
  { row, status }: { row: Row; status: ApplicationStatus },
): Promise<Row> {
  const { db, actor } = ctx;
  const now = new Date();
  const finished = status.state === 'finished' && Boolean(status.subMchid);
  const next = {
    chApplymentId: status.applymentId,
    chApplymentState: status.state,
    chApplymentStateMsg: status.stateMsg ?? null,
    signUrl: status.signUrl ?? null,
    rejectReasons: status.rejectReasons,
    chSubMchid: finished ? status.subMchid! : row.chSubMchid,
    status: finished && row.status === 'pending' ? ('active' as const) : row.status,
    lastSyncedAt: now,
    nextSyncAt: nextSyncAt(status.state, now),
  };
  const changes = diffRecords(row as Record<string, unknown>, { ...row, ...next } as Record<string, unknown>, [
    ...trackedFields,
    'rejectReasons',
    'chApplymentStateMsg',
  ]);
  const changed = Object.keys(changes).length > 0;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subMerchants)
      .set({ ...next, ...(changed ? { updatedAt: now, version: row.version + 1 } : {}) })
      .where(eq(subMerchants.id, row.id))
      .returning();
    if (changed) {
      await recordHistory(tx, { subMerchantId: row.id, actor, action: 'upstream_status', changes });
      await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: updated!, change: 'upstream_status' });
    }
    return updated!;
  });
}
