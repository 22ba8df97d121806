import { and, desc, eq, isNull } from 'drizzle-orm';
import { mpAudits, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';
import { withAuthorizerToken } from './with-authorizer-token';

/**
 * Releases the latest audited version (with `grayPercentage`, WeChat's phased release to that share of users); only after approval (409 audit_not_approved). The audit row is claimed
 * first (released_at set conditionally), so two concurrent releases make one upstream release.
 */
export async function releaseVersion(
  ctx: PlatformContext,
  {
    provider,
    authorizerAppId,
    reason,
    grayPercentage,
  }: { provider: Provider; authorizerAppId: string; reason?: string | undefined; grayPercentage?: number },
) {
  await findAuthorizer(ctx, { appId: authorizerAppId, provider }); // ownership before state: another platform's app is a 404
  const [latest] = await ctx.db
    .select()
    .from(mpAudits)
    .where(
      and(
        eq(mpAudits.platformId, ctx.platformId),
        eq(mpAudits.provider, provider),
        eq(mpAudits.appId, authorizerAppId),
      ),
    )
    .orderBy(desc(mpAudits.submittedAt))
    .limit(1);
  if (!latest || latest.status !== 'approved') {
    throw new AppError(
      'audit_not_approved',
      latest
        ? `The latest audit is ${latest.status}; release needs an approved audit.`
        : 'Nothing was submitted for audit yet.',
    );
  }
  if (latest.releasedAt)
    return {
      auditId: latest.auditId,
      userVersion: latest.userVersion,
      releasedAt: latest.releasedAt.toISOString(),
      replayed: true,
    };
  const [claimed] = await ctx.db
    .update(mpAudits)
    .set({ releasedAt: new Date() })
    .where(and(eq(mpAudits.auditId, latest.auditId), isNull(mpAudits.releasedAt)))
    .returning();
  if (!claimed) return { auditId: latest.auditId, userVersion: latest.userVersion, replayed: true };
  try {
    await withAuthorizerToken(ctx, {
      provider,
      appId: authorizerAppId,
      call: (upstream, token) =>
        upstream.release(token, {
          userVersion: latest.userVersion,
          ...(grayPercentage === undefined ? {} : { grayPercentage }),
        }),
    });
  } catch (error) {
    await ctx.db.update(mpAudits).set({ releasedAt: null }).where(eq(mpAudits.auditId, latest.auditId));
    throw error;
  }
  await recordAudit(ctx.db, {
    platformId: ctx.platformId,
    actor: ctx.actor,
    action: 'mini_program.release',
    target: { type: 'mini_program', id: authorizerAppId },
    details: {
      provider,
      userVersion: claimed.userVersion,
      auditId: claimed.auditId,
      ...(grayPercentage === undefined ? {} : { grayPercentage }),
    },
    reason,
  });
  return {
    auditId: claimed.auditId,
    userVersion: claimed.userVersion,
    releasedAt: claimed.releasedAt!.toISOString(),
    replayed: false,
  };
}
