import { eq } from 'drizzle-orm';
import { mpAuthorizations, platforms } from '@/server/db/schema';
import { isProvider } from '@/domain/providers';
import type { ServiceContext } from '../context';

/**
 * The authorization behind a seller-page token or callback state hash, with the name of the platform that asks,
 * or undefined when it is unknown or not a mini-program provider (both seller-facing answers treat them alike).
 */
export async function findSellerAuthorization(ctx: ServiceContext, { stateHash }: { stateHash: string }) {
  const { db } = ctx;
  const [row] = await db
    .select({ authorization: mpAuthorizations, platformName: platforms.name })
    .from(mpAuthorizations)
    .innerJoin(platforms, eq(platforms.id, mpAuthorizations.platformId))
    .where(eq(mpAuthorizations.stateHash, stateHash));
  const provider = row?.authorization.provider;
  if (!row || !isProvider(provider)) return undefined;
  return { authorization: row.authorization, platformName: row.platformName, provider };
}
