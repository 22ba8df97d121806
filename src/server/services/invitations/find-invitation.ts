import { eq } from 'drizzle-orm';
import { platformInvitations, platforms, type OperatorRole } from '@/server/db/schema';
import { hashInvitationToken } from './invitation-token';
import type { ServiceContext } from '../context';

export type InvitationView =
  | { status: 'pending'; platformName: string; email: string; role: OperatorRole; expiresAt: string }
  | { status: 'unknown' | 'expired' | 'revoked' | 'accepted' };

/**
 * What the public accept page shows for a link. Deliberately nothing about accounts: the page is the same
 * whether the invited e-mail has an account elsewhere or not, so holding a link tells nobody that.
 */
export async function findInvitation(ctx: ServiceContext, { token }: { token: string }): Promise<InvitationView> {
  const { db } = ctx;
  if (!/^[0-9A-Za-z]{1,100}$/.test(token)) return { status: 'unknown' };
  const [row] = await db
    .select({
      email: platformInvitations.email,
      role: platformInvitations.role,
      expiresAt: platformInvitations.expiresAt,
      acceptedAt: platformInvitations.acceptedAt,
      revokedAt: platformInvitations.revokedAt,
      platformName: platforms.name,
    })
    .from(platformInvitations)
    .innerJoin(platforms, eq(platforms.id, platformInvitations.platformId))
    .where(eq(platformInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return { status: 'unknown' };
  if (row.acceptedAt) return { status: 'accepted' };
  if (row.revokedAt) return { status: 'revoked' };
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
  return {
    status: 'pending',
    platformName: row.platformName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}
