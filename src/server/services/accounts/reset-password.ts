import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { recordOperatorAudit } from '../audit/record-audit';
import { nextSessionVersion } from '../operators/end-operator-sessions';
import { hashPassword } from '../operators/password';
import { readAccountMailToken, refusedAccountMailToken, useAccountMailToken } from './account-mail-token';
import { resetPasswordInput } from '@/schemas/password-reset-requests';
import type { ServiceContext } from '../context';

/**
 * The mailed reset link's form: the new password (the same rules as everywhere) replaces the old one as a new
 * argon2id hash, a one-time password's must-change flag clears, and every session of the account ends (whoever
 * knew the old password may hold one). One transaction with the link's single use; a disabled account is refused
 * like a dead link. Each platform the operator belongs to gets an audit entry.
 */
export async function resetPassword(ctx: ServiceContext, input: z.input<typeof resetPasswordInput>) {
  const { db } = ctx;
  const { token, password } = resetPasswordInput.parse(input);
  const { state } = await readAccountMailToken(db, { purpose: 'password_reset', token });
  if (state !== 'pending') throw refusedAccountMailToken(state);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await useAccountMailToken(tx, { purpose: 'password_reset', token });
    const [changed] = await tx
      .update(operators)
      .set({ passwordHash, passwordMustChange: false, sessionVersion: nextSessionVersion })
      .where(and(eq(operators.id, link.operatorId!), isNull(operators.disabledAt)))
      .returning({ id: operators.id, email: operators.email });
    if (!changed) throw refusedAccountMailToken('unknown');
    await recordOperatorAudit(tx, {
      operatorId: changed.id,
      actor: `operator:${changed.id}`,
      action: 'operator.password_reset',
    });
    logger.info({ operatorId: changed.id }, 'password reset by mail; every session ended');
    return { email: changed.email };
  });
}
