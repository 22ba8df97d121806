import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getEnv } from '@/env';
import { forgetFirstAdminPassword } from '@/server/config/first-admin-password-file';
import { operators } from '@/server/db/schema';
import { recordOperatorAudit } from '../audit/record-audit';
import type { ServiceContext } from '../context';
import { AppError } from '@/server/errors';
import { nextSessionVersion } from './end-operator-sessions';
import { hashPassword, verifyPassword } from './password';
import { admitSignInAttempt, lockedAfterFailure, releaseSignInAttempt, signInThrottleKeys } from './sign-in-throttle';
import { changePasswordInput } from '@/schemas/operator-requests';

const refuse = (pointer: string, code: string, message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer, code, message }] });

const locked = (seconds: number) =>
  new AppError('rate_limited', `Too many wrong passwords: try again in ${Math.ceil(seconds / 60)} min.`, {
    retryAfterSeconds: seconds,
  });

/**
 * The signed-in operator changes their own password: the current one must verify (argon2id) and the new one
 * must follow the creation rules and differ from it. Stored as a new argon2id hash, a one-time password's
 * must-change flag clears with it, and every session of the
 * operator ends, this one included (whoever learnt the old password may hold one), and the first-run password
 * file is deleted if it names this operator. A refused attempt changes nothing. Passwords never reach a log or an error message.
 * Each attempt counts against the account exactly like a sign-in, before the current password is checked
 * (sign-in-throttle.ts), so a session left open on a shared computer cannot be used to guess the password that
 * unlocks everything else, not even by a burst of parallel guesses.
 */
export async function changeOperatorPassword(
  ctx: ServiceContext,
  { operatorId, ...input }: { operatorId: string } & z.input<typeof changePasswordInput>,
): Promise<void> {
  const { db } = ctx;
  const { currentPassword, newPassword } = changePasswordInput.parse(input);
  const [row] = await db
    .select({ email: operators.email, passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) throw new AppError('unauthenticated', 'Sign in first.');
  const admission = await admitSignInAttempt(ctx, { keys: signInThrottleKeys(row.email, null) });
  if (!admission.admitted) throw locked(admission.retryAfterSeconds);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    const lockedFor = lockedAfterFailure(admission.charges);
    if (lockedFor > 0) throw locked(lockedFor);
    throw refuse('/currentPassword', 'wrong_password', 'The current password is not correct.');
  }
  await releaseSignInAttempt(ctx, { charges: admission.charges });
  if (newPassword === currentPassword)
    throw refuse('/newPassword', 'unchanged', 'The new password must differ from the current one.');
  // Compare-and-set on the hash just verified: of two changes racing from the same current password, one wins.
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(operators)
      .set({ passwordHash, passwordMustChange: false, sessionVersion: nextSessionVersion })
      .where(and(eq(operators.id, operatorId), eq(operators.passwordHash, row.passwordHash)))
      .returning({ id: operators.id });
    if (changed.length === 0)
      throw new AppError('conflict', 'The password was changed meanwhile; sign in again with the new one.');
    await recordOperatorAudit(tx, { operatorId, actor: ctx.actor, action: 'operator.password_change' });
  });
  forgetFirstAdminPassword(getEnv().dataDir, row.email);
}
