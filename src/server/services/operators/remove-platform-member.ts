import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { memberships } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { endOperatorSessions } from './end-operator-sessions';
import { lockMember, refuseLosingLastAdmin } from './lock-platform-members';
import { removePlatformMemberInput } from '@/schemas/member-requests';

/**
 * Ends an operator's membership in this platform (the operator keeps any other platforms and can no longer
 * open this one: every tRPC call checks membership). Their sessions end too, so a browser left signed in
 * cannot keep what it already loaded. Removing the last admin is 409 `conflict`.
 */
export async function removePlatformMember(ctx: PlatformContext, input: z.infer<typeof removePlatformMemberInput>) {
  return ctx.db.transaction(async (tx) => {
    const { member, adminCount } = await lockMember(tx, { platformId: ctx.platformId, operatorId: input.operatorId });
    refuseLosingLastAdmin(member.role, null, adminCount);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.platformId, ctx.platformId), eq(memberships.operatorId, input.operatorId)));
    await endOperatorSessions({ ...ctx, db: tx }, { operatorId: input.operatorId });
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'member.remove',
      target: { type: 'operator', id: input.operatorId },
      details: { role: member.role },
      reason: input.reason,
    });
    logger.info({ platformId: ctx.platformId, actor: ctx.actor, operatorId: input.operatorId }, 'member removed');
    return { operatorId: input.operatorId, removed: true as const };
  });
}
