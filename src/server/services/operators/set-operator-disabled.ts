import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import { parseOrRefuse } from '@/server/zod-errors';
import { recordOperatorAudit } from '../audit/record-audit';
import type { ServiceContext } from '../context';
import { nextSessionVersion } from './end-operator-sessions';

export const setOperatorDisabledInput = z
  .object({
    email: z
      .email()
      .max(254)
      .transform((e) => e.toLowerCase()),
    disabled: z.boolean(),
  })
  .strict();

/**
 * An installation owner's switch (CLI `operator disable` / `enable`): a disabled account keeps its memberships
 * and history but cannot sign in (the sign-in says so once the password is right) and every session it had ends
 * now; its pending reset links stop working too (reset-password.ts refuses a disabled account). Enabling lets it
 * sign in again with the password it had. Each platform the operator belongs to gets an audit entry.
 */
export async function setOperatorDisabled(ctx: ServiceContext, input: z.input<typeof setOperatorDisabledInput>) {
  const { email, disabled } = parseOrRefuse(setOperatorDisabledInput, input);
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(operators)
      .set(disabled ? { disabledAt: new Date(), sessionVersion: nextSessionVersion } : { disabledAt: null })
      .where(eq(operators.email, email))
      .returning({ id: operators.id, disabledAt: operators.disabledAt });
    if (!changed) throw notFound('Operator');
    const platforms = await recordOperatorAudit(tx, {
      operatorId: changed.id,
      actor: ctx.actor,
      action: disabled ? 'operator.disable' : 'operator.enable',
    });
    logger.info(
      { operatorId: changed.id, actor: ctx.actor, disabled },
      disabled ? 'operator disabled' : 'operator enabled',
    );
    return { operatorId: changed.id, disabled, disabledAt: changed.disabledAt?.toISOString() ?? null, platforms };
  });
}
