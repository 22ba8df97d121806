import { and, eq } from 'drizzle-orm';
import { mpAudits } from '@/server/db/schema';
import { emitEvent } from '../events/emit-event';
import { promoteAuditedItems } from '../mini-program-rollouts/promote-audited-items';
import { jobSignals } from '@/server/db/job-signals';
import type { ServiceContext } from '../context';

type Decision =
  { status: 'approved' | 'rejected'; reason?: string } | { status: 'pending'; delayed: true; reason?: string };

/**
 * Applies an audit result from a push or a poll. The status moves pending → approved/rejected once (a
 * conditional update), so a push and a poll arriving together notify the integrator exactly once.
 */
export async function recordAuditDecision(
  ctx: ServiceContext,
  { audit, decision }: { audit: { auditId: string }; decision: Decision },
) {
  const { db } = ctx;
  if (decision.status === 'pending') {
    await db
      .update(mpAudits)
      .set({ delayed: decision.reason ?? 'delayed' })
      .where(eq(mpAudits.auditId, audit.auditId));
    return null;
  }
  const decided = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(mpAudits)
      .set({ status: decision.status, reason: decision.reason ?? null, decidedAt: new Date(), nextPollAt: null })
      .where(and(eq(mpAudits.auditId, audit.auditId), eq(mpAudits.status, 'pending')))
      .returning();
    if (!moved) return null;
    await emitEvent(
      { ...ctx, db: tx },
      {
        platformId: moved.platformId,
        type: decision.status === 'approved' ? 'miniprogram.audit.approved' : 'miniprogram.audit.rejected',
        data: {
          auditId: moved.auditId,
          platform: moved.provider,
          authorizerAppId: moved.appId,
          userVersion: moved.userVersion,
          status: moved.status,
          ...(moved.reason ? { reason: moved.reason } : {}),
        },
      },
    );
    // A rollout waiting on this audit moves on (release or failed) with the decision, and its executor is kicked.
    const rollouts = await promoteAuditedItems(tx, { auditId: moved.auditId });
    return { moved, kicked: rollouts.length > 0 };
  });
  if (decided?.kicked) jobSignals.outboxWritten();
  return decided?.moved ?? null;
}
