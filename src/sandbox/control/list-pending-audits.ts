import { and, desc, eq } from 'drizzle-orm';
import { mpAudits } from '@/server/db/schema';
import type { PlatformContext } from '@/server/services/context';
import type { Provider } from '@/domain/providers';

export type PendingAuditDto = {
  auditId: string;
  provider: Provider;
  appId: string;
  userVersion: string;
  templateId: string | null;
  delayed: boolean;
  submittedAt: string;
};

/** This platform's mini-program versions still under the upstream's review, newest first (the sandbox page's list). */
export async function listPendingAudits(ctx: PlatformContext): Promise<{ object: 'list'; data: PendingAuditDto[] }> {
  const rows = await ctx.db
    .select()
    .from(mpAudits)
    .where(and(eq(mpAudits.platformId, ctx.platformId), eq(mpAudits.status, 'pending')))
    .orderBy(desc(mpAudits.submittedAt))
    .limit(100);
  return {
    object: 'list',
    data: rows.map((r) => ({
      auditId: r.auditId,
      provider: r.provider as PendingAuditDto['provider'],
      appId: r.appId,
      userVersion: r.userVersion,
      templateId: r.templateId,
      delayed: r.delayed !== null,
      submittedAt: r.submittedAt.toISOString(),
    })),
  };
}
