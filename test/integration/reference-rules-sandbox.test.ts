/**
 * First-time-right applications: built only from the reference tables they pass the sandbox for every subject
 * type and sales scene; each rule broken on purpose is refused locally with the field named (422
 * form_incomplete, nothing sent upstream), and the same formData sent straight to the sandbox through the
 * provider adapter (no local validation) gets the upstream's own refusal, mapped to the same field.
 */
import { beforeAll, expect, it } from 'vitest';
import * as referenceRoute from '@/app/v1/payments/reference/[kind]/route';
import { acceptedValues, type FormDataPatch, type SubjectType } from '@/schemas/form-data';
import type { Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { onboardingProvider } from '@/server/upstreams/onboarding';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, formDataFromReference, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';

type Broken = { rule: string; provider: Provider; overrides: FormDataPatch; local: string; upstream?: string };

const broken: Broken[] = [
  { rule: 'subject type missing', provider: 'providerA', overrides: { subjectType: null }, local: 'subjectType' },
  {
    rule: 'bank name not in the list',
    provider: 'providerA',
    overrides: { accountBank: '中国工商银行' },
    local: 'accountBank',
  },
  {
    rule: '其他银行 without a branch number',
    provider: 'providerA',
    overrides: { accountBank: '其他银行', bankBranchId: null },
    local: 'bankBranchId',
  },
  {
    rule: 'settlement rule of another subject type',
    provider: 'providerA',
    overrides: { settlementId: '719' },
    local: 'settlementId',
  },
  {
    rule: 'industry outside the settlement rule',
    provider: 'providerA',
    overrides: { qualificationType: '公立医院' },
    local: 'qualificationType',
  },
  {
    rule: 'bank area code is a province with several cities',
    provider: 'providerA',
    overrides: { bankAddressCode: '350000' },
    local: 'bankAddressCode',
  },
  {
    rule: 'store code that does not exist',
    provider: 'providerA',
    overrides: { storeAddressCode: '999999' },
    local: 'storeAddressCode',
  },
  {
    rule: 'an Alipay mini program id for WeChat',
    provider: 'providerA',
    overrides: { salesScene: ['SALES_SCENES_MINI_PROGRAM'], miniProgramAppid: '2021001234567890' },
    local: 'miniProgramAppid',
  },
  {
    rule: 'expired ID card',
    provider: 'providerA',
    overrides: { idCardPeriodBegin: '2000-01-01', idCardPeriodEnd: '2020-01-01' },
    local: 'idCardPeriodEnd',
  },
  {
    rule: 'licence check character',
    provider: 'providerA',
    overrides: { licenseNumber: '91350100M000100Y44' },
    local: 'licenseNumber',
  },
  {
    rule: 'ID card check character',
    provider: 'providerA',
    overrides: { idCardNumber: '110105194912310021' },
    local: 'idCardNumber',
  },
  { rule: 'MCC not in the list', provider: 'providerB', overrides: { mcc: '0000' }, local: 'mcc' },
  {
    rule: 'no signing account',
    provider: 'providerB',
    overrides: { bindingAlipayLogonId: null },
    local: 'bindingAlipayLogonId',
  },
  {
    rule: 'signing account that is no logon id',
    provider: 'providerB',
    overrides: { bindingAlipayLogonId: 'shop-owner' },
    local: 'bindingAlipayLogonId',
  },
  {
    rule: 'signing account at a reserved domain (no mailbox, so no Alipay account)',
    provider: 'providerB',
    overrides: { bindingAlipayLogonId: 'nobody@example.invalid' },
    local: 'bindingAlipayLogonId',
  },
  {
    rule: 'signing account at example.com',
    provider: 'providerB',
    overrides: { bindingAlipayLogonId: 'boss@shop.example.com' },
    local: 'bindingAlipayLogonId',
  },
  {
    rule: 'a wx… id for Alipay',
    provider: 'providerB',
    overrides: { salesScene: ['SALES_SCENES_MINI_PROGRAM'], miniProgramAppid: 'wx0123456789abcdef' },
    local: 'miniProgramAppid',
  },
  {
    rule: 'jsapi支付 without its mini program site',
    provider: 'providerB',
    overrides: { salesScene: ['SALES_SCENES_MP'], miniProgramAppid: null },
    local: 'miniProgramAppid',
  },
  { rule: '其他银行 for Alipay', provider: 'providerB', overrides: { accountBank: '其他银行' }, local: 'accountBank' },
  {
    rule: 'store code is a city with districts',
    provider: 'providerB',
    overrides: { storeAddressCode: '350100' },
    local: 'storeAddressCode',
  },
  {
    rule: 'licence check character',
    provider: 'providerB',
    overrides: { licenseNumber: '91350100M000100Y44' },
    local: 'licenseNumber',
  },
];

/** The scenes each provider's formData can express, and what each needs. */
const scenes: Record<Provider, FormDataPatch[]> = {
  providerA: [
    { salesScene: ['SALES_SCENES_STORE'] },
    { salesScene: ['SALES_SCENES_MINI_PROGRAM'], miniProgramAppid: 'wx0123456789abcdef' },
    { salesScene: ['SALES_SCENES_WEB'], websiteDomain: 'shop.example.com' },
  ],
  providerB: [
    { salesScene: ['SALES_SCENES_STORE'] },
    { salesScene: ['SALES_SCENES_MINI_PROGRAM'], miniProgramAppid: '2021001234567890' },
    { salesScene: ['SALES_SCENES_MP'], miniProgramAppid: '2021001234567890' },
    { salesScene: ['SALES_SCENES_WEB'], websiteDomain: 'shop.example.com' },
    { salesScene: ['SALES_SCENES_APP'] },
  ],
};

describeEachDatabase('applications built from the reference data, and the rules both sides enforce', (database) => {
  const sandbox = useSandboxOverHttp();
  let api: ReturnType<typeof paymentsApi>;
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let serial = 0;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
  });

  const fresh = async (provider: Provider) =>
    (await api.create({ distributorExternalUserId: `ref-${provider}-${++serial}`, provider })).body.id as string;
  const upstreamCount = async (provider: Provider) =>
    ((await sandbox.control(platform.apiKey, 'GET', `/${provider}/applyments`)).body!.data as unknown[]).length;

  for (const provider of ['providerA', 'providerB'] as const) {
    // Each subject type the provider accepts (the field registry: Alipay takes 企业 and 个体户 on this form).
    for (const subjectType of acceptedValues('subjectType', provider) as SubjectType[]) {
      it(`${provider}: a ${subjectType} application built from the tables passes the sandbox`, async () => {
        const formData = await completeFormData(api, provider, formDataFromReference(provider, subjectType));
        const response = await api.submit(await fresh(provider), { formData });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.chApplymentState).toMatch(/submitted|auditing/);
      });
    }
    for (const scene of scenes[provider]) {
      it(`${provider}: an enterprise selling by ${String(scene.salesScene)} passes the sandbox`, async () => {
        const response = await api.submit(await fresh(provider), {
          formData: await completeFormData(api, provider, scene),
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      });
    }
  }

  for (const c of broken) {
    it(`${c.provider}: ${c.rule} → 422 naming ${c.local} locally, and the sandbox refuses the same formData`, async () => {
      const formData = await completeFormData(api, c.provider, c.overrides);
      const before = await upstreamCount(c.provider);
      const local = await api.submit(await fresh(c.provider), { formData });
      expect(local.status).toBe(422);
      expect(local.body.code).toBe('form_incomplete');
      const problems = local.body.errors as { pointer: string; message: string }[];
      expect(problems.map((e) => e.pointer)).toContain(`/formData/${c.local}`);
      expect(problems.find((e) => e.pointer === `/formData/${c.local}`)!.message.length).toBeGreaterThan(10);
      expect(await upstreamCount(c.provider)).toBe(before);

      const upstream = await onboardingProvider(c.provider, platform.platformId);
      const refusal = await upstream
        .submitApplication({ submissionId: `direct_${c.provider}_${++serial}`, formData })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refusal, c.rule).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('upstream_rejected');
      expect((refusal as AppError).errors.map((e) => e.pointer)).toEqual([`/formData/${c.upstream ?? c.local}`]);
    });
  }

  it('providerA: a district as the bank area passes (WeChat asks for at least the city), locally and in the sandbox', async () => {
    for (const bankAddressCode of ['350102', '110101']) {
      const response = await api.submit(await fresh('providerA'), {
        formData: await completeFormData(api, 'providerA', { bankAddressCode }),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
  });

  it("providerA: 其他银行 with a 联行号 the directory does not know is refused upstream (422 naming bankBranchId); one of the directory's passes", async () => {
    const unknown = await api.submit(await fresh('providerA'), {
      formData: await completeFormData(api, 'providerA', { accountBank: '其他银行', bankBranchId: '313584099990' }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('upstream_rejected');
    expect((unknown.body.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/formData/bankBranchId']);

    // A branch of a bank under 其他银行, found through the service's own look-up (the sandbox's directory).
    const lookedUp = await callRoute(
      referenceRoute.GET,
      '/v1/payments/reference/bank-branches?provider=providerA&bank=厦门银行&city=350200',
      { headers: apiHeaders(platform.apiKey), params: { kind: 'bank-branches' } },
    );
    expect(lookedUp.status).toBe(200);
    const branch = ((await lookedUp.json()) as { data: { branchId: string }[] }).data[0]!;
    const known = await api.submit(await fresh('providerA'), {
      formData: await completeFormData(api, 'providerA', {
        accountBank: '其他银行',
        bankBranchId: branch.branchId,
        bankAddressCode: '350200',
      }),
    });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
  });

  it('providerB: an account the control API marks as not real-name is refused upstream, 422 upstream_rejected naming bindingAlipayLogonId', async () => {
    const formData = await completeFormData(api, 'providerB', { bindingAlipayLogonId: '13900139000' });
    const marked = await sandbox.control(platform.apiKey, 'POST', '/providerB/alipay-accounts', {
      logonId: '13900139000',
      realName: false,
    });
    expect(marked.status).toBe(200);
    const refused = await api.submit(await fresh('providerB'), { formData });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('upstream_rejected');
    expect((refused.body.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual([
      '/formData/bindingAlipayLogonId',
    ]);
    await sandbox.control(platform.apiKey, 'POST', '/providerB/alipay-accounts', {
      logonId: '13900139000',
      realName: true,
    });
    expect((await api.submit(await fresh('providerB'), { formData })).status).toBe(200);
  });
});
