import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { memberships } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { endOperatorSessions } from './end-operator-sessions';
import { lockMember, refuseLosingLastAdmin } from './lock-platform-members';
import { toMemberDto, type MemberDto } from './member-dto';
import { changeMemberRoleInput } from '@/schemas/member-requests';

/**
 * Gives a member another role, ending their sessions (they sign in again under the new role). Another
 * platform's operator is 404; demoting the last admin is 409 `conflict`.
 */
export async function changeMemberRole(
  ctx: PlatformContext,
  input: z.infer<typeof changeMemberRoleInput>,
): Promise<MemberDto> {
  return ctx.db.transaction(async (tx) => {
    const { member, adminCount } = await lockMember(tx, { platformId: ctx.platformId, operatorId: input.operatorId });
    refuseLosingLastAdmin(member.role, input.role, adminCount);
    if (member.role === input.role) return toMemberDto(member);
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.platformId, ctx.platformId), eq(memberships.operatorId, input.operatorId)));
    await endOperatorSessions({ ...ctx, db: tx }, { operatorId: input.operatorId });
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'member.role_change',
      target: { type: 'operator', id: input.operatorId },
      details: { from: member.role, to: input.role },
      reason: input.reason,
    });
    logger.info(
      { platformId: ctx.platformId, actor: ctx.actor, operatorId: input.operatorId, from: member.role, to: input.role },
      'member role changed',
    );
    return toMemberDto({ ...member, role: input.role });
  });
}
