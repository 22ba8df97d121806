import { notFound } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import {
  MINI_KINDS,
  getApp,
  saveApp,
  newAppToken,
  type SandboxAppAuthToken,
  type SandboxMerchantApp,
  type SandboxRefreshToken,
} from './mini-store';

/** Observed lifetimes (B.3): 365 days for the token, 372 days for the refresh token. */
export const TOKEN_LIFETIME_S = 31_536_000;
export const REFRESH_LIFETIME_S = 32_140_800;
/** After a refresh the old token keeps working this long (B.3). */
export const REFRESH_OVERLAP_MS = 10 * 60 * 1000;

export const tokenUsable = (t: SandboxAppAuthToken, now: Date) =>
  !t.revoked_at && Date.parse(t.expires_at) > now.getTime();

export async function currentToken(
  store: SandboxStore,
  app: SandboxMerchantApp,
  now: Date,
): Promise<SandboxAppAuthToken | undefined> {
  const token = app.current_token
    ? await store.get<SandboxAppAuthToken>(MINI_KINDS.token, app.current_token)
    : undefined;
  return token && tokenUsable(token, now) ? token : undefined;
}

export async function issueAppToken(
  store: SandboxStore,
  input: { isvAppId: string; authAppId: string; userId: string; now: Date },
): Promise<SandboxAppAuthToken> {
  const at = input.now.getTime();
  const token: SandboxAppAuthToken = {
    app_auth_token: newAppToken(input.now),
    app_refresh_token: newAppToken(input.now),
    isv_app_id: input.isvAppId,
    auth_app_id: input.authAppId,
    user_id: input.userId,
    issued_at: input.now.toISOString(),
    expires_at: new Date(at + TOKEN_LIFETIME_S * 1000).toISOString(),
    re_expires_at: new Date(at + REFRESH_LIFETIME_S * 1000).toISOString(),
  };
  await store.put(MINI_KINDS.token, token.app_auth_token, token);
  const refresh: SandboxRefreshToken = {
    app_refresh_token: token.app_refresh_token,
    app_auth_token: token.app_auth_token,
  };
  await store.put(MINI_KINDS.refreshToken, refresh.app_refresh_token, refresh);
  return token;
}

/** The `alipay.open.auth.token.app` answer for a token (numbers, as in Alipay's sample). */
export function tokenResponse(token: SandboxAppAuthToken, now: Date): Record<string, unknown> {
  const left = (iso: string) => Math.max(0, Math.floor((Date.parse(iso) - now.getTime()) / 1000));
  return {
    user_id: token.user_id,
    auth_app_id: token.auth_app_id,
    app_auth_token: token.app_auth_token,
    app_refresh_token: token.app_refresh_token,
    expires_in: left(token.expires_at),
    re_expires_in: left(token.re_expires_at),
  };
}

/**
 * Control: makes the app_auth_tokens of one merchant app (or all) expire now, so the next proxied call
 * answers `aop.app-auth-token-time-out`. Refresh tokens stay valid: a refresh then recovers.
 */
export async function expireAppAuthTokens(
  store: SandboxStore,
  input: { authAppId?: string } = {},
  options: { now?: () => Date } = {},
): Promise<{ expired: number }> {
  const now = options.now?.() ?? new Date();
  const tokens = await store.list<SandboxAppAuthToken>(MINI_KINDS.token);
  let expired = 0;
  for (const token of tokens) {
    if (input.authAppId && token.auth_app_id !== input.authAppId) continue;
    if (!tokenUsable(token, now)) continue;
    await store.put(MINI_KINDS.token, token.app_auth_token, {
      ...token,
      expires_at: new Date(now.getTime() - 1000).toISOString(),
    });
    expired++;
  }
  return { expired };
}

/**
 * Control: the merchant cancels its authorization of the ISV (B.5). The app is `cancelled` and every token and
 * refresh token of it is refused from now on (`aop.invalid-app-auth-token`, `isv.refresh-token-invalid`). The
 * cancellation message's body is unknown (B.5 [U]), so none is sent: the ISV learns it from its next call.
 */
export async function cancelAppAuthorization(
  store: SandboxStore,
  input: { authAppId: string },
  options: { now?: () => Date } = {},
): Promise<{ authAppId: string; revokedTokens: number }> {
  const now = options.now?.() ?? new Date();
  const app = await getApp(store, input.authAppId);
  if (!app || app.status !== 'authorized') throw notFound('Authorized mini program');
  await saveApp(store, { ...app, status: 'cancelled' });
  let revokedTokens = 0;
  for (const token of await store.list<SandboxAppAuthToken>(MINI_KINDS.token)) {
    if (token.auth_app_id !== app.auth_app_id || token.revoked_at) continue;
    await store.put(MINI_KINDS.token, token.app_auth_token, { ...token, revoked_at: now.toISOString() });
    revokedTokens++;
  }
  return { authAppId: app.auth_app_id, revokedTokens };
}
