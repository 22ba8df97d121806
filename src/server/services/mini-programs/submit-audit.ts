import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { submitAuditBody } from '@/schemas/mini-program-requests';
import { getEnv } from '@/env';
import { mpAudits, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { PlatformContext } from '../context';
import { latestCommit } from './latest-commit';
import { withAuthorizerToken } from './with-authorizer-token';

/** Submits the latest commit for review; the audit is then followed by pushes and, as a fallback, polling. */
export async function submitAudit(
  ctx: PlatformContext,
  {
    provider,
    body,
    since,
  }: {
    provider: Provider;
    body: z.infer<typeof submitAuditBody>;
    /** A retry of a submit that may have reached the upstream since then: its audit is adopted, not submitted twice. */
    since?: Date;
  },
) {
  const commit = await latestCommit(ctx, { provider, appId: body.authorizerAppId });
  const { upstreamAuditId, adopted } = await withAuthorizerToken(ctx, {
    provider,
    appId: body.authorizerAppId,
    call: (upstream, token) =>
      upstream.submitAudit(token, {
        userVersion: commit.userVersion,
        itemList: body.itemList,
        feedbackInfo: body.feedbackInfo,
        feedbackMedia: body.feedbackMedia,
        ugcDeclare: body.ugcDeclare,
        previewInfo: body.previewInfo,
        orderPath: body.orderPath,
        since,
      }),
  });
  // The upstream already reviews this version. Unknown to us, it is our earlier submit whose answer was lost:
  // adopt it. Known and pending here, the caller submitted twice: that stays a conflict.
  if (adopted) {
    const [known] = await ctx.db
      .select({ status: mpAudits.status })
      .from(mpAudits)
      .where(eq(mpAudits.auditId, upstreamAuditId));
    if (known?.status === 'pending')
      throw new AppError('audit_in_progress', 'This version is already under audit; follow it with audit-status.');
  }
  // WeChat's auditid, or for Alipay (which audits versions) `<appId>:<version>` (docs/product/decisions.md §5). A version
  // resubmitted after a rejection is the same audit again, back to pending.
  const auditId = upstreamAuditId;
  const row = {
    platformId: ctx.platformId,
    provider,
    appId: body.authorizerAppId,
    upstreamAuditId,
    templateId: commit.templateId,
    userVersion: commit.userVersion,
    nextPollAt: new Date(Date.now() + getEnv().AUDIT_POLL_INTERVAL_SECONDS * 1000),
  };
  await ctx.db
    .insert(mpAudits)
    .values({ auditId, ...row })
    .onConflictDoUpdate({
      target: mpAudits.auditId,
      set: {
        ...row,
        status: 'pending',
        reason: null,
        delayed: null,
        decidedAt: null,
        releasedAt: null,
        submittedAt: new Date(),
      },
    });
  return { auditId, status: 'pending' as const };
}
