import { AppError } from '@/server/errors';
import type { GatewayPayload, ProviderBGateway } from '../gateway/gateway-client';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { callMini, list, num, text } from './mini-call';

export interface AppAuthTokens {
  /** The merchant app that was authorised (the mini program's app id). */
  authAppId: string;
  appAuthToken: string;
  appRefreshToken: string;
  /** Seconds; Alipay calls it deprecated (tokens are long-lived) but still sends it. */
  expiresIn?: number;
  reExpiresIn?: number;
  /** The merchant's `2088…` user id. */
  userId?: string;
}

function normalizeTokens(node: Record<string, unknown>): AppAuthTokens | undefined {
  const authAppId = text(node.auth_app_id);
  const appAuthToken = text(node.app_auth_token);
  const appRefreshToken = text(node.app_refresh_token);
  if (!authAppId || !appAuthToken || !appRefreshToken) return undefined;
  return {
    authAppId,
    appAuthToken,
    appRefreshToken,
    expiresIn: num(node.expires_in),
    reExpiresIn: num(node.re_expires_in),
    userId: text(node.user_id),
  };
}

/** Top-level fields, or the first of `tokens[]` (batch authorisation answers with a list, B.3). */
function tokensOf(payload: GatewayPayload): AppAuthTokens {
  const tokens = normalizeTokens(payload) ?? list(payload.tokens).map(normalizeTokens).find(Boolean);
  if (!tokens) throw new AppError('upstream_unavailable', 'providerB alipay.open.auth.token.app returned no token.');
  return tokens;
}

/** `alipay.open.auth.token.app` with `grant_type=authorization_code` (B.3). Called as the ISV itself. */
export async function exchangeAuthCode(gateway: ProviderBGateway, code: string): Promise<AppAuthTokens> {
  return tokensOf(await callMini(gateway, MINI_METHODS.tokenApp, { grant_type: 'authorization_code', code }));
}

/** `grant_type=refresh_token`. The old token keeps working for about 10 minutes (B.3), so in-flight calls survive. */
export async function refreshAppAuthToken(gateway: ProviderBGateway, refreshToken: string): Promise<AppAuthTokens> {
  return tokensOf(
    await callMini(gateway, MINI_METHODS.tokenApp, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  );
}

export interface AppAuthTokenInfo {
  authAppId?: string;
  userId?: string;
  status: 'valid' | 'invalid';
  expiresIn?: number;
  authMethods: string[];
  authStart?: string;
  authEnd?: string;
}

/** `alipay.open.auth.token.app.query` (B.4): is this token still valid, and for which APIs. */
export async function queryAppAuthToken(gateway: ProviderBGateway, appAuthToken: string): Promise<AppAuthTokenInfo> {
  const payload = await callMini(gateway, MINI_METHODS.tokenAppQuery, { app_auth_token: appAuthToken });
  return {
    authAppId: text(payload.auth_app_id),
    userId: text(payload.user_id),
    status: payload.status === 'valid' ? 'valid' : 'invalid',
    expiresIn: num(payload.expires_in),
    authMethods: Array.isArray(payload.auth_methods)
      ? payload.auth_methods.filter((m): m is string => typeof m === 'string')
      : [],
    authStart: text(payload.auth_start),
    authEnd: text(payload.auth_end),
  };
}
