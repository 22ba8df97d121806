import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { mpAudits, type Provider } from '@/server/db/schema';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { withAuthorizerToken } from './with-authorizer-token';

/**
 * Rolls the live version back to the previous release upstream (docs/product/decisions.md §5), then marks our
 * newest live release as rolled back, so the console and the audit list show the version that is live again
 * (1.0.0 after rolling 1.1.0 back), not the one the upstream no longer serves; the platform's audit log keeps
 * who rolled back and why.
 */
export async function rollbackRelease(
  ctx: PlatformContext,
  { provider, appId, reason }: { provider: Provider; appId: string; reason?: string | undefined },
) {
  const result = await withAuthorizerToken(ctx, {
    provider,
    appId,
    call: async (upstream, token) => {
      await upstream.rollback(token);
      const [live] = await ctx.db
        .select({ auditId: mpAudits.auditId })
        .from(mpAudits)
        .where(
          and(
            eq(mpAudits.platformId, ctx.platformId),
            eq(mpAudits.provider, provider),
            eq(mpAudits.appId, appId),
            isNotNull(mpAudits.releasedAt),
            isNull(mpAudits.rolledBackAt),
          ),
        )
        .orderBy(desc(mpAudits.releasedAt))
        .limit(1);
      if (live)
        await ctx.db.update(mpAudits).set({ rolledBackAt: new Date() }).where(eq(mpAudits.auditId, live.auditId));
      return { rolledBack: true };
    },
  });
  await recordAudit(ctx.db, {
    platformId: ctx.platformId,
    actor: ctx.actor,
    action: 'mini_program.rollback',
    target: { type: 'mini_program', id: appId },
    details: { provider },
    reason,
  });
  return result;
}
