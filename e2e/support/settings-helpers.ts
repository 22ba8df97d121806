import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { OnboardingClient, paths } from '../../clients/typescript/index';
import { apiClient, uploadJpeg } from './api-client';
import { authorizeOverApi } from './mini-programs-flow';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import type { Provider } from '../../src/domain/providers';

/** The platform the signed-in operator is looking at (from the URL: provision.json is shared by all ports). */
export const platformIdOf = (page: Page) => /\/platforms\/(plat_[^/]+)/.exec(page.url())![1]!;

export type TrpcAnswer = { status: number; body: unknown };

/**
 * A tRPC call from the page itself, with the session cookie the browser holds: what a user could do with the
 * browser's console. Batch format (no transformer): POST /api/trpc/<path>?batch=1, body {"0": input}.
 */
export function trpcFromPage(
  page: Page,
  path: string,
  input: unknown,
  method: 'POST' | 'GET' = 'POST',
): Promise<TrpcAnswer> {
  return page.evaluate(
    async ({ path, input, method }) => {
      const url =
        method === 'GET'
          ? `/api/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`
          : `/api/trpc/${path}?batch=1`;
      const response = await fetch(
        url,
        method === 'GET'
          ? {}
          : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 0: input }) },
      );
      return { status: response.status, body: await response.json() };
    },
    { path, input, method },
  );
}

/** An API key of the signed-in admin's platform, made through tRPC from the page. */
export async function apiKeyFromPage(page: Page, platformId: string): Promise<string> {
  const answer = await trpcFromPage(page, 'apiKeys.create', { platformId, name: `e2e ${Date.now()}` });
  expect(answer.status).toBe(200);
  return (answer.body as [{ result: { data: { secret: string } } }])[0].result.data.secret;
}

/** A sub-merchant created, given complete formData with real uploaded images, and submitted to the sandbox. */
export async function submittedSubMerchant(
  apiKey: string,
  distributor: string,
  provider: Provider = 'providerA',
  overrides: { merchantName?: string } = {},
) {
  const api = apiClient(apiKey);
  const created = await api.POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: distributor, provider },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const record = created.data!;
  const [license, front, back, entrance, indoor] = [
    await uploadJpeg(api, '#111111', provider),
    await uploadJpeg(api, '#222222', provider),
    await uploadJpeg(api, '#333333', provider),
    await uploadJpeg(api, '#444444', provider),
    await uploadJpeg(api, '#555555', provider),
  ];
  const formData = completeFormDataFixture({
    ...(await formDataFromReferenceApi(api, provider)),
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
    ...overrides,
  });
  const submitted = await api.POST('/v1/payments/sub-merchants/{id}/submit', {
    params: { path: { id: record.id } },
    body: { formData },
  });
  expect(submitted.response.status, JSON.stringify(submitted.error)).toBe(200);
  return submitted.data!;
}

export async function getSubMerchant(apiKey: string, id: string) {
  const { data, error, response } = await apiClient(apiKey).GET('/v1/payments/sub-merchants/{id}', {
    params: { path: { id } },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!;
}

/**
 * A WeChat mini program authorized through the sandbox and a version submitted for audit, over /v1 (the
 * sandbox needs a component_verify_ticket first: the caller pushes one, e.g. with the sandbox page's button).
 */
export async function miniProgramUnderAudit(request: APIRequestContext, apiKey: string, userVersion: string) {
  const api = apiClient(apiKey);
  const appId = await authorizeOverApi(request, `e2e-${Date.now()}`, apiKey);
  const templates = await api.GET('/v1/miniprogram/templates', { params: { query: { platform: 'providerA' } } });
  expect(templates.response.ok, JSON.stringify(templates.error)).toBe(true);
  const extJson = JSON.stringify({
    extEnable: true,
    extAppid: appId,
    ext: { shopId: 'shop-1' },
    window: { navigationBarTitleText: '示例小店' },
  });
  const commit = await api.POST('/v1/miniprogram/{platform}/commit', {
    params: { path: { platform: 'providerA' } },
    body: {
      authorizerAppId: appId,
      templateId: templates.data!.templates[0]!.templateId,
      extJson,
      userVersion,
      userDesc: 'e2e',
    },
  });
  expect(commit.response.ok, JSON.stringify(commit.error)).toBe(true);
  const audit = await api.POST('/v1/miniprogram/{platform}/submit-audit', {
    params: { path: { platform: 'providerA' } },
    body: { authorizerAppId: appId, itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }] },
  });
  expect(audit.response.ok, JSON.stringify(audit.error)).toBe(true);
  const auditId = audit.data!.auditId;
  const auditStatus = async () => {
    const answer = await api.GET('/v1/miniprogram/{platform}/audit-status/{auditId}', {
      params: { path: { platform: 'providerA', auditId }, query: { authorizerAppId: appId } },
    });
    expect(answer.response.ok, JSON.stringify(answer.error)).toBe(true);
    return answer.data!;
  };
  return { appId, auditId, auditStatus };
}

/**
 * The codes of an application picked from GET /v1/payments/reference, as an integrator would: the enterprise's
 * first settlement rule and an industry of it needing no extra documents, a bank without branch details,
 * Fuzhou and its first district, and for Alipay a signing account and a non-special MCC.
 */
async function formDataFromReferenceApi(api: OnboardingClient, provider: Provider) {
  type Query = NonNullable<paths['/v1/payments/reference/{kind}']['get']['parameters']['query']>;
  type Kind = paths['/v1/payments/reference/{kind}']['get']['parameters']['path']['kind'];
  const lookup = async <T>(kind: Kind, query: Query) => {
    const { data, error, response } = await api.GET('/v1/payments/reference/{kind}', {
      params: { path: { kind }, query },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    return data!.data as T[];
  };
  const subjectType = 'SUBJECT_TYPE_ENTERPRISE' as const;
  type Rule = { settlementId: string; qualificationTypes: { name: string; qualifications: unknown[] }[] };
  const [rule] = await lookup<Rule>('settlement-rules', { provider: 'providerA', subjectType });
  const bank = (await lookup<{ name: string; needsBranch?: boolean }>('banks', { provider })).find(
    (b) => !b.needsBranch,
  )!;
  const city = (await lookup<{ code: string; name: string }>('regions', { parent: '350000' })).find(
    (c) => c.name === '福州市',
  )!;
  const [district] = await lookup<{ code: string }>('regions', { parent: city.code });
  const mcc =
    provider === 'providerB'
      ? (await lookup<{ code: string; special?: boolean }>('mcc', { provider: 'providerB' })).find((m) => !m.special)!
          .code
      : undefined;
  return {
    subjectType,
    settlementId: rule!.settlementId,
    qualificationType: rule!.qualificationTypes.find((q) => q.qualifications.length === 0)!.name,
    accountBank: bank.name,
    bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE' as const,
    bankAddressCode: city.code,
    storeAddressCode: district!.code,
    ...(provider === 'providerB' ? { bindingAlipayLogonId: '13800138000', mcc } : {}),
  };
}
