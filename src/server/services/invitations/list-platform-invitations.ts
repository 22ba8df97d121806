import { and, asc, eq, isNull } from 'drizzle-orm';
import { operators, platformInvitations } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { toInvitationDto, type InvitationDto } from './invitation-dto';

/**
 * This platform's invitations not yet accepted or revoked, oldest first; expired ones stay listed (marked) so
 * an admin sees why someone could not join and can invite again.
 */
export async function listPlatformInvitations(
  ctx: PlatformContext,
): Promise<{ object: 'list'; data: InvitationDto[] }> {
  const rows = await ctx.db
    .select({
      id: platformInvitations.id,
      email: platformInvitations.email,
      role: platformInvitations.role,
      invitedBy: operators.email,
      createdAt: platformInvitations.createdAt,
      expiresAt: platformInvitations.expiresAt,
    })
    .from(platformInvitations)
    .leftJoin(operators, eq(operators.id, platformInvitations.invitedBy))
    .where(
      and(
        eq(platformInvitations.platformId, ctx.platformId),
        isNull(platformInvitations.acceptedAt),
        isNull(platformInvitations.revokedAt),
      ),
    )
    .orderBy(asc(platformInvitations.createdAt));
  const now = Date.now();
  return { object: 'list', data: rows.map((row) => toInvitationDto(row, now)) };
}
