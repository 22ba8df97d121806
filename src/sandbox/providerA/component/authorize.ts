import type { AuthorizationGrantEvent, AuthorizationRevokedEvent } from '@/protocols/providerA/component/push-events';
import { AppError } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import type { ProviderAComponentSandboxConfig } from './config';
import { KIND, randomHex, randomToken, type AuthCode, type Authorizer, type PreAuthCode } from './state';

/** Development management (18), account management (17), basic info (30) and the experience QR code (86). */
export const DEFAULT_FUNC_INFO = [17, 18, 30, 86];

export type GrantInput = ({ authUrl: string } | { preAuthCode: string; redirectUri: string }) & {
  appId?: string;
  nickname?: string;
  funcInfo?: number[];
};

export type GrantResult = {
  /** Where WeChat sends the browser: redirect_uri + `auth_code` + `expires_in` (C.6). */
  redirectUrl: string;
  authorizerAppId: string;
  authorizationCode: string;
  /** The push that follows on the authorization-event URL (C.10). */
  event: AuthorizationGrantEvent;
};

/** The pieces of a PC or mobile authorization URL (C.6), whichever host serves it. */
export function readAuthUrl(authUrl: string): {
  componentAppId: string;
  preAuthCode: string;
  redirectUri: string;
  authType?: string;
  bizAppId?: string;
} {
  let url: URL;
  try {
    url = new URL(authUrl);
  } catch {
    throw new AppError('invalid_request', 'authUrl is not a URL.');
  }
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  const preAuthCode = get('pre_auth_code');
  const redirectUri = get('redirect_uri');
  if (!preAuthCode || !redirectUri)
    throw new AppError('invalid_request', 'authUrl lacks pre_auth_code or redirect_uri.');
  return {
    componentAppId: get('component_appid') ?? '',
    preAuthCode,
    redirectUri,
    authType: get('auth_type'),
    bizAppId: get('biz_appid'),
  };
}

/** Appends the query WeChat adds, leaving the integrator's own redirect_uri (with its state) untouched. */
function appendQuery(uri: string, query: string): string {
  const hash = uri.indexOf('#');
  const base = hash === -1 ? uri : uri.slice(0, hash);
  const fragment = hash === -1 ? '' : uri.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/**
 * The seller scanned and pressed Authorize (C.6, C.11): consumes the pre-auth code, creates or updates the
 * authorizer (re-authorization issues a new refresh token), issues a single-use authorization code, and
 * returns the redirect plus the `authorized`/`updateauthorized` event to push.
 */
export async function grantAuthorization(
  store: SandboxStore,
  input: GrantInput,
  options: { config: ProviderAComponentSandboxConfig; now?: () => Date },
): Promise<GrantResult> {
  const config = options.config;
  const nowMs = (options.now?.() ?? new Date()).getTime();
  const link =
    'authUrl' in input
      ? readAuthUrl(input.authUrl)
      : {
          componentAppId: config.componentAppId,
          preAuthCode: input.preAuthCode,
          redirectUri: input.redirectUri,
          bizAppId: undefined,
        };
  if (link.componentAppId !== config.componentAppId)
    throw new AppError('invalid_request', 'The authorization link names another component appid.');
  const preAuth = await store.get<PreAuthCode>(KIND.preAuthCode, link.preAuthCode);
  if (!preAuth) throw new AppError('invalid_state', 'Unknown pre-auth code.');
  if (preAuth.usedAt !== undefined) throw new AppError('state_already_used', 'This pre-auth code was already used.');
  if (preAuth.expiresAt <= nowMs) throw new AppError('invalid_state', 'The pre-auth code has expired.');
  const appId = input.appId ?? link.bizAppId ?? `wx${randomHex(8)}`;
  if (!/^wx[0-9a-z]{16}$/.test(appId))
    throw new AppError('invalid_request', 'appId must look like wx followed by 16 lowercase hex characters.');
  if (link.bizAppId && link.bizAppId !== appId)
    throw new AppError('invalid_request', 'The authorization link is restricted to another appid (biz_appid).');

  const previous = await store.get<Authorizer>(KIND.authorizer, appId);
  const authorizer: Authorizer = {
    appId,
    userName: previous?.userName ?? `gh_${randomHex(6)}`,
    nickname: input.nickname ?? previous?.nickname ?? `Sandbox Mini Program ${appId.slice(-4)}`,
    principalName: previous?.principalName ?? 'Sandbox Trading Co., Ltd.',
    headImg: previous?.headImg ?? 'https://sandbox.invalid/head.png',
    funcInfo: input.funcInfo ?? DEFAULT_FUNC_INFO,
    refreshToken: `refreshtoken@@@${randomToken(32)}`,
    status: 'authorized',
    authorizedAt: previous?.status === 'authorized' ? previous.authorizedAt : nowMs,
    updatedAt: nowMs,
  };
  const code: AuthCode = {
    code: `queryauthcode@@@${randomToken(40)}`,
    authorizerAppId: appId,
    preAuthCode: link.preAuthCode,
    expiresAt: nowMs + config.ttlSeconds.authCode * 1000,
  };
  await store.put<PreAuthCode>(KIND.preAuthCode, preAuth.code, { ...preAuth, usedAt: nowMs });
  await store.put(KIND.authorizer, appId, authorizer);
  await store.put(KIND.authCode, code.code, code);

  const expiresIn = config.ttlSeconds.authCode;
  return {
    redirectUrl: appendQuery(link.redirectUri, `auth_code=${encodeURIComponent(code.code)}&expires_in=${expiresIn}`),
    authorizerAppId: appId,
    authorizationCode: code.code,
    event: {
      type: previous?.status === 'authorized' ? 'updateauthorized' : 'authorized',
      componentAppId: config.componentAppId,
      createTime: Math.floor(nowMs / 1000),
      authorizerAppId: appId,
      authorizationCode: code.code,
      authorizationCodeExpiredTime: Math.floor(code.expiresAt / 1000),
      preAuthCode: link.preAuthCode,
    },
  };
}

/** The seller revoked the authorization in WeChat: tokens stop working, and `unauthorized` is pushed. */
export async function revokeAuthorization(
  store: SandboxStore,
  input: { authorizerAppId: string },
  options: { config: ProviderAComponentSandboxConfig; now?: () => Date },
): Promise<AuthorizationRevokedEvent> {
  const config = options.config;
  const nowMs = (options.now?.() ?? new Date()).getTime();
  const authorizer = await store.get<Authorizer>(KIND.authorizer, input.authorizerAppId);
  if (!authorizer || authorizer.status !== 'authorized')
    throw new AppError('not_found', 'No authorized account with this appid.');
  await store.put(KIND.authorizer, authorizer.appId, { ...authorizer, status: 'unauthorized', updatedAt: nowMs });
  return {
    type: 'unauthorized',
    componentAppId: config.componentAppId,
    createTime: Math.floor(nowMs / 1000),
    authorizerAppId: authorizer.appId,
  };
}
