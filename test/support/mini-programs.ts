import * as authorizeRoute from '@/app/v1/miniprogram/authorize/route';
import * as callbackRoute from '@/app/v1/miniprogram/authorize/callback/[platform]/route';
import * as authorizersRoute from '@/app/v1/miniprogram/authorizers/route';
import * as authorizerRoute from '@/app/v1/miniprogram/authorizers/[appId]/route';
import * as templatesRoute from '@/app/v1/miniprogram/templates/route';
import * as commitRoute from '@/app/v1/miniprogram/[platform]/commit/route';
import * as submitAuditRoute from '@/app/v1/miniprogram/[platform]/submit-audit/route';
import * as auditStatusRoute from '@/app/v1/miniprogram/[platform]/audit-status/[auditId]/route';
import * as releaseRoute from '@/app/v1/miniprogram/[platform]/release/route';
import * as versionsRoute from '@/app/v1/miniprogram/[platform]/versions/route';
import * as baseinfoRoute from '@/app/v1/miniprogram/[platform]/baseinfo/route';
import * as experienceRoute from '@/app/v1/miniprogram/[platform]/experience/route';
import * as rollbackRoute from '@/app/v1/miniprogram/[platform]/rollback/route';
import * as membersRoute from '@/app/v1/miniprogram/[platform]/members/route';
import * as rolloutsRoute from '@/app/v1/miniprogram/[platform]/rollouts/route';
import * as rolloutRoute from '@/app/v1/miniprogram/[platform]/rollouts/[rolloutId]/route';
import * as pauseRolloutRoute from '@/app/v1/miniprogram/[platform]/rollouts/[rolloutId]/pause/route';
import * as resumeRolloutRoute from '@/app/v1/miniprogram/[platform]/rollouts/[rolloutId]/resume/route';
import * as cancelRolloutRoute from '@/app/v1/miniprogram/[platform]/rollouts/[rolloutId]/cancel/route';
import * as retryFailedRoute from '@/app/v1/miniprogram/[platform]/rollouts/[rolloutId]/retry-failed/route';
import { expect } from 'vitest';
import type { RouteHandler } from '@/server/http/define-route';
import { apiHeaders, callRoute } from './call-route';
import type { Provider } from '@/domain/providers';

/** The /v1/miniprogram routes, called as Next.js calls them. */
export function miniProgramApi(apiKey: string) {
  const headers = { ...apiHeaders(apiKey, 'miniprogram'), 'content-type': 'application/json' };
  const send = async (
    handler: RouteHandler,
    url: string,
    init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
  ) => {
    const response = await callRoute(handler, url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      params: init.params,
    });
    return {
      status: response.status,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
      body: (response.status === 204 ? {} : await response.json()) as Record<string, any>,
    };
  };
  const post = (handler: RouteHandler, platform: string, action: string, body: unknown) =>
    send(handler, `/v1/miniprogram/${platform}/${action}`, { method: 'POST', body, params: { platform } });
  return {
    authorize: (body: unknown) => send(authorizeRoute.POST, '/v1/miniprogram/authorize', { method: 'POST', body }),
    callback: (platform: string, query: string) =>
      send(callbackRoute.GET, `/v1/miniprogram/authorize/callback/${platform}?${query}`, { params: { platform } }),
    authorizers: () => send(authorizersRoute.GET, '/v1/miniprogram/authorizers'),
    authorizer: (appId: string) =>
      send(authorizerRoute.GET, `/v1/miniprogram/authorizers/${appId}`, { params: { appId } }),
    updateAuthorizer: (appId: string, body: unknown) =>
      send(authorizerRoute.PATCH, `/v1/miniprogram/authorizers/${appId}`, { method: 'PATCH', body, params: { appId } }),
    deleteAuthorizer: (appId: string) =>
      send(authorizerRoute.DELETE, `/v1/miniprogram/authorizers/${appId}`, { method: 'DELETE', params: { appId } }),
    templates: (platform: string, tenant?: string) =>
      send(templatesRoute.GET, `/v1/miniprogram/templates?platform=${platform}${tenant ? `&tenant_id=${tenant}` : ''}`),
    commit: (platform: string, body: unknown) => post(commitRoute.POST, platform, 'commit', body),
    submitAudit: (platform: string, body: unknown) => post(submitAuditRoute.POST, platform, 'submit-audit', body),
    auditStatus: (platform: string, auditId: string, appId: string) =>
      send(
        auditStatusRoute.GET,
        `/v1/miniprogram/${platform}/audit-status/${encodeURIComponent(auditId)}?authorizerAppId=${appId}`,
        { params: { platform, auditId } },
      ),
    release: (platform: string, appId: string) =>
      post(releaseRoute.POST, platform, 'release', { authorizerAppId: appId }),
    rollback: (platform: string, appId: string) =>
      post(rollbackRoute.POST, platform, 'rollback', { authorizerAppId: appId }),
    experience: (platform: string, appId: string) =>
      post(experienceRoute.POST, platform, 'experience', { authorizerAppId: appId }),
    members: (platform: string, body: unknown) => post(membersRoute.POST, platform, 'members', body),
    versions: (platform: string, appId: string) =>
      send(versionsRoute.GET, `/v1/miniprogram/${platform}/versions?authorizerAppId=${appId}`, {
        params: { platform },
      }),
    baseinfo: (platform: string, appId: string) =>
      send(baseinfoRoute.GET, `/v1/miniprogram/${platform}/baseinfo?authorizerAppId=${appId}`, {
        params: { platform },
      }),
    createRollout: (platform: string, body: unknown) => post(rolloutsRoute.POST, platform, 'rollouts', body),
    rollouts: (platform: string, query = '') =>
      send(rolloutsRoute.GET, `/v1/miniprogram/${platform}/rollouts${query}`, { params: { platform } }),
    rollout: (platform: string, rolloutId: string, query = '') =>
      send(rolloutRoute.GET, `/v1/miniprogram/${platform}/rollouts/${rolloutId}${query}`, {
        params: { platform, rolloutId },
      }),
    rolloutAction: (platform: string, rolloutId: string, action: 'pause' | 'resume' | 'cancel' | 'retry-failed') =>
      send(
        {
          pause: pauseRolloutRoute,
          resume: resumeRolloutRoute,
          cancel: cancelRolloutRoute,
          'retry-failed': retryFailedRoute,
        }[action].POST,
        `/v1/miniprogram/${platform}/rollouts/${rolloutId}/${action}`,
        { method: 'POST', body: {}, params: { platform, rolloutId } },
      ),
  };
}

export const extJsonFor = (appId: string) =>
  JSON.stringify({
    extEnable: true,
    extAppid: appId,
    ext: { shopId: 'shop-1' },
    window: { navigationBarTitleText: '示例小店' },
  });

/**
 * Commits the sandbox's first WeChat template for `appId` and submits it for audit with one page item, as an
 * operator does before an audit decision; throws unless both calls succeed, and returns the audit id.
 */
export async function commitAndSubmitAudit(api: ReturnType<typeof miniProgramApi>, appId: string, userVersion: string) {
  const template = (await api.templates('providerA')).body.templates[0];
  const committed = await api.commit('providerA', {
    authorizerAppId: appId,
    templateId: template.templateId,
    extJson: extJsonFor(appId),
    userVersion,
  });
  if (committed.status !== 200) throw new Error(`commit answered ${committed.status}`);
  const submitted = await api.submitAudit('providerA', {
    authorizerAppId: appId,
    itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }],
  });
  if (submitted.status >= 300) throw new Error(`submit_audit answered ${submitted.status}`);
  return submitted.body.auditId as string;
}

type SandboxControl = (
  method: 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> | null }>;

/** Authorizes a new mini program the way a seller does: start → the sandbox grants → our callback; returns its appId. */
export async function authorizeMiniProgram(
  api: ReturnType<typeof miniProgramApi>,
  control: SandboxControl,
  provider: Provider,
  tenantId: string,
) {
  const started = await api.authorize({
    platform: provider,
    redirectUri: 'https://seller.example.com/authorized',
    tenantId,
  });
  if (started.status !== 201) throw new Error(`authorize answered ${started.status}`);
  const granted = await control('POST', `/${provider}/authorizations`, { state: started.body.state });
  const redirect = new URL(String(granted.body?.redirectUrl));
  const done = await api.callback(provider, redirect.searchParams.toString());
  if (done.status !== 200) throw new Error(`authorization callback answered ${done.status}`);
  return {
    appId: done.body.appId as string,
    authCode: redirect.searchParams.get('auth_code') ?? redirect.searchParams.get('app_auth_code') ?? '',
  };
}

/** What the seller's browser does on the sandbox's authorize page: submit its form, follow nothing. */
export async function pressAuthorize(authUrl: string) {
  const html = await (await fetch(authUrl)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      name!,
      value!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
    );
  }
  const response = await fetch(authUrl, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.pathname).toBe('/authorize/done');
  return Object.fromEntries(back.searchParams);
}
