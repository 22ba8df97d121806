import { eq } from 'drizzle-orm';
import { platformInvitations, platforms, type AccountMailPurpose } from '@/server/db/schema';
import { readAccountMailToken, type AccountMailLinkState } from './account-mail-token';
import type { ServiceContext } from '../context';

export type AccountMailLinkView =
  | { state: 'pending'; email: string; platformName: string | null }
  | { state: Exclude<AccountMailLinkState, 'pending'> };

/**
 * What the page a mailed link opens shows before its form: the link's state and, while it can be used, the
 * address it was sent to (its holder read that mailbox) and, for a sign-up, the platform it joins. Nothing changes.
 */
export async function findAccountMailLink(
  ctx: ServiceContext,
  { purpose, token }: { purpose: AccountMailPurpose; token: string },
): Promise<AccountMailLinkView> {
  const { row, state } = await readAccountMailToken(ctx.db, { purpose, token });
  if (state !== 'pending' || !row) return { state: state === 'pending' ? 'unknown' : state };
  let platformName: string | null = null;
  if (row.invitationId) {
    const [invitation] = await ctx.db
      .select({ name: platforms.name })
      .from(platformInvitations)
      .innerJoin(platforms, eq(platforms.id, platformInvitations.platformId))
      .where(eq(platformInvitations.id, row.invitationId));
    platformName = invitation?.name ?? null;
  }
  return { state: 'pending', email: row.email, platformName };
}
