import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators, platforms } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mail/send-mail';
import { accountMail } from '../accounts/account-mail';
import {
  ACCOUNT_MAIL_TTL_MS,
  accountMailPath,
  issueAccountMailToken,
  mailLimited,
} from '../accounts/account-mail-token';
import { admitSignInAttempt, mailThrottleKeys } from '../operators/sign-in-throttle';
import { pendingInvitation } from './claim-invitation';
import { invitationPath } from './invitation-token';
import { requestSignUpMailInput } from '@/schemas/invitation-requests';
import type { ServiceContext } from '../context';

/**
 * The first step of joining without an account: holding the invitation link is not enough to create one (an
 * admin who invites an address can open their own link). This mails the invited address: with no account
 * there, a single-use sign-up link (account-mail-token.ts) whose page creates the account; with an account,
 * a note to sign in on the invitation page with it. The answer is the same in both cases, so neither the
 * inviter nor the link's holder learns whether the address has an account anywhere. Throttled per address and
 * per client address (the sign-in throttle's counters), so a link cannot be used to flood a mailbox.
 */
export async function requestInvitationSignUp(
  ctx: ServiceContext,
  { clientAddress, ...input }: { clientAddress: string | null } & z.input<typeof requestSignUpMailInput>,
): Promise<{ mailed: true }> {
  const { db } = ctx;
  const { token, locale } = requestSignUpMailInput.parse(input);
  const invitation = await pendingInvitation(db, { token });
  const admission = await admitSignInAttempt(ctx, { keys: mailThrottleKeys(invitation.email, clientAddress) });
  if (!admission.admitted) throw mailLimited(admission.retryAfterSeconds);
  const [platform] = await db
    .select({ name: platforms.name })
    .from(platforms)
    .where(eq(platforms.id, invitation.platformId));
  const [account] = await db
    .select({ locale: operators.locale })
    .from(operators)
    .where(eq(operators.email, invitation.email));
  const platformName = platform?.name ?? '';
  const mail = account
    ? accountMail(invitation.email, account.locale, {
        kind: 'existing',
        platform: platformName,
        path: invitationPath(token),
      })
    : accountMail(invitation.email, locale, {
        kind: 'sign_up',
        platform: platformName,
        path: accountMailPath.sign_up(
          await issueAccountMailToken(db, {
            purpose: 'sign_up',
            email: invitation.email,
            invitationId: invitation.id,
          }),
        ),
        expiresAt: new Date(Date.now() + ACCOUNT_MAIL_TTL_MS.sign_up),
      });
  await sendMail(mail);
  logger.info({ platformId: invitation.platformId, invitationId: invitation.id }, 'invitation mail sent');
  return { mailed: true };
}
