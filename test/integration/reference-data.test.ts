import { beforeAll, expect, it } from 'vitest';
import * as referenceRoute from '@/app/v1/payments/reference/[kind]/route';
import { REFERENCE_DATA_VERSION } from '@/domain/reference';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { useSandboxOverHttp } from '../support/sandbox-server';

describeEachDatabase('GET /v1/payments/reference/{kind}', (database) => {
  useSandboxOverHttp();
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await createPlatformWithKey(database().db)).apiKey;
  });

  async function lookup(kind: string, query = '', headers: Record<string, string> = apiHeaders(apiKey)) {
    const response = await callRoute(referenceRoute.GET, `/v1/payments/reference/${encodeURIComponent(kind)}${query}`, {
      headers,
      params: { kind },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
      body: (await response.json()) as any,
    };
  }

  it('serves WeChat settlement rules per subject type, with the data version', async () => {
    const { status, body } = await lookup(
      'settlement-rules',
      '?provider=providerA&subjectType=SUBJECT_TYPE_INDIVIDUAL',
    );
    expect(status).toBe(200);
    expect(body.version).toBe(REFERENCE_DATA_VERSION);
    expect(body.data.length).toBeGreaterThan(0);
    for (const rule of body.data) expect(rule.subjectType).toBe('SUBJECT_TYPE_INDIVIDUAL');
    const all = await lookup('settlement-rules', '?provider=providerA');
    expect(all.body.data.map((r: { settlementId: string }) => r.settlementId)).toContain('716');
  });

  it('serves the banks each provider accepts; only WeChat has 其他银行, which needs a branch', async () => {
    const wechat = (await lookup('banks', '?provider=providerA')).body.data as { name: string; needsBranch: boolean }[];
    expect(wechat).toHaveLength(18);
    expect(wechat.find((b) => b.name === '其他银行')?.needsBranch).toBe(true);
    expect(wechat.find((b) => b.name === '工商银行')?.needsBranch).toBe(false);
    const alipay = (await lookup('banks', '?provider=providerB&q=银行')).body.data as { name: string }[];
    expect(alipay.map((b) => b.name)).not.toContain('其他银行');
    expect(alipay.map((b) => b.name)).toContain('厦门银行');
  });

  it('serves GB/T 2260 regions level by level', async () => {
    const provinces = (await lookup('regions')).body.data as { code: string; level: string }[];
    expect(provinces).toHaveLength(31);
    expect(provinces).toContainEqual({ code: '350000', name: '福建省', level: 'province' });
    const cities = (await lookup('regions', '?parent=350000')).body.data;
    expect(cities).toContainEqual({ code: '350100', name: '福州市', level: 'city', parent: '350000' });
    const districts = (await lookup('regions', '?parent=350100')).body.data;
    expect(districts).toContainEqual({ code: '350102', name: '鼓楼区', level: 'district', parent: '350100' });
    expect((await lookup('regions', '?parent=110000')).body.data).toEqual([
      { code: '110100', name: '北京市', level: 'city', parent: '110000' },
    ]);
  });

  it('serves Alipay MCC codes, searchable', async () => {
    const { body } = await lookup('mcc', '?provider=providerB&q=餐');
    expect(body.data.map((m: { code: string }) => m.code)).toContain('5812');
    for (const mcc of body.data) expect(`${mcc.name}${mcc.category}${mcc.code}`).toContain('餐');
  });

  it('finds bank branches through WeChat’s look-up, translating the GB/T city code to WeChat’s own', async () => {
    const { status, body } = await lookup('bank-branches', '?provider=providerA&bank=工商银行&city=350100');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(1);
    for (const branch of body.data) {
      expect(branch.name).toMatch(/^工商银行福州/);
      expect(branch.branchId).toMatch(/^102391\d{6}$/);
    }
    const filtered = await lookup('bank-branches', '?provider=providerA&bank=厦门银行&city=350200&q=思明');
    expect(filtered.body.data).toHaveLength(1);
    expect(filtered.body.data[0].name).toBe('厦门银行厦门思明支行');
    // A bank area may name a district (WeChat: "at least to the city"): its city's branches are listed.
    expect((await lookup('bank-branches', '?provider=providerA&bank=厦门银行&city=350203&q=思明')).body.data).toEqual(
      filtered.body.data,
    );
    const beijing = await lookup('bank-branches', '?provider=providerB&bank=招商银行&city=110000');
    expect(beijing.body.data[0].branchId).toMatch(/^3081000/);
    expect((await lookup('bank-branches', '?provider=providerA&bank=工商银行&city=650100')).body.data).toEqual([]);
  });

  it('refuses unknown kinds, unknown or misplaced filters and bad codes with 400 problem+json naming them', async () => {
    const cases: [string, string, string[]][] = [
      ['branches', '', ['/path/kind']],
      ['banks', '', ['/query/provider']],
      ['banks', '?provider=providerA&subjectType=SUBJECT_TYPE_ENTERPRISE', ['/query/subjectType']],
      ['mcc', '?provider=providerA', ['/query/provider']],
      ['settlement-rules', '?provider=providerB', ['/query/provider']],
      ['regions', '?parent=999999', ['/query/parent']],
      ['regions', '?parent=35', ['/query/parent']],
      ['regions', '?color=red', ['/query']],
      ['bank-branches', '?provider=providerA&bank=其他银行&city=350000', ['/query/bank', '/query/city']],
      ['bank-branches', '?provider=providerA', ['/query/bank', '/query/city']],
    ];
    for (const [kind, query, pointers] of cases) {
      const { status, type, body } = await lookup(kind, query);
      expect(status, `${kind}${query}`).toBe(400);
      expect(type).toContain('application/problem+json');
      expect(body.code).toBe('invalid_request');
      const named = (body.errors as { pointer: string }[]).map((e) => e.pointer);
      for (const pointer of pointers)
        expect(
          named.some((p) => p.startsWith(pointer)),
          `${kind}${query}`,
        ).toBe(true);
    }
  });

  it('needs an API key with X-Service-Code payments', async () => {
    expect((await lookup('banks', '?provider=providerA', { authorization: `Bearer ${apiKey}` })).status).toBe(400);
    expect((await lookup('banks', '?provider=providerA', {})).status).toBe(401);
  });
});
