import type { z } from 'zod';
import type { submitAuditBody } from '@/schemas/mini-program-requests';
import { getEnv } from '@/env';
import { mpAudits, type Provider } from '@/server/db/schema';
import { newId } from '@/server/ids';
import type { PlatformContext } from '../context';
import { latestCommit } from './latest-commit';
import { withAuthorizerToken } from './with-authorizer-token';

/** Submits the latest commit for review; the audit is then followed by pushes and, as a fallback, polling. */
export async function submitAudit(ctx: PlatformContext, provider: Provider, body: z.infer<typeof submitAuditBody>) {
  const commit = await latestCommit(ctx, provider, body.authorizerAppId);
  const { upstreamAuditId } = await withAuthorizerToken(ctx, provider, body.authorizerAppId, (upstream, token) =>
    upstream.submitAudit(token, { userVersion: commit.userVersion, itemList: body.itemList, feedbackInfo: body.feedbackInfo, feedbackMedia: body.feedbackMedia }),
  );
  // WeChat's auditid is ours too; Alipay audits a version, so our id names the app version (decisions §5).
  const auditId = provider === 'providerA' ? upstreamAuditId : `${body.authorizerAppId}:${commit.userVersion}:${newId('a').slice(2, 10)}`;
  await ctx.db.insert(mpAudits).values({
    auditId,
    platformId: ctx.platformId,
    provider,
    appId: body.authorizerAppId,
    upstreamAuditId,
    templateId: commit.templateId,
    userVersion: commit.userVersion,
    nextPollAt: new Date(Date.now() + getEnv().AUDIT_POLL_INTERVAL_SECONDS * 1000),
  });
  return { auditId, status: 'pending' as const };
}
