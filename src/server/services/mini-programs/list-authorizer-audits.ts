import { and, desc, eq } from 'drizzle-orm';
import { mpAudits, mpCommits } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';

const toAuditDto = (row: typeof mpAudits.$inferSelect) => ({
  auditId: row.auditId,
  templateId: row.templateId ?? undefined,
  userVersion: row.userVersion,
  status: row.status,
  ...(row.reason ? { reason: row.reason } : {}),
  delayed: Boolean(row.delayed),
  submittedAt: row.submittedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString(),
  releasedAt: row.releasedAt?.toISOString(),
  rolledBackAt: row.rolledBackAt?.toISOString(),
});
export type AuditDto = ReturnType<typeof toAuditDto>;

/**
 * An authorizer's audits, newest first (the console follows the first one), and its latest commits, so the
 * pipeline committed → under audit → released can be drawn from our own records. Platform-scoped: another
 * platform's app is a 404 before anything is read.
 */
export async function listAuthorizerAudits(
  ctx: PlatformContext,
  input: { provider: string; appId: string; limit?: number },
) {
  await findAuthorizer(ctx, { appId: input.appId, provider: input.provider });
  const limit = input.limit ?? 10;
  const audits = await ctx.db
    .select()
    .from(mpAudits)
    .where(
      and(
        eq(mpAudits.platformId, ctx.platformId),
        eq(mpAudits.provider, input.provider),
        eq(mpAudits.appId, input.appId),
      ),
    )
    .orderBy(desc(mpAudits.submittedAt))
    .limit(limit);
  const commits = await ctx.db
    .select()
    .from(mpCommits)
    .where(
      and(
        eq(mpCommits.platformId, ctx.platformId),
        eq(mpCommits.provider, input.provider),
        eq(mpCommits.appId, input.appId),
      ),
    )
    .orderBy(desc(mpCommits.createdAt))
    .limit(limit);
  return {
    audits: audits.map(toAuditDto),
    commits: commits.map((c) => ({
      id: c.id,
      templateId: c.templateId,
      userVersion: c.userVersion,
      userDesc: c.userDesc,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}
