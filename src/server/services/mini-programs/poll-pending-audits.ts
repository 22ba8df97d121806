import { and, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { getEnv } from '@/env';
import { rowsOf } from '@/server/db/rows';
import { mpAudits, type Provider } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { getAuditStatus } from './get-audit-status';
import type { ServiceContext } from '../context';

/**
 * The fallback to audit pushes: claims pending audits whose poll is due (SKIP LOCKED, next_poll_at pushed
 * forward in the same statement, so instances never share one) and asks the upstream. A decision found here
 * is recorded exactly as a push's would be (and notifies the integrator once).
 */
export async function pollPendingAudits(ctx: ServiceContext, { batch = 100 }: { batch?: number } = {}) {
  const { db } = ctx;
  const interval = getEnv().AUDIT_POLL_INTERVAL_SECONDS;
  const claimed = await db.execute(sql`
    update ${mpAudits} set next_poll_at = now() + make_interval(secs => ${interval})
    where audit_id in (
      select audit_id from ${mpAudits}
      where ${and(isNotNull(mpAudits.nextPollAt), lte(mpAudits.nextPollAt, sql`now()`), inArray(mpAudits.status, ['pending']))}
      order by next_poll_at limit ${batch} for update skip locked
    ) returning audit_id`);
  const ids = rowsOf<{ audit_id: string }>(claimed).map((r) => r.audit_id);
  if (ids.length === 0) return { polled: 0 };
  const audits = await db.select().from(mpAudits).where(inArray(mpAudits.auditId, ids));
  for (const audit of audits) {
    try {
      await getAuditStatus(
        { db, platformId: audit.platformId, actor: 'poll' },
        { provider: audit.provider as Provider, auditId: audit.auditId, authorizerAppId: audit.appId },
      );
    } catch (error) {
      logger.warn(
        { auditId: audit.auditId, err: (error as Error).message },
        'audit poll failed; retried at the next slot',
      );
    }
  }
  return { polled: audits.length };
}
