import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import { claimInvitation } from './claim-invitation';
import { acceptSignedInInput } from '@/schemas/invitation-requests';
import type { ServiceContext } from '../context';

/**
 * The invited person already has an account and has proved it (signed in with its password, on the accept
 * page or before): the session's operator joins the platform if the invitation is for that operator's e-mail.
 * This is the only way an existing account gains a membership: holding a link is not enough.
 */
export async function acceptInvitationSignedIn(
  ctx: ServiceContext,
  { operatorId, ...input }: { operatorId: string } & z.input<typeof acceptSignedInInput>,
) {
  const { db } = ctx;
  const { token } = acceptSignedInInput.parse(input);
  return db.transaction(async (tx) => {
    const [operator] = await tx
      .select({ id: operators.id, email: operators.email })
      .from(operators)
      .where(eq(operators.id, operatorId));
    if (!operator) throw new AppError('unauthenticated', 'Sign in first.');
    const joined = await claimInvitation(tx, { token, operator });
    await recordAudit(tx, {
      platformId: joined.platformId,
      actor: `operator:${operatorId}`,
      action: 'member.invitation_accept',
      target: { type: 'invitation', id: joined.invitationId },
      details: { role: joined.role, newAccount: false },
    });
    logger.info(
      { platformId: joined.platformId, invitationId: joined.invitationId, operatorId },
      'invitation accepted by an existing operator',
    );
    return { platformId: joined.platformId, role: joined.role };
  });
}
