import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { sendMail } from '@/server/mail/send-mail';
import { accountMail } from './account-mail';
import { ACCOUNT_MAIL_TTL_MS, accountMailPath, issueAccountMailToken, mailLimited } from './account-mail-token';
import { admitSignInAttempt, mailThrottleKeys } from '../operators/sign-in-throttle';
import { requestPasswordResetInput } from '@/schemas/password-reset-requests';
import type { ServiceContext } from '../context';

/**
 * "Forgot password?": mails the address either a single-use reset link (an enabled account uses it; the mail
 * is in the account's language) or a note that no active account uses it (in the page's language). The answer
 * is the same either way, so the form tells nobody which addresses have accounts; throttled per address and
 * per client address with the sign-in throttle's counters (an unknown address is counted like a known one).
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  { clientAddress, ...input }: { clientAddress: string | null } & z.input<typeof requestPasswordResetInput>,
): Promise<{ mailed: true }> {
  const { db } = ctx;
  const { email, locale } = requestPasswordResetInput.parse(input);
  const admission = await admitSignInAttempt(ctx, { keys: mailThrottleKeys(email, clientAddress) });
  if (!admission.admitted) throw mailLimited(admission.retryAfterSeconds);
  const [account] = await db
    .select({ id: operators.id, locale: operators.locale, disabledAt: operators.disabledAt })
    .from(operators)
    .where(eq(operators.email, email));
  const mail =
    account && !account.disabledAt
      ? accountMail(email, account.locale, {
          kind: 'reset',
          path: accountMailPath.password_reset(
            await issueAccountMailToken(db, { purpose: 'password_reset', email, operatorId: account.id }),
          ),
          expiresAt: new Date(Date.now() + ACCOUNT_MAIL_TTL_MS.password_reset),
        })
      : accountMail(email, locale, { kind: 'reset_no_account' });
  await sendMail(mail);
  return { mailed: true };
}
