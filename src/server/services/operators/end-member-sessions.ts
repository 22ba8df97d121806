import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { memberships } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { endOperatorSessions } from './end-operator-sessions';
import { endMemberSessionsInput } from '@/schemas/member-requests';

/**
 * An admin's "sign out everywhere" for a member of this platform (a lost laptop, a shared password): every
 * session of that operator ends at once, on every platform they belong to, their own admin's included when
 * it is themselves. Not a member of this platform → 404. Membership and role stay as they are.
 */
export async function endMemberSessions(ctx: PlatformContext, input: z.infer<typeof endMemberSessionsInput>) {
  const [member] = await ctx.db
    .select({ operatorId: memberships.operatorId })
    .from(memberships)
    .where(and(eq(memberships.platformId, ctx.platformId), eq(memberships.operatorId, input.operatorId)));
  if (!member) throw notFound('Member');
  await ctx.db.transaction(async (tx) => {
    if (!(await endOperatorSessions({ ...ctx, db: tx }, { operatorId: input.operatorId }))) throw notFound('Member');
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'member.sessions_end',
      target: { type: 'operator', id: input.operatorId },
    });
  });
  logger.info({ platformId: ctx.platformId, actor: ctx.actor, operatorId: input.operatorId }, 'member sessions ended');
  return { operatorId: input.operatorId, sessionsEnded: true as const };
}
