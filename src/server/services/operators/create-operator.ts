import { z } from 'zod';
import { memberships, operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { hashPassword } from './password';
import { createOperatorInput } from '@/schemas/operator-requests';
import type { ServiceContext } from '../context';

/** Creates an operator (password stored as argon2id), optionally with a membership in one platform. */
export async function createOperator(ctx: ServiceContext, input: z.input<typeof createOperatorInput>) {
  const { db } = ctx;
  const parsed = createOperatorInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('invalid_request', `${issue.path.join('.')}: ${issue.message}`);
  }
  const { email, password, name, platformId, role, locale, passwordMustChange } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ id: newId('op'), email, name, passwordHash, locale, passwordMustChange })
      .onConflictDoNothing()
      .returning({ id: operators.id, email: operators.email });
    if (!created) throw new AppError('conflict', `An operator with e-mail ${email} already exists.`);
    if (platformId) await tx.insert(memberships).values({ operatorId: created.id, platformId, role });
    return {
      operatorId: created.id,
      email: created.email,
      platformId: platformId ?? null,
      role: platformId ? role : null,
      passwordMustChange,
    };
  });
}
