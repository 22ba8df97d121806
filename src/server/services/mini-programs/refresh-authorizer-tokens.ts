import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { mpAuthorizers, type Provider } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import { miniProgramProvider } from '@/server/upstreams/mini-programs';
import { AuthorizationRevoked } from '@/server/providers/mini-program-types';
import type { PlatformContext } from '../context';

type Row = typeof mpAuthorizers.$inferSelect;

/** A stored token this close to its expiry is refreshed rather than used. */
export const refreshMarginMs = 10 * 60_000;
const leaseWaitMs = 15_000;

const keyOf = (row: Row) =>
  and(
    eq(mpAuthorizers.platformId, row.platformId),
    eq(mpAuthorizers.provider, row.provider),
    eq(mpAuthorizers.appId, row.appId),
  );

/**
 * The token someone else stored after `seen` was read, if it is still fresh and is not the one the upstream
 * just refused: a concurrent refresh (another request or instance) already did the work.
 */
function replacementToken(current: Row | undefined, seen: Row, refusedToken: string | undefined): string | null {
  if (!current?.accessTokenEnc || current.accessTokenEnc === seen.accessTokenEnc) return null;
  if (!current.accessTokenExpiresAt || current.accessTokenExpiresAt.getTime() - Date.now() < refreshMarginMs)
    return null;
  const token = getFieldCipher().decrypt(current.accessTokenEnc);
  return token === refusedToken ? null : token;
}

/**
 * The upstream refused the token and then its refresh token: the authorization was revoked (Alipay sends no
 * message we can read, docs/upstream/providerB.md B.5). The authorizer is marked so, as WeChat's push marks it.
 */
async function markRevoked(ctx: PlatformContext, row: Row, refusal: string, error: AuthorizationRevoked) {
  await ctx.db
    .update(mpAuthorizers)
    .set({ status: 'unauthorized', tokenRefreshLockUntil: null, updatedAt: new Date() })
    .where(keyOf(row));
  return new AppError('conflict', `This mini program revoked its authorization: ${refusal}; ${error.message}`, {
    cause: error,
  });
}

async function refreshUpstream(ctx: PlatformContext, row: Row, refusal: string | undefined): Promise<string> {
  const cipher = getFieldCipher();
  if (!row.refreshTokenEnc) throw new AppError('conflict', 'This authorizer has no refresh token; authorize it again.');
  const upstream = await miniProgramProvider(row.provider as Provider, row.platformId);
  const tokens = await upstream
    .refreshTokens(row.appId, cipher.decrypt(row.refreshTokenEnc))
    .catch(async (error: unknown) => {
      // A refused refresh alone (its first answer lost, the refresh token spent) is not a revocation.
      throw error instanceof AuthorizationRevoked && refusal ? await markRevoked(ctx, row, refusal, error) : error;
    });
  await ctx.db
    .update(mpAuthorizers)
    .set({
      accessTokenEnc: cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: cipher.encrypt(tokens.refreshToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
      tokenRefreshLockUntil: null,
      updatedAt: new Date(),
    })
    .where(keyOf(row));
  return tokens.accessToken;
}

/**
 * Refreshes an authorizer's tokens upstream and stores them (encrypted), once per authorizer at a time across
 * requests and instances: a row lease (token_refresh_lock_until, freed after 30 s if its holder dies) instead
 * of a transaction held over the upstream call. Whoever loses the lease waits for the winner's token, so 20
 * concurrent calls with an expired token make one upstream refresh. `row` is the authorizer as the caller
 * read it; `refusedToken` the token the upstream just refused, if that is why we are here, and `refusal` its words.
 */
export async function refreshAuthorizerTokens(
  ctx: PlatformContext,
  { row, refusedToken, refusal }: { row: Row; refusedToken?: string; refusal?: string },
): Promise<string> {
  const deadline = Date.now() + leaseWaitMs;
  for (;;) {
    const [claimed] = await ctx.db
      .update(mpAuthorizers)
      .set({ tokenRefreshLockUntil: sql`now() + interval '30 seconds'` })
      .where(
        and(
          keyOf(row),
          or(isNull(mpAuthorizers.tokenRefreshLockUntil), lt(mpAuthorizers.tokenRefreshLockUntil, sql`now()`)),
        ),
      )
      .returning();
    if (claimed) {
      const done = replacementToken(claimed, row, refusedToken);
      if (done) {
        await ctx.db.update(mpAuthorizers).set({ tokenRefreshLockUntil: null }).where(keyOf(row));
        return done;
      }
      try {
        return await refreshUpstream(ctx, claimed, refusal);
      } catch (error) {
        await ctx.db.update(mpAuthorizers).set({ tokenRefreshLockUntil: null }).where(keyOf(row));
        throw error;
      }
    }
    const [current] = await ctx.db.select().from(mpAuthorizers).where(keyOf(row));
    if (!current) throw notFound('Authorizer');
    const done = replacementToken(current, row, refusedToken);
    if (done) return done;
    if (Date.now() > deadline)
      throw new AppError(
        'upstream_timeout',
        "Waited too long for another request to refresh this mini program's token; retry shortly.",
        { retryAfterSeconds: 5 },
      );
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
  }
}
