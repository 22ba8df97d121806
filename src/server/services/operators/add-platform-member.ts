import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { memberships, operatorRoles, operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId, randomBase62 } from '@/server/ids';
import { logger } from '@/server/logger';
import type { PlatformContext } from '../context';
import { toMemberDto, type MemberDto } from './member-dto';
import { hashPassword } from './password';

export const addPlatformMemberInput = z
  .object({
    email: z.email().max(254).transform((e) => e.trim().toLowerCase()),
    role: z.enum(operatorRoles),
    name: z.string().trim().max(100).optional(),
  })
  .strict();

export type AddedMember = { member: MemberDto; created: boolean; oneTimePassword: string | null };

/**
 * An admin adds someone by e-mail. A new e-mail gets an operator with a one-time random password, returned
 * here only (stored as argon2id; the admin hands it over, the operator changes it). A known e-mail just gains
 * the membership. Already a member → 409 `conflict`, nothing changed. The e-mail never reaches logs or errors.
 */
export async function addPlatformMember(ctx: PlatformContext, input: z.input<typeof addPlatformMemberInput>): Promise<AddedMember> {
  const parsed = addPlatformMemberInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('invalid_request', `${issue.path.join('.') || 'input'} is not valid.`, {
      errors: [{ pointer: `/${issue.path.join('/')}`, code: 'invalid_value', message: issue.path[0] === 'email' ? 'not an e-mail address' : issue.message }],
    });
  }
  const { email, role, name } = parsed.data;
  // Hashing is slow (argon2id): done before the transaction, and only wasted when the e-mail turns out known.
  const password = randomBase62(20);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(operators)
      .values({ id: newId('op'), email, name: name || null, passwordHash })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    const [operator] = await tx.select({ id: operators.id, email: operators.email, name: operators.name }).from(operators).where(eq(operators.email, email));
    if (!operator) throw new AppError('conflict', 'The operator changed at the same moment; try again.');
    const [membership] = await tx
      .insert(memberships)
      .values({ operatorId: operator.id, platformId: ctx.platformId, role })
      .onConflictDoNothing()
      .returning({ createdAt: memberships.createdAt });
    if (!membership) {
      throw new AppError('conflict', 'This operator is already a member of the platform; change the role instead.', {
        errors: [{ pointer: '/email', code: 'already_member', message: 'already a member' }],
      });
    }
    logger.info({ platformId: ctx.platformId, actor: ctx.actor, operatorId: operator.id, role, created: Boolean(inserted) }, 'member added');
    return {
      member: toMemberDto({ operatorId: operator.id, email: operator.email, name: operator.name, role, createdAt: membership.createdAt }),
      created: Boolean(inserted),
      oneTimePassword: inserted ? password : null,
    };
  });
}
