import { getFieldCipher } from '@/server/config/field-cipher';
import type { Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { miniProgramProvider } from '@/server/upstreams/mini-programs';
import {
  AuthorizerTokenExpired,
  type AuthorizerToken,
  type MiniProgramProvider,
} from '@/server/providers/mini-program-types';
import type { PlatformContext } from '../context';
import { findAuthorizer } from './find-authorizer';
import { refreshAuthorizerTokens, refreshMarginMs } from './refresh-authorizer-tokens';

/**
 * Calls the upstream for an authorizer with a valid access token: refreshed ahead of expiry, and once more
 * if the upstream says it expired anyway (40001/42001 or Alipay's token sub_codes), transparently to callers.
 */
export async function withAuthorizerToken<T>(
  ctx: PlatformContext,
  {
    provider,
    appId,
    call,
  }: { provider: Provider; appId: string; call: (upstream: MiniProgramProvider, token: AuthorizerToken) => Promise<T> },
): Promise<T> {
  const row = await findAuthorizer(ctx, { appId, provider });
  if (row.status !== 'authorized')
    throw new AppError('conflict', 'This mini program revoked its authorization; authorize it again.');
  const upstream = await miniProgramProvider(provider, ctx.platformId);
  const expiring = !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - Date.now() < refreshMarginMs;
  let accessToken = expiring
    ? await refreshAuthorizerTokens(ctx, { row })
    : getFieldCipher().decrypt(row.accessTokenEnc!);
  try {
    return await call(upstream, { appId, accessToken });
  } catch (error) {
    if (!(error instanceof AuthorizerTokenExpired)) throw error;
    // Against the row as read: a token another request stored since then is reused, not refreshed again.
    accessToken = await refreshAuthorizerTokens(ctx, { row, refusedToken: accessToken, refusal: error.message });
    return call(upstream, { appId, accessToken });
  }
}
