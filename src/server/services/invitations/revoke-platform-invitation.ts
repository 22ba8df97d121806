import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { platformInvitations } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import type { PlatformContext } from '../context';
import { revokePlatformInvitationInput } from '@/schemas/member-requests';

/**
 * Makes a pending invitation's link useless. Another platform's invitation, or one already accepted or
 * revoked, is 404: the same answer as an id that never existed.
 */
export async function revokePlatformInvitation(
  ctx: PlatformContext,
  input: z.infer<typeof revokePlatformInvitationInput>,
) {
  const [revoked] = await ctx.db
    .update(platformInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(platformInvitations.id, input.invitationId),
        eq(platformInvitations.platformId, ctx.platformId),
        isNull(platformInvitations.acceptedAt),
        isNull(platformInvitations.revokedAt),
      ),
    )
    .returning({ id: platformInvitations.id });
  if (!revoked) throw notFound('Invitation');
  logger.info({ platformId: ctx.platformId, actor: ctx.actor, invitationId: revoked.id }, 'invitation revoked');
  return { invitationId: revoked.id, revoked: true as const };
}
