import type { z } from 'zod';
import type { authorizeBody } from '@/schemas/mini-program-requests';
import { mpAuthorizations, type Provider } from '@/server/db/schema';
import { miniProgramProvider } from '@/server/upstreams/mini-programs';
import type { PlatformContext } from '../context';
import { getPlatform } from '../platforms/get-platform';
import { hashState, newState, sealAuthorizationLink } from './authorization-state';
import { validateRedirectUri } from './validate-redirect-uri';

/**
 * Starts an authorization: validates the redirect, gets the upstream's authorization links and binds a fresh
 * single-use state to them. WeChat's link has no state parameter, so the state rides inside redirect_uri.
 */
export async function startAuthorization(ctx: PlatformContext, body: z.infer<typeof authorizeBody>) {
  const config = (await getPlatform(ctx)).config;
  const redirect = validateRedirectUri(
    body.redirectUri,
    config['miniprogram.redirect_uri_allowlist'] as string[] | undefined,
  );
  const state = newState();
  const upstreamRedirect = new URL(redirect);
  if (body.platform === 'providerA') upstreamRedirect.searchParams.set('state', state);
  const links = await (
    await miniProgramProvider(body.platform as Provider, ctx.platformId)
  ).startAuthorization({
    redirectUri: upstreamRedirect.toString(),
    state,
  });
  const expiresAt = new Date(Date.now() + links.expiresInSeconds * 1000);
  await ctx.db.insert(mpAuthorizations).values({
    stateHash: hashState(state),
    platformId: ctx.platformId,
    provider: body.platform,
    redirectUri: redirect.toString(),
    tenantId: body.tenantId ?? null,
    preAuthCode: links.preAuthCode ? sealAuthorizationLink(links.preAuthCode) : null,
    authUrl: sealAuthorizationLink(links.authUrl),
    mobileAuthUrl: links.mobileAuthUrl ? sealAuthorizationLink(links.mobileAuthUrl) : null,
    expiresAt,
  });
  return {
    authUrl: links.authUrl,
    ...(body.platform === 'providerA' && links.mobileAuthUrl ? { mobileAuthUrl: links.mobileAuthUrl } : {}),
    state,
    expiresAt: expiresAt.toISOString(),
  };
}
