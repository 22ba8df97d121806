import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { decideAsReviewer } from '@/sandbox/control/mini-program-control';
import type { NamespacedSandbox } from '@/sandbox/sandbox-context';
import { mpAudits } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import type { PlatformContext } from '@/server/services/context';
import type { decideSandboxAuditInput } from '@/schemas/sandbox-requests';

/**
 * The sandbox reviewer decides one of this platform's audits (another platform's is 404); the upstream's push
 * to the service follows inside decideAsReviewer, so the audit's status here changes as it would in production.
 */
export async function decideSandboxAudit(
  ctx: PlatformContext,
  sandbox: NamespacedSandbox,
  input: z.infer<typeof decideSandboxAuditInput>,
) {
  const [audit] = await ctx.db
    .select({ provider: mpAudits.provider, upstreamAuditId: mpAudits.upstreamAuditId })
    .from(mpAudits)
    .where(and(eq(mpAudits.platformId, ctx.platformId), eq(mpAudits.auditId, input.auditId)));
  if (!audit) throw notFound('Audit');
  const provider = audit.provider === 'providerB' ? 'providerB' : 'providerA';
  const decided = await decideAsReviewer(sandbox, provider, audit.upstreamAuditId ?? input.auditId, {
    decision: input.decision,
    ...(input.reason ? { reason: input.reason } : {}),
  });
  logger.info(
    { platformId: ctx.platformId, actor: ctx.actor, provider, decision: input.decision },
    'sandbox audit decided',
  );
  return { auditId: input.auditId, provider, decision: decided.decision };
}
