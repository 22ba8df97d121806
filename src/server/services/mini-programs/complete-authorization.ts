import { sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { mpAuthorizers, type Provider } from '@/server/db/schema';
import { miniProgramProvider } from '@/server/upstreams/mini-programs';
import type { AuthorizerProfile } from '@/server/providers/mini-program-types';
import type { PlatformContext } from '../context';
import { consumeState, hashState, releaseState } from './authorization-state';
import { toAuthorizerDto } from './authorizer-dto';

/**
 * The callback: takes the state (single use), exchanges the authorization code upstream, and stores the
 * authorizer with its tokens encrypted. If the upstream exchange fails the state is released so the same
 * redirect can be retried.
 */
export async function completeAuthorization(
  ctx: PlatformContext,
  { provider, authCode, state }: { provider: Provider; authCode: string; state: string },
) {
  const authorization = await consumeState(ctx, { provider, state });
  let grant;
  let profile;
  try {
    const upstream = await miniProgramProvider(provider, ctx.platformId);
    grant = await upstream.exchangeAuthCode(authCode);
    // The profile is nice to have: an authorization must not fail because the info call did.
    profile = await upstream
      .profile({ appId: grant.appId, accessToken: grant.accessToken })
      .catch((): AuthorizerProfile => ({}));
  } catch (error) {
    await releaseState(ctx, { stateHash: hashState(state) });
    throw error;
  }
  const cipher = getFieldCipher();
  const now = new Date();
  const values = {
    tenantId: authorization.tenantId,
    nickname: profile.nickname ?? null,
    principalName: profile.principalName ?? null,
    headImg: profile.headImg ?? null,
    permissions: grant.permissions,
    status: 'authorized' as const,
    accessTokenEnc: cipher.encrypt(grant.accessToken),
    refreshTokenEnc: cipher.encrypt(grant.refreshToken),
    accessTokenExpiresAt: new Date(now.getTime() + grant.expiresInSeconds * 1000),
    authorizedAt: now,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(mpAuthorizers)
    .values({ platformId: ctx.platformId, provider, appId: grant.appId, ...values })
    .onConflictDoUpdate({
      target: [mpAuthorizers.platformId, mpAuthorizers.provider, mpAuthorizers.appId],
      set: { ...values, tenantId: sql`coalesce(excluded.tenant_id, ${mpAuthorizers.tenantId})` },
    })
    .returning();
  return toAuthorizerDto(row!);
}
