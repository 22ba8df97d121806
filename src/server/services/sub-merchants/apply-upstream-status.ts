import { eq } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { jobSignals } from '@/server/db/job-signals';
import type { ApplicationStatus } from '@/server/providers/types';
import { emitSubMerchantUpdated } from './emit-sub-merchant-updated';
import { nextSyncAt } from './next-sync-at';
import { diffRecords, recordHistory, trackedFields } from './record-history';
import type { ServiceContext } from '../context';

type Row = typeof subMerchants.$inferSelect;

/**
 * Stores what the upstream says about a record's application; `finished` makes it active with its
 * sub-merchant id. Writes history and the event in one transaction, only when something changed. A change
 * makes the next check come soon (next-sync-at.ts), so the background sync is armed for it after the commit.
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
  };
  const changes = diffRecords(row as Record<string, unknown>, { ...row, ...next } as Record<string, unknown>, [
    ...trackedFields,
    'rejectReasons',
    'chApplymentStateMsg',
  ]);
  const changed = Object.keys(changes).length > 0;
  const due = nextSyncAt(
    { state: status.state, changedAt: changed ? now : row.updatedAt, provider: row.provider },
    now,
  );
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subMerchants)
      .set({ ...next, nextSyncAt: due, ...(changed ? { updatedAt: now, version: row.version + 1 } : {}) })
      .where(eq(subMerchants.id, row.id))
      .returning();
    if (changed) {
      await recordHistory(tx, { subMerchantId: row.id, actor, action: 'upstream_status', changes });
      await emitSubMerchantUpdated({ ...ctx, db: tx }, { row: updated!, change: 'upstream_status' });
    }
    return updated!;
  });
  if (changed) jobSignals.outboxWritten();
  if (due) await jobSignals.syncDueAt(due);
  return stored;
}
