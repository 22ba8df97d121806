// Not a use case: helpers of acceptInvitationSignedIn, requestInvitationSignUp and completeInvitationSignUp; claimInvitation runs
// inside their transaction and pendingInvitation on their handle, so both take (tx, input) rather than a context.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberships, platformInvitations, type OperatorRole } from '@/server/db/schema';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { hashInvitationToken } from './invitation-token';

const refuse = (code: 'unknown' | 'expired' | 'revoked', message: string) =>
  new AppError('invalid_state', message, { errors: [{ pointer: '/token', code, message }] });

/**
 * Inside the caller's transaction: marks the invitation used by `operatorId` and adds the membership. The one
 * UPDATE … WHERE accepted_at IS NULL (and not revoked, not expired, for this e-mail) is what makes a link
 * single-use: of any number of concurrent accepts exactly one gets the row back. A refused claim changes
 * nothing; the reason is told to the link's holder (unknown, expired, revoked, used, another account's).
 */
export async function claimInvitation(
  tx: Db,
  { token, operator }: { token: string; operator: { id: string; email: string } },
) {
  return claimInvitationByHash(tx, { tokenHash: hashInvitationToken(token), operator });
}

/** claimInvitation for a caller that holds the invitation's row (a sign-up link names it), not its token. */
export async function claimInvitationByHash(
  tx: Db,
  { tokenHash, operator }: { tokenHash: string; operator: { id: string; email: string } },
) {
  const [claimed] = await tx
    .update(platformInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: operator.id })
    .where(
      and(
        eq(platformInvitations.tokenHash, tokenHash),
        eq(platformInvitations.email, operator.email),
        isNull(platformInvitations.acceptedAt),
        isNull(platformInvitations.revokedAt),
        gt(platformInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({
      id: platformInvitations.id,
      platformId: platformInvitations.platformId,
      role: platformInvitations.role,
    });
  if (!claimed) throw await whyRefused(tx, tokenHash);
  const [added] = await tx
    .insert(memberships)
    .values({ operatorId: operator.id, platformId: claimed.platformId, role: claimed.role })
    .onConflictDoNothing()
    .returning({ role: memberships.role });
  // Already a member (joined meanwhile): the link is used up and the role they hold stays as it is.
  const role: OperatorRole = added?.role ?? (await currentRole(tx, operator.id, claimed.platformId));
  return { invitationId: claimed.id, platformId: claimed.platformId, role };
}

/** The pending invitation a token names, for the accept page and the new-account path (no change). */
export async function pendingInvitation(tx: Db, { token }: { token: string }) {
  const tokenHash = hashInvitationToken(token);
  const [row] = await tx.select().from(platformInvitations).where(eq(platformInvitations.tokenHash, tokenHash));
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now())
    throw await whyRefused(tx, tokenHash);
  return row;
}

async function whyRefused(tx: Db, tokenHash: string): Promise<AppError> {
  const [row] = await tx.select().from(platformInvitations).where(eq(platformInvitations.tokenHash, tokenHash));
  if (!row) return refuse('unknown', 'This invitation link is not valid.');
  if (row.acceptedAt) {
    return new AppError('state_already_used', 'This invitation was already accepted.', {
      errors: [{ pointer: '/token', code: 'used', message: 'already accepted' }],
    });
  }
  if (row.revokedAt) return refuse('revoked', 'This invitation was revoked by an admin of the platform.');
  if (row.expiresAt.getTime() <= Date.now())
    return refuse('expired', 'This invitation has expired; ask for a new one.');
  return new AppError(
    'forbidden',
    'This invitation is for another e-mail address than the account you are signed in with.',
    {
      errors: [{ pointer: '/token', code: 'other_account', message: 'the invitation is for another e-mail address' }],
    },
  );
}

async function currentRole(tx: Db, operatorId: string, platformId: string): Promise<OperatorRole> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.operatorId, operatorId), eq(memberships.platformId, platformId)));
  return row!.role;
}
