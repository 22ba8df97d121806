import { AppError } from '@/server/errors';
import { createComponentTokenSource, type ComponentTokenCache } from './component-token';
import { withComponentToken } from './with-component-token';
import { createWxHttp, type WxHttpOptions } from './wx-http';

export type ComponentClientOptions = WxHttpOptions & {
  componentAppId: string;
  componentAppSecret: string;
  getVerifyTicket: () => Promise<string | null | undefined>;
  tokenCache: ComponentTokenCache;
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  refreshMarginSeconds?: number;
  now?: () => Date;
  /** Authorization pages (C.6); the sandbox points these at its own "seller authorizes" page. */
  authBaseUrls?: { pc?: string; mobile?: string };
};

export const DEFAULT_AUTH_BASE_URLS = {
  pc: 'https://mp.weixin.qq.com/cgi-bin/componentloginpage',
  mobile: 'https://open.weixin.qq.com/wxaopen/safe/bindcomponent',
} as const;

export type AuthorizerTokens = {
  authorizerAppId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  funcInfo: number[];
};

export type AuthorizerInfo = {
  nickname: string;
  headImg: string;
  principalName: string;
  /** Original id (`gh_…`), the `ToUserName` of audit pushes. */
  userName: string;
  alias: string;
  serviceTypeId?: number;
  verifyTypeId?: number;
  accountStatus?: number;
  qrcodeUrl: string;
  signature: string;
  /** `MiniProgramInfo` present (C.9). */
  isMiniProgram: boolean;
  funcInfo: number[];
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const obj = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** `func_info[].funcscope_category.id` → permission-set ids (C.7). */
function funcIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => num(obj(obj(item).funcscope_category).id)).filter((id): id is number => id !== undefined);
}

/**
 * The WeChat Open Platform third-party-platform ("component") API (docs/upstream/providerA.md C.4–C.9). Knows nothing of
 * our tables: the ticket, the token cache and the lock are the app's.
 */
export function createComponentClient(options: ComponentClientOptions) {
  const now = options.now ?? (() => new Date());
  const http = createWxHttp(options);
  const tokens = createComponentTokenSource({ ...options, http, now });
  const appId = options.componentAppId;

  const post = (path: string, body: Record<string, unknown>, idempotent = true) =>
    withComponentToken(tokens.componentAccessToken, async (token) => {
      const result = await http.json({
        method: 'POST',
        path,
        query: { component_access_token: token },
        body: JSON.stringify(body),
        tokenKind: 'component',
        idempotent,
      });
      return result.body;
    });

  return {
    componentAccessToken: tokens.componentAccessToken,

    /** Asks WeChat to push a fresh component_verify_ticket now (C.3). */
    async startPushTicket(): Promise<void> {
      await http.json({
        method: 'POST',
        path: '/cgi-bin/component/api_start_push_ticket',
        body: JSON.stringify({ component_appid: appId, component_secret: options.componentAppSecret }),
        tokenKind: 'component',
        idempotent: true,
      });
    },

    /** A single-use pre-auth code (C.5); trust `expiresIn` (600 in examples, 1800 in the text). */
    async createPreAuthCode(): Promise<{ preAuthCode: string; expiresIn: number }> {
      const body = await post('/cgi-bin/component/api_create_preauthcode', { component_appid: appId });
      const preAuthCode = str(body.pre_auth_code);
      if (!preAuthCode)
        throw new AppError('upstream_unavailable', 'providerA answered api_create_preauthcode without a code.');
      return { preAuthCode, expiresIn: num(body.expires_in) ?? 600 };
    },

    /**
     * The PC (QR) and mobile authorization links (C.6). `authType` 2 (mini programs only) by default, since
     * this service hosts mini programs; pass 3 for both kinds. WeChat's links carry no state: put it in
     * `redirectUri`.
     */
    authUrls(input: { preAuthCode: string; redirectUri: string; authType?: 1 | 2 | 3; bizAppId?: string }): {
      authUrl: string;
      mobileAuthUrl: string;
    } {
      const params = [
        `component_appid=${encodeURIComponent(appId)}`,
        `pre_auth_code=${encodeURIComponent(input.preAuthCode)}`,
        `redirect_uri=${encodeURIComponent(input.redirectUri)}`,
        `auth_type=${input.authType ?? 2}`,
        ...(input.bizAppId ? [`biz_appid=${encodeURIComponent(input.bizAppId)}`] : []),
      ].join('&');
      const pc = options.authBaseUrls?.pc ?? DEFAULT_AUTH_BASE_URLS.pc;
      const mobile = options.authBaseUrls?.mobile ?? DEFAULT_AUTH_BASE_URLS.mobile;
      return {
        authUrl: `${pc}?${params}`,
        mobileAuthUrl: `${mobile}?action=bindcomponent&no_scan=1&${params}#wechat_redirect`,
      };
    },

    /** Exchanges the redirect's `auth_code` for the authorizer's tokens (C.7); the code is single-use. */
    async queryAuth(authorizationCode: string): Promise<AuthorizerTokens> {
      const body = await post(
        '/cgi-bin/component/api_query_auth',
        { component_appid: appId, authorization_code: authorizationCode },
        false,
      );
      const info = obj(body.authorization_info);
      const result = {
        authorizerAppId: str(info.authorizer_appid),
        accessToken: str(info.authorizer_access_token),
        refreshToken: str(info.authorizer_refresh_token),
        expiresIn: num(info.expires_in) ?? 7200,
        funcInfo: funcIds(info.func_info),
      };
      if (!result.authorizerAppId || !result.accessToken || !result.refreshToken) {
        throw new AppError('upstream_unavailable', 'providerA answered api_query_auth without authorizer tokens.');
      }
      return result;
    },

    /** A new authorizer access token (C.8); the returned refresh token replaces the stored one. */
    async refreshAuthorizerToken(
      authorizerAppId: string,
      refreshToken: string,
    ): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
      const body = await post('/cgi-bin/component/api_authorizer_token', {
        component_appid: appId,
        authorizer_appid: authorizerAppId,
        authorizer_refresh_token: refreshToken,
      });
      const accessToken = str(body.authorizer_access_token);
      if (!accessToken)
        throw new AppError('upstream_unavailable', 'providerA answered api_authorizer_token without a token.');
      return {
        accessToken,
        refreshToken: str(body.authorizer_refresh_token) || refreshToken,
        expiresIn: num(body.expires_in) ?? 7200,
      };
    },

    /** The authorizer's public profile and granted permission sets (C.9). */
    async getAuthorizerInfo(authorizerAppId: string): Promise<AuthorizerInfo> {
      const body = await post('/cgi-bin/component/api_get_authorizer_info', {
        component_appid: appId,
        authorizer_appid: authorizerAppId,
      });
      const info = obj(body.authorizer_info);
      return {
        nickname: str(info.nick_name),
        headImg: str(info.head_img),
        principalName: str(info.principal_name),
        userName: str(info.user_name),
        alias: str(info.alias),
        serviceTypeId: num(obj(info.service_type_info).id),
        verifyTypeId: num(obj(info.verify_type_info).id),
        accountStatus: num(info.account_status),
        qrcodeUrl: str(info.qrcode_url),
        signature: str(info.signature),
        isMiniProgram: 'MiniProgramInfo' in info,
        funcInfo: funcIds(obj(body.authorization_info).func_info),
      };
    },
  };
}

export type ComponentClient = ReturnType<typeof createComponentClient>;
