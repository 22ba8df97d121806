import { and, eq } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { mpAuthorizers, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { miniProgramProvider } from '@/server/providers/mini-program-providers';
import { AuthorizerTokenExpired, type AuthorizerToken, type MiniProgramProvider } from '@/server/providers/mini-program-types';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';

type Row = typeof mpAuthorizers.$inferSelect;
const refreshMarginMs = 10 * 60_000;

/** Refreshes the authorizer's tokens upstream and stores them (encrypted). */
export async function refreshAuthorizerTokens(ctx: PlatformContext, row: Row): Promise<string> {
  const cipher = getFieldCipher();
  if (!row.refreshTokenEnc) throw new AppError('conflict', 'This authorizer has no refresh token; authorize it again.');
  const tokens = await miniProgramProvider(row.provider as Provider).refreshTokens(row.appId, cipher.decrypt(row.refreshTokenEnc));
  await ctx.db
    .update(mpAuthorizers)
    .set({
      accessTokenEnc: cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: cipher.encrypt(tokens.refreshToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
      updatedAt: new Date(),
    })
    .where(and(eq(mpAuthorizers.platformId, row.platformId), eq(mpAuthorizers.provider, row.provider), eq(mpAuthorizers.appId, row.appId)));
  return tokens.accessToken;
}

/**
 * Calls the upstream for an authorizer with a valid access token: refreshed ahead of expiry, and once more
 * if the upstream says it expired anyway (40001/42001 or Alipay's token sub_codes), transparently to callers.
 */
export async function withAuthorizerToken<T>(
  ctx: PlatformContext,
  provider: Provider,
  appId: string,
  call: (upstream: MiniProgramProvider, token: AuthorizerToken) => Promise<T>,
): Promise<T> {
  const row = await findAuthorizer(ctx, appId, provider);
  if (row.status !== 'authorized') throw new AppError('conflict', 'This mini program revoked its authorization; authorize it again.');
  const upstream = miniProgramProvider(provider);
  const expiring = !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - Date.now() < refreshMarginMs;
  let accessToken = expiring ? await refreshAuthorizerTokens(ctx, row) : getFieldCipher().decrypt(row.accessTokenEnc!);
  try {
    return await call(upstream, { appId, accessToken });
  } catch (error) {
    if (!(error instanceof AuthorizerTokenExpired)) throw error;
    accessToken = await refreshAuthorizerTokens(ctx, await findAuthorizer(ctx, appId, provider));
    return call(upstream, { appId, accessToken });
  }
}
