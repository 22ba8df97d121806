import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators, platformInvitations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { logger } from '@/server/logger';
import { recordAudit } from '../audit/record-audit';
import { readAccountMailToken, refusedAccountMailToken, useAccountMailToken } from '../accounts/account-mail-token';
import { hashPassword } from '../operators/password';
import { claimInvitationByHash } from './claim-invitation';
import { completeSignUpInput } from '@/schemas/invitation-requests';
import type { ServiceContext } from '../context';

/**
 * The mailed sign-up link's form: whoever holds it reads the invited mailbox, so the account is created here
 * (name and password as they chose, argon2id) and joins the invitation's platform, in one transaction with the
 * link's single use and the invitation's claim. An address that has an account meanwhile gets nothing created:
 * its owner signs in on the invitation page instead.
 */
export async function completeInvitationSignUp(ctx: ServiceContext, input: z.input<typeof completeSignUpInput>) {
  const { db } = ctx;
  const { token, name, password, locale } = completeSignUpInput.parse(input);
  // Refuse a dead link before paying for argon2id; the use below checks again, atomically.
  const { state } = await readAccountMailToken(db, { purpose: 'sign_up', token });
  if (state !== 'pending') throw refusedAccountMailToken(state);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await useAccountMailToken(tx, { purpose: 'sign_up', token });
    const [invitation] = await tx
      .select({ tokenHash: platformInvitations.tokenHash })
      .from(platformInvitations)
      .where(eq(platformInvitations.id, link.invitationId!));
    if (!invitation) throw refusedAccountMailToken('unknown');
    const [created] = await tx
      .insert(operators)
      .values({ id: newId('op'), email: link.email, name, passwordHash, locale })
      .onConflictDoNothing()
      .returning({ id: operators.id, email: operators.email });
    if (!created) {
      throw new AppError(
        'conflict',
        'This e-mail address already has an account: sign in with it on the invitation page to join.',
        {
          errors: [
            { pointer: '/token', code: 'sign_in_required', message: 'sign in with the existing account to accept' },
          ],
        },
      );
    }
    const joined = await claimInvitationByHash(tx, { tokenHash: invitation.tokenHash, operator: created });
    await recordAudit(tx, {
      platformId: joined.platformId,
      actor: `operator:${created.id}`,
      action: 'member.invitation_accept',
      target: { type: 'invitation', id: joined.invitationId },
      details: { role: joined.role, newAccount: true },
    });
    logger.info(
      { platformId: joined.platformId, invitationId: joined.invitationId, operatorId: created.id },
      'invitation accepted by a new operator (mailbox proved)',
    );
    return { platformId: joined.platformId, role: joined.role, email: created.email };
  });
}
