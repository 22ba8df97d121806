import { and, eq } from 'drizzle-orm';
import { mpAudits, type Provider } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '../context';
import { recordAuditDecision } from './record-audit-decision';
import { withAuthorizerToken } from './with-authorizer-token';

/** `{ auditId, status, reason? }`; a pending audit is refreshed from the upstream on read. */
export async function getAuditStatus(
  ctx: PlatformContext,
  { provider, auditId, authorizerAppId }: { provider: Provider; auditId: string; authorizerAppId: string },
) {
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(mpAudits)
        .where(
          and(
            eq(mpAudits.auditId, auditId),
            eq(mpAudits.platformId, ctx.platformId),
            eq(mpAudits.provider, provider),
            eq(mpAudits.appId, authorizerAppId),
          ),
        )
    )[0];
  let audit = await find();
  if (!audit) throw notFound('Audit');
  if (audit.status === 'pending') {
    const upstream = await withAuthorizerToken(ctx, {
      provider,
      appId: authorizerAppId,
      call: (p, token) =>
        p.auditStatus(token, { upstreamAuditId: audit!.upstreamAuditId ?? auditId, userVersion: audit!.userVersion }),
    });
    if (upstream.status !== 'pending')
      await recordAuditDecision(ctx, { audit, decision: { status: upstream.status, reason: upstream.reason } });
    audit = (await find())!;
  }
  return { auditId: audit.auditId, status: audit.status, ...(audit.reason ? { reason: audit.reason } : {}) };
}
