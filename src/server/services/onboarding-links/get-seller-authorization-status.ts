import { and, desc, eq, isNull } from 'drizzle-orm';
import { mpAuthorizations, type subMerchants } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import type { SellerSession } from './resolve-seller-session';

export type SellerAuthorizationStep = 'not_started' | 'pending' | 'done' | 'expired';

/**
 * Where the seller's mini-program authorization stands: the newest authorization started for this seller (the
 * record's platform, provider and distributor id as tenant). Started from the journey (startSellerAuthorization)
 * or by the platform's console: either way it is the one the seller has to complete.
 */
export async function getSellerAuthorizationStatus(
  ctx: ServiceContext,
  { session, row, now = new Date() }: { session: SellerSession; row: typeof subMerchants.$inferSelect; now?: Date },
): Promise<{ step: SellerAuthorizationStep; authorizerAppId?: string }> {
  const tenant = row.distributorExternalUserId
    ? eq(mpAuthorizations.tenantId, row.distributorExternalUserId)
    : isNull(mpAuthorizations.tenantId);
  const [latest] = await ctx.db
    .select({
      usedAt: mpAuthorizations.usedAt,
      expiresAt: mpAuthorizations.expiresAt,
      authorizerAppId: mpAuthorizations.authorizerAppId,
    })
    .from(mpAuthorizations)
    .where(
      and(eq(mpAuthorizations.platformId, session.platformId), eq(mpAuthorizations.provider, row.provider), tenant),
    )
    .orderBy(desc(mpAuthorizations.createdAt))
    .limit(1);
  if (!latest) return { step: 'not_started' };
  if (latest.authorizerAppId) return { step: 'done', authorizerAppId: latest.authorizerAppId };
  if (latest.usedAt || latest.expiresAt <= now) return { step: 'expired' };
  return { step: 'pending' };
}
