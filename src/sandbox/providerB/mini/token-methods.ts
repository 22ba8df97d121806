import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { MINI_MESSAGE_METHODS, MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { GatewayBusinessError, invalidParameter, type GatewayMethodHandler } from '../gateway/registry';
import {
  MINI_KINDS,
  getApp,
  saveApp,
  type SandboxAppAuthCode,
  type SandboxAppAuthToken,
  type SandboxRefreshToken,
} from './mini-store';
import { REFRESH_OVERLAP_MS, issueAppToken, tokenResponse, tokenUsable } from './app-tokens';

// Alipay's exact sub_codes here are unconfirmed (B.3); these are the ones its user-OAuth token API answers.
const codeInvalid = () => new GatewayBusinessError('40002', 'Invalid Arguments', 'isv.code-invalid', '授权码code无效');
const refreshInvalid = () =>
  new GatewayBusinessError('40002', 'Invalid Arguments', 'isv.refresh-token-invalid', '刷新令牌refresh_token无效');
const refreshExpired = () =>
  new GatewayBusinessError('40002', 'Invalid Arguments', 'isv.refresh-token-time-out', '刷新令牌refresh_token已过期');

/**
 * `alipay.open.auth.token.app` (B.3), called by the ISV itself. `authorization_code`: the code is single
 * use and lives 24 h. `refresh_token`: a new token pair; the refresh token is spent and the old token
 * keeps working 10 minutes (unless it had already expired).
 */
export const tokenAppMethod: GatewayMethodHandler = {
  async handle({ biz, params }, { store, now }) {
    const at = now();
    if (biz.grant_type === 'authorization_code') {
      const code =
        typeof biz.code === 'string' && biz.code
          ? await store.get<SandboxAppAuthCode>(MINI_KINDS.authCode, biz.code)
          : undefined;
      if (!code || code.used_at || code.isv_app_id !== params.app_id || Date.parse(code.expires_at) <= at.getTime())
        throw codeInvalid();
      await store.put(MINI_KINDS.authCode, code.app_auth_code, { ...code, used_at: at.toISOString() });
      const token = await store.get<SandboxAppAuthToken>(MINI_KINDS.token, code.app_auth_token);
      if (!token || token.revoked_at) throw codeInvalid();
      return tokenResponse(token, at);
    }
    if (biz.grant_type === 'refresh_token') {
      const refresh =
        typeof biz.refresh_token === 'string' && biz.refresh_token
          ? await store.get<SandboxRefreshToken>(MINI_KINDS.refreshToken, biz.refresh_token)
          : undefined;
      const old = refresh && (await store.get<SandboxAppAuthToken>(MINI_KINDS.token, refresh.app_auth_token));
      if (!refresh || refresh.used_at || !old || old.revoked_at || old.isv_app_id !== params.app_id)
        throw refreshInvalid();
      if (Date.parse(old.re_expires_at) <= at.getTime()) throw refreshExpired();
      const app = await getApp(store, old.auth_app_id);
      if (!app || app.status !== 'authorized') throw refreshInvalid();
      await store.put(MINI_KINDS.refreshToken, refresh.app_refresh_token, { ...refresh, used_at: at.toISOString() });
      const overlapEnd = new Date(
        Math.min(Date.parse(old.expires_at), at.getTime() + REFRESH_OVERLAP_MS),
      ).toISOString();
      await store.put(MINI_KINDS.token, old.app_auth_token, { ...old, expires_at: overlapEnd });
      const token = await issueAppToken(store, {
        isvAppId: old.isv_app_id,
        authAppId: old.auth_app_id,
        userId: old.user_id,
        now: at,
      });
      await saveApp(store, { ...app, current_token: token.app_auth_token });
      return tokenResponse(token, at);
    }
    throw invalidParameter('参数有误：grant_type 只能为 authorization_code 或 refresh_token');
  },
};

/** The proxied APIs and messages a sandbox authorisation covers (reported by token.app.query). */
const AUTH_METHODS = [
  ...Object.values(MINI_METHODS).filter((m) => !m.startsWith('alipay.open.auth.')),
  ...Object.values(MINI_MESSAGE_METHODS),
];

/** `alipay.open.auth.token.app.query` (B.4). */
export const tokenAppQueryMethod: GatewayMethodHandler = {
  async handle({ biz, params }, { store, now }) {
    const token =
      typeof biz.app_auth_token === 'string' && biz.app_auth_token
        ? await store.get<SandboxAppAuthToken>(MINI_KINDS.token, biz.app_auth_token)
        : undefined;
    if (!token || token.isv_app_id !== params.app_id) throw invalidParameter('参数有误：app_auth_token 无效');
    const at = now();
    const app = await getApp(store, token.auth_app_id);
    const valid = tokenUsable(token, at) && app?.status === 'authorized';
    return {
      user_id: token.user_id,
      auth_app_id: token.auth_app_id,
      expires_in: valid ? Math.floor((Date.parse(token.expires_at) - at.getTime()) / 1000) : 0,
      auth_methods: AUTH_METHODS,
      auth_start: formatGatewayTimestamp(new Date(token.issued_at)),
      auth_end: formatGatewayTimestamp(new Date(token.expires_at)),
      status: valid ? 'valid' : 'invalid',
      is_by_app_auth: false,
    };
  },
};
