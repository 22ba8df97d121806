import type { UpstreamVersionStatus } from '@/protocols/providerB/mini/version-status';
import { recordUpstreamCall } from '@/sandbox/call-ledger';
import {
  GatewayBusinessError,
  businessFailed,
  type GatewayMethodContext,
  type GatewayMethodHandler,
  type GatewayMethodRequest,
} from '../gateway/registry';
import {
  MINI_KINDS,
  getApp,
  getVersion,
  type SandboxAppAuthToken,
  type SandboxMerchantApp,
  type SandboxMiniVersion,
} from './mini-store';

const tokenFailure = (subCode: string, subMsg: string) =>
  new GatewayBusinessError('20001', 'Insufficient Token Permissions', subCode, subMsg);

/**
 * B.6: the merchant app behind `app_auth_token`. Unknown, revoked or foreign tokens →
 * `aop.invalid-app-auth-token`; expired → `aop.app-auth-token-time-out`. (A missing token is answered
 * by the dispatcher with `isv.self-invoke-forbidden`.)
 */
export async function authorizedApp(
  request: GatewayMethodRequest,
  ctx: GatewayMethodContext,
): Promise<SandboxMerchantApp> {
  const token = request.appAuthToken
    ? await ctx.store.get<SandboxAppAuthToken>(MINI_KINDS.token, request.appAuthToken)
    : undefined;
  if (!token || token.revoked_at || token.isv_app_id !== request.params.app_id)
    throw tokenFailure('aop.invalid-app-auth-token', '无效的应用授权令牌');
  if (Date.parse(token.expires_at) <= ctx.now().getTime())
    throw tokenFailure('aop.app-auth-token-time-out', '应用授权令牌已过期');
  const app = await getApp(ctx.store, token.auth_app_id);
  if (!app || app.status !== 'authorized') throw tokenFailure('aop.invalid-app-auth-token', '无效的应用授权令牌');
  return app;
}

type ProxiedHandle = (
  request: GatewayMethodRequest,
  ctx: GatewayMethodContext,
  app: SandboxMerchantApp,
) => Promise<Record<string, unknown>>;

/**
 * A method called by the ISV on behalf of the merchant app its token names. A state-changing call is in the
 * sandbox's call ledger once its token is accepted, before it is handled (as WeChat's calls are).
 */
export function proxiedMethod(
  handle: ProxiedHandle,
  options: { bizFrom?: 'biz_content' | 'params' } = {},
): GatewayMethodHandler {
  return {
    requiresAppAuthToken: true,
    bizFrom: options.bizFrom,
    handle: async (request, ctx) => {
      const app = await authorizedApp(request, ctx);
      const entry = { appId: app.auth_app_id, api: request.method, at: ctx.now().getTime() };
      await recordUpstreamCall(ctx.store, 'providerB', entry);
      return handle(request, ctx, app);
    },
  };
}

export const appVersionOf = (biz: Record<string, unknown>): string | undefined =>
  typeof biz.app_version === 'string' && biz.app_version ? biz.app_version : undefined;

export const versionMissing = () => businessFailed('MINI_APP_PACKAGE_INFO_NOT_EXIST', '小程序版本包信息不存在');

/**
 * The version a call names. Alipay answers a wrong version and a version in the wrong state alike with
 * MINI_APP_PACKAGE_INFO_NOT_EXIST (its FAQ tells callers to check both), so we do too, naming the state.
 */
export async function requireVersion(
  ctx: GatewayMethodContext,
  app: SandboxMerchantApp,
  biz: Record<string, unknown>,
  allowed?: readonly UpstreamVersionStatus[],
): Promise<SandboxMiniVersion> {
  const appVersion = appVersionOf(biz);
  if (!appVersion) throw businessFailed('APP_VERSION_IS_BLANK', '版本号为空');
  const version = await getVersion(ctx.store, app.auth_app_id, appVersion);
  if (!version) throw versionMissing();
  if (allowed && !allowed.includes(version.status)) {
    throw businessFailed(
      'MINI_APP_PACKAGE_INFO_NOT_EXIST',
      `小程序版本包信息不存在或版本状态不符合要求（当前状态：${version.status}）`,
    );
  }
  return version;
}
