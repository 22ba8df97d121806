import { and, eq, gt, sql } from 'drizzle-orm';
import { sellerSessions } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import { tokenHashOf } from './link-token';
import { SELLER_SESSION_IDLE_MS, SELLER_SESSION_MAX_MS } from './seller-session';

export type SellerSession = { linkId: string; platformId: string; subMerchantId: string; expiresAt: Date };

/**
 * The seller session a cookie carries, or null when it is unknown, idle too long, older than SELLER_SESSION_MAX_MS
 * or its link was revoked (revoking deletes the session). Each use moves the idle deadline forward, never past the
 * session's last moment, so `expiresAt` is always when it ends. The session names its one record and platform:
 * callers act on those, never on ids the seller sends.
 */
export async function resolveSellerSession(
  ctx: ServiceContext,
  input: { sessionToken: string; now?: Date },
): Promise<SellerSession | null> {
  const tokenHash = tokenHashOf(input.sessionToken);
  if (!tokenHash) return null;
  const now = input.now ?? new Date();
  const [session] = await ctx.db
    .update(sellerSessions)
    .set({
      expiresAt: sql`least(${new Date(now.getTime() + SELLER_SESSION_IDLE_MS).toISOString()}::timestamptz,
        ${sellerSessions.createdAt} + ${`${SELLER_SESSION_MAX_MS / 1000} seconds`}::interval)`,
    })
    .where(and(eq(sellerSessions.tokenHash, tokenHash), gt(sellerSessions.expiresAt, now)))
    .returning({
      linkId: sellerSessions.linkId,
      platformId: sellerSessions.platformId,
      subMerchantId: sellerSessions.subMerchantId,
      expiresAt: sellerSessions.expiresAt,
    });
  return session ?? null;
}
