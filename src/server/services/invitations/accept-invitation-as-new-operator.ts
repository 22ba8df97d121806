import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { logger } from '@/server/logger';
import { hashPassword } from '../operators/password';
import { claimInvitation, pendingInvitation } from './claim-invitation';
import { acceptAsNewOperatorInput } from '@/schemas/invitation-requests';
import type { ServiceContext } from '../context';

/**
 * The invited person has no account yet: they choose their name and password, the operator is created
 * (password as argon2id, nothing to change later: they chose it) and joins the platform, all in one
 * transaction with the single-use claim. When the invitation's e-mail already has an account, nothing is
 * created or attached: they must sign in with that account to accept (accept-invitation-signed-in.ts).
 */
export async function acceptInvitationAsNewOperator(
  ctx: ServiceContext,
  input: z.input<typeof acceptAsNewOperatorInput>,
) {
  const { db } = ctx;
  const { token, name, password, locale } = acceptAsNewOperatorInput.parse(input);
  // Refuse a dead link before paying for argon2id; the claim below checks again, atomically.
  const invitation = await pendingInvitation(db, { token });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ id: newId('op'), email: invitation.email, name, passwordHash, locale })
      .onConflictDoNothing()
      .returning({ id: operators.id, email: operators.email });
    if (!created) {
      // A concurrent accept of this very link that created the account first: say the link is used.
      await pendingInvitation(tx, { token });
      throw new AppError(
        'conflict',
        'This e-mail address already has an account: sign in with it to accept the invitation.',
        {
          errors: [
            { pointer: '/token', code: 'sign_in_required', message: 'sign in with the existing account to accept' },
          ],
        },
      );
    }
    const joined = await claimInvitation(tx, { token, operator: created });
    logger.info(
      { platformId: joined.platformId, invitationId: joined.invitationId, operatorId: created.id },
      'invitation accepted by a new operator',
    );
    return { platformId: joined.platformId, role: joined.role, email: created.email };
  });
}
