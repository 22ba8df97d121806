import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { operators } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import { logger } from '@/server/logger';
import { parseOrRefuse } from '@/server/zod-errors';
import { recordOperatorAudit } from '../audit/record-audit';
import type { ServiceContext } from '../context';

export const removeOperatorInput = z
  .object({
    email: z
      .email()
      .max(254)
      .transform((e) => e.toLowerCase()),
  })
  .strict();

/**
 * An installation owner deletes an account (CLI `operator remove`): its memberships and pending mail links go
 * with it (foreign keys cascade), its sessions end because the operator no longer exists (session-version.ts),
 * and the address is free to be invited and to prove its mailbox again. Each platform it belonged to gets an
 * audit entry first; history keeps the actor names it recorded (a snapshot).
 */
export async function removeOperator(ctx: ServiceContext, input: z.input<typeof removeOperatorInput>) {
  const { email } = parseOrRefuse(removeOperatorInput, input);
  return ctx.db.transaction(async (tx) => {
    const [operator] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, email))
      .for('update');
    if (!operator) throw notFound('Operator');
    const platforms = await recordOperatorAudit(tx, {
      operatorId: operator.id,
      actor: ctx.actor,
      action: 'operator.remove',
    });
    await tx.delete(operators).where(eq(operators.id, operator.id));
    logger.info({ operatorId: operator.id, actor: ctx.actor }, 'operator removed');
    return { operatorId: operator.id, removed: true as const, platforms };
  });
}
