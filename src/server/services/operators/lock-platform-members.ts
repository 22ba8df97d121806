// Not a use case: helpers of changeMemberRole and removePlatformMember; lockMember runs inside their
// transaction, so it takes (tx, input) rather than a context.
import { and, count, eq } from 'drizzle-orm';
import { memberships, operators, platforms, type OperatorRole } from '@/server/db/schema';
import type { Transaction } from '@/server/db';
import { AppError, notFound } from '@/server/errors';

/**
 * Inside a membership change: locks the platform row (so two admins demoting each other at the same moment
 * are serialized and cannot both succeed), then returns the member and how many admins the platform has.
 */
export async function lockMember(
  tx: Transaction,
  { platformId, operatorId }: { platformId: string; operatorId: string },
) {
  const [platform] = await tx
    .select({ id: platforms.id })
    .from(platforms)
    .where(eq(platforms.id, platformId))
    .for('update');
  if (!platform) throw notFound('Platform');
  const [admins] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.platformId, platformId), eq(memberships.role, 'admin')));
  const [member] = await tx
    .select({
      operatorId: memberships.operatorId,
      role: memberships.role,
      createdAt: memberships.createdAt,
      email: operators.email,
      name: operators.name,
    })
    .from(memberships)
    .innerJoin(operators, eq(operators.id, memberships.operatorId))
    .where(and(eq(memberships.platformId, platformId), eq(memberships.operatorId, operatorId)));
  if (!member) throw notFound('Member');
  return { member, adminCount: Number(admins?.n ?? 0) };
}

/** A platform always keeps at least one admin: otherwise nobody could manage its keys or members again. */
export function refuseLosingLastAdmin(current: OperatorRole, next: OperatorRole | null, adminCount: number) {
  if (current === 'admin' && next !== 'admin' && adminCount <= 1) {
    throw new AppError('conflict', 'A platform needs at least one admin; make someone else admin first.', {
      errors: [{ pointer: '/role', code: 'last_admin', message: 'the last admin cannot be removed or demoted' }],
    });
  }
}
