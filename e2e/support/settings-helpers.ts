import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sandboxControlHeaders } from './provision';
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

const headers = (apiKey: string, service: 'payments' | 'miniprogram' = 'payments') => ({
  authorization: `Bearer ${apiKey}`,
  'x-service-code': service,
});

/** A sub-merchant created, given complete formData with real uploaded images, and submitted to the sandbox. */
export async function submittedSubMerchant(
  request: APIRequestContext,
  apiKey: string,
  distributor: string,
  provider: Provider = 'providerA',
  overrides: { merchantName?: string } = {},
) {
  const created = await request.post('/v1/payments/sub-merchants', {
    headers: headers(apiKey),
    data: { distributorExternalUserId: distributor, provider },
  });
  expect(created.status()).toBe(201);
  const record = (await created.json()) as { id: string };
  const upload = async (colour: string) => {
    const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const response = await request.post('/v1/payments/media', {
      headers: headers(apiKey),
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes }, provider },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).mediaId as string;
  };
  const [license, front, back, entrance, indoor] = [
    await upload('#111111'),
    await upload('#222222'),
    await upload('#333333'),
    await upload('#444444'),
    await upload('#555555'),
  ];
  const formData = completeFormDataFixture({
    ...(await formDataFromReferenceApi(request, apiKey, provider)),
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance!],
    storeIndoorPics: [indoor!],
    ...overrides,
  });
  const submitted = await request.post(`/v1/payments/sub-merchants/${record.id}/submit`, {
    headers: headers(apiKey),
    data: { formData },
  });
  expect(submitted.status()).toBe(200);
  return (await submitted.json()) as { id: string; chApplymentId: string };
}

export const getSubMerchant = async (request: APIRequestContext, apiKey: string, id: string) =>
  (await (await request.get(`/v1/payments/sub-merchants/${id}`, { headers: headers(apiKey) })).json()) as Record<
    string,
    unknown
  >;

/**
 * A WeChat mini program authorized through the sandbox and a version submitted for audit, over /v1 (the
 * sandbox needs a component_verify_ticket first: the caller pushes one, e.g. with the sandbox page's button).
 */
export async function miniProgramUnderAudit(request: APIRequestContext, apiKey: string, userVersion: string) {
  const mp = headers(apiKey, 'miniprogram');
  const started = await request.post('/v1/miniprogram/authorize', {
    headers: mp,
    data: { platform: 'providerA', redirectUri: 'https://seller.example.com/done', tenantId: `e2e-${Date.now()}` },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const granted = await request.post('/sandbox/control/providerA/authorizations', {
    headers: sandboxControlHeaders(apiKey),
    data: { state: (await started.json()).state },
  });
  expect(granted.status()).toBe(200);
  const query = new URL((await granted.json()).redirectUrl as string).searchParams.toString();
  const authorized = await request.get(`/v1/miniprogram/authorize/callback/providerA?${query}`, { headers: mp });
  expect(authorized.ok(), await authorized.text()).toBe(true);
  const appId = (await authorized.json()).appId as string;
  const templates = await (await request.get('/v1/miniprogram/templates?platform=providerA', { headers: mp })).json();
  const extJson = JSON.stringify({
    extEnable: true,
    extAppid: appId,
    ext: { shopId: 'shop-1' },
    window: { navigationBarTitleText: '示例小店' },
  });
  const commit = await request.post('/v1/miniprogram/providerA/commit', {
    headers: mp,
    data: {
      authorizerAppId: appId,
      templateId: templates.templates[0].templateId,
      extJson,
      userVersion,
      userDesc: 'e2e',
    },
  });
  expect(commit.ok(), await commit.text()).toBe(true);
  const audit = await request.post('/v1/miniprogram/providerA/submit-audit', {
    headers: mp,
    data: { authorizerAppId: appId, itemList: [{ address: 'pages/index/index', title: '首页', tag: '购物' }] },
  });
  expect(audit.ok(), await audit.text()).toBe(true);
  const auditId = (await audit.json()).auditId as string;
  const auditStatus = async () =>
    (await (
      await request.get(
        `/v1/miniprogram/providerA/audit-status/${encodeURIComponent(auditId)}?authorizerAppId=${appId}`,
        { headers: mp },
      )
    ).json()) as { status: string; reason?: string };
  return { appId, auditId, auditStatus };
}

/**
 * The codes of an application picked from GET /v1/payments/reference, as an integrator would: the enterprise's
 * first settlement rule and an industry of it needing no extra documents, a bank without branch details,
 * Fuzhou and its first district, and for Alipay a signing account and a non-special MCC.
 */
async function formDataFromReferenceApi(request: APIRequestContext, apiKey: string, provider: Provider) {
  const lookup = async <T>(kind: string, query: string) => {
    const response = await request.get(`/v1/payments/reference/${kind}?${query}`, { headers: headers(apiKey) });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: T[] }).data;
  };
  const subjectType = 'SUBJECT_TYPE_ENTERPRISE' as const;
  type Rule = { settlementId: string; qualificationTypes: { name: string; qualifications: unknown[] }[] };
  const [rule] = await lookup<Rule>('settlement-rules', `provider=providerA&subjectType=${subjectType}`);
  const bank = (await lookup<{ name: string; needsBranch?: boolean }>('banks', `provider=${provider}`)).find(
    (b) => !b.needsBranch,
  )!;
  const city = (await lookup<{ code: string; name: string }>('regions', 'parent=350000')).find(
    (c) => c.name === '福州市',
  )!;
  const [district] = await lookup<{ code: string }>('regions', `parent=${city.code}`);
  const mcc =
    provider === 'providerB'
      ? (await lookup<{ code: string; special?: boolean }>('mcc', 'provider=providerB')).find((m) => !m.special)!.code
      : undefined;
  return {
    subjectType,
    settlementId: rule!.settlementId,
    qualificationType: rule!.qualificationTypes.find((q) => q.qualifications.length === 0)!.name,
    accountBank: bank.name,
    bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE' as const,
    bankAddressCode: city.code,
    storeAddressCode: district!.code,
    ...(provider === 'providerB' ? { bindingAlipayLogonId: 'boss@example.com', mcc } : {}),
  };
}
