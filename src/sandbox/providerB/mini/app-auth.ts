import { AppError } from '@/server/errors';
import type { SandboxStore } from '@/sandbox/store';
import { readProtocolInput } from '../../protocol-input';
import { parseAppAuthUrl } from '@/protocols/providerB/mini/auth-url';
import { PROVIDER_B_SANDBOX_APP_ID, type ProviderBSandboxKeys } from '../keys';
import {
  MINI_KINDS,
  getApp,
  newAppAuthCode,
  newMiniAppId,
  newUserId,
  saveApp,
  type SandboxAppAuthCode,
  type SandboxMerchantApp,
} from './mini-store';
import { buildAppAuthNotify } from './app-auth-notify';
import type { SandboxPushMessage } from './push-message';
import { currentToken, issueAppToken } from './app-tokens';

const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000; // B.2: single use, 24 h

export interface GrantAppAuthorizationInput {
  /** The authorization link the seller opened (either B.1 style)… */
  authUrl?: string;
  /** …or its parts. */
  redirectUri?: string;
  state?: string;
  isvAppId?: string;
  /** Merchant mini-program app id to authorise (16 digits); a new one when absent. */
  appId?: string;
  /** Its name (baseinfo `app_name`). */
  nickname?: string;
}

export interface GrantAppAuthorizationResult {
  /** Where Alipay sends the browser (B.2): redirect_uri?app_id=<ISV>&source=alipay_app_auth&app_auth_code=…&state=… */
  redirectUrl: string;
  authAppId: string;
  appAuthCode: string;
  userId: string;
  /** The open_app_auth_notify push (B.5), when keys were given. */
  notification?: SandboxPushMessage;
}

function resolveLink(input: GrantAppAuthorizationInput, keys?: ProviderBSandboxKeys) {
  const link = input.authUrl ? readProtocolInput(() => parseAppAuthUrl(input.authUrl!)) : undefined;
  const redirectUri = link?.redirectUri ?? input.redirectUri;
  if (!redirectUri) throw new AppError('invalid_request', 'Give the authUrl, or the redirectUri (and state).');
  let redirect: URL;
  try {
    redirect = new URL(redirectUri);
  } catch {
    throw new AppError('invalid_request', 'redirect_uri is not an absolute URL.');
  }
  if (redirect.protocol !== 'https:' && redirect.protocol !== 'http:')
    throw new AppError('invalid_request', 'redirect_uri must be http(s).');
  const isvAppId = link?.isvAppId ?? input.isvAppId ?? keys?.appId ?? PROVIDER_B_SANDBOX_APP_ID;
  if (keys && isvAppId !== keys.appId)
    throw new AppError('invalid_request', 'The link names an ISV app the sandbox does not know.');
  return { redirect, isvAppId, state: link ? link.state : input.state };
}

/**
 * Control API / sandbox page: the seller authorised the ISV app for one mini program ("指定应用授权").
 * Creates (or reuses) the merchant app and its token, issues a single-use app_auth_code and answers the
 * redirect Alipay would send the browser to. A still-valid token is reused on re-authorisation.
 */
export async function grantAppAuthorization(
  store: SandboxStore,
  input: GrantAppAuthorizationInput,
  options: { keys?: ProviderBSandboxKeys; now?: () => Date } = {},
): Promise<GrantAppAuthorizationResult> {
  const now = options.now?.() ?? new Date();
  const { redirect, isvAppId, state } = resolveLink(input, options.keys);
  if (input.appId !== undefined && !/^\d{16}$/.test(input.appId))
    throw new AppError('invalid_request', 'A providerB app id has 16 digits.');
  const authAppId = input.appId ?? newMiniAppId();

  let app = await getApp(store, authAppId);
  if (app && app.isv_app_id !== isvAppId)
    throw new AppError('conflict', 'That mini program is authorised to another ISV app.');
  let token = app ? await currentToken(store, app, now) : undefined;
  if (!app || !token) {
    const userId = app?.user_id ?? newUserId();
    token = await issueAppToken(store, { isvAppId, authAppId, userId, now });
  }
  app = {
    ...(app ?? newMerchantApp(authAppId, isvAppId, token.user_id)),
    ...(input.nickname ? { app_name: input.nickname } : {}),
    status: 'authorized',
    authorized_at: now.toISOString(),
    current_token: token.app_auth_token,
  };
  await saveApp(store, app);

  const code: SandboxAppAuthCode = {
    app_auth_code: newAppAuthCode(),
    isv_app_id: isvAppId,
    auth_app_id: authAppId,
    app_auth_token: token.app_auth_token,
    issued_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
  };
  await store.put(MINI_KINDS.authCode, code.app_auth_code, code);

  redirect.searchParams.set('app_id', isvAppId);
  redirect.searchParams.set('source', 'alipay_app_auth');
  redirect.searchParams.set('app_auth_code', code.app_auth_code);
  if (state) redirect.searchParams.set('state', state);
  const notification = options.keys
    ? buildAppAuthNotify({ token, appAuthCode: code.app_auth_code }, { keys: options.keys, now })
    : undefined;
  return {
    redirectUrl: redirect.toString(),
    authAppId,
    appAuthCode: code.app_auth_code,
    userId: token.user_id,
    notification,
  };
}

function newMerchantApp(authAppId: string, isvAppId: string, userId: string): SandboxMerchantApp {
  return {
    auth_app_id: authAppId,
    isv_app_id: isvAppId,
    user_id: userId,
    status: 'authorized',
    authorized_at: '',
    current_token: '',
    app_name: `沙箱小程序${authAppId.slice(-4)}`,
    app_english_name: `Sandbox${authAppId.slice(-4)}`,
    app_slogan: '沙箱环境中的商家小程序',
    app_desc: '这是沙箱环境为测试创建的商家小程序，用于模拟模板代开发流程。',
    category_names: '生活服务_其他',
    service_phone: '400-000-0000',
    region_type: 'CHINA',
    safe_domains: [],
    package_names: ['小程序基础能力'],
    manager_logon_id: `manager-${authAppId.slice(-6)}@sandbox.example`,
    members: [],
  };
}
