import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { memberships, operators, platformInvitations, platforms } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import { newId } from '@/server/ids';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import type { PlatformContext } from '../context';
import { toInvitationDto, type InvitationDto } from './invitation-dto';
import { hashInvitationToken, INVITATION_TTL_MS, invitationPath, newInvitationToken } from './invitation-token';
import { invitePlatformMemberInput } from '@/schemas/member-requests';

export type CreatedInvitation = { invitation: InvitationDto; acceptPath: string };

/**
 * An admin invites someone by e-mail. Nothing is attached to any account here: the person opens the link and
 * either creates their account or proves an existing one is theirs (accept-invitation-*.ts). The answer is the
 * same whether the e-mail has an account elsewhere or not (no operator is looked up outside this platform);
 * only "already a member of this platform", which the admin can see in the list anyway, is a 409.
 * The link's token is returned here only and stored as its hash. A new invitation replaces the e-mail's
 * earlier pending one on this platform, so one link at a time is valid.
 */
export async function invitePlatformMember(
  ctx: PlatformContext & { operatorId: string },
  input: z.input<typeof invitePlatformMemberInput>,
): Promise<CreatedInvitation> {
  const parsed = invitePlatformMemberInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('invalid_request', `${issue.path.join('.') || 'input'} is not valid.`, {
      errors: [
        {
          pointer: `/${issue.path.join('/')}`,
          code: 'invalid_value',
          message: issue.path[0] === 'email' ? 'not an e-mail address' : issue.message,
        },
      ],
    });
  }
  const { email, role, reason } = parsed.data;
  const token = newInvitationToken();
  return ctx.db.transaction(async (tx) => {
    // Serializes invitations of one platform, so two admins inviting the same e-mail leave one valid link.
    const [platform] = await tx
      .select({ id: platforms.id })
      .from(platforms)
      .where(eq(platforms.id, ctx.platformId))
      .for('update');
    if (!platform) throw notFound('Platform');
    const [member] = await tx
      .select({ operatorId: memberships.operatorId })
      .from(memberships)
      .innerJoin(operators, eq(operators.id, memberships.operatorId))
      .where(and(eq(memberships.platformId, ctx.platformId), eq(operators.email, email)));
    if (member) {
      throw new AppError('conflict', 'This person is already a member of the platform; change the role instead.', {
        errors: [{ pointer: '/email', code: 'already_member', message: 'already a member' }],
      });
    }
    const now = new Date();
    await tx
      .update(platformInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(platformInvitations.platformId, ctx.platformId),
          eq(platformInvitations.email, email),
          isNull(platformInvitations.acceptedAt),
          isNull(platformInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(platformInvitations)
      .values({
        id: newId('inv'),
        platformId: ctx.platformId,
        email,
        role,
        tokenHash: hashInvitationToken(token),
        invitedBy: ctx.operatorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    const [inviter] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, ctx.operatorId));
    // The invited e-mail stays in the invitation; the audit entry names the invitation and the role only.
    await recordAudit(tx, {
      platformId: ctx.platformId,
      actor: ctx.actor,
      action: 'member.invite',
      target: { type: 'invitation', id: row!.id },
      details: { role },
      reason,
    });
    logger.info({ platformId: ctx.platformId, actor: ctx.actor, invitationId: row!.id, role }, 'member invited');
    return {
      invitation: toInvitationDto({ ...row!, invitedBy: inviter?.email ?? null }),
      acceptPath: invitationPath(token),
    };
  });
}
